import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import type { LiveEvent } from '../../realtime/bus.js';
import { ROUTE_LIMITS } from '../../security/limits.js';

/**
 * A league's own scoring (docs/decisions/0057-league-scoring-rules.md): chosen at creation,
 * changed by its creator (after matches were scored only with confirmation), and every table of
 * the league (season, gameweek, all seasons, live), its picks, positions, gameweek summaries and
 * statistics priced under it; the overall leaderboard and a player's own figures stay standard.
 */
let t: TestApp;
let events: LiveEvent[];
beforeEach(async () => {
  t = await createTestApp({ now: '2025-08-10T12:00:00Z' });
  events = [];
  t.app.deps.bus.subscribe((e) => events.push(e));
});
afterEach(async () => {
  await t.close();
});

type Player = BuiltUser & { cookie: string };
async function player(overrides: Parameters<typeof buildUser>[2] = {}): Promise<Player> {
  const { db, handle, config } = t.app.deps;
  const u = await buildUser(db, handle.dialect, overrides);
  return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
}
const GD = { exact: 4, difference: 3, outcome: 2 };
const CUSTOM = { exact: 5, difference: 2, outcome: 1 };
const create = (p: Player, payload: object) =>
  t.request({ method: 'POST', url: '/api/leagues', cookie: p.cookie, payload });
async function league(p: Player, name: string, scoring?: object) {
  const res = await create(p, { name, ...(scoring ? { scoring } : {}) });
  expect(res.statusCode, res.body).toBe(201);
  return res.json().league as { id: string; code: string; scoring: unknown };
}
const join = async (p: Player, code: string) =>
  expect(
    (await t.request({ method: 'POST', url: '/api/leagues/join', cookie: p.cookie, payload: { code } })).statusCode,
  ).toBe(200);
const setScoring = (p: Player, id: string, payload: object) =>
  t.request({ method: 'PUT', url: `/api/leagues/${id}/scoring`, cookie: p.cookie, payload });
const table = async (p: Player, id: string, query = '') => {
  const res = await t.request({ method: 'GET', url: `/api/leagues/${id}/table${query}`, cookie: p.cookie });
  expect(res.statusCode, res.body).toBe(200);
  return Object.fromEntries(
    (res.json().rows as Array<{ userId: string; points: number }>).map((r) => [r.userId, r.points]),
  );
};

describe('choosing the scoring when creating a league', () => {
  test('standard by default, a goal-difference or custom rule when asked; bad rules are refused with a clear message and create nothing', async () => {
    const alice = await player();
    expect((await league(alice, 'Plain')).scoring).toEqual({
      rule: { exact: 3, difference: 1, outcome: 1 },
      kind: 'standard',
      bankersAllowed: true,
      changedAt: null,
    });
    expect((await league(alice, 'Kicktipp', { rule: GD, bankersAllowed: true })).scoring).toEqual({
      rule: GD,
      kind: 'goal-difference',
      bankersAllowed: true,
      changedAt: null,
    });
    expect((await league(alice, 'Ours', { rule: CUSTOM, bankersAllowed: false })).scoring).toEqual({
      rule: CUSTOM,
      kind: 'custom',
      bankersAllowed: false,
      changedAt: null,
    });

    const bounds = 'Points for each kind of pick are whole numbers from 0 to 10.';
    const order =
      'An exact score must earn at least as much as the right goal difference, and that at least as much as the right outcome.';
    for (const [rule, message] of [
      [{ exact: 11, difference: 3, outcome: 2 }, bounds],
      [{ exact: 4, difference: -1, outcome: 0 }, bounds],
      [{ exact: 4, difference: 2.5, outcome: 2 }, bounds],
      [{ exact: 4, difference: '3', outcome: 2 }, bounds],
      [{ exact: 4, outcome: 2 }, bounds],
      [{ exact: 3, difference: 4, outcome: 2 }, order],
      [{ exact: 4, difference: 2, outcome: 3 }, order],
      [{ exact: 0, difference: 0, outcome: 0 }, 'An exact score must earn at least 1 point.'],
    ] as const) {
      const res = await create(alice, { name: 'Refused', scoring: { rule, bankersAllowed: true } });
      expect(res.statusCode, JSON.stringify(rule)).toBe(400);
      expect(res.json().error.message).toBe(message);
    }
    expect((await create(alice, { name: 'Refused', scoring: { rule: GD } })).statusCode).toBe(400);
    expect(
      (await create(alice, { name: 'Refused', scoring: { rule: { ...GD, wrong: 1 }, bankersAllowed: true } }))
        .statusCode,
    ).toBe(400);
    const mine = (await t.request({ method: 'GET', url: '/api/leagues', cookie: alice.cookie })).json()
      .leagues as Array<{ name: string }>;
    expect(mine.map((l) => l.name).sort()).toEqual(['Kicktipp', 'Ours', 'Plain']);
  });
});

describe('changing the scoring', () => {
  test('its creator only; freely before any member has a scored pick, afterwards only with confirmation, and members are told', async () => {
    const { db } = t.app.deps;
    const alice = await player({ pastSeason: false });
    const bob = await player({ pastSeason: false });
    const admin = await player({ role: 'admin', pastSeason: false });
    const l = await league(alice, 'Office');
    await join(bob, l.code);

    const byMember = await setScoring(bob, l.id, { rule: GD, bankersAllowed: true });
    expect(byMember.statusCode).toBe(403);
    expect(byMember.json().error.message).toBe('Only the league creator can change its scoring.');
    expect((await setScoring(alice, 'no-such-league', { rule: GD, bankersAllowed: true })).statusCode).toBe(404);
    for (const [payload, message] of [
      [
        { rule: { exact: 2, difference: 3, outcome: 1 }, bankersAllowed: true },
        'An exact score must earn at least as much as the right goal difference, and that at least as much as the right outcome.',
      ],
      [
        { rule: { exact: 12, difference: 3, outcome: 1 }, bankersAllowed: true },
        'Points for each kind of pick are whole numbers from 0 to 10.',
      ],
      [{ rule: GD }, 'Say whether bankers count double.'],
      [{ rule: GD, bankersAllowed: 'no' }, 'Say whether bankers count double.'],
      [{ rule: GD, bankersAllowed: true, confirmRecompute: 'yes' }, 'Say whether to confirm the recompute.'],
    ] as const) {
      const bad = await setScoring(alice, l.id, payload);
      expect(bad.statusCode, JSON.stringify(payload)).toBe(400);
      expect(bad.json().error.message).toBe(message);
    }
    // Refused changes changed nothing.
    expect(
      (await t.request({ method: 'GET', url: '/api/leagues', cookie: bob.cookie })).json().leagues[0].scoring,
    ).toEqual({
      rule: { exact: 3, difference: 1, outcome: 1 },
      kind: 'standard',
      bankersAllowed: true,
      changedAt: null,
    });

    // No scored pick yet: changed at once, no notice.
    events.length = 0;
    const before = await setScoring(alice, l.id, { rule: GD, bankersAllowed: true });
    expect(before.statusCode, before.body).toBe(200);
    expect(before.json().league.scoring).toEqual({
      rule: GD,
      kind: 'goal-difference',
      bankersAllowed: true,
      changedAt: null,
    });
    await vi.waitFor(() => expect(events.some((e) => e.type === 'league.changed')).toBe(true));

    // Bob's pick is scored: 3-2 against 2-1 is the right goal difference.
    const f = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1 });
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/predictions/${f.id}`,
          cookie: bob.cookie,
          payload: { homeScore: 3, awayScore: 2 },
        })
      ).statusCode,
    ).toBe(200);
    t.clock.set('2025-08-16T17:00:00Z');
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/admin/results/${f.id}`,
          cookie: admin.cookie,
          payload: { homeScore: 2, awayScore: 1 },
        })
      ).statusCode,
    ).toBe(200);
    expect((await table(alice, l.id))[bob.id]).toBe(3);

    const unconfirmed = await setScoring(alice, l.id, { rule: CUSTOM, bankersAllowed: false });
    expect(unconfirmed.statusCode).toBe(409);
    expect(unconfirmed.json().error).toEqual({
      code: 'confirm_recompute',
      message:
        "Matches have already been scored in this league. Changing the scoring works out every member's points again under the new rule, and members are told. Confirm to go ahead.",
    });
    expect((await table(alice, l.id))[bob.id]).toBe(3);
    const still = (await t.request({ method: 'GET', url: '/api/leagues', cookie: bob.cookie })).json().leagues[0];
    expect(still.scoring).toMatchObject({ rule: GD, changedAt: null });

    const confirmed = await setScoring(alice, l.id, { rule: CUSTOM, bankersAllowed: false, confirmRecompute: true });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().league.scoring).toEqual({
      rule: CUSTOM,
      kind: 'custom',
      bankersAllowed: false,
      changedAt: '2025-08-16T17:00:00.000Z',
    });
    // Every member's table is worked out again at once (the tables follow the league's event).
    await vi.waitFor(async () => expect((await table(bob, l.id))[bob.id]).toBe(2));
    const seen = (await t.request({ method: 'GET', url: '/api/leagues', cookie: bob.cookie })).json().leagues[0];
    expect(seen.scoring).toEqual({
      rule: CUSTOM,
      kind: 'custom',
      bankersAllowed: false,
      changedAt: '2025-08-16T17:00:00.000Z',
    });

    // The same scoring again changes nothing, the notice's date included.
    t.clock.set('2025-08-18T09:00:00Z');
    const again = await setScoring(alice, l.id, { rule: CUSTOM, bankersAllowed: false });
    expect(again.statusCode).toBe(200);
    expect(again.json().league.scoring.changedAt).toBe('2025-08-16T17:00:00.000Z');
  });
});

describe('changing the scoring too often', () => {
  test('is limited per player: each change empties every league table cache', async () => {
    const alice = await player({ pastSeason: false });
    const l = await league(alice, 'Churn');
    const max = ROUTE_LIMITS.leagueScoringPerUser.max;
    for (let i = 0; i < max; i++) {
      const res = await setScoring(alice, l.id, { rule: i % 2 ? GD : CUSTOM, bankersAllowed: true });
      expect(res.statusCode, res.body).toBe(200);
    }
    const limited = await setScoring(alice, l.id, { rule: GD, bankersAllowed: false });
    expect(limited.statusCode).toBe(429);
    expect(limited.json().error.message).toMatch(
      /^You are changing the scoring too often\. Please wait .+ and try again\.$/,
    );
    const now = (await t.request({ method: 'GET', url: '/api/leagues', cookie: alice.cookie })).json().leagues[0]
      .scoring;
    expect(now.bankersAllowed).toBe(true);
  });
});

describe('league tables under each rule', () => {
  test('season, gameweek, all seasons and live tables, picks, positions, summaries and statistics use the league rule; the overall leaderboard stays standard; corrections and clearing rescore every league', async () => {
    const { db } = t.app.deps;
    // Alice has her exact score of the test world's past season behind her (standard 3; 4 under the goal-difference rule).
    const alice = await player({ teamName: 'Alice' });
    const bob = await player({ teamName: 'Bob', pastSeason: false });
    const carol = await player({ teamName: 'Carol', pastSeason: false });
    const admin = await player({ role: 'admin', pastSeason: false });
    const standard = await league(alice, 'Standard');
    const gd = await league(alice, 'Goal difference', { rule: GD, bankersAllowed: true });
    const custom = await league(alice, 'Custom', { rule: CUSTOM, bankersAllowed: false });
    for (const l of [standard, gd, custom]) for (const p of [bob, carol]) await join(p, l.code);

    const f1 = await buildFixture(db, {
      id: 'F1',
      homeTeam: 'Arsenal FC',
      awayTeam: 'Chelsea FC',
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
    });
    const f2 = await buildFixture(db, {
      id: 'F2',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2025-08-16T16:30:00.000Z',
      gameweek: 1,
    });
    const f3 = await buildFixture(db, {
      id: 'F3',
      homeTeam: 'Everton FC',
      awayTeam: 'Arsenal FC',
      kickoffAt: '2025-08-23T14:00:00.000Z',
      gameweek: 2,
    });
    const f4 = await buildFixture(db, {
      id: 'F4',
      homeTeam: 'Chelsea FC',
      awayTeam: 'Liverpool FC',
      kickoffAt: '2025-08-24T11:00:00.000Z',
      gameweek: 2,
    });
    const pick = async (p: Player, f: { id: string }, homeScore: number, awayScore: number) =>
      expect(
        (
          await t.request({
            method: 'PUT',
            url: `/api/predictions/${f.id}`,
            cookie: p.cookie,
            payload: { homeScore, awayScore },
          })
        ).statusCode,
      ).toBe(200);
    const banker = async (p: Player, f: { id: string }) =>
      expect(
        (await t.request({ method: 'PUT', url: `/api/predictions/${f.id}/banker`, cookie: p.cookie })).statusCode,
      ).toBe(200);
    await pick(alice, f1, 2, 1);
    await pick(alice, f2, 1, 1);
    await pick(alice, f3, 0, 2);
    await pick(alice, f4, 1, 0);
    await pick(bob, f1, 3, 2);
    await pick(bob, f2, 0, 0);
    await pick(bob, f3, 1, 1);
    await pick(bob, f4, 2, 1);
    await pick(carol, f1, 0, 1);
    await pick(carol, f2, 2, 0);
    await pick(carol, f3, 0, 1);
    await pick(carol, f4, 0, 0);
    await banker(alice, f1);
    await banker(alice, f4);
    await banker(bob, f2);

    // Before the deadlines nobody sees anyone's picks or bankers.
    const early = (
      await t.request({
        method: 'GET',
        url: `/api/leagues/${gd.id}/members/${alice.id}/picks?season=${TEST_SEASON}`,
        cookie: bob.cookie,
      })
    ).json();
    expect(early).toMatchObject({ gameweek: null, gameweeks: [], picks: [] });

    // The matches are played: F1 2-1, F2 2-2, F3 0-3; F4 is in play at 1-0.
    t.clock.set('2025-08-24T12:00:00Z');
    const result = async (f: { id: string }, homeScore: number, awayScore: number) =>
      expect(
        (
          await t.request({
            method: 'PUT',
            url: `/api/admin/results/${f.id}`,
            cookie: admin.cookie,
            payload: { homeScore, awayScore },
          })
        ).statusCode,
      ).toBe(200);
    await result(f1, 2, 1);
    await result(f2, 2, 2);
    await result(f3, 0, 3);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/admin/live-scores/${f4.id}`,
          cookie: admin.cookie,
          payload: { homeScore: 1, awayScore: 0 },
        })
      ).statusCode,
    ).toBe(200);

    // Alice: F1 exact (banker), F2 right difference, F3 right outcome. Bob: F1 difference, F2 difference (banker), F3 wrong. Carol: F3 right outcome.
    const season = `?season=${TEST_SEASON}`;
    expect(await table(alice, standard.id, season)).toEqual({
      [alice.id]: 3 * 2 + 1 + 1,
      [bob.id]: 1 + 1 * 2,
      [carol.id]: 1,
    });
    expect(await table(alice, gd.id, season)).toEqual({
      [alice.id]: 4 * 2 + 3 + 2,
      [bob.id]: 3 + 3 * 2,
      [carol.id]: 2,
    });
    expect(await table(alice, custom.id, season)).toEqual({ [alice.id]: 5 + 2 + 1, [bob.id]: 2 + 2, [carol.id]: 1 });
    expect(await table(bob, gd.id, `${season}&gameweek=1`)).toEqual({
      [alice.id]: 8 + 3,
      [bob.id]: 3 + 6,
      [carol.id]: 0,
    });
    expect(await table(bob, gd.id, `${season}&gameweek=2`)).toEqual({ [alice.id]: 2, [bob.id]: 0, [carol.id]: 2 });
    expect(await table(carol, gd.id, '?season=all')).toEqual({ [alice.id]: 13 + 4, [bob.id]: 9, [carol.id]: 2 });
    expect(await table(carol, custom.id, '?season=all')).toEqual({ [alice.id]: 8 + 5, [bob.id]: 4, [carol.id]: 1 });

    // The overall leaderboard and one's own figures: the standard rule, bankers doubled.
    const overall = (await t.request({ method: 'GET', url: `/api/leaderboard${season}`, cookie: bob.cookie })).json();
    expect(
      Object.fromEntries(overall.rows.map((r: { userId: string; points: number }) => [r.userId, r.points])),
    ).toEqual({ [alice.id]: 8, [bob.id]: 3, [carol.id]: 1 });
    const mine = (await t.request({ method: 'GET', url: `/api/predictions${season}`, cookie: alice.cookie })).json()
      .predictions;
    expect(mine.find((p: { fixture: { id: string } }) => p.fixture.id === 'F1').prediction).toMatchObject({
      points: 6,
      outcome: 'exact',
      banker: true,
    });

    // The live table: stored totals and what the match in play would add, under the league's rule (Alice's F4 is her banker).
    const live = async (id: string) =>
      Object.fromEntries(
        (
          (await t.request({ method: 'GET', url: `/api/leagues/${id}/live-table`, cookie: carol.cookie })).json()
            .rows as Array<{ userId: string; storedPoints: number; provisionalPoints: number }>
        ).map((r) => [r.userId, [r.storedPoints, r.provisionalPoints]]),
      );
    expect(await live(gd.id)).toEqual({ [alice.id]: [13, 4 * 2], [bob.id]: [9, 3], [carol.id]: [2, 0] });
    expect(await live(custom.id)).toEqual({ [alice.id]: [8, 5], [bob.id]: [4, 2], [carol.id]: [1, 0] });
    expect(await live(standard.id)).toEqual({ [alice.id]: [8, 3 * 2], [bob.id]: [3, 1], [carol.id]: [1, 0] });

    // A member's picks after the deadline: the banker shown, the points under the league's rule.
    const picksIn = async (id: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/leagues/${id}/members/${alice.id}/picks?season=${TEST_SEASON}&gameweek=1`,
          cookie: bob.cookie,
        })
      ).json().picks as Array<{
        fixtureId: string;
        prediction: { points: number; tier: string; banker: boolean };
      }>;
    // League matches decide no knockout tie: no team named, nothing added for one.
    const noTie = { qualifier: null, qualifierPoints: null };
    expect((await picksIn(gd.id)).map((p) => [p.fixtureId, p.prediction])).toEqual([
      ['F1', { homeScore: 2, awayScore: 1, points: 8, outcome: 'exact', tier: 'exact', banker: true, ...noTie }],
      [
        'F2',
        { homeScore: 1, awayScore: 1, points: 3, outcome: 'outcome', tier: 'difference', banker: false, ...noTie },
      ],
    ]);
    expect((await picksIn(custom.id))[0]!.prediction).toMatchObject({ points: 5, banker: true });
    expect((await picksIn(standard.id))[0]!.prediction).toMatchObject({ points: 6, banker: true });

    // Positions on the dashboard, the gameweek summary's leagues and the league statistics.
    const positions = (
      await t.request({ method: 'GET', url: `/api/leagues/positions${season}`, cookie: bob.cookie })
    ).json().positions as Array<{ leagueId: string; points: number; position: number }>;
    // (Joined at the same instant by the test's clock: listed by league id.)
    const byLeague = (rows: Array<[string, number, number]>) => rows.sort((a, b) => a[0].localeCompare(b[0]));
    const want = byLeague([
      [standard.id, 3, 2],
      [gd.id, 9, 2],
      [custom.id, 4, 2],
    ]);
    expect(positions.map((p) => [p.leagueId, p.points, p.position])).toEqual(want);
    const summary = (
      await t.request({ method: 'GET', url: `/api/me/gameweeks/1/summary${season}`, cookie: bob.cookie })
    ).json();
    expect(summary.totals).toMatchObject({ points: 3 });
    expect(
      summary.leagues.map((l: { leagueId: string; points: number; position: number }) => [
        l.leagueId,
        l.points,
        l.position,
      ]),
    ).toEqual(want);
    const stats = async (p: Player, id: string) =>
      (
        await t.request({
          method: 'GET',
          url: `/api/me/statistics${season}&tz=Europe%2FLondon&league=${id}`,
          cookie: p.cookie,
        })
      ).json().statistics.rankHistory as Array<{ gameweek: number; rank: number; points: number }>;
    expect((await stats(bob, gd.id)).find((e) => e.gameweek === 1)).toMatchObject({ points: 9, rank: 2 });
    expect((await stats(bob, custom.id)).find((e) => e.gameweek === 1)).toMatchObject({ points: 4, rank: 2 });
    expect((await stats(bob, standard.id)).find((e) => e.gameweek === 1)).toMatchObject({ points: 3, rank: 2 });

    // A correction (F2 1-1: Alice exact, Bob still the right difference) and a cleared result (F1) rescore every league.
    await result(f2, 1, 1);
    await vi.waitFor(async () =>
      expect(await table(alice, gd.id, season)).toEqual({ [alice.id]: 8 + 4 + 2, [bob.id]: 9, [carol.id]: 2 }),
    );
    expect(await table(alice, custom.id, season)).toEqual({ [alice.id]: 5 + 5 + 1, [bob.id]: 4, [carol.id]: 1 });
    expect(
      (await t.request({ method: 'DELETE', url: `/api/admin/results/${f1.id}`, cookie: admin.cookie })).statusCode,
    ).toBe(200);
    await vi.waitFor(async () =>
      expect(await table(alice, gd.id, season)).toEqual({ [alice.id]: 4 + 2, [bob.id]: 6, [carol.id]: 2 }),
    );
    expect(await table(alice, standard.id, season)).toEqual({ [alice.id]: 3 + 1, [bob.id]: 2, [carol.id]: 1 });
    expect(await table(alice, custom.id, season)).toEqual({ [alice.id]: 5 + 1, [bob.id]: 2, [carol.id]: 1 });
  });
});
