import fs from 'node:fs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import type { MyPredictions } from '../../../contract/predictions.js';

/**
 * Replays the complete 2025/26 season (all 380 results, from the project's own built-in file,
 * read here as plain JSON rather than through the season code) through the real routes for
 * players whose predictions follow fixed patterns, each with a banker every gameweek, in three
 * leagues (our standard scoring, the goal-difference tiers with a bonus question the organiser
 * settles, a custom rule without bankers), and checks every total against arithmetic done in this
 * file (not the game's scoring module).
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

const PATTERNS: Record<string, (m: RawMatch) => [number, number]> = {
  alwaysDraw11: () => [1, 1],
  alwaysHome21: () => [2, 1],
  alwaysAway12: () => [1, 2], // the mirror of 2-1
  // A pick that changes with the round (0-1, 1-2, 2-0, …), so exact scores, outcomes and misses all occur.
  mirrorByRound: (m) => [m.round % 3, (m.round + 1) % 3],
};

/** The kind of pick, written out here: both scores; else the same goal difference (a draw is a draw); else the same winner. */
function kindOf(pick: [number, number], ft: [number, number]): 'exact' | 'difference' | 'outcome' | 'wrong' {
  if (pick[0] === ft[0] && pick[1] === ft[1]) return 'exact';
  if (pick[0] - pick[1] === ft[0] - ft[1]) return 'difference';
  const sign = (a: number, b: number) => (a > b ? 'H' : a < b ? 'A' : 'D');
  return sign(pick[0], pick[1]) === sign(ft[0], ft[1]) ? 'outcome' : 'wrong';
}

/** The three leagues' rules: points per kind of pick and whether a banker doubles them. */
const LEAGUE_RULES = {
  standard: { points: { exact: 3, difference: 1, outcome: 1, wrong: 0 }, bankers: true },
  goalDifference: { points: { exact: 4, difference: 3, outcome: 2, wrong: 0 }, bankers: true },
  custom: { points: { exact: 7, difference: 4, outcome: 1, wrong: 0 }, bankers: false },
} as const;

/** Overall (and a player's own card): 3 for an exact score, 1 for the right outcome, a banker doubled. */
function expectedPoints(pick: [number, number], ft: [number, number], banker: boolean): number {
  return LEAGUE_RULES.standard.points[kindOf(pick, ft)] * (banker ? 2 : 1);
}

/** The bonus question's points. */
const BONUS_POINTS = 5;

let t: TestApp;
const cookies: Record<string, string> = {};
const userIds: Record<string, string> = {};
let adminCookie = '';
const ids = new Map<RawMatch, string>();
/** Each player's banker of each round (`name:round`), as set through the route. */
const bankerOf = new Map<string, RawMatch>();

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-01T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  for (const name of Object.keys(PATTERNS)) {
    const u = await buildUser(db, handle.dialect, { teamName: name, pastSeason: false });
    userIds[name] = u.id;
    cookies[name] = await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET);
  }
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  for (const [i, m] of matches.entries()) {
    const id = `m${i}`;
    ids.set(m, id);
    // The UK wall-clock time converted here with luxon, independently of the converter (and checked against it).
    const kickoffAt = m.time
      ? DateTime.fromISO(`${m.date}T${m.time}`, { zone: 'Europe/London' }).toUTC().toISO()
      : null;
    expect(kickoffAt).toBe(m.kickoffAt);
    await buildFixture(db, {
      id,
      homeTeam: clubName.get(m.home)!,
      awayTeam: clubName.get(m.away)!,
      kickoffAt,
      localDate: m.date,
      localTime: m.time,
      gameweek: m.round,
      postponed: !m.time,
    });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

test(
  'replaying the real 2025/26 results gives exactly the independently computed totals, overall and in a league of each scoring rule, with bankers',
  { timeout: 300_000 },
  async () => {
    // Every player predicts every match that has a time, before the season starts.
    const open = matches.filter((m) => m.time);
    for (const [name, pattern] of Object.entries(PATTERNS)) {
      await inBatches(open, 20, async (m) => {
        const [homeScore, awayScore] = pattern(m);
        const res = await t.request({
          method: 'PUT',
          url: `/api/predictions/${ids.get(m)}`,
          cookie: cookies[name],
          payload: { homeScore, awayScore },
        });
        expect(res.statusCode, res.body).toBe(200);
      });
    }
    // A banker each gameweek, a different match of the round for each player; the first player moves theirs once in every round.
    const names = Object.keys(PATTERNS);
    const bankers = new Set<RawMatch>();
    for (let round = 1; round <= 38; round++) {
      const inRound = open.filter((m) => m.round === round);
      for (const [i, name] of names.entries()) {
        const chosen = inRound[(round + i * 3) % inRound.length]!;
        if (i === 0) {
          const first = inRound[(round + 5) % inRound.length]!;
          expect(
            (
              await t.request({
                method: 'PUT',
                url: `/api/predictions/${ids.get(first)}/banker`,
                cookie: cookies[name],
              })
            ).statusCode,
          ).toBe(200);
        }
        const res = await t.request({
          method: 'PUT',
          url: `/api/predictions/${ids.get(chosen)}/banker`,
          cookie: cookies[name],
        });
        expect(res.statusCode, res.body).toBe(200);
        bankers.add(chosen);
        bankerOf.set(`${name}:${round}`, chosen);
      }
    }
    // Three leagues of the four players, one per scoring rule.
    const leagueIds: Record<keyof typeof LEAGUE_RULES, string> = { standard: '', goalDifference: '', custom: '' };
    for (const [kind, rule] of Object.entries(LEAGUE_RULES) as Array<
      [keyof typeof LEAGUE_RULES, (typeof LEAGUE_RULES)[keyof typeof LEAGUE_RULES]]
    >) {
      const { exact, difference, outcome } = rule.points;
      const created = await t.request({
        method: 'POST',
        url: '/api/leagues',
        cookie: cookies[names[0]!],
        payload: {
          name: `Replay ${kind}`,
          scoring: { rule: { exact, difference, outcome }, bankersAllowed: rule.bankers },
        },
      });
      expect(created.statusCode, created.body).toBe(201);
      leagueIds[kind] = created.json().league.id;
      for (const name of names.slice(1)) {
        expect(
          (
            await t.request({
              method: 'POST',
              url: '/api/leagues/join',
              cookie: cookies[name],
              payload: { code: created.json().league.code },
            })
          ).statusCode,
        ).toBe(200);
      }
    }

    // A bonus question in the goal-difference league, answered before its lock: two players right, one wrong, one silent.
    const questionUrl = `/api/leagues/${leagueIds.goalDifference}/questions`;
    const asked = await t.request({
      method: 'POST',
      url: questionUrl,
      cookie: cookies[names[0]!],
      payload: {
        season: '2025-26',
        kind: 'free',
        prompt: 'More than three goals on the opening night?',
        options: ['Yes', 'No'],
        points: BONUS_POINTS,
        locksAt: '2025-08-15T17:00:00.000Z',
      },
    });
    expect(asked.statusCode, asked.body).toBe(201);
    const questionId = asked.json().question.id as string;
    const bonusAnswers: Record<string, number> = { alwaysDraw11: 0, alwaysHome21: 0, alwaysAway12: 1 };
    for (const [name, choice] of Object.entries(bonusAnswers)) {
      const res = await t.request({
        method: 'PUT',
        url: `${questionUrl}/${questionId}/answer`,
        cookie: cookies[name],
        payload: { choices: [choice] },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // The season is played: the admin enters every full-time score. A few are first entered wrongly and corrected.
    t.clock.set('2026-05-30T12:00:00Z');
    const played = matches.filter((m) => m.result);
    expect(played).toHaveLength(380);
    await inBatches(played.slice(0, 10), 5, async (m) => {
      const [h, a] = m.result!;
      const res = await t.request({
        method: 'PUT',
        url: `/api/admin/results/${ids.get(m)}`,
        cookie: adminCookie,
        payload: { homeScore: a + 1, awayScore: h },
      });
      expect(res.statusCode).toBe(200);
    });
    await inBatches(played, 10, async (m) => {
      const [homeScore, awayScore] = m.result!;
      const res = await t.request({
        method: 'PUT',
        url: `/api/admin/results/${ids.get(m)}`,
        cookie: adminCookie,
        payload: { homeScore, awayScore },
      });
      expect(res.statusCode, res.body).toBe(200);
    });

    // The organiser settles the question from the opening match, as read here.
    const [openerHome, openerAway] = matches[0]!.result!;
    const rightChoice = openerHome + openerAway > 3 ? 0 : 1;
    const settled = await t.request({
      method: 'PUT',
      url: `${questionUrl}/${questionId}/settlement`,
      cookie: cookies[names[0]!],
      payload: { correct: [rightChoice], version: 0 },
    });
    expect(settled.statusCode, settled.body).toBe(200);
    const bonusOf = (kind: keyof typeof LEAGUE_RULES, name: string) =>
      kind === 'goalDifference' && bonusAnswers[name] === rightChoice ? BONUS_POINTS : 0;

    for (const [name, pattern] of Object.entries(PATTERNS)) {
      const expected = { total: 0, exact: 0, outcome: 0, wrong: 0, pending: 0, byRound: new Map<number, number>() };
      for (const m of open) {
        if (!m.result) {
          expected.pending++;
          continue;
        }
        const kind = kindOf(pattern(m), m.result);
        const pts = expectedPoints(pattern(m), m.result, bankerOf.get(`${name}:${m.round}`) === m);
        expected.total += pts;
        expected[kind === 'difference' ? 'outcome' : kind]++;
        expected.byRound.set(m.round, (expected.byRound.get(m.round) ?? 0) + pts);
      }

      // The list answers a page at a time (decision 0103): every page, following nextCursor.
      const list: MyPredictions['predictions'] = [];
      for (let cursor: string | null = ''; cursor !== null;) {
        const res = await t.request({
          method: 'GET',
          url: `/api/predictions${cursor ? `?cursor=${encodeURIComponent(cursor)}` : ''}`,
          cookie: cookies[name],
        });
        const page = res.json() as MyPredictions;
        list.push(...page.predictions);
        cursor = page.nextCursor;
      }
      expect(list).toHaveLength(open.length);
      const got = { total: 0, exact: 0, outcome: 0, wrong: 0, pending: 0, byRound: new Map<number, number>() };
      for (const p of list) {
        if (p.prediction.outcome === null) {
          got.pending++;
          continue;
        }
        got.total += p.prediction.points!;
        got[p.prediction.outcome]++;
        got.byRound.set(p.fixture.gameweek!, (got.byRound.get(p.fixture.gameweek!) ?? 0) + p.prediction.points!);
      }
      expect({ name, ...got }).toEqual({ name, ...expected });
    }

    // Each league's table: every member's points under its rule, bankers doubled where it allows them, and
    // its bonus points (the season's table only: a question belongs to the season, not to a gameweek).
    for (const [kind, rule] of Object.entries(LEAGUE_RULES) as Array<
      [keyof typeof LEAGUE_RULES, (typeof LEAGUE_RULES)[keyof typeof LEAGUE_RULES]]
    >) {
      const want: Record<string, number> = {};
      const wantBonus: Record<string, number> = {};
      const wantRound: Record<string, number> = {};
      for (const [name, pattern] of Object.entries(PATTERNS)) {
        let sum = 0;
        let round7 = 0;
        for (const m of open) {
          if (!m.result) continue;
          const doubled = rule.bankers && bankerOf.get(`${name}:${m.round}`) === m;
          const pts = rule.points[kindOf(pattern(m), m.result)] * (doubled ? 2 : 1);
          sum += pts;
          if (m.round === 7) round7 += pts;
        }
        want[userIds[name]!] = sum + bonusOf(kind, name);
        wantBonus[userIds[name]!] = bonusOf(kind, name);
        wantRound[userIds[name]!] = round7;
      }
      const rowsOf = async (query: string, field: 'points' | 'bonus' = 'points') =>
        Object.fromEntries(
          (
            (
              await t.request({
                method: 'GET',
                url: `/api/leagues/${leagueIds[kind]}/table?season=2025-26${query}`,
                cookie: cookies[names[1]!],
              })
            ).json().rows as Array<{ userId: string; points: number; bonus: number }>
          ).map((r) => [r.userId, r[field]]),
        );
      expect({ kind, rows: await rowsOf('') }).toEqual({ kind, rows: want });
      expect({ kind, bonus: await rowsOf('', 'bonus') }).toEqual({ kind, bonus: wantBonus });
      expect({ kind, round: 7, rows: await rowsOf('&gameweek=7') }).toEqual({ kind, round: 7, rows: wantRound });
    }
    // The question counted for the two who answered it right.
    expect(Object.keys(bonusAnswers).filter((name) => bonusOf('goalDifference', name) > 0)).toHaveLength(2);

    // The overall leaderboard: the standard rule, every banker doubled, no bonus points.
    const board = (
      await t.request({
        method: 'GET',
        url: '/api/leaderboard?season=2025-26&pageSize=100',
        cookie: cookies[names[1]!],
      })
    ).json();
    const overall = Object.fromEntries(
      (board.rows as Array<{ userId: string; points: number }>)
        .filter((r) => Object.values(userIds).includes(r.userId))
        .map((r) => [r.userId, r.points]),
    );
    const wantOverall = Object.fromEntries(
      Object.entries(PATTERNS).map(([name, pattern]) => [
        userIds[name]!,
        open.reduce(
          (sum, m) =>
            sum + (m.result ? expectedPoints(pattern(m), m.result, bankerOf.get(`${name}:${m.round}`) === m) : 0),
          0,
        ),
      ]),
    );
    expect(overall).toEqual(wantOverall);
    expect(bankers.size).toBe(38 * names.length);

    // Known anchors from the data itself: opening night Liverpool 4-2 Bournemouth.
    const opener = matches[0]!;
    expect([clubName.get(opener.home), clubName.get(opener.away), opener.result]).toEqual([
      'Liverpool FC',
      'AFC Bournemouth',
      [4, 2],
    ]);
    // Every match was played and scored: nothing is left pending.
    expect(open).toHaveLength(380);
  },
);
