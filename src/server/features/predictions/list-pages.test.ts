import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { recountSeason } from '../../points/points-aggregate.js';
import { tierOf } from '../../../game/scoring.js';
import {
  PREDICTIONS_CURSOR_MESSAGE,
  PREDICTIONS_LIMIT_MESSAGE,
  PREDICTIONS_PAGE_MAX,
  encodePredictionsCursor,
  type MyPredictions,
} from '../../../contract/predictions.js';

/**
 * GET /api/predictions answers a bounded page (docs/decisions/0103-predictions-list-paged.md):
 * a player who predicted every match of the real 2025/26 season (380 matches, all with results,
 * a banker every gameweek) reads it in pages of at most 30 KB that together hold every pick exactly
 * once, newest first; a bad cursor or limit is a 400 that says what is wrong.
 */
const PAGE_BYTES_MAX = 30 * 1024;

interface RawMatch {
  round: number;
  date: string;
  time: string | null;
  kickoffAt: string | null;
  home: string;
  away: string;
  result?: [number, number];
}
const readJson = (name: string) =>
  JSON.parse(fs.readFileSync(new URL(`../../season-files/builtin/${name}`, import.meta.url), 'utf8'));
const matches = (readJson('2025-26.json') as { matches: RawMatch[] }).matches;
const clubName = new Map(
  (readJson('clubs.json') as { clubs: Array<{ key: string; name: string }> }).clubs.map((c) => [c.key, c.name]),
);

let t: TestApp;
let cookie = '';
let otherCookie = '';
/** Every pick's fixture id in the list's order, worked out here: predictedAt newest first, then fixture id. */
let expectedOrder: string[] = [];
const gameweekOf = new Map<string, number>();

beforeAll(async () => {
  t = await createTestApp({ now: '2026-06-01T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const player = await buildUser(db, handle.dialect, { pastSeason: false });
  const other = await buildUser(db, handle.dialect, { pastSeason: false });
  cookie = await buildSessionCookie(db, handle.dialect, player.id, config.AUTH_SECRET);
  otherCookie = await buildSessionCookie(db, handle.dialect, other.id, config.AUTH_SECRET);
  const now = new Date().toISOString();
  const fixtures = matches.map((m) => {
    const homeTeam = clubName.get(m.home)!;
    const awayTeam = clubName.get(m.away)!;
    // The import's own id (both clubs without spaces, then the date): as long as real ids get.
    const id = `${homeTeam.replace(/\s+/g, '')}_vs_${awayTeam.replace(/\s+/g, '')}_${m.date}`;
    gameweekOf.set(id, m.round);
    return {
      id,
      seasonId: TEST_SEASON,
      homeTeam,
      awayTeam,
      kickoffAt: m.kickoffAt,
      localDate: m.date,
      localTime: m.time,
      gameweek: m.round,
      league: 'Premier League',
      postponed: 0,
      createdAt: now,
      updatedAt: now,
      result: m.result!,
    };
  });
  for (let i = 0; i < fixtures.length; i += 100) {
    const batch = fixtures.slice(i, i + 100);
    await db
      .insertInto('fixtures')
      .values(batch.map(({ result: _result, ...f }) => f))
      .execute();
    await db
      .insertInto('results')
      .values(
        batch.map((f) => ({
          fixtureId: f.id,
          homeScore: f.result[0],
          awayScore: f.result[1],
          final: 1,
          source: 'admin' as const,
          updatedAt: now,
        })),
      )
      .execute();
  }
  // Picks of a gameweek share their instant (saved together), so the fixture id decides within it, across page ends too.
  const picks = fixtures.map((f, i) => {
    const pick = { homeScore: (i % 4) as number, awayScore: ((i + 1) % 3) as number };
    const banker = fixtures.find((g) => g.gameweek === f.gameweek) === f;
    const tier = tierOf(pick, { homeScore: f.result[0], awayScore: f.result[1] });
    const base = tier === 'exact' ? 3 : tier === 'wrong' ? 0 : 1;
    return {
      userId: player.id,
      fixtureId: f.id,
      ...pick,
      predictedAt: new Date(Date.UTC(2025, 7, 1) + f.gameweek * 3_600_000).toISOString(),
      points: banker ? base * 2 : base,
      outcome: tier === 'exact' ? ('exact' as const) : tier === 'wrong' ? ('wrong' as const) : ('outcome' as const),
      tier,
      banker: banker ? 1 : 0,
    };
  });
  for (let i = 0; i < picks.length; i += 100)
    await db
      .insertInto('predictions')
      .values(picks.slice(i, i + 100))
      .execute();
  await recountSeason(db, TEST_SEASON);
  expectedOrder = [...picks]
    .sort((a, b) =>
      a.predictedAt !== b.predictedAt
        ? b.predictedAt.localeCompare(a.predictedAt)
        : a.fixtureId < b.fixtureId
          ? -1
          : a.fixtureId > b.fixtureId
            ? 1
            : 0,
    )
    .map((p) => p.fixtureId);
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = (query: string, as = cookie) => t.request({ method: 'GET', url: `/api/predictions${query}`, cookie: as });

/** Every page from the first, following nextCursor; each answer's size in bytes beside its body. */
async function readAll(query: string): Promise<Array<{ bytes: number; body: MyPredictions }>> {
  const pages: Array<{ bytes: number; body: MyPredictions }> = [];
  let cursor: string | null = null;
  const sep = query ? '&' : '?';
  do {
    const res = await get(cursor === null ? query : `${query}${sep}cursor=${encodeURIComponent(cursor)}`);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json() as MyPredictions;
    pages.push({ bytes: Buffer.byteLength(res.body), body });
    cursor = body.nextCursor;
    expect(pages.length).toBeLessThanOrEqual(400);
  } while (cursor !== null);
  return pages;
}

describe('GET /api/predictions, a page at a time', () => {
  test('a whole season of 380 picks with bankers: every page ≤ 30 KB, together every pick once, newest first', async () => {
    const pages = await readAll('');
    expect(pages.length).toBe(Math.ceil(380 / PREDICTIONS_PAGE_MAX));
    for (const { bytes, body } of pages) {
      expect(bytes).toBeLessThanOrEqual(PAGE_BYTES_MAX);
      expect(body.predictions.length).toBeLessThanOrEqual(PREDICTIONS_PAGE_MAX);
      expect(body).toMatchObject({ season: TEST_SEASON, gameweek: null, limit: PREDICTIONS_PAGE_MAX });
    }
    const ids = pages.flatMap((p) => p.body.predictions.map((x) => x.fixture.id));
    expect(new Set(ids).size).toBe(380);
    expect(ids).toEqual(expectedOrder);
    // The pages carry everything the list always did: fixture with result, points, the banker marks.
    const all = pages.flatMap((p) => p.body.predictions);
    expect(all.filter((p) => p.prediction.banker)).toHaveLength(38);
    expect(all.every((p) => p.fixture.status === 'finished' && p.fixture.result?.final === true)).toBe(true);
    expect(all.every((p) => p.prediction.points !== null && p.prediction.outcome !== null)).toBe(true);
    expect(pages.at(-1)!.body.nextCursor).toBeNull();
  });

  test('smaller pages and one gameweek: the same picks in the same order', async () => {
    const small = await readAll('?limit=7');
    expect(small.every((p) => p.body.predictions.length <= 7 && p.body.limit === 7)).toBe(true);
    expect(small.flatMap((p) => p.body.predictions.map((x) => x.fixture.id))).toEqual(expectedOrder);

    const gw = await readAll('?gameweek=12&limit=3');
    const gw12 = expectedOrder.filter((id) => gameweekOf.get(id) === 12);
    expect(gw12).toHaveLength(10);
    expect(gw.map((p) => p.body.predictions.length)).toEqual([3, 3, 3, 1]);
    expect(gw.flatMap((p) => p.body.predictions.map((x) => x.fixture.id))).toEqual(gw12);
    expect(gw.every((p) => p.body.gameweek === 12)).toBe(true);

    // One gameweek in one request, as a screen would ask for it.
    const one = (await get('?gameweek=12')).json() as MyPredictions;
    expect(one.predictions.map((x) => x.fixture.id)).toEqual(gw12);
    expect(one.nextCursor).toBeNull();
  });

  test('another player’s cursor opens only their own list', async () => {
    const first = (await get('?limit=5')).json() as MyPredictions;
    const theirs = await get(`?cursor=${encodeURIComponent(first.nextCursor!)}`, otherCookie);
    expect(theirs.statusCode).toBe(200);
    expect((theirs.json() as MyPredictions).predictions).toEqual([]);
  });

  test('a bad cursor or limit is a 400 that says what is wrong', async () => {
    const refused = async (query: string, message: string, field: string) => {
      const res = await get(query);
      expect(res.statusCode, query).toBe(400);
      expect(res.json().error, query).toMatchObject({ code: 'validation_error', message, field });
    };
    for (const limit of ['0', '-1', `${PREDICTIONS_PAGE_MAX + 1}`, '1000000', '2.5', 'abc', ''])
      await refused(`?limit=${limit}`, PREDICTIONS_LIMIT_MESSAGE, 'limit');
    const notOurs = [
      'not a cursor',
      '!!!',
      btoa('hello'),
      btoa(JSON.stringify(['yesterday', 'ARS_CHE'])),
      btoa(JSON.stringify(['2025-08-01T00:00:00.000Z'])),
      btoa(JSON.stringify({ predictedAt: '2025-08-01T00:00:00.000Z', fixtureId: 'x' })),
      encodePredictionsCursor({ predictedAt: '2025-08-01T00:00:00.000Z', fixtureId: 'x'.repeat(201) }),
      'A'.repeat(5000),
      '',
    ];
    for (const cursor of notOurs)
      await refused(`?cursor=${encodeURIComponent(cursor)}`, PREDICTIONS_CURSOR_MESSAGE, 'cursor');
    // A well-formed cursor past the end is simply an empty last page.
    const end = encodePredictionsCursor({ predictedAt: '2000-01-01T00:00:00.000Z', fixtureId: 'zzz' });
    const empty = (await get(`?cursor=${end}`)).json() as MyPredictions;
    expect(empty).toMatchObject({ predictions: [], nextCursor: null });
  });
});
