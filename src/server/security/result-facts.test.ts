import { afterEach, describe, expect, it } from 'vitest';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { buildFixture } from '../test/factories-season.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * A result is a fact after the whistle (decision record 0012): no free points on
 * a known result. A final result cannot be saved before kick-off; a fixture with a result takes
 * no predictions; once a deadline has passed (and picks were shown) the fixture's predictions
 * stay closed, even if the match is moved later.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const NOW = '2025-08-20T12:00:00.000Z';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function world() {
  t = await createTestApp({ now: NOW });
  const { db, handle } = t.app.deps;
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const player = await buildUser(db, handle.dialect);
  return {
    t,
    db,
    admin: await buildSessionCookie(db, handle.dialect, admin.id, SECRET),
    player: await buildSessionCookie(db, handle.dialect, player.id, SECRET),
    playerId: player.id,
  };
}

describe('a final result', () => {
  it('cannot be saved before kick-off; the admin is told why', async () => {
    const w = await world();
    const f = await buildFixture(w.db, { kickoffAt: '2025-08-23T14:00:00.000Z' });
    const res = await w.t.request({
      method: 'PUT',
      url: `/api/admin/results/${f.id}`,
      cookie: w.admin,
      payload: { homeScore: 2, awayScore: 0 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'not_started',
      message: "This match hasn't kicked off yet. Its final result can be saved once it has started.",
    });
    expect(await w.db.selectFrom('results').selectAll().where('fixtureId', '=', f.id).execute()).toEqual([]);
  });

  it('can be saved once the match has started, and a live score too', async () => {
    const w = await world();
    const f = await buildFixture(w.db, { kickoffAt: '2025-08-20T11:30:00.000Z' });
    const live = await w.t.request({
      method: 'PUT',
      url: `/api/admin/live-scores/${f.id}`,
      cookie: w.admin,
      payload: { homeScore: 1, awayScore: 0 },
    });
    expect(live.statusCode).toBe(200);
    const final = await w.t.request({
      method: 'PUT',
      url: `/api/admin/results/${f.id}`,
      cookie: w.admin,
      payload: { homeScore: 2, awayScore: 0 },
    });
    expect(final.statusCode).toBe(200);
  });
});

describe('predictions', () => {
  it('are refused on a fixture that already has a result, even one whose deadline is ahead', async () => {
    const w = await world();
    const f = await buildFixture(w.db, { kickoffAt: '2025-08-30T14:00:00.000Z' });
    // A result that reached a future fixture (an import, a feed, a correction) is still a known result.
    await w.db
      .insertInto('results')
      .values({ fixtureId: f.id, homeScore: 3, awayScore: 1, final: 1, updatedAt: NOW })
      .execute();
    const res = await w.t.request({
      method: 'PUT',
      url: `/api/predictions/${f.id}`,
      cookie: w.player,
      payload: { homeScore: 3, awayScore: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'has_result',
      message: 'This match already has a result, so it takes no more predictions.',
    });
    expect(await w.db.selectFrom('predictions').selectAll().where('fixtureId', '=', f.id).execute()).toEqual([]);
  });

  it('stay closed for good once the deadline has passed, even after the admin moves the match later', async () => {
    const w = await world();
    // Kick-off in an hour: the deadline passed an hour ago and the picks are visible to members.
    const f = await buildFixture(w.db, {
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
      kickoffAt: '2025-08-20T13:00:00.000Z',
      localDate: '2025-08-20',
      localTime: '14:00',
    });
    const moved = await w.t.request({
      method: 'PUT',
      url: `/api/admin/fixtures/${f.id}`,
      cookie: w.admin,
      payload: { homeTeam: 'Everton FC', awayTeam: 'Fulham FC', date: '2025-08-27', time: '20:00' },
    });
    expect(moved.statusCode).toBe(200);
    const res = await w.t.request({
      method: 'PUT',
      url: `/api/predictions/${f.id}`,
      cookie: w.player,
      payload: { homeScore: 1, awayScore: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error).toEqual({
      code: 'deadline_passed',
      message:
        'Predictions for this match closed at its original deadline and stay closed, although it has been moved.',
    });
    expect(await w.db.selectFrom('predictions').selectAll().where('fixtureId', '=', f.id).execute()).toEqual([]);
    // The board shows it closed too.
    const board = await w.t.request({ method: 'GET', url: '/api/predictions/board?gameweek=1', cookie: w.player });
    const row = (board.json().matches as Array<{ fixture: { id: string }; window: string }>).find(
      (m) => m.fixture.id === f.id,
    );
    expect(row?.window).toBe('closed');
  });

  it('stay closed when an import moves the kick-off later on the same day', async () => {
    const w = await world();
    const f = await buildFixture(w.db, {
      id: 'EvertonFC_vs_FulhamFC_2025-08-20',
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
      kickoffAt: '2025-08-20T13:00:00.000Z',
      localDate: '2025-08-20',
      localTime: '14:00',
    });
    const content = JSON.stringify({
      name: 'Moved',
      matches: [{ round: 'Matchday 1', date: '2025-08-20', time: '21:00', team1: 'Everton FC', team2: 'Fulham FC' }],
    });
    const imported = await w.t.request({
      method: 'POST',
      url: '/api/admin/fixtures/import-file',
      cookie: w.admin,
      payload: { fileName: 'moved.json', content },
    });
    expect(imported.statusCode).toBe(200);
    const row = await w.db
      .selectFrom('fixtures')
      .select(['kickoffAt'])
      .where('id', '=', f.id)
      .executeTakeFirstOrThrow();
    expect(row.kickoffAt).toBe('2025-08-20T20:00:00.000Z');
    const res = await w.t.request({
      method: 'PUT',
      url: `/api/predictions/${f.id}`,
      cookie: w.player,
      payload: { homeScore: 1, awayScore: 1 },
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().error.code).toBe('deadline_passed');
  });

  it('stay open when a match is moved before its deadline has passed', async () => {
    const w = await world();
    const f = await buildFixture(w.db, {
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
      kickoffAt: '2025-08-23T14:00:00.000Z',
      localDate: '2025-08-23',
      localTime: '15:00',
    });
    const moved = await w.t.request({
      method: 'PUT',
      url: `/api/admin/fixtures/${f.id}`,
      cookie: w.admin,
      payload: { homeTeam: 'Everton FC', awayTeam: 'Fulham FC', date: '2025-08-24', time: '16:30' },
    });
    expect(moved.statusCode).toBe(200);
    const res = await w.t.request({
      method: 'PUT',
      url: `/api/predictions/${f.id}`,
      cookie: w.player,
      payload: { homeScore: 2, awayScore: 2 },
    });
    expect(res.statusCode).toBe(200);
  });
});
