import { partialMatchKey, type QueryKey } from '@tanstack/react-query';
import { describe, expect, test } from 'vitest';
import type { ChangeEvent } from '../../contract/events';
import { adminGameweeksKey, allFixturesKey, gameweeksKey } from '../features/admin/api';
import { adminSeasonsKey, feedKey } from '../features/admin/seasons/api';
import { adminContactKey } from '../features/contact/api';
import { dashboardKey, positionsKey } from '../features/dashboard/api';
import { leaderboardKey } from '../features/leaderboard/api';
import { bonusKeys } from '../features/leagues/bonus/api';
import { leagueKeys } from '../features/leagues/api';
import { inviteKeys } from '../features/leagues/invites';
import { boardKey } from '../features/predictions/api';
import { awaitingKey, deskKey } from '../features/results-desk/api';
import { clubsKey, seasonsKey } from '../features/seasons/api';
import { statisticsKey } from '../features/statistics/api';
import { summaryKey } from '../features/summary/api';
import { changeKeys } from './change-keys';
import { meKey } from './session';

/**
 * The web's one map from a change to the queries that show its data, held against the screens'
 * own query keys: a change must reach every query that reads what it changed (and a player's own
 * change must not make everyone's screens refetch).
 */
const S = '2025-26';
const OTHER = '2024-25';
const reaches = (e: ChangeEvent, key: QueryKey) => changeKeys(e).some((prefix) => partialMatchKey(key, prefix));
const expectReaches = (e: ChangeEvent, keys: QueryKey[]) => {
  for (const key of keys) expect(reaches(e, key), `${e.type} → ${JSON.stringify(key)}`).toBe(true);
};
const expectMisses = (e: ChangeEvent, keys: QueryKey[]) => {
  for (const key of keys) expect(reaches(e, key), `${e.type} ↛ ${JSON.stringify(key)}`).toBe(false);
};

const table = leagueKeys.table('L1', S, null, 1);
const allSeasonsTable = leagueKeys.table('L1', 'all', null, 1);
const board = boardKey(S, 3);
const stats = statisticsKey(S, null, 'Europe/London');

describe('which queries each change refreshes', () => {
  test('a result: the season’s boards and lists, every league table (all seasons too), the dashboard, statistics, summaries, match day, the seasons', () => {
    const e: ChangeEvent = { type: 'results.changed', seasonId: S };
    expectReaches(e, [
      table,
      allSeasonsTable,
      leagueKeys.picks('L1', S, 'u1', 3),
      positionsKey,
      leaderboardKey(S, null, 'me'),
      board,
      allFixturesKey(S),
      deskKey(S, 3),
      dashboardKey,
      stats,
      summaryKey(S, 3),
      ['matches', 'Europe/London'],
      seasonsKey,
    ]);
    expectMisses(e, [boardKey(OTHER, 3), statisticsKey(OTHER, null, 'Europe/London'), meKey]);
  });

  test('a pick: the player’s own board, dashboard, statistics and summary, not the tables', () => {
    const e: ChangeEvent = { type: 'prediction.saved', seasonId: S };
    expectReaches(e, [board, dashboardKey, stats, summaryKey(S, 3)]);
    expectMisses(e, [table, positionsKey, allFixturesKey(S), boardKey(OTHER, 3)]);
  });

  test('a membership: the league lists, tables and positions, the dashboard', () => {
    const e: ChangeEvent = { type: 'membership.changed' };
    expectReaches(e, [leagueKeys.mine, leagueKeys.public, table, positionsKey, dashboardKey, inviteKeys.removed('L1')]);
    expectMisses(e, [board, stats]);
  });

  test('a new code: the league’s screens and the invite pages open on the old code only', () => {
    const e: ChangeEvent = { type: 'league.changed', oldCode: 'OLDCODE1' };
    expectReaches(e, [leagueKeys.mine, table, inviteKeys.preview('OLDCODE1', 'visitor')]);
    expectMisses(e, [inviteKeys.preview('OTHERCDE', 'visitor')]);
  });

  test('fixtures, a new season, gameweeks and the current season reach the admin’s screens too', () => {
    expectReaches({ type: 'fixtures.changed', seasonId: S }, [
      allFixturesKey(S),
      gameweeksKey(S),
      board,
      table,
      dashboardKey,
      seasonsKey,
      adminGameweeksKey(S),
    ]);
    expectReaches({ type: 'season.created', seasonId: S }, [clubsKey('all'), seasonsKey, adminSeasonsKey]);
    expectReaches({ type: 'gameweeks.changed', seasonId: S }, [
      gameweeksKey(S),
      adminGameweeksKey(S),
      board,
      dashboardKey,
    ]);
    expectMisses({ type: 'gameweeks.changed', seasonId: S }, [adminGameweeksKey(OTHER)]);
    expectReaches({ type: 'current-season.changed' }, [
      boardKey(OTHER, 1),
      table,
      clubsKey(S),
      statisticsKey(OTHER, null, 'UTC'),
      adminSeasonsKey,
    ]);
  });

  test('bonus questions, settlements, the player’s own settings, contact messages and the feed', () => {
    expectReaches({ type: 'bonus-questions.changed', leagueId: 'L1' }, [
      bonusKeys.list('L1', S),
      bonusKeys.answers('L1', 'q1', 1),
    ]);
    expectMisses({ type: 'bonus-questions.changed', leagueId: 'L1' }, [bonusKeys.list('L2', S), table]);
    expectReaches({ type: 'bonus.settled', leagueId: null }, [
      bonusKeys.list('L2', S),
      table,
      positionsKey,
      dashboardKey,
    ]);
    expectReaches({ type: 'session.changed' }, [meKey, ['me', 'calendar']]);
    expectReaches({ type: 'contact-messages.changed' }, [adminContactKey]);
    // The admin's to-do shows a failed feed run and moves waiting for confirmation.
    expectReaches({ type: 'feed.changed', seasonId: S }, [feedKey(S), adminSeasonsKey, awaitingKey]);
    expectMisses({ type: 'feed.changed', seasonId: S }, [feedKey(OTHER)]);
    expectReaches({ type: 'live.resumed' }, [board, meKey, adminContactKey]);
  });
});
