import { BANKER_FACTOR, type ScoringRule } from './scoring.js';

/**
 * What can still happen in a league (docs/decisions/0109-honours-and-what-can-still-happen.md): the
 * points each member can still win, who can still finish first and who can no longer be caught.
 * Every figure is an upper bound worked out from what is already public, so it never says more
 * than the members may know:
 *
 * - A match without a final result still counts for a member when its deadline is open (anyone
 *   may still pick it; whether they already have is a secret) or when it has passed and the
 *   member has a pick on it (picks are shown to the league after the deadline). A closed match
 *   without a pick earns nothing.
 * - Its most is the rule's exact-score points.
 * - Where bankers count, each gameweek may still add one exact score again: the banker fixed on a
 *   closed match still to be played (each of them, should matches have moved between gameweeks),
 *   or, while the gameweek's banker is not fixed, on any of its matches still open. A banker fixed
 *   on a match already played adds nothing more.
 * - Bonus questions not settled yet add their points: an open one to everyone, a locked one to
 *   those who answered it.
 * - In a league with qualifier points, a match that decides a knockout tie adds them too (the
 *   team named to go through; a banker never doubles them).
 */
export interface RemainingMatch {
  /** Null: a match outside every gameweek (it cannot carry a banker). */
  gameweek: number | null;
  /** Its deadline has not passed (a postponed match without a new time counts as open: it will be played). */
  open: boolean;
  /** The member has a pick on it: known only once the deadline passed; for an open match it is never asked. */
  picked: boolean;
  /** The member's pick on it is their banker (a closed match only: an open banker may still move). */
  banker: boolean;
  /** It decides a knockout tie (src/game/qualifier.ts): naming who goes through may still score. */
  decidesTie?: boolean;
}

export interface MemberChancesInput {
  /** Unfinished matches of the season (no final result yet). */
  matches: readonly RemainingMatch[];
  /** Gameweeks whose banker sits on a match already played: it cannot move, so it doubles nothing more. */
  bankerSpent: ReadonlySet<number>;
  /** Points of unsettled bonus questions this member can still earn. */
  bonus: number;
}

export interface LeagueScoringInput {
  rule: ScoringRule;
  bankersAllowed: boolean;
  /** Points for naming who goes through each knockout tie (none when left out). */
  qualifierPoints?: number;
}

export interface StillAvailable {
  /** Points still available this season (matches, bankers and bonus questions). */
  season: number;
  /** Per gameweek: the points still available from its matches and banker. */
  byGameweek: Map<number, number>;
}

/** Whether a member can still earn points on a match. */
export const matchCounts = (m: RemainingMatch): boolean => m.open || m.picked;

/** The most points a member can still win, in the season and in each gameweek, under a league's scoring. */
export function pointsStillAvailable(scoring: LeagueScoringInput, member: MemberChancesInput): StillAvailable {
  const perMatch = scoring.rule.exact;
  const byGameweek = new Map<number, number>();
  let season = 0;
  const fixedBankers = new Map<number, number>();
  const hasOpen = new Set<number>();
  for (const m of member.matches) {
    if (!matchCounts(m)) continue;
    const most = perMatch + (m.decidesTie ? (scoring.qualifierPoints ?? 0) : 0);
    season += most;
    if (m.gameweek === null) continue;
    byGameweek.set(m.gameweek, (byGameweek.get(m.gameweek) ?? 0) + most);
    if (!m.open && m.banker) fixedBankers.set(m.gameweek, (fixedBankers.get(m.gameweek) ?? 0) + 1);
    if (m.open) hasOpen.add(m.gameweek);
  }
  if (scoring.bankersAllowed) {
    const extraPerBanker = perMatch * (BANKER_FACTOR - 1);
    for (const gameweek of byGameweek.keys()) {
      const fixed = fixedBankers.get(gameweek) ?? 0;
      const bankers = fixed > 0 ? fixed : hasOpen.has(gameweek) && !member.bankerSpent.has(gameweek) ? 1 : 0;
      const extra = bankers * extraPerBanker;
      byGameweek.set(gameweek, byGameweek.get(gameweek)! + extra);
      season += extra;
    }
  }
  return { season: season + member.bonus, byGameweek };
}

/**
 * A member's chance of finishing first: `champion` (nobody can catch them any more, or the race
 * is over with them on top), `can-win` (their points and what is still available reach the
 * leader's points: a shared first place counts), `out` (they cannot reach the leader any more).
 * Nobody is champion with 0 points.
 */
export type Chance = 'champion' | 'can-win' | 'out';

export interface Standing {
  userId: string;
  points: number;
  available: number;
}

/** Whether `points + available` reaches the leader's current points. */
export const canStillFinishFirst = (s: Standing, leaderPoints: number): boolean =>
  s.points + s.available >= leaderPoints;

/** Each member's chance, from everyone's current points and the points still available to them. */
export function chancesOf(rows: readonly Standing[]): Map<string, Chance> {
  const chances = new Map<string, Chance>();
  if (rows.length === 0) return chances;
  const leader = Math.max(...rows.map((r) => r.points));
  const raceOver = rows.every((r) => r.available === 0);
  // The highest any member can reach and who reaches it, and the second highest: a member is out
  // of reach when every other member's best stays below their points.
  let best = -Infinity;
  let bestAt = -1;
  let second = -Infinity;
  for (const [i, r] of rows.entries()) {
    const reach = r.points + r.available;
    if (reach > best) {
      second = best;
      best = reach;
      bestAt = i;
    } else if (reach > second) second = reach;
  }
  for (const [i, r] of rows.entries()) {
    const othersBest = i === bestAt ? second : best;
    const uncatchable = r.points > othersBest;
    const champion = r.points > 0 && (uncatchable || (raceOver && r.points === leader));
    chances.set(r.userId, champion ? 'champion' : canStillFinishFirst(r, leader) && !raceOver ? 'can-win' : 'out');
  }
  return chances;
}
