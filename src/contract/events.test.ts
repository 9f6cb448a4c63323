import { describe, expect, test } from 'vitest';
import { CHANGE_TYPES, changeEventDto, onChange, type ChangeEvent, type ChangeType } from './events.js';
import { CHANGE_KEYS, changeKeys } from '../web/lib/change-keys.js';
import { TABLES_STALE_ON } from '../server/features/leagues/table-cache.js';
import { PLAYER_FIGURES_STALE_ON } from '../server/features/statistics/player-cache.js';
import { PICK_SHARES_STALE_ON } from '../server/features/pick-shares/cache.js';
import { CHANGE_TOUCHES, touchesOf } from '../server/read-model/changes.js';
import { tagText } from '../server/read-model/tags.js';
import { RESOLVER_RUNS_ON } from '../server/features/bonus-questions/resolver.js';

/**
 * The vocabulary of changes and its readers (decision record 0068): every change has its entry in
 * the web's map and in every server cache's table, and the readers of each change's data react to
 * it. TypeScript already refuses a table without a change; this holds the tables to it at run time
 * too, and says which reader must react to what.
 */
const S = '2025-26';
/** One example of every change. */
const EXAMPLES: { [T in ChangeType]: Extract<ChangeEvent, { type: T }> } = {
  'results.changed': { type: 'results.changed', seasonId: S },
  'live-score.changed': { type: 'live-score.changed', seasonId: S },
  'fixtures.changed': { type: 'fixtures.changed', seasonId: S },
  'season.created': { type: 'season.created', seasonId: S },
  'gameweeks.changed': { type: 'gameweeks.changed', seasonId: S },
  'current-season.changed': { type: 'current-season.changed' },
  'prediction.saved': { type: 'prediction.saved', seasonId: S },
  'membership.changed': { type: 'membership.changed' },
  'league.changed': { type: 'league.changed', oldCode: 'ABCDEFGH' },
  'removed-players.changed': { type: 'removed-players.changed', leagueId: 'L1' },
  'invites.changed': { type: 'invites.changed' },
  'team-name.changed': { type: 'team-name.changed' },
  'bonus-questions.changed': { type: 'bonus-questions.changed', leagueId: 'L1' },
  'bonus.settled': { type: 'bonus.settled', leagueId: null },
  'account.deleted': { type: 'account.deleted', seasons: [S] },
  'session.changed': { type: 'session.changed' },
  'reminders.changed': { type: 'reminders.changed' },
  'calendar.changed': { type: 'calendar.changed' },
  'contact-messages.changed': { type: 'contact-messages.changed' },
  'feed.changed': { type: 'feed.changed', seasonId: S },
  'live.resumed': { type: 'live.resumed' },
};
const events = CHANGE_TYPES.map((type) => EXAMPLES[type]);

const READERS = {
  'the web': CHANGE_KEYS,
  'league tables': TABLES_STALE_ON,
  'statistics and dashboard figures': PLAYER_FIGURES_STALE_ON,
  'the read model': CHANGE_TOUCHES,
  'pick shares': PICK_SHARES_STALE_ON,
  'the bonus resolver': RESOLVER_RUNS_ON,
};

/** What a change touches of one kind in the read model (read-model/changes.ts), as text; 'everything' or false. */
const touched = (e: ChangeEvent, kind: string): string[] | 'everything' | false => {
  const touches = touchesOf(e);
  if (touches === 'everything') return 'everything';
  const of = touches.filter((t) => t.kind === kind).map(tagText);
  return of.length ? of : false;
};

describe('the vocabulary of changes', () => {
  test('every example is a change the stream may send, and the vocabulary has no other', () => {
    expect(Object.keys(EXAMPLES).sort()).toEqual([...CHANGE_TYPES].sort());
    for (const e of events) expect(changeEventDto.parse(e)).toEqual(e);
    expect(changeEventDto.safeParse({ type: 'results.changed' }).success).toBe(false);
    expect(changeEventDto.safeParse({ type: 'made-up' }).success).toBe(false);
  });

  test.each(Object.entries(READERS))('%s has an entry for every change, and nothing else', (_, table) => {
    expect(Object.keys(table).sort()).toEqual([...CHANGE_TYPES].sort());
  });

  test('every change refreshes something on the web', () => {
    for (const e of events) expect(changeKeys(e).length, e.type).toBeGreaterThan(0);
  });

  test('each change reaches the server caches that read its data', () => {
    const stale = (e: ChangeEvent) => ({
      tables: TABLES_STALE_ON[e.type],
      figures: onChange(PLAYER_FIGURES_STALE_ON, e),
      spans: touched(e, 'seasons'),
      shares: PICK_SHARES_STALE_ON[e.type],
      sessions: touched(e, 'session'),
      resolver: onChange(RESOLVER_RUNS_ON, e),
    });
    // Points: tables, the season's figures and its points, the leagues' own totals; the final table the bonus questions read.
    const points = [S, `points:${S}`, 'league-points:'];
    expect(stale(EXAMPLES['results.changed'])).toMatchObject({
      tables: true,
      figures: { scopes: points },
      resolver: { seasonId: S },
    });
    expect(stale(EXAMPLES['fixtures.changed'])).toMatchObject({
      tables: true,
      figures: { scopes: points },
      spans: ['seasons'],
      resolver: { seasonId: S },
    });
    expect(stale(EXAMPLES['season.created'])).toMatchObject({
      tables: true,
      figures: { scopes: points },
      spans: ['seasons'],
    });
    // A provisional score: what shows it, not the points.
    expect(stale(EXAMPLES['live-score.changed'])).toMatchObject({
      tables: false,
      figures: { scopes: [S] },
      resolver: null,
    });
    expect(stale(EXAMPLES['gameweeks.changed'])).toMatchObject({ tables: true, figures: { scopes: points } });
    // A pick: the player's own figures (sent for them only), no table.
    expect(stale(EXAMPLES['prediction.saved'])).toMatchObject({ tables: false, figures: 'all', shares: null });
    // Who is in a league: tables, every player's league list, the leagues' pick shares.
    expect(stale(EXAMPLES['membership.changed'])).toMatchObject({
      tables: true,
      figures: { scopes: ['leagues:', 'league-points:'] },
      shares: 'leagues',
    });
    expect(stale(EXAMPLES['league.changed'])).toMatchObject({
      tables: true,
      figures: { scopes: ['leagues:', 'league-points:'] },
    });
    expect(stale(EXAMPLES['team-name.changed'])).toMatchObject({ tables: true });
    expect(stale(EXAMPLES['bonus.settled'])).toMatchObject({ tables: true });
    expect(stale(EXAMPLES['account.deleted'])).toMatchObject({
      tables: true,
      figures: { scopes: [S, `points:${S}`, 'leagues:', 'league-points:'] },
      shares: 'all',
    });
    expect(stale(EXAMPLES['current-season.changed'])).toMatchObject({ figures: 'all', spans: ['seasons'] });
    expect(stale({ type: 'session.changed', userId: 'u1' } as ChangeEvent)).toMatchObject({
      sessions: ['session:u1'],
      tables: false,
    });
    // Events may have been missed: everything.
    expect(stale(EXAMPLES['live.resumed'])).toEqual({
      tables: true,
      figures: 'all',
      spans: 'everything',
      shares: 'all',
      sessions: 'everything',
      resolver: 'sweep',
    });
  });
});
