import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, test } from 'vitest';
import { fixtureId } from '../../../game/fixture-id.js';
import type { SeasonMatch } from '../../../game/season.js';
import { builtinMatches } from '../../season-files/test-support.js';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildPrediction } from '../../test/factories-game.js';
import { ensureBuiltInSeason } from '../../seasons/seed.js';

/**
 * A file never decides the future (docs/decisions/0100-file-never-decides-the-future.md). The
 * attack: with the clock on Saturday 28 November, a feed or an uploaded file moves Spurs v Fulham
 * (Wednesday 2 December) to Friday 27 November with 4-0. Before the defence the match was stored
 * as played, its picks scored and shown, its predictions closed. Now nothing of it is applied:
 * the move (with its score) waits for the admin on the feed panel; confirming applies it.
 * Through the real app against a real HTTP server on 127.0.0.1, on SQLite and PostgreSQL.
 */
const SEASON = '2026-27';
const NOW = '2026-11-28T12:00:00.000Z';
const FEED_ENV = { FEED_ALLOW_PRIVATE_ADDRESSES: 'true', FEED_TIMEOUT_SECONDS: '2' };

const all = builtinMatches(SEASON);
const SPURS_FULHAM = all.find((m) => m.home === 'Tottenham Hotspur FC' && m.away === 'Fulham FC')!;
const ID = fixtureId(SPURS_FULHAM.home, SPURS_FULHAM.away, SPURS_FULHAM.date);
const STORED_KICKOFF = '2026-12-02T20:00:00.000Z';

/** The season as an openfootball JSON file, Spurs v Fulham changed by `edit`. */
function seasonFile(edit: (m: SeasonMatch) => SeasonMatch = (m) => m): string {
  const matches = all.map((m) => (m === SPURS_FULHAM ? edit({ ...m }) : m));
  return JSON.stringify({
    name: 'English Premier League 2026/27',
    matches: matches.map((m) => ({
      round: `Matchday ${m.round}`,
      date: m.date,
      ...(m.time && !m.postponed ? { time: m.time } : {}),
      team1: m.home,
      team2: m.away,
      ...(m.result ? { score: { ft: m.result } } : {}),
      ...(m.postponed ? { status: 'postponed' } : {}),
    })),
  });
}
/** The attack's file: the 2 December match played on 27 November, 4-0. */
const ATTACK = seasonFile((m) => ({ ...m, date: '2026-11-27', time: '20:00', result: [4, 0] }));

let feedBody: string | null = null;
const sockets = new Set<Socket>();
let server: http.Server;
let feedUrl: string;

beforeAll(async () => {
  server = http.createServer((_req, res) => {
    if (feedBody === null) return res.writeHead(503).end('down');
    res.writeHead(200, { 'content-type': 'application/json' });
    res.end(feedBody);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  feedUrl = `http://127.0.0.1:${(server.address() as AddressInfo).port}/season.json`;
});
afterAll(async () => {
  for (const s of sockets) s.destroy();
  await new Promise((r) => server.close(r));
});

let t: TestApp;
let adminCookie: string;
let player: BuiltUser;
let playerCookie: string;
let other: BuiltUser;

beforeEach(async () => {
  feedBody = null;
  t = await createTestApp({ now: NOW, env: FEED_ENV });
  const { db, handle, config } = t.app.deps;
  await db.transaction().execute((trx) => ensureBuiltInSeason(trx, SEASON, new Date(NOW)));
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  player = await buildUser(db, handle.dialect);
  playerCookie = await buildSessionCookie(db, handle.dialect, player.id, config.AUTH_SECRET);
  other = await buildUser(db, handle.dialect);
  await buildPrediction(db, { userId: player.id, fixtureId: ID, homeScore: 4, awayScore: 0 });
  await buildPrediction(db, { userId: other.id, fixtureId: ID, homeScore: 1, awayScore: 1 });
});
afterEach(async () => {
  await t.close();
});

const admin = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: Record<string, unknown>) =>
  t.request({ method, url, cookie: adminCookie, ...(payload === undefined ? {} : { payload }) });
const syncNow = async () => {
  const res = await admin('POST', `/api/admin/seasons/${SEASON}/feed/sync`);
  expect(res.statusCode, res.body).toBe(200);
  return res.json().run as { outcome: string; message: string; changes: string[] };
};
const feedState = async () => (await admin('GET', `/api/admin/seasons/${SEASON}/feed`)).json();
const decide = (decision: 'confirm' | 'reject') =>
  admin('POST', `/api/admin/seasons/${SEASON}/moves/${ID}`, { decision });
const fixture = () => t.app.deps.db.selectFrom('fixtures').selectAll().where('id', '=', ID).executeTakeFirstOrThrow();
const result = () => t.app.deps.db.selectFrom('results').selectAll().where('fixtureId', '=', ID).executeTakeFirst();
const points = async (userId: string) =>
  (
    await t.app.deps.db
      .selectFrom('predictions')
      .select('points')
      .where('fixtureId', '=', ID)
      .where('userId', '=', userId)
      .executeTakeFirstOrThrow()
  ).points;

/** Everything the attack used to achieve, checked undone: kick-off, result, points, secrecy, open predictions. */
async function expectUntouched() {
  expect(await fixture()).toMatchObject({
    kickoffAt: STORED_KICKOFF,
    localDate: '2026-12-02',
    postponed: 0,
    predictionsLockedAt: null,
  });
  expect(await result()).toBeUndefined();
  expect(await points(player.id)).toBeNull();
  const shares = await t.request({ method: 'GET', url: `/api/pick-shares/${ID}`, cookie: playerCookie });
  expect(shares.statusCode, shares.body).toBe(200);
  expect(shares.json().shares).toEqual({ fixtureId: ID, available: false, opensAt: '2026-12-02T18:00:00.000Z' });
  const save = await t.request({
    method: 'PUT',
    url: `/api/predictions/${ID}`,
    cookie: playerCookie,
    payload: { homeScore: 4, awayScore: 0 },
  });
  expect(save.statusCode, save.body).toBe(200);
}

describe('a feed never decides the future', () => {
  test('moving an unplayed match into the past with 4-0 changes nothing until the admin confirms; then the move and the result apply', async () => {
    feedBody = ATTACK;
    expect((await admin('PUT', `/api/admin/seasons/${SEASON}/feed`, { feedUrl })).statusCode).toBe(200);
    const run = await syncNow();
    expect(run).toMatchObject({
      outcome: 'unchanged',
      message: "No changes; 1 move waiting for the admin's confirmation.",
    });
    expect(run.changes).toEqual([
      "Spurs v Fulham: the feed moves it from Wed 2 Dec 20:00 to Fri 27 Nov 20:00 with a result of 4-0, past its deadline before it has been played; it waits for the admin's confirmation",
    ]);
    await expectUntouched();

    // Listed for the admin: on the feed panel, the seasons list and the admin's to-do.
    const move = {
      fixtureId: ID,
      homeTeam: 'Tottenham Hotspur FC',
      awayTeam: 'Fulham FC',
      source: 'feed',
      status: 'pending',
      from: { kickoffAt: STORED_KICKOFF, postponed: false },
      to: { kickoffAt: '2026-11-27T20:00:00.000Z', postponed: false },
      result: { homeScore: 4, awayScore: 0 },
      decidedAt: null,
    };
    expect((await feedState()).moves).toEqual([expect.objectContaining(move)]);
    const seasons = (await admin('GET', '/api/admin/seasons')).json().seasons;
    expect(seasons.find((s: { id: string }) => s.id === SEASON)).toMatchObject({ pendingMoves: 1 });
    const todo = (await admin('GET', '/api/admin/awaiting-results')).json().seasons;
    expect(todo.find((s: { season: string }) => s.season === SEASON)).toMatchObject({ pendingMoves: 1 });

    // The next run proposes it again, still not applied, still one proposal (the three-way merge does not swallow it).
    expect(await syncNow()).toMatchObject({ outcome: 'unchanged' });
    await expectUntouched();
    expect((await feedState()).moves).toEqual([expect.objectContaining(move)]);

    // A player cannot settle it.
    const byPlayer = await t.request({
      method: 'POST',
      url: `/api/admin/seasons/${SEASON}/moves/${ID}`,
      cookie: playerCookie,
      payload: { decision: 'confirm' },
    });
    expect(byPlayer.statusCode).toBe(403);

    // The admin confirms: the move applies, and its result, since 27 November has passed.
    const confirmed = await decide('confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(confirmed.json().moves).toEqual([]);
    expect(await fixture()).toMatchObject({ kickoffAt: '2026-11-27T20:00:00.000Z', localDate: '2026-11-27' });
    expect(await result()).toMatchObject({ homeScore: 4, awayScore: 0, final: 1, source: 'feed' });
    expect(await points(player.id)).toBe(3);
    expect(await points(other.id)).toBe(0);
    expect((await decide('confirm')).statusCode).toBe(404);
    // The feed agrees with what is stored now.
    expect(await syncNow()).toMatchObject({ outcome: 'unchanged', message: 'No changes.' });
  });

  test('a move without a score closer than the deadline: held; rejected, it is shown as rejected on every run and never applied; another move is held again', async () => {
    // 13:30 today: inside the 2-hour deadline of the server's 12:00.
    feedBody = seasonFile((m) => ({ ...m, date: '2026-11-28', time: '13:30' }));
    await admin('PUT', `/api/admin/seasons/${SEASON}/feed`, { feedUrl });
    expect(await syncNow()).toMatchObject({ outcome: 'unchanged' });
    await expectUntouched();
    expect((await feedState()).moves).toEqual([expect.objectContaining({ status: 'pending', result: null })]);

    const rejected = await decide('reject');
    expect(rejected.statusCode, rejected.body).toBe(200);
    expect(rejected.json().moves).toEqual([
      expect.objectContaining({
        status: 'rejected',
        decidedAt: NOW,
        to: expect.objectContaining({ kickoffAt: '2026-11-28T13:30:00.000Z' }),
      }),
    ]);
    const again = await syncNow();
    expect(again.outcome).toBe('unchanged');
    expect(again.changes).toEqual([
      'Spurs v Fulham stays where it is: the admin rejected the move to Sat 28 Nov 13:30 that the feed still proposes',
    ]);
    await expectUntouched();
    expect((await feedState()).moves).toEqual([expect.objectContaining({ status: 'rejected' })]);
    expect((await decide('confirm')).statusCode).toBe(404);

    // The feed changes its mind: another move is news, held again.
    feedBody = seasonFile((m) => ({ ...m, date: '2026-11-28', time: '13:00' }));
    await syncNow();
    expect((await feedState()).moves).toEqual([
      expect.objectContaining({
        status: 'pending',
        to: expect.objectContaining({ kickoffAt: '2026-11-28T13:00:00.000Z' }),
      }),
    ]);
    // Confirmed, the match moves; it has not kicked off, so predictions close (deadline passed) and nothing is scored.
    expect((await decide('confirm')).statusCode).toBe(200);
    expect(await fixture()).toMatchObject({ kickoffAt: '2026-11-28T13:00:00.000Z' });
    expect(await result()).toBeUndefined();
    // The feed back on the stored schedule: nothing is held any longer.
    feedBody = seasonFile();
    await syncNow();
    expect((await feedState()).moves).toEqual([]);
  });

  test('a result whose move is confirmed before its new kick-off is not saved; a match changed since the proposal is not moved on the old word', async () => {
    feedBody = seasonFile((m) => ({ ...m, date: '2026-11-28', time: '13:00', result: [4, 0] }));
    await admin('PUT', `/api/admin/seasons/${SEASON}/feed`, { feedUrl });
    await syncNow();
    await expectUntouched();
    const confirmed = await decide('confirm');
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    expect(await fixture()).toMatchObject({ kickoffAt: '2026-11-28T13:00:00.000Z' });
    expect(await result()).toBeUndefined();
    expect(await points(player.id)).toBeNull();

    // Held again for another match, then the admin moves that match themselves: the proposal is stale.
    await t.app.deps.db
      .updateTable('fixtures')
      .set({ kickoffAt: STORED_KICKOFF, localDate: '2026-12-02', localTime: '20:00' })
      .where('id', '=', ID)
      .execute();
    feedBody = ATTACK;
    await syncNow();
    expect((await feedState()).moves).toHaveLength(1);
    await t.app.deps.db
      .updateTable('fixtures')
      .set({ kickoffAt: '2026-12-03T20:00:00.000Z', localDate: '2026-12-03' })
      .where('id', '=', ID)
      .execute();
    const stale = await decide('confirm');
    expect(stale.statusCode).toBe(409);
    expect(stale.json().error.code).toBe('move_stale');
    expect(await fixture()).toMatchObject({ kickoffAt: '2026-12-03T20:00:00.000Z' });
    expect(await result()).toBeUndefined();
    expect((await feedState()).moves).toEqual([]);
  });
});

describe('an uploaded file never decides the future', () => {
  test('a re-import moving an unplayed match into the past with 4-0: previewed as held, applied as held, confirmed by the admin', async () => {
    const body = { fileName: 'season.json', content: ATTACK };
    const preview = await admin('POST', `/api/admin/seasons/${SEASON}/reimport/preview`, body);
    expect(preview.statusCode, preview.body).toBe(200);
    expect(preview.json().report).toMatchObject({
      changes: [],
      held: [
        expect.stringContaining(
          'Spurs v Fulham: the file moves it from Wed 2 Dec 20:00 to Fri 27 Nov 20:00 with a result of 4-0',
        ),
      ],
      counts: { held: 1, results: 0 },
    });
    const applied = await admin('POST', `/api/admin/seasons/${SEASON}/reimport`, {
      ...body,
      planHash: preview.json().planHash,
    });
    expect(applied.statusCode, applied.body).toBe(200);
    await expectUntouched();
    expect((await feedState()).moves).toEqual([
      expect.objectContaining({ source: 'file', status: 'pending', result: { homeScore: 4, awayScore: 0 } }),
    ]);
    // The same file again: still held, once.
    expect((await admin('POST', `/api/admin/seasons/${SEASON}/reimport`, body)).statusCode).toBe(200);
    await expectUntouched();
    expect((await feedState()).moves).toHaveLength(1);

    expect((await decide('confirm')).statusCode).toBe(200);
    expect(await fixture()).toMatchObject({ kickoffAt: '2026-11-27T20:00:00.000Z' });
    expect(await result()).toMatchObject({ homeScore: 4, awayScore: 0, source: 'file' });
    expect(await points(player.id)).toBe(3);
  });

  test('rejected, the move of an uploaded file stays rejected when the file is imported again', async () => {
    const body = { fileName: 'season.json', content: ATTACK };
    expect((await admin('POST', `/api/admin/seasons/${SEASON}/reimport`, body)).statusCode).toBe(200);
    expect((await decide('reject')).statusCode).toBe(200);
    const again = await admin('POST', `/api/admin/seasons/${SEASON}/reimport/preview`, body);
    expect(again.json().report).toMatchObject({ held: [], changes: [] });
    expect(again.json().report.skipped).toContain(
      'Spurs v Fulham stays where it is: the admin rejected the move to Fri 27 Nov 20:00 that the file still proposes',
    );
    expect((await admin('POST', `/api/admin/seasons/${SEASON}/reimport`, body)).statusCode).toBe(200);
    await expectUntouched();
    expect((await feedState()).moves).toEqual([expect.objectContaining({ status: 'rejected' })]);
  });
});

describe('a failed feed run stays visible until a later run succeeds', () => {
  test('the panel, the seasons list and the to-do give the last failure, its time and reason; a successful run clears it', async () => {
    await admin('PUT', `/api/admin/seasons/${SEASON}/feed`, { feedUrl });
    const todoOf = async () =>
      (await admin('GET', '/api/admin/awaiting-results'))
        .json()
        .seasons.find((s: { season: string }) => s.season === SEASON);
    expect((await feedState()).lastFailure).toBeNull();
    expect((await todoOf()).feedFailure).toBeNull();

    feedBody = null; // the feed's server answers 503
    const failed = await syncNow();
    expect(failed).toMatchObject({ outcome: 'failed', message: expect.stringContaining('HTTP 503') });
    const state = await feedState();
    expect(state.lastFailure).toMatchObject({ outcome: 'failed', message: failed.message, startedAt: NOW });
    expect((await todoOf()).feedFailure).toEqual({ at: NOW, message: failed.message });

    // Still failing later: the latest failure is shown.
    t.clock.set('2026-11-28T13:00:00.000Z');
    const second = await syncNow();
    expect((await feedState()).lastFailure).toMatchObject({
      startedAt: '2026-11-28T13:00:00.000Z',
      message: second.message,
    });
    expect((await todoOf()).feedFailure).toMatchObject({ at: '2026-11-28T13:00:00.000Z' });

    // A run that succeeds clears it everywhere.
    feedBody = seasonFile();
    expect(await syncNow()).toMatchObject({ outcome: 'unchanged' });
    expect((await feedState()).lastFailure).toBeNull();
    expect((await todoOf()).feedFailure).toBeNull();
    const seasons = (await admin('GET', '/api/admin/seasons')).json().seasons;
    expect(seasons.find((s: { id: string }) => s.id === SEASON).lastRun).toMatchObject({ outcome: 'unchanged' });

    // A season whose feed was turned off has nothing to fix on the to-do.
    feedBody = null;
    await syncNow();
    await admin('PUT', `/api/admin/seasons/${SEASON}/feed`, { feedUrl: null });
    expect((await todoOf()).feedFailure).toBeNull();
  });
});
