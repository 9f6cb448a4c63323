import type { ChanceKind, Outlook, OutlookRow, WinnersInfo } from '../../../contract/honours';

/** A member's badge in the "What can still happen" panel. */
export function chanceBadge(chance: ChanceKind, decided: boolean): { label: string; tone: string } {
  if (chance === 'champion')
    return { label: decided ? 'Champion' : 'Champion: cannot be caught', tone: 'bg-amber-100 text-amber-950' };
  if (chance === 'can-win') return { label: 'Can still win', tone: 'bg-emerald-100 text-emerald-950' };
  return { label: 'Out of it', tone: 'bg-slate-200 text-slate-800' };
}

/** The panel's headline: who is champion, or how many can still finish first. */
export function outlookHeadline(o: Outlook): string {
  const champions = o.rows.filter((r) => r.chance === 'champion');
  if (champions.length)
    return `${names(champions.map((r) => r.name))} ${champions.length > 1 ? 'share' : 'wins'} the title${o.decided ? '' : ': nobody can catch them now'}.`;
  if (o.decided) return 'The season is over. Nobody scored a point, so nobody takes the title.';
  const can = o.rows.filter((r) => r.chance === 'can-win').length;
  const left = `${o.matchesLeft} ${o.matchesLeft === 1 ? 'match' : 'matches'} left`;
  return `${can} of ${o.rows.length} ${o.rows.length === 1 ? 'member' : 'members'} can still finish first · ${left}.`;
}

/** The "if it stays like this" line for the viewer, or null while nothing in play has a score. */
export function ifItStaysLine(row: OutlookRow | undefined): string | null {
  if (!row || row.ifItStays === null || row.ifItStaysRank === null) return null;
  return `If it stays like this you will be ${ordinal(row.ifItStaysRank)} on ${row.ifItStays} ${row.ifItStays === 1 ? 'point' : 'points'}.`;
}

export function ordinal(n: number): string {
  const tens = n % 100;
  const suffix = tens >= 11 && tens <= 13 ? 'th' : (['th', 'st', 'nd', 'rd'][n % 10] ?? 'th');
  return `${n}${suffix}`;
}

/** "Ann", "Ann and Bob", "Ann, Bob and Cy". */
export function names(list: readonly string[]): string {
  if (list.length <= 1) return list[0] ?? '';
  return `${list.slice(0, -1).join(', ')} and ${list[list.length - 1]}`;
}

/** Winners as a line: "Ann (12 pts)", "Ann and Bob (12 pts each)". */
export function winnersLine(w: WinnersInfo): string {
  return `${names(w.winners.map((x) => x.name))} (${w.points} pts${w.winners.length > 1 ? ' each' : ''})`;
}

const MONTHS = [
  'January',
  'February',
  'March',
  'April',
  'May',
  'June',
  'July',
  'August',
  'September',
  'October',
  'November',
  'December',
];
/** `2025-08` → "August 2025". */
export function monthLabel(month: string): string {
  const [y, m] = month.split('-');
  return `${MONTHS[Number(m) - 1] ?? month} ${y}`;
}
