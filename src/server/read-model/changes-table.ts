import { fileURLToPath } from 'node:url';
import type { ChangeOf, ChangeType } from '../../contract/events.js';
import { CHANGE_TYPES } from '../../contract/events.js';
import type { Delivery } from '../realtime/bus.js';
import { touchesOf } from './changes.js';
import { tagText } from './tags.js';

/**
 * The table of docs/architecture.md, "What each change touches", written from the one table
 * (changes.ts): each change once as it names its season, leagues or player (S, L, U; a result in
 * gameweek 5), once as it names none of them. changes.test.ts holds the document to it; print it
 * with `npx tsx src/server/read-model/changes-table.ts`.
 */
type Example = { [T in ChangeType]: ChangeOf<T> & Delivery };
const NAMED: Example = {
  'results.changed': { type: 'results.changed', seasonId: 'S', gameweeks: [5] },
  'live-score.changed': { type: 'live-score.changed', seasonId: 'S' },
  'fixtures.changed': { type: 'fixtures.changed', seasonId: 'S' },
  'season.created': { type: 'season.created', seasonId: 'S' },
  'gameweeks.changed': { type: 'gameweeks.changed', seasonId: 'S' },
  'current-season.changed': { type: 'current-season.changed' },
  'prediction.saved': { type: 'prediction.saved', seasonId: 'S', userId: 'U' },
  'membership.changed': { type: 'membership.changed', leagueIds: ['L'] },
  'league.changed': { type: 'league.changed', oldCode: null, leagueIds: ['L'] },
  'removed-players.changed': { type: 'removed-players.changed', leagueId: 'L' },
  'invites.changed': { type: 'invites.changed', userId: 'U' },
  'team-name.changed': { type: 'team-name.changed', leagueIds: ['L'] },
  'bonus-questions.changed': { type: 'bonus-questions.changed', leagueId: 'L' },
  'bonus.settled': { type: 'bonus.settled', leagueId: 'L' },
  'account.deleted': { type: 'account.deleted', seasons: ['S'] },
  'session.changed': { type: 'session.changed', userId: 'U' },
  'reminders.changed': { type: 'reminders.changed', userId: 'U' },
  'calendar.changed': { type: 'calendar.changed', userId: 'U' },
  'contact-messages.changed': { type: 'contact-messages.changed' },
  'feed.changed': { type: 'feed.changed', seasonId: 'S' },
  'live.resumed': { type: 'live.resumed' },
};

/** The same change naming no league, player or gameweek. */
function unnamed<T extends ChangeType>(e: ChangeOf<T> & Delivery): ChangeOf<T> & Delivery {
  const { userId: _u, leagueIds: _l, ...change } = e;
  const out: Record<string, unknown> = { ...change };
  if ('gameweeks' in out) delete out.gameweeks;
  if ('leagueId' in out) out.leagueId = null;
  return out as ChangeOf<T> & Delivery;
}

const text = (e: ChangeOf<ChangeType> & Delivery): string => {
  const touches = touchesOf(e);
  if (touches === 'everything') return 'everything';
  return touches.length ? touches.map((t) => `\`${tagText(t)}\``).join(', ') : '';
};

export function changesTable(): string {
  const rows = CHANGE_TYPES.map((type) => {
    const named = NAMED[type] as ChangeOf<ChangeType> & Delivery;
    const plain = unnamed(named);
    const [a, b] = [text(named), text(plain)];
    return [`\`${type}\``, a, b === a ? 'the same' : b];
  });
  const head = ['change', 'touches (naming its season S, leagues L, player U; a result in gameweek 5)', 'naming none'];
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) => `| ${cells.map((c, i) => c.padEnd(widths[i]!)).join(' | ')} |`;
  return [line(head), `| ${widths.map((w) => '-'.repeat(w)).join(' | ')} |`, ...rows.map(line)].join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) console.log(changesTable());
