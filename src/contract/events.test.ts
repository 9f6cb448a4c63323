import { describe, expect, test } from 'vitest';
import { CHANGE_TYPES, changeEventDto, type ChangeEvent, type ChangeType } from './events.js';
import { CHANGE_KEYS, changeKeys } from '../web/lib/change-keys.js';
import { CHANGE_TOUCHES, touchesOf } from '../server/read-model/changes.js';
import { reaches, tag, tagText, type Tag } from '../server/read-model/tags.js';
import { rosterTags, tableTags } from '../server/features/leagues/table-cache.js';
import { boardTags } from '../server/features/leaderboard/kept-board.js';
import { seasonsToResolve } from '../server/features/bonus-questions/resolver.js';
import type { LiveEvent } from '../server/realtime/bus.js';

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
  'the read model': CHANGE_TOUCHES,
};

/** What a change touches in the read model (read-model/changes.ts), as text. */
const touched = (e: LiveEvent): string[] | 'everything' => {
  const touches = touchesOf(e);
  return touches === 'everything' ? touches : touches.map(tagText);
};
/** Whether a change reaches a value kept with `tags`. */
const drops = (e: LiveEvent, tags: readonly Tag[]): boolean => {
  const touches = touchesOf(e);
  return touches === 'everything' || touches.some((t) => tags.some((h) => reaches(t, h)));
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

  test('a result touches its fixture’s gameweek and the season’s points, not the other gameweeks', () => {
    const result: LiveEvent = { type: 'results.changed', seasonId: S, gameweeks: [5] };
    expect(touched(result)).toEqual([`season-fixtures:${S}`, `season-points:${S}`, `gameweek:${S}:5`]);
    expect(drops(result, tableTags('L1', { seasonId: S, gameweek: 5 }))).toBe(true);
    expect(drops(result, tableTags('L1', { seasonId: S, gameweek: 0 }))).toBe(true);
    expect(drops(result, tableTags('L1', { seasonId: S, gameweek: 4 }))).toBe(false);
    expect(drops(result, boardTags({ seasonId: S, gameweek: 4 }))).toBe(false);
    expect(drops(result, rosterTags('L1'))).toBe(false);
    expect(drops(result, tableTags('L1', { seasonId: '2024-25', gameweek: 0 }))).toBe(false);
    // Not saying which gameweeks: every gameweek of the season.
    expect(drops(EXAMPLES['results.changed'], tableTags('L1', { seasonId: S, gameweek: 4 }))).toBe(true);
    expect(seasonsToResolve(result)).toEqual([S]);
  });

  test('each change reaches the kept values that read its data', () => {
    const season = tableTags('L1', { seasonId: S, gameweek: 0 });
    const player = [tag.userPicks('u1'), tag.seasonFixtures(S)];
    // A provisional score: what shows it, not the points.
    expect(touched(EXAMPLES['live-score.changed'])).toEqual([`season-fixtures:${S}`]);
    expect(drops(EXAMPLES['live-score.changed'], season)).toBe(false);
    expect(seasonsToResolve(EXAMPLES['live-score.changed'])).toBeNull();
    for (const type of ['fixtures.changed', 'season.created', 'gameweeks.changed'] as const) {
      expect(drops(EXAMPLES[type], season), type).toBe(true);
      expect(drops(EXAMPLES[type], player), type).toBe(true);
    }
    expect(drops(EXAMPLES['fixtures.changed'], [tag.seasons()])).toBe(true);
    expect(drops(EXAMPLES['results.changed'], [tag.seasons()])).toBe(false);
    expect(drops(EXAMPLES['current-season.changed'], [tag.seasons()])).toBe(true);
    // A pick: the player's own figures (sent for them only), no table and no one else's.
    const saved: LiveEvent = { type: 'prediction.saved', seasonId: S, userId: 'u1' };
    expect(touched(saved)).toEqual(['user-picks:u1']);
    expect(drops(saved, [tag.userPicks('u2'), tag.seasonFixtures(S)])).toBe(false);
    expect(drops(saved, season)).toBe(false);
    // Who is in a league: its tables and roster, its pick shares, every player's league list; not another league's.
    const joined: LiveEvent = { type: 'membership.changed', leagueIds: ['L1'] };
    expect(touched(joined)).toEqual(['league-members:L1', 'user-leagues']);
    expect(drops(joined, rosterTags('L1'))).toBe(true);
    expect(drops(joined, tableTags('L2', { seasonId: S, gameweek: 0 }))).toBe(false);
    expect(drops(EXAMPLES['membership.changed'], tableTags('L2', { seasonId: S, gameweek: 0 }))).toBe(true);
    expect(drops(EXAMPLES['league.changed'], season)).toBe(true);
    expect(drops(EXAMPLES['league.changed'], rosterTags('L1'))).toBe(false);
    expect(drops(EXAMPLES['team-name.changed'], rosterTags('L1'))).toBe(true);
    expect(drops(EXAMPLES['team-name.changed'], boardTags({ seasonId: S, gameweek: 0 }))).toBe(true);
    expect(drops(EXAMPLES['bonus.settled'], season)).toBe(true);
    expect(drops(EXAMPLES['account.deleted'], season)).toBe(true);
    expect(drops(EXAMPLES['account.deleted'], [tag.seasonPicks(S)])).toBe(true);
    expect(drops(EXAMPLES['account.deleted'], boardTags({ seasonId: S, gameweek: 3 }))).toBe(true);
    const signedOut: LiveEvent = { type: 'session.changed', userId: 'u1' };
    expect(touched(signedOut)).toEqual(['session:u1']);
    expect(drops(signedOut, season)).toBe(false);
    for (const type of ['removed-players.changed', 'invites.changed', 'reminders.changed', 'calendar.changed'] as const)
      expect(touched(EXAMPLES[type]), type).toEqual([]);
    // Events may have been missed: everything.
    expect(touched(EXAMPLES['live.resumed'])).toBe('everything');
    expect(seasonsToResolve(EXAMPLES['live.resumed'])).toBe('sweep');
  });
});
