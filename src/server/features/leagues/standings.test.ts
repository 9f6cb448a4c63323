import { afterEach, beforeEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildUser } from '../../test/factories.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { seasonCounts } from '../../points/season-totals.js';
import { leagueRoster, leagueStandings, getLeague, scoringOf } from './repository.js';
import { rankTable, standingsFrom } from './standings.js';
import { createTableCache } from './table-cache.js';
import { createReadModel, tag } from '../../read-model/index.js';

/**
 * A season's and a gameweek's league table are worked out in memory from the kept counts and the
 * roster (standings.ts); the all-seasons table, and these tests' reference, is the SQL of
 * `leagueStandings`, ranked by the one rule (src/game/ranking.ts). Both must give the same rows on
 * each database: ties in points ordered by the rule's name key whatever the database's collation
 * (case mixed, accents, one name shared), bankers counting double or not,
 * bonus points in the season's table only, members who never scored, and a season total that
 * holds more than its gameweeks (a fixture without a gameweek).
 */
let t: TestApp;
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T12:00:00Z' });
});
afterEach(async () => {
  await t.close();
});

const RULES = [
  { ruleExact: 3, ruleDifference: 1, ruleOutcome: 1, bankersAllowed: 1 },
  { ruleExact: 4, ruleDifference: 3, ruleOutcome: 2, bankersAllowed: 1 },
  { ruleExact: 5, ruleDifference: 2, ruleOutcome: 1, bankersAllowed: 0 },
];

describe('a league table worked out from the kept counts', () => {
  test('gives the rows the SQL table gives, for the season and each gameweek, under every rule', async () => {
    const { db, handle } = t.app.deps;
    const names = ['alex', 'Alex', 'Same Name', 'Same Name', 'zoë', 'Bea', 'bea', '  Padded  ', null, 'Åsa', 'carl'];
    const members: string[] = [];
    for (let i = 0; i < 22; i++) {
      // A blank team name falls back to the username.
      const teamName = names[i % names.length] ?? '';
      members.push((await buildUser(db, handle.dialect, { teamName })).id);
    }
    // A deterministic spread of counts with many ties; the last three members never scored.
    const scored = members.slice(0, -3);
    const rows = [];
    for (const [i, userId] of scored.entries()) {
      const total = { exact: 0, difference: 0, outcome: 0, bankerExact: 0, bankerDifference: 0, bankerOutcome: 0 };
      for (const gameweek of [1, 2, 3]) {
        const c = {
          exact: (i * gameweek) % 3,
          difference: (i + gameweek) % 2,
          outcome: (i * 7 + gameweek) % 4,
          bankerExact: (i + gameweek) % 5 === 0 ? 1 : 0,
          bankerDifference: 0,
          bankerOutcome: (i + gameweek) % 7 === 0 ? 1 : 0,
        };
        // A banker is one of its tier's picks.
        c.bankerExact = Math.min(c.bankerExact, c.exact);
        c.bankerOutcome = Math.min(c.bankerOutcome, c.outcome);
        for (const k of Object.keys(total) as (keyof typeof total)[]) total[k] += c[k];
        rows.push({ seasonId: TEST_SEASON, gameweek, userId, points: 0, ...c });
      }
      // Every fourth player scored a fixture without a gameweek: only the season's total holds it.
      if (i % 4 === 0) total.exact += 1;
      rows.push({ seasonId: TEST_SEASON, gameweek: 0, userId, points: 0, ...total });
    }
    await db.insertInto('userPoints').values(rows).execute();

    for (const [n, rule] of RULES.entries()) {
      const leagueId = `standings-${n}`;
      await db
        .insertInto('leagues')
        .values({
          id: leagueId,
          name: `Rule ${n}`,
          code: `STANDIN${n}`,
          description: null,
          competition: 'premier-league',
          privacy: 'private',
          creatorId: members[0]!,
          createdAt: '2025-08-01T00:00:00.000Z',
          ...rule,
        })
        .execute();
      await db
        .insertInto('leagueMembers')
        .values(members.map((userId) => ({ leagueId, userId, joinedAt: '2025-08-01T00:00:00.000Z' })))
        .execute();
      // Bonus points for some members, one of them among those who never scored.
      await db
        .insertInto('leagueBonusPoints')
        .values([2, 5, 9, 20].map((at) => ({ leagueId, seasonId: TEST_SEASON, userId: members[at]!, points: at % 3 })))
        .execute();
    }

    const counts = await seasonCounts(t.app, TEST_SEASON);
    for (let n = 0; n < RULES.length; n++) {
      const leagueId = `standings-${n}`;
      const league = (await getLeague(db, leagueId))!;
      const roster = await leagueRoster(db, leagueId, TEST_SEASON);
      for (const gameweek of [0, 1, 2, 3, 4]) {
        // The SQL's points and bonus, in the one rule's order (the database's own order of names is not the rule's).
        const want = rankTable(await leagueStandings(db, leagueId, { seasonId: TEST_SEASON, gameweek }));
        expect(standingsFrom(roster, counts, gameweek, scoringOf(league)), `rule ${n}, gameweek ${gameweek}`).toEqual(
          want,
        );
        // The same whatever order the roster came in.
        expect(standingsFrom([...roster].reverse(), counts, gameweek, scoringOf(league))).toEqual(want);
      }
      // The checks above are not empty: ties were ordered by name, bonus and the extra exact score counted.
      const season = await leagueStandings(db, leagueId, { seasonId: TEST_SEASON, gameweek: 0 });
      expect(new Set(season.map((r) => r.rank)).size).toBeLessThan(season.length);
      expect(season.some((r) => r.bonus > 0)).toBe(true);
    }
  });
});

describe('the kept parts of a table', () => {
  test('a result drops the tables, not the rosters; a team name drops both', async () => {
    const { db, handle, bus } = t.app.deps;
    const member = await buildUser(db, handle.dialect, { teamName: 'Before' });
    await db
      .insertInto('leagues')
      .values({
        id: 'kept',
        name: 'Kept',
        code: 'KEPTKEPT',
        description: null,
        competition: 'premier-league',
        privacy: 'private',
        creatorId: member.id,
        createdAt: '2025-08-01T00:00:00.000Z',
      })
      .execute();
    await db
      .insertInto('leagueMembers')
      .values({ leagueId: 'kept', userId: member.id, joinedAt: '2025-08-01' })
      .execute();
    const readModel = createReadModel({ bus });
    const cache = createTableCache(
      () => db,
      readModel,
      (seasonId) => seasonCounts(t.app, seasonId),
    );
    const scope = { seasonId: TEST_SEASON, gameweek: 0 };
    const first = await cache.get('kept', scope);
    expect(first?.rows.map((r) => [r.displayName, r.points])).toEqual([['Before', 0]]);

    // Points written, announced by a result: the table is worked out again, the roster is not read again.
    await db
      .insertInto('userPoints')
      .values({ seasonId: TEST_SEASON, gameweek: 0, userId: member.id, points: 3, exact: 1 })
      .execute();
    await db.updateTable('user').set({ teamName: 'Unannounced' }).where('id', '=', member.id).execute();
    await bus.publish({ type: 'results.changed', seasonId: TEST_SEASON });
    const afterResult = await cache.get('kept', scope);
    expect(afterResult).not.toBe(first);
    expect(afterResult?.rows.map((r) => [r.displayName, r.points])).toEqual([['Before', 3]]);
    // The same when a request finds the results moved without an event.
    readModel.touch([tag.every('season-points')]);
    expect((await cache.get('kept', scope))?.rows[0]?.displayName).toBe('Before');

    // A team name is announced: the roster is read again.
    await bus.publish({ type: 'team-name.changed' });
    expect((await cache.get('kept', scope))?.rows.map((r) => [r.displayName, r.points])).toEqual([['Unannounced', 3]]);

    // A league that does not exist is answered as none and leaves no roster behind.
    const rosters = cache.rosterStats().entries;
    expect(await cache.get('no-such-league', scope)).toBeNull();
    expect(cache.rosterStats().entries).toBe(rosters);
    readModel.close();
  });
});
