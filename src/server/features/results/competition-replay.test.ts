import fs from 'node:fs';
import { DateTime } from 'luxon';
import { afterEach, describe, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';

/**
 * Replays the whole World Cup 2026 (104 matches: nine went to extra time, four of them to
 * penalties) and the whole Champions League 2025/26 (189 matches, two-legged ties, a pair that
 * meets twice in a season, the final not yet played in this snapshot) through the real routes:
 * players pick every match, name who goes through each tie where their score does not say it,
 * and bank one a round; the admin enters every result with its extra time and penalties; and a
 * league that counts the score after 90 minutes and one that counts it after extra time with
 * points for naming who goes through are checked against arithmetic done here, from the
 * built-in files read as plain JSON (not through the season code, the knockout rules or the
 * scoring module).
 */
type Pair = [number, number];
interface RawMatch {
  round: number;
  date: string;
  time: string | null;
  kickoffAt: string | null;
  utcOffset?: string;
  home: string | null;
  away: string | null;
  leg?: number;
  result?: Pair;
  extraTime?: Pair;
  penalties?: Pair;
}
interface RawSeason {
  competition: { key: string; timeZone: string | null };
  season: { key: string; label: string };
  rounds: Array<{ round: number; stage: string; knockout: boolean }>;
  matches: RawMatch[];
}
type Side = 'home' | 'away';
const readJson = (name: string) =>
  JSON.parse(fs.readFileSync(new URL(`../../season-files/builtin/${name}`, import.meta.url), 'utf8'));
const clubName = new Map(
  (readJson('clubs.json') as { clubs: Array<{ key: string; name: string }> }).clubs.map((c) => [c.key, c.name]),
);

const PATTERNS: Record<string, (m: RawMatch) => Pair> = {
  nilNil: () => [0, 0],
  oneNil: () => [1, 0],
  oneAll: () => [1, 1],
  // Changes with the round, so exact scores, differences, outcomes and misses all occur.
  byRound: (m) => [m.round % 3, (m.round + 1) % 3],
};

/** The kind of pick, written out here: both scores; else the same goal difference; else the same winner (or a draw). */
function kindOf(pick: Pair, score: Pair): 'exact' | 'difference' | 'outcome' | 'wrong' {
  if (pick[0] === score[0] && pick[1] === score[1]) return 'exact';
  if (pick[0] - pick[1] === score[0] - score[1]) return 'difference';
  const sign = (a: number, b: number) => Math.sign(a - b);
  return sign(pick[0], pick[1]) === sign(score[0], score[1]) ? 'outcome' : 'wrong';
}

/**
 * The team each player names to go through a tie where they must: after a predicted draw in a
 * one-match knockout, and in every second leg (where the aggregate decides). Elsewhere a
 * one-match knockout's predicted winner is the team they say goes through.
 */
const NAMED: Record<string, (m: RawMatch) => Side> = {
  nilNil: () => 'home',
  oneNil: () => 'away',
  oneAll: () => 'away',
  byRound: (m) => (m.round % 2 === 0 ? 'home' : 'away'),
};

/** Two leagues of the same players: the 90-minute score under our standard points, and the score after extra time under the goal-difference tiers with 2 points for naming who goes through. */
const LEAGUES = {
  ninety: { knockoutRule: 'ninety', points: { exact: 3, difference: 1, outcome: 1, wrong: 0 }, qualifierPoints: 0 },
  extraTime: {
    knockoutRule: 'extra-time',
    points: { exact: 4, difference: 3, outcome: 2, wrong: 0 },
    qualifierPoints: 2,
  },
} as const;
type LeagueKind = keyof typeof LEAGUES;

/** The score that counts, written out here: after extra time when the league says so and the match had it. */
const countingScore = (m: RawMatch, kind: LeagueKind): Pair =>
  kind === 'extraTime' && m.extraTime ? m.extraTime : m.result!;

let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function inBatches<T>(items: T[], size: number, fn: (item: T) => Promise<void>) {
  for (let i = 0; i < items.length; i += size) await Promise.all(items.slice(i, i + size).map(fn));
}

/**
 * Plays a season through the API and returns what each league's tables say beside what this file
 * works out. `zoneOf` converts a match's published local time to UTC independently of the converter.
 */
async function replay(file: string, opts: { start: string; end: string }) {
  const raw = readJson(file) as RawSeason;
  const seasonId = raw.season.key;
  t = await createTestApp({ now: opts.start, otherSeason: false });
  const app = t;
  const { db, handle, config } = app.app.deps;
  const now = new Date().toISOString();
  await db
    .insertInto('seasons')
    .values({
      id: seasonId,
      competitionId: raw.competition.key,
      label: raw.season.label,
      startDate: null,
      endDate: null,
      feedUrl: null,
      createdAt: now,
      updatedAt: now,
    })
    .execute();
  const stageOf = new Map(raw.rounds.map((r) => [r.round, r]));
  /** Whether a match decides a tie, written out here: a knockout round's one match, or its second leg. */
  const decides = (m: RawMatch): 'single' | 'second' | null =>
    !stageOf.get(m.round)!.knockout || m.leg === 1 ? null : m.leg === 2 ? 'second' : 'single';
  const ids = new Map<RawMatch, string>();
  for (const [i, m] of raw.matches.entries()) {
    const zone = m.utcOffset ? `UTC${m.utcOffset}` : raw.competition.timeZone!;
    const kickoffAt = m.time ? DateTime.fromISO(`${m.date}T${m.time}`, { zone }).toUTC().toISO() : null;
    expect(kickoffAt, `match ${i + 1}`).toBe(m.kickoffAt);
    const id = `${seasonId}-m${i}`;
    ids.set(m, id);
    await buildFixture(db, {
      id,
      seasonId,
      homeTeam: clubName.get(m.home!)!,
      awayTeam: clubName.get(m.away!)!,
      kickoffAt,
      localDate: m.date,
      localTime: m.time,
      gameweek: m.round,
      stage: stageOf.get(m.round)!.stage,
      ...(m.leg ? { leg: m.leg } : {}),
    });
  }
  app.app.deps.seasons.clear();

  const names = Object.keys(PATTERNS);
  const cookies: Record<string, string> = {};
  const userIds: Record<string, string> = {};
  for (const name of names) {
    const u = await buildUser(db, handle.dialect, { teamName: name, pastSeason: false });
    userIds[name] = u.id;
    cookies[name] = await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET);
  }
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);

  // Every player picks every match before the competition starts, and banks one match a round.
  for (const name of names) {
    await inBatches(raw.matches, 20, async (m) => {
      const [homeScore, awayScore] = PATTERNS[name]!(m);
      const role = decides(m);
      // Named where the score does not say it; a predicted winner of a one-match knockout says it.
      const qualifier =
        role === 'second' || (role === 'single' && homeScore === awayScore) ? NAMED[name]!(m) : undefined;
      const res = await app.request({
        method: 'PUT',
        url: `/api/predictions/${ids.get(m)}`,
        cookie: cookies[name],
        payload: { homeScore, awayScore, ...(qualifier ? { qualifier } : {}) },
      });
      expect(res.statusCode, res.body).toBe(200);
    });
  }
  const bankerOf = new Map<string, RawMatch>();
  const rounds = [...new Set(raw.matches.map((m) => m.round))];
  for (const round of rounds) {
    const inRound = raw.matches.filter((m) => m.round === round);
    for (const [i, name] of names.entries()) {
      const chosen = inRound[(round + i) % inRound.length]!;
      const res = await app.request({
        method: 'PUT',
        url: `/api/predictions/${ids.get(chosen)}/banker`,
        cookie: cookies[name],
      });
      expect(res.statusCode, res.body).toBe(200);
      bankerOf.set(`${name}:${round}`, chosen);
    }
  }

  const leagueIds = {} as Record<LeagueKind, string>;
  for (const [kind, league] of Object.entries(LEAGUES) as Array<[LeagueKind, (typeof LEAGUES)[LeagueKind]]>) {
    const { exact, difference, outcome } = league.points;
    const created = await app.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: cookies[names[0]!],
      payload: {
        name: `Replay ${kind}`,
        competition: raw.competition.key,
        knockoutRule: league.knockoutRule,
        qualifierPoints: league.qualifierPoints,
        scoring: { rule: { exact, difference, outcome }, bankersAllowed: true },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    expect(created.json().league.knockoutRule).toBe(league.knockoutRule);
    expect(created.json().league.qualifierPoints).toBe(league.qualifierPoints);
    leagueIds[kind] = created.json().league.id;
    for (const name of names.slice(1)) {
      const joined = await app.request({
        method: 'POST',
        url: '/api/leagues/join',
        cookie: cookies[name],
        payload: { code: created.json().league.code },
      });
      expect(joined.statusCode, joined.body).toBe(200);
    }
  }

  // The competition is played: the admin enters every result with its extra time and penalties.
  app.clock.set(opts.end);
  const played = raw.matches.filter((m) => m.result);
  await inBatches(played, 10, async (m) => {
    const pair = (p: Pair | undefined) => (p ? { homeScore: p[0], awayScore: p[1] } : null);
    const res = await app.request({
      method: 'PUT',
      url: `/api/admin/results/${ids.get(m)}`,
      cookie: adminCookie,
      payload: { ...pair(m.result)!, extraTime: pair(m.extraTime), penalties: pair(m.penalties) },
    });
    expect(res.statusCode, res.body).toBe(200);
  });

  /**
   * Who went through the tie a match decides, written out here: a one-match knockout's winner
   * after extra time, else on penalties; a second leg's by the goals of both legs (the second's
   * extra time included), else its shoot-out. Null for a match that decides nothing.
   */
  const winnerOf = (p: Pair): Side | null => (p[0] === p[1] ? null : p[0] > p[1] ? 'home' : 'away');
  const through = (m: RawMatch): Side | null => {
    const role = decides(m);
    if (!role || !m.result) return null;
    const play = m.extraTime ?? m.result;
    if (role === 'second') {
      const first = raw.matches.find(
        (f) => f.leg === 1 && f.round === m.round - 1 && f.home === m.away && f.away === m.home,
      )!;
      const goals: Pair = [play[0] + first.result![1], play[1] + first.result![0]];
      return winnerOf(goals) ?? winnerOf(m.penalties!);
    }
    return winnerOf(play) ?? winnerOf(m.penalties!);
  };
  /** The side a player's pick says goes through: named, else the predicted winner of a one-match knockout. */
  const picked = (name: string, m: RawMatch): Side | null => {
    const role = decides(m);
    const score = PATTERNS[name]!(m);
    if (role === 'second' || (role === 'single' && score[0] === score[1])) return NAMED[name]!(m);
    return role === 'single' ? winnerOf(score) : null;
  };
  /** What this file expects: each player's points in a league, over the season or one round. */
  const expected = (kind: LeagueKind, round?: number) =>
    Object.fromEntries(
      names.map((name) => [
        userIds[name]!,
        played
          .filter((m) => round === undefined || m.round === round)
          .reduce((sum, m) => {
            const pts = LEAGUES[kind].points[kindOf(PATTERNS[name]!(m), countingScore(m, kind))];
            const named = through(m) !== null && picked(name, m) === through(m) ? LEAGUES[kind].qualifierPoints : 0;
            return sum + pts * (bankerOf.get(`${name}:${m.round}`) === m ? 2 : 1) + named;
          }, 0),
      ]),
    );
  /** What the league's table says. */
  const table = async (kind: LeagueKind, round?: number) =>
    Object.fromEntries(
      (
        (
          await app.request({
            method: 'GET',
            url: `/api/leagues/${leagueIds[kind]}/table?season=${seasonId}${round === undefined ? '' : `&gameweek=${round}`}`,
            cookie: cookies[names[1]!],
          })
        ).json().rows as Array<{ userId: string; points: number }>
      ).map((r) => [r.userId, r.points]),
    );
  /** The overall leaderboard (no league: the 90-minute score, standard points, bankers doubled). */
  const overall = async () =>
    Object.fromEntries(
      (
        (
          await app.request({
            method: 'GET',
            url: `/api/leaderboard?season=${seasonId}&pageSize=100`,
            cookie: cookies[names[1]!],
          })
        ).json().rows as Array<{ userId: string; points: number }>
      ).map((r) => [r.userId, r.points]),
    );
  /** The league's all-seasons table (the competition's seasons added up in SQL, the qualifier points on top). */
  const allSeasons = async (kind: LeagueKind) =>
    Object.fromEntries(
      (
        (
          await app.request({
            method: 'GET',
            url: `/api/leagues/${leagueIds[kind]}/table?season=all`,
            cookie: cookies[names[1]!],
          })
        ).json().rows as Array<{ userId: string; points: number }>
      ).map((r) => [r.userId, r.points]),
    );
  return {
    raw,
    seasonId,
    names,
    userIds,
    cookies,
    ids,
    leagueIds,
    played,
    expected,
    table,
    overall,
    allSeasons,
    through,
    decides,
  };
}

describe('knockout competitions replayed through the API', () => {
  test(
    'the World Cup 2026: every table under the 90-minute rule and under the extra-time rule matches the count done here',
    { timeout: 300_000 },
    async () => {
      const r = await replay('world-cup-2026.json', { start: '2026-06-01T12:00:00Z', end: '2026-07-25T12:00:00Z' });
      expect(r.played).toHaveLength(104);
      expect(r.played.filter((m) => m.extraTime)).toHaveLength(9);
      expect(r.played.filter((m) => m.penalties)).toHaveLength(4);
      for (const kind of ['ninety', 'extraTime'] as const) {
        expect({ kind, rows: await r.table(kind) }).toEqual({ kind, rows: r.expected(kind) });
        for (const round of [18, 19, 23])
          expect({ kind, round, rows: await r.table(kind, round) }).toEqual({
            kind,
            round,
            rows: r.expected(kind, round),
          });
      }
      // The leagues differ by the matches that went to extra time and the teams named through: the rules really part.
      expect(r.expected('ninety')).not.toEqual(r.expected('extraTime'));
      expect(await r.overall()).toEqual(r.expected('ninety'));
      // One competition, one season: the all-seasons table is the season's, qualifier points included.
      expect(await r.allSeasons('extraTime')).toEqual(r.expected('extraTime'));
      // 32 ties decided (round of 32 to the final, the third-place play-off included); the penalties decided four.
      expect(r.played.filter((m) => r.through(m) !== null)).toHaveLength(32);

      // The final, Spain v Argentina: 0-0 after 90 minutes, 1-0 after extra time. Each player banked it (the round's only match).
      const final = r.raw.matches.at(-1)!;
      expect([clubName.get(final.home!), clubName.get(final.away!), final.result, final.extraTime]).toEqual([
        'Spain',
        'Argentina',
        [0, 0],
        [1, 0],
      ]);
      const ninety = await r.table('ninety', 23);
      const extra = await r.table('extraTime', 23);
      expect([ninety[r.userIds.nilNil!], ninety[r.userIds.oneNil!]]).toEqual([3 * 2, 0]);
      // After extra time 1-0: the 1-0 pick is exact (banked) and says Spain go through (+2, never doubled);
      // the 0-0 pick named Spain (home) too, so it keeps the 2 for that alone.
      expect([extra[r.userIds.nilNil!], extra[r.userIds.oneNil!]]).toEqual([2, 4 * 2 + 2]);

      // A member's picks in the league say what the tie added.
      const picks = (
        await t!.request({
          method: 'GET',
          url: `/api/leagues/${r.leagueIds.extraTime}/members/${r.userIds.oneAll}/picks?season=${r.seasonId}&gameweek=23`,
          cookie: r.cookies.nilNil,
        })
      ).json().picks as Array<{
        result: unknown;
        prediction: { points: number; qualifier: string; qualifierPoints: number | null };
      }>;
      // The result as the league counts it: after 90 minutes, and after extra time.
      expect(picks[0]?.result).toEqual({
        homeScore: 0,
        awayScore: 0,
        final: true,
        extraTime: { homeScore: 1, awayScore: 0 },
      });
      // 1-1 with Argentina named: 1-0 after extra time is wrong on both counts.
      expect(picks.map((p) => p.prediction)).toMatchObject([{ points: 0, qualifier: 'away', qualifierPoints: 0 }]);

      // The dashboard's positions read the same tables.
      const positions = (
        await t!.request({
          method: 'GET',
          url: `/api/leagues/positions?season=${r.seasonId}`,
          cookie: r.cookies.oneNil,
        })
      ).json().positions as Array<{ leagueId: string; points: number }>;
      expect(positions.find((p) => p.leagueId === r.leagueIds.extraTime)?.points).toBe(
        r.expected('extraTime')[r.userIds.oneNil!],
      );
      expect(positions.find((p) => p.leagueId === r.leagueIds.ninety)?.points).toBe(
        r.expected('ninety')[r.userIds.oneNil!],
      );
    },
  );

  test(
    'the Champions League 2025/26: two-legged ties, a pair that meets twice and the extra-time rule, every table matching the count done here',
    { timeout: 300_000 },
    async () => {
      const r = await replay('champions-league-2025-26.json', {
        start: '2025-09-01T12:00:00Z',
        end: '2026-06-01T12:00:00Z',
      });
      expect(r.raw.matches).toHaveLength(189);
      // The final of this snapshot has no result: its picks stay pending and count nowhere.
      expect(r.played).toHaveLength(188);
      expect(r.played.filter((m) => m.extraTime)).toHaveLength(2);
      expect(r.played.filter((m) => m.leg === 2)).toHaveLength(r.played.filter((m) => m.leg === 1).length);
      for (const kind of ['ninety', 'extraTime'] as const) {
        expect({ kind, rows: await r.table(kind) }).toEqual({ kind, rows: r.expected(kind) });
        // The play-offs' second legs (Juventus v Galatasaray went to extra time) and the round of 16's (Sporting v Bodø/Glimt).
        for (const round of [9, 10, 11, 12, 17])
          expect({ kind, round, rows: await r.table(kind, round) }).toEqual({
            kind,
            round,
            rows: r.expected(kind, round),
          });
      }
      expect(r.expected('ninety')).not.toEqual(r.expected('extraTime'));
      expect(await r.overall()).toEqual(r.expected('ninety'));
      expect(await r.allSeasons('extraTime')).toEqual(r.expected('extraTime'));
      expect(Object.values(await r.table('ninety', 17))).toEqual([0, 0, 0, 0]);
      // Ties decided at the second leg (play-offs to semi-finals), on aggregate: the first legs decide nothing.
      expect(r.played.filter((m) => r.through(m) !== null)).toHaveLength(r.played.filter((m) => m.leg === 2).length);
    },
  );
});
