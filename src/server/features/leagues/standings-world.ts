import { expect } from 'vitest';
import type { LightMyRequestResponse } from 'fastify';
import type { TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture, TEST_SEASON } from '../../test/factories-season.js';
import { pickPoints, tierOf, type ScoringRule } from '../../../game/scoring.js';

/**
 * A small league built through the real routes, and what every screen should say about it counted
 * independently from the raw picks and results with src/game/scoring.ts only (the tests of the
 * one standings rule, decision 0102): the league's tables (season, each gameweek, all seasons),
 * the dashboard's positions, each gameweek summary, the live table and the league's rank history.
 */
export interface LeagueSpec {
  rule: ScoringRule;
  bankersAllowed: boolean;
  /** Team names of the members; the first creates the league. */
  names: string[];
  /** Per gameweek (1, 2, 3…), its matches. */
  gameweeks: MatchSpec[][];
  questions: QuestionSpec[];
}
export interface MatchSpec {
  /** Per member (by index), a pick or null. */
  picks: Array<[number, number] | null>;
  /** The final result, then a correction, or no result. */
  results: Array<[number, number]>;
}
export interface QuestionSpec {
  points: number;
  /** Per member, an option (0–2) or null. */
  answers: Array<number | null>;
  correct: number;
}
/** Per member and gameweek, which of the gameweek's matches is their banker (null: none). */
export type Bankers = Array<Array<number | null>>;

export const SEASON_START = '2025-08-10T12:00:00Z';
/** After every match of the world and its live window. */
export const AFTER_MATCHES = '2025-10-20T12:00:00Z';
const LOCK = '2025-08-14T12:00:00.000Z';
const CLUBS = [
  'Arsenal FC',
  'Aston Villa FC',
  'Brentford FC',
  'Burnley FC',
  'Chelsea FC',
  'Everton FC',
  'Fulham FC',
  'Liverpool FC',
];

export interface Member {
  id: string;
  name: string;
  cookie: string;
}

export interface BuiltLeague {
  leagueId: string;
  members: Member[];
  admin: string;
}

const ok = (res: LightMyRequestResponse, status = 200) => {
  expect(res.statusCode, res.body).toBe(status);
  return res.json();
};

/** Builds the league of `spec` through the routes (picks, bankers, answers, settlements, results and corrections). */
export async function buildLeagueWorld(t: TestApp, spec: LeagueSpec, bankers: Bankers): Promise<BuiltLeague> {
  const { db, handle, config } = t.app.deps;
  t.clock.set(SEASON_START);
  const session = (id: string) => buildSessionCookie(db, handle.dialect, id, config.AUTH_SECRET);
  const adminUser = await buildUser(db, handle.dialect, { role: 'admin' });
  const admin = await session(adminUser.id);
  const members: Member[] = [];
  for (const name of spec.names) {
    const u = await buildUser(db, handle.dialect, { teamName: name });
    members.push({ id: u.id, name, cookie: await session(u.id) });
  }
  const call = (cookie: string, method: 'GET' | 'PUT' | 'POST', url: string, payload?: object) =>
    t.request({ method, url, cookie, ...(payload ? { payload } : {}) });

  const created = ok(
    await call(members[0]!.cookie, 'POST', '/api/leagues', {
      name: 'Standings',
      scoring: { rule: spec.rule, bankersAllowed: spec.bankersAllowed },
    }),
    201,
  );
  const leagueId: string = created.league.id;
  for (const m of members.slice(1))
    ok(await call(m.cookie, 'POST', '/api/leagues/join', { code: created.league.code }));

  // The matches: every pair of clubs once, a week per gameweek.
  const pairs: Array<[string, string]> = [];
  for (const home of CLUBS) for (const away of CLUBS) if (home !== away) pairs.push([home, away]);
  const fixtures: string[][] = [];
  let n = 0;
  for (const [g, matches] of spec.gameweeks.entries()) {
    const ids: string[] = [];
    for (const [j] of matches.entries()) {
      const [homeTeam, awayTeam] = pairs[n++]!;
      const kickoffAt = new Date(Date.parse('2025-08-16T11:00:00Z') + g * 7 * 86_400_000 + j * 3_600_000);
      const f = await buildFixture(db, { homeTeam, awayTeam, gameweek: g + 1, kickoffAt: kickoffAt.toISOString() });
      ids.push(f.id);
    }
    fixtures.push(ids);
  }

  for (const [g, matches] of spec.gameweeks.entries())
    for (const [j, match] of matches.entries())
      for (const [i, pick] of match.picks.entries()) {
        if (!pick) continue;
        const url = `/api/predictions/${fixtures[g]![j]}`;
        ok(await call(members[i]!.cookie, 'PUT', url, { homeScore: pick[0], awayScore: pick[1] }));
        if (bankers[i]?.[g] === j) ok(await call(members[i]!.cookie, 'PUT', `${url}/banker`));
      }

  const questions: string[] = [];
  for (const q of spec.questions) {
    const body = { season: TEST_SEASON, kind: 'free', prompt: 'Who?', options: ['A', 'B', 'C'], points: q.points };
    const added = ok(
      await call(members[0]!.cookie, 'POST', `/api/leagues/${leagueId}/questions`, { ...body, locksAt: LOCK }),
      201,
    );
    questions.push(added.question.id);
    for (const [i, choice] of q.answers.entries())
      if (choice !== null)
        ok(
          await call(members[i]!.cookie, 'PUT', `/api/leagues/${leagueId}/questions/${added.question.id}/answer`, {
            choices: [choice],
          }),
        );
  }

  t.clock.set(AFTER_MATCHES);
  for (const [k, q] of spec.questions.entries())
    ok(
      await call(members[0]!.cookie, 'PUT', `/api/leagues/${leagueId}/questions/${questions[k]}/settlement`, {
        correct: [q.correct],
        version: 0,
      }),
    );
  for (const [g, matches] of spec.gameweeks.entries())
    for (const [j, match] of matches.entries())
      for (const [homeScore, awayScore] of match.results)
        ok(await call(admin, 'PUT', `/api/admin/results/${fixtures[g]![j]}`, { homeScore, awayScore }));
  return { leagueId, members, admin };
}

/** What every screen should say, counted from the spec alone. */
export interface Expected {
  /** Per member: season points (bonus included), bonus, and per gameweek their points and whether they had a scored pick. */
  season: number[];
  bonus: number[];
  gameweek: number[][];
  scoredIn: boolean[][];
  /** Gameweeks (1-based) with at least one final result. */
  withResults: number[];
  /** Points of the test world's other season under the league's rule (an exact score each). */
  otherSeason: number;
}

export function expectedOf(spec: LeagueSpec, bankers: Bankers): Expected {
  const n = spec.names.length;
  const gameweek = spec.gameweeks.map(() => new Array<number>(n).fill(0));
  const scoredIn = spec.gameweeks.map(() => new Array<boolean>(n).fill(false));
  for (const [g, matches] of spec.gameweeks.entries())
    for (const [j, match] of matches.entries()) {
      const final = match.results.at(-1);
      if (!final) continue;
      for (const [i, pick] of match.picks.entries()) {
        if (!pick) continue;
        const tier = tierOf({ homeScore: pick[0], awayScore: pick[1] }, { homeScore: final[0], awayScore: final[1] });
        gameweek[g]![i]! += pickPoints(tier, spec.rule, {
          banker: bankers[i]?.[g] === j,
          bankersCount: spec.bankersAllowed,
        });
        scoredIn[g]![i] = true;
      }
    }
  const bonus = spec.names.map((_, i) =>
    spec.questions.reduce((sum, q) => sum + (q.answers[i] === q.correct ? q.points : 0), 0),
  );
  const season = spec.names.map((_, i) => bonus[i]! + gameweek.reduce((sum, week) => sum + week[i]!, 0));
  const withResults = spec.gameweeks.flatMap((m, g) => (m.some((x) => x.results.length > 0) ? [g + 1] : []));
  return { season, bonus, gameweek, scoredIn, withResults, otherSeason: spec.rule.exact };
}

/**
 * The documented order, written here without src/game/ranking.ts: points descending, then the
 * name lower-cased, decomposed and stripped of its marks, compared by code point, then the id.
 */
export function expectedOrder(rows: Array<{ userId: string; name: string; points: number }>) {
  const key = (s: string) =>
    Array.from(s.toLowerCase().normalize('NFKD').replace(/\p{M}/gu, ''), (c) => c.codePointAt(0)!);
  const byPoints = (a: number[], b: number[]) => {
    for (let i = 0; i < Math.min(a.length, b.length); i++) if (a[i] !== b[i]) return a[i]! - b[i]!;
    return a.length - b.length;
  };
  const sorted = [...rows].sort(
    (a, b) => b.points - a.points || byPoints(key(a.name), key(b.name)) || byPoints(key(a.userId), key(b.userId)),
  );
  return sorted.map((r) => ({
    userId: r.userId,
    points: r.points,
    rank: 1 + rows.filter((o) => o.points > r.points).length,
  }));
}

interface Row {
  userId: string;
  rank: number;
  position: number;
  points: number;
  bonus: number;
}

export async function get(t: TestApp, cookie: string, url: string) {
  const res = await t.request({ method: 'GET', url, cookie });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(200);
  return res.json();
}

/** Expected table rows in the documented order from points per member. */
function ordered(built: BuiltLeague, points: number[]) {
  return expectedOrder(built.members.map((m, i) => ({ userId: m.id, name: m.name, points: points[i]! })));
}

const rankOf = (points: number[], i: number) => 1 + points.filter((p) => p > points[i]!).length;

/** Reads every view of the league as each member and holds it to `exp`. */
export async function checkEveryView(t: TestApp, built: BuiltLeague, exp: Expected) {
  const { leagueId, members } = built;
  const viewer = members[0]!.cookie;
  const table = (query: string) =>
    get(t, viewer, `/api/leagues/${leagueId}/table?pageSize=100&${query}`) as Promise<{ rows: Row[] }>;
  const shape = (rows: Row[]) => rows.map((r) => ({ userId: r.userId, points: r.points, rank: r.rank }));
  const weeks = exp.gameweek.length;

  // The season's table: the rule, bankers, bonus points; ordered, ranked and numbered.
  const season = await table(`season=${TEST_SEASON}`);
  expect(shape(season.rows), 'season table').toEqual(ordered(built, exp.season));
  expect(season.rows.map((r) => r.position)).toEqual(members.map((_, i) => i + 1));
  expect(Object.fromEntries(season.rows.map((r) => [r.userId, r.bonus]))).toEqual(
    Object.fromEntries(members.map((m, i) => [m.id, exp.bonus[i]])),
  );
  // Each gameweek's table: its points only, no bonus.
  for (let g = 1; g <= weeks; g++) {
    const week = await table(`season=${TEST_SEASON}&gameweek=${g}`);
    expect(shape(week.rows), `gameweek ${g} table`).toEqual(ordered(built, exp.gameweek[g - 1]!));
  }
  // Every season added up: the other season's exact score under the league's rule.
  const all = await table('season=all');
  expect(shape(all.rows), 'all-seasons table').toEqual(
    ordered(
      built,
      exp.season.map((p) => p + exp.otherSeason),
    ),
  );
  // The live table with nothing in play is the season's table.
  const live = (await get(t, viewer, `/api/leagues/${leagueId}/live-table?pageSize=100`)) as {
    season: string;
    rows: Array<{ userId: string; rank: number; points: number }>;
  };
  expect(live.season).toBe(TEST_SEASON);
  expect(
    live.rows.map((r) => ({ userId: r.userId, points: r.points, rank: r.rank })),
    'live table',
  ).toEqual(shape(season.rows));

  // The place after gameweek g: the season's table without the later gameweeks' points.
  const after = (g: number) =>
    exp.season.map((p, i) => p - exp.gameweek.slice(g).reduce((sum, week) => sum + week[i]!, 0));
  const latest = exp.withResults.at(-1) ?? null;
  const change = (previous: number | null, now: number) =>
    previous === null || previous === now ? 'same' : now < previous ? 'up' : 'down';
  for (const [i, m] of members.entries()) {
    const tableRow = season.rows.find((r) => r.userId === m.id)!;
    // The dashboard's positions: the table's place and total, the move since the gameweek before the latest.
    const { positions } = await get(t, m.cookie, `/api/leagues/positions?season=${TEST_SEASON}`);
    const previous = latest !== null && exp.withResults.length > 1 ? rankOf(after(latest - 1), i) : null;
    expect(positions, `positions of ${m.name}`).toEqual([
      {
        leagueId,
        name: 'Standings',
        position: tableRow.rank,
        memberCount: members.length,
        points: tableRow.points,
        change: change(previous, tableRow.rank),
      },
    ]);
    // Each gameweek's summary: the place and total after it, and the move since the one before.
    for (let g = 1; g <= weeks; g++) {
      const summary = await get(t, m.cookie, `/api/me/gameweeks/${g}/summary?season=${TEST_SEASON}`);
      const earlier = exp.withResults.some((w) => w < g);
      const position = rankOf(after(g), i);
      const before = earlier ? rankOf(after(g - 1), i) : null;
      expect(summary.leagues, `summary of gameweek ${g} for ${m.name}`).toEqual([
        {
          leagueId,
          name: 'Standings',
          position,
          previousPosition: before,
          change: earlier ? change(before, position) : 'same',
          memberCount: members.length,
          points: after(g)[i],
        },
      ]);
      // After the latest gameweek with results the summary says what the table says.
      if (g >= (latest ?? 0)) expect([position, after(g)[i]]).toEqual([tableRow.rank, tableRow.points]);
    }
    // The league's rank history: each gameweek with results from the member's first scored one on
    // (gameweeks between without results as empty entries), ranked among the members who scored in it.
    const { statistics } = await get(t, m.cookie, `/api/me/statistics?season=${TEST_SEASON}&league=${leagueId}`);
    const first = exp.withResults.find((g) => exp.scoredIn[g - 1]![i]);
    const history = [];
    for (let g = first ?? weeks + 1; g <= (exp.withResults.at(-1) ?? 0); g++) {
      if (!exp.withResults.includes(g)) {
        history.push({ gameweek: g, rank: null, points: 0, players: 0 });
        continue;
      }
      const scored = members.map((_, k) => exp.scoredIn[g - 1]![k]!);
      const points = exp.gameweek[g - 1]!;
      const above = points.filter((p, k) => scored[k] && p > points[i]!).length;
      history.push({
        gameweek: g,
        rank: scored[i] ? above + 1 : null,
        points: points[i],
        players: scored.filter(Boolean).length,
      });
    }
    expect(statistics.rankHistory, `rank history of ${m.name}`).toEqual(history);
  }
}
