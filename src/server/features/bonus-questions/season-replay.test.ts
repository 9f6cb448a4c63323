import fs from 'node:fs';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import type { Question, QuestionList } from '../../../contract/bonus-questions.js';
import type { TablePage } from '../../../contract/leagues.js';

/**
 * The real 2025/26 season (all 380 results, from the project's built-in file read here as plain
 * JSON) fed through the result desk's route to a league with bonus questions: every question
 * about the final table settles itself on the last result, and every member's bonus points are
 * exactly what this file works out on its own: the final table from the raw results (3 points a
 * win, 1 a draw; goal difference, goals scored, then name), and each answer's points from it.
 */
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

/** The final table, worked out here without the app's code. */
function independentTable(): string[] {
  const lines = new Map<string, { points: number; scored: number; conceded: number }>();
  for (const m of matches) {
    const [h, a] = m.result!;
    const home = clubName.get(m.home)!;
    const away = clubName.get(m.away)!;
    for (const c of [home, away]) if (!lines.has(c)) lines.set(c, { points: 0, scored: 0, conceded: 0 });
    const hl = lines.get(home)!;
    const al = lines.get(away)!;
    hl.scored += h;
    hl.conceded += a;
    al.scored += a;
    al.conceded += h;
    if (h > a) hl.points += 3;
    else if (h < a) al.points += 3;
    else {
      hl.points += 1;
      al.points += 1;
    }
  }
  const gd = (c: string) => lines.get(c)!.scored - lines.get(c)!.conceded;
  return [...lines.keys()].sort(
    (x, y) =>
      lines.get(y)!.points - lines.get(x)!.points ||
      gd(y) - gd(x) ||
      lines.get(y)!.scored - lines.get(x)!.scored ||
      (x < y ? -1 : 1),
  );
}

const LOCK = '2025-08-15T12:00:00.000Z';
/** What each member answers (by club name, or place for a final position); Dani answers nothing. */
const ANSWERS: Record<string, Partial<Record<string, string[]>>> = {
  Ava: {
    champion: ['Arsenal FC'],
    relegated: ['Burnley FC', 'Wolverhampton Wanderers FC', 'West Ham United FC'],
    'top-four': ['Arsenal FC', 'Manchester City FC', 'Liverpool FC', 'Chelsea FC'],
    chelsea: ['10'],
    sunderland: ['17'],
    free: ['Yes'],
  },
  Ben: {
    champion: ['Liverpool FC'],
    relegated: ['Sunderland AFC', 'Leeds United FC', 'Burnley FC'],
    'top-four': ['Liverpool FC', 'Arsenal FC', 'Manchester City FC', 'Manchester United FC'],
    chelsea: ['4'],
    sunderland: ['20'],
    free: ['No'],
  },
  Cleo: {
    champion: ['Manchester City FC'],
    relegated: ['Wolverhampton Wanderers FC', 'Everton FC', 'Brentford FC'],
    'top-four': ['Manchester City FC', 'Aston Villa FC', 'Newcastle United FC', 'Tottenham Hotspur FC'],
    chelsea: ['10'],
    sunderland: ['7'],
  },
  Dani: {},
};
const POINTS = { champion: 10, relegated: 3, 'top-four': 2, chelsea: 5, sunderland: 4, free: 6 };

let t: TestApp;
const cookies: Record<string, string> = {};
let adminCookie = '';
const league = 'league-real-season';

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-01T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  for (const [i, m] of matches.entries()) {
    await buildFixture(db, {
      id: `m${i}`,
      homeTeam: clubName.get(m.home)!,
      awayTeam: clubName.get(m.away)!,
      kickoffAt: m.kickoffAt,
      localDate: m.date,
      localTime: m.time,
      gameweek: m.round,
      postponed: !m.time,
    });
  }
  t.app.deps.seasons.clear();
  const ids: Record<string, string> = {};
  for (const name of ['Organiser', ...Object.keys(ANSWERS)]) {
    const u = await buildUser(db, handle.dialect, { teamName: name, pastSeason: false });
    ids[name] = u.id;
    cookies[name] = await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET);
  }
  const admin = await buildUser(db, handle.dialect, { role: 'admin', pastSeason: false });
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  await db
    .insertInto('leagues')
    .values({
      id: league,
      name: 'Real Season',
      code: 'RLSNABCD',
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: ids.Organiser!,
      createdAt: '2025-08-01T12:00:00.000Z',
    })
    .execute();
  await db
    .insertInto('leagueMembers')
    .values(Object.values(ids).map((userId) => ({ leagueId: league, userId, joinedAt: '2025-08-01T12:00:00.000Z' })))
    .execute();
}, 120_000);
afterAll(async () => {
  await t?.close();
});

test(
  'the real 2025/26 season settles every final-table question, and the bonus points are exactly the independent count',
  { timeout: 240_000 },
  async () => {
    expect(matches.filter((m) => m.result)).toHaveLength(380);
    const url = `/api/leagues/${league}/questions`;
    const bodies: Record<string, object> = {
      champion: { kind: 'champion' },
      relegated: { kind: 'relegated' },
      'top-four': { kind: 'top-four' },
      chelsea: { kind: 'final-position', club: 'Chelsea FC' },
      sunderland: { kind: 'final-position', club: 'Sunderland AFC' },
      free: { kind: 'free', prompt: 'Will the opening match have more than three goals?', options: ['Yes', 'No'] },
    };
    const questions: Record<string, Question> = {};
    for (const [key, body] of Object.entries(bodies)) {
      const res = await t.request({
        method: 'POST',
        url,
        cookie: cookies.Organiser,
        payload: { season: '2025-26', points: POINTS[key as keyof typeof POINTS], locksAt: LOCK, ...body },
      });
      expect(res.statusCode, res.body).toBe(201);
      questions[key] = res.json().question;
    }
    expect(questions.champion!.options).toHaveLength(20);
    for (const [member, answers] of Object.entries(ANSWERS)) {
      for (const [key, picks] of Object.entries(answers)) {
        const q = questions[key]!;
        const res = await t.request({
          method: 'PUT',
          url: `${url}/${q.id}/answer`,
          cookie: cookies[member],
          payload: { choices: picks!.map((p) => q.options.indexOf(p)) },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
    }

    // The season is played: every result through the result desk's bulk save, a gameweek's worth at a time.
    t.clock.set('2026-05-30T12:00:00Z');
    for (let i = 0; i < matches.length; i += 60) {
      const results = matches
        .slice(i, i + 60)
        .map((m, j) => ({ fixtureId: `m${i + j}`, homeScore: m.result![0], awayScore: m.result![1] }));
      const res = await t.request({
        method: 'PUT',
        url: '/api/admin/results',
        cookie: adminCookie,
        payload: { results },
      });
      expect(res.statusCode, res.body).toBe(200);
    }
    await t.app.bonusResolver.idle();

    // The organiser settles the free question from the opening match, as read here.
    const [h, a] = matches[0]!.result!;
    const free = questions.free!;
    const settled = await t.request({
      method: 'PUT',
      url: `${url}/${free.id}/settlement`,
      cookie: cookies.Organiser,
      payload: { correct: [h + a > 3 ? 0 : 1], version: 0 },
    });
    expect(settled.statusCode, settled.body).toBe(200);

    const table = independentTable();
    expect(table).toHaveLength(20);
    const place = (club: string) => String(table.indexOf(club) + 1);
    const right: Record<string, string[]> = {
      champion: table.slice(0, 1),
      relegated: table.slice(17),
      'top-four': table.slice(0, 4),
      chelsea: [place('Chelsea FC')],
      sunderland: [place('Sunderland AFC')],
      free: [h + a > 3 ? 'Yes' : 'No'],
    };
    // Anchors from the data: Arsenal champions, Liverpool 4-2 Bournemouth on the opening night.
    expect(right.champion).toEqual(['Arsenal FC']);
    expect([clubName.get(matches[0]!.home), clubName.get(matches[0]!.away), h, a]).toEqual([
      'Liverpool FC',
      'AFC Bournemouth',
      4,
      2,
    ]);

    const listed = (
      await t.request({ method: 'GET', url: `${url}?season=2025-26`, cookie: cookies.Ava })
    ).json() as QuestionList;
    for (const [key, q] of Object.entries(questions)) {
      const now = listed.questions.find((x) => x.id === q.id)!;
      expect({ key, right: now.settlement!.correct.map((i) => now.options[i]).sort(), by: now.settlement!.by }).toEqual(
        { key, right: [...right[key]!].sort(), by: key === 'free' ? 'organiser' : 'results' },
      );
    }

    const expected: Record<string, number> = { Organiser: 0 };
    for (const [member, answers] of Object.entries(ANSWERS)) {
      expected[member] = Object.entries(answers).reduce(
        (sum, [key, picks]) =>
          sum + POINTS[key as keyof typeof POINTS] * picks!.filter((p) => right[key]!.includes(p)).length,
        0,
      );
    }
    const page = (
      await t.request({ method: 'GET', url: `/api/leagues/${league}/table?season=2025-26`, cookie: cookies.Ava })
    ).json() as TablePage;
    expect(Object.fromEntries(page.rows.map((r) => [r.displayName, r.bonus]))).toEqual(expected);
    // Nobody predicted a score: the points are the bonus points alone.
    expect(Object.fromEntries(page.rows.map((r) => [r.displayName, r.points]))).toEqual(expected);
    // Worked out by hand from the table: Ava 10 + 3×3 + 2×2 + 5 + 0 + 6, Ben 0 + 3 + 2×3 + 0 + 0 + 0, Cleo 0 + 3 + 2×2 + 5 + 4 + 0.
    expect(expected).toEqual({ Organiser: 0, Ava: 34, Ben: 9, Cleo: 16, Dani: 0 });
  },
);
