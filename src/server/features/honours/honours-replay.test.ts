import fs from 'node:fs';
import { DateTime } from 'luxon';
import { afterAll, beforeAll, expect, test } from 'vitest';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';
import { buildFixture } from '../../test/factories-season.js';
import type {
  LeagueArchive,
  LeagueHonours,
  Outlook,
  OverallOutlook,
  TrophyCabinet,
} from '../../../contract/honours.js';

/**
 * Replays the first eight rounds of the real 2025/26 results (the project's built-in file, read
 * here as plain JSON) through the routes for a small league on the goal-difference rule with
 * bankers, and checks what can still happen at a point in the middle of a round, then every
 * gameweek's and month's winners, the champions and runners-up, against counts written in this
 * file (not the game's modules).
 */
interface RawMatch {
  round: number;
  time: string | null;
  date: string;
  kickoffAt: string | null;
  home: string;
  away: string;
  result?: [number, number];
}
const readJson = (name: string) =>
  JSON.parse(fs.readFileSync(new URL(`../../season-files/builtin/${name}`, import.meta.url), 'utf8'));
const ROUNDS = 8;
const matches = (readJson('2025-26.json') as { matches: RawMatch[] }).matches.filter(
  (m) => m.round <= ROUNDS && m.time && m.result,
);
const clubName = new Map(
  (readJson('clubs.json') as { clubs: Array<{ key: string; name: string }> }).clubs.map((c) => [c.key, c.name]),
);
const kickoff = (m: RawMatch) => DateTime.fromISO(`${m.date}T${m.time}`, { zone: 'Europe/London' }).toUTC().toMillis();
const HOUR = 3_600_000;
const deadline = (m: RawMatch) => kickoff(m) - 2 * HOUR;

/** Each player's pick of a match, or none (the draw player skips round 5). */
const PATTERNS: Record<string, (m: RawMatch) => [number, number] | null> = {
  home: () => [2, 1],
  draw: (m) => (m.round === 5 ? null : [1, 1]),
  mirror: (m) => [m.round % 3, (m.round + 1) % 3],
};
const NAMES = Object.keys(PATTERNS);
/** The goal-difference rule, written out: 4 exact, 3 goal difference, 2 outcome; a banker doubles. */
function points(pick: [number, number], ft: [number, number]): number {
  if (pick[0] === ft[0] && pick[1] === ft[1]) return 4;
  if (pick[0] - pick[1] === ft[0] - ft[1]) return 3;
  const sign = (a: number, b: number) => Math.sign(a - b);
  return sign(pick[0], pick[1]) === sign(ft[0], ft[1]) ? 2 : 0;
}

let t: TestApp;
const cookies: Record<string, string> = {};
const userIds: Record<string, string> = {};
const ids = new Map<RawMatch, string>();
const bankerOf = new Map<string, RawMatch>();
let adminCookie = '';
let leagueId = '';

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-01T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  for (const name of NAMES) {
    const u = await buildUser(db, handle.dialect, { teamName: `Team ${name}`, pastSeason: false });
    userIds[name] = u.id;
    cookies[name] = await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET);
  }
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, config.AUTH_SECRET);
  for (const [i, m] of matches.entries()) {
    ids.set(m, `h${i}`);
    await buildFixture(db, {
      id: `h${i}`,
      homeTeam: clubName.get(m.home)!,
      awayTeam: clubName.get(m.away)!,
      kickoffAt: new Date(kickoff(m)).toISOString(),
      localDate: m.date,
      localTime: m.time,
      gameweek: m.round,
    });
  }
}, 120_000);
afterAll(async () => {
  await t?.close();
});

const get = async <T>(url: string, name: string, status = 200): Promise<T> => {
  const res = await t.request({ method: 'GET', url, cookie: cookies[name] });
  expect(res.statusCode, `${url}: ${res.body}`).toBe(status);
  return res.json() as T;
};
const saveResult = async (m: RawMatch) => {
  const [homeScore, awayScore] = m.result!;
  const res = await t.request({
    method: 'PUT',
    url: `/api/admin/results/${ids.get(m)}`,
    cookie: adminCookie,
    payload: { homeScore, awayScore },
  });
  expect(res.statusCode, res.body).toBe(200);
};

test(
  'what can still happen mid-round and the honours of a replayed season match counts made in the test',
  { timeout: 300_000 },
  async () => {
    // Every pick and a banker per round, before the season starts.
    for (const [i, name] of NAMES.entries()) {
      for (const m of matches) {
        const pick = PATTERNS[name]!(m);
        if (!pick) continue;
        const res = await t.request({
          method: 'PUT',
          url: `/api/predictions/${ids.get(m)}`,
          cookie: cookies[name],
          payload: { homeScore: pick[0], awayScore: pick[1] },
        });
        expect(res.statusCode, res.body).toBe(200);
      }
      for (let round = 1; round <= ROUNDS; round++) {
        if (!PATTERNS[name]!(matches.find((m) => m.round === round)!)) continue;
        const inRound = matches.filter((m) => m.round === round);
        const chosen = inRound[(round + i * 3) % inRound.length]!;
        const res = await t.request({
          method: 'PUT',
          url: `/api/predictions/${ids.get(chosen)}/banker`,
          cookie: cookies[name],
        });
        expect(res.statusCode, res.body).toBe(200);
        bankerOf.set(`${name}:${round}`, chosen);
      }
    }
    const created = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: cookies.home,
      payload: {
        name: 'Honours replay',
        scoring: { rule: { exact: 4, difference: 3, outcome: 2 }, bankersAllowed: true },
      },
    });
    expect(created.statusCode, created.body).toBe(201);
    leagueId = created.json().league.id;
    for (const name of NAMES.slice(1)) {
      const res = await t.request({
        method: 'POST',
        url: '/api/leagues/join',
        cookie: cookies[name],
        payload: { code: created.json().league.code },
      });
      expect(res.statusCode, res.body).toBe(200);
    }

    // The middle of round 5: some of its matches played, some past their deadline without a result, the rest open.
    const round5 = matches.filter((m) => m.round === 5).sort((a, b) => kickoff(a) - kickoff(b));
    const now = kickoff(round5[Math.floor(round5.length / 2)]!) + HOUR;
    const played = matches.filter((m) => kickoff(m) <= now - 3 * HOUR);
    expect(played.length).toBeGreaterThan(40);
    t.clock.set(new Date(now - HOUR * 2).toISOString());
    t.clock.set(new Date(now).toISOString());
    for (const m of played) await saveResult(m);
    const isPlayed = new Set(played);

    // The count: points so far; then per match left, 4 if open or picked; per round, a banker's 4 again.
    const pointsOf = (name: string, upTo: Set<RawMatch>, round?: number) => {
      let sum = 0;
      for (const m of upTo) {
        if (round !== undefined && m.round !== round) continue;
        const pick = PATTERNS[name]!(m);
        if (!pick) continue;
        sum += points(pick, m.result!) * (bankerOf.get(`${name}:${m.round}`) === m ? 2 : 1);
      }
      return sum;
    };
    const availableOf = (name: string, round?: number, exact = 4) => {
      let sum = 0;
      for (let r = 1; r <= ROUNDS; r++) {
        if (round !== undefined && r !== round) continue;
        const left = matches.filter((m) => m.round === r && !isPlayed.has(m));
        const open = left.filter((m) => deadline(m) > now);
        const counted = left.filter((m) => deadline(m) > now || PATTERNS[name]!(m));
        sum += counted.length * exact;
        const banker = bankerOf.get(`${name}:${r}`);
        const bankerFixed = banker !== undefined && deadline(banker) <= now;
        if (bankerFixed ? !isPlayed.has(banker) : open.length > 0) sum += exact;
      }
      return sum;
    };
    const outlook = await get<Outlook>(`/api/leagues/${leagueId}/outlook?season=2025-26`, 'draw');
    expect(outlook.gameweek).toBe(5);
    expect(outlook.matchesLeft).toBe(matches.length - played.length);
    expect(outlook.scoredInPlay).toBe(0);
    const want = NAMES.map((name) => ({
      userId: userIds[name]!,
      points: pointsOf(name, isPlayed),
      availableSeason: availableOf(name),
      availableGameweek: availableOf(name, 5),
    }));
    const leader = Math.max(...want.map((w) => w.points));
    const reach = want.map((w) => w.points + w.availableSeason);
    expect(
      outlook.rows.map((r) => ({
        userId: r.userId,
        points: r.points,
        availableSeason: r.availableSeason,
        availableGameweek: r.availableGameweek,
      })),
    ).toEqual(expect.arrayContaining(want));
    for (const [i, w] of want.entries()) {
      const row = outlook.rows.find((r) => r.userId === w.userId)!;
      const othersBest = Math.max(...reach.filter((_, j) => j !== i));
      expect(row.chance).toBe(w.points > othersBest ? 'champion' : reach[i]! >= leader ? 'can-win' : 'out');
      expect(row.ifItStays).toBeNull();
    }
    // The overall leaderboard: the standard rule (3 exact, 1 right outcome), the viewer's own picks.
    const standardOf = (name: string) => {
      let sum = 0;
      for (const m of isPlayed) {
        const pick = PATTERNS[name]!(m);
        if (!pick) continue;
        const exact = pick[0] === m.result![0] && pick[1] === m.result![1];
        const right = Math.sign(pick[0] - pick[1]) === Math.sign(m.result![0] - m.result![1]);
        sum += (exact ? 3 : right ? 1 : 0) * (bankerOf.get(`${name}:${m.round}`) === m ? 2 : 1);
      }
      return sum;
    };
    const overall = await get<OverallOutlook>('/api/leaderboard/outlook?season=2025-26', 'draw');
    expect(overall.viewer).toMatchObject({
      points: standardOf('draw'),
      availableSeason: availableOf('draw', undefined, 3),
      availableGameweek: availableOf('draw', 5, 3),
    });
    expect(overall.leaderPoints).toBeGreaterThanOrEqual(Math.max(...NAMES.map(standardOf)));
    // The draw player skipped round 5: its closed matches are worth nothing to them, the open ones still are.
    expect(want[1]!.availableGameweek).toBeLessThan(want[0]!.availableGameweek);

    // The rest of the season is played.
    t.clock.set('2025-11-01T12:00:00Z');
    for (const m of matches) if (!isPlayed.has(m)) await saveResult(m);
    const all = new Set(matches);

    const { honours } = await get<LeagueHonours>(`/api/leagues/${leagueId}/honours?season=2025-26`, 'mirror');
    expect(honours.finished).toBe(true);
    const winnersOf = (scores: Record<string, number>) => {
      const top = Math.max(...Object.values(scores));
      if (top === 0) return null;
      return {
        points: top,
        ids: NAMES.filter((n) => scores[n] === top)
          .map((n) => userIds[n]!)
          .sort(),
      };
    };
    const shown = (w: { points: number; winners: Array<{ userId: string }> }) => ({
      points: w.points,
      ids: w.winners.map((x) => x.userId).sort(),
    });
    const wantWeeks = [];
    const byMonth = new Map<string, Record<string, number>>();
    for (let r = 1; r <= ROUNDS; r++) {
      const scores = Object.fromEntries(NAMES.map((n) => [n, pointsOf(n, all, r)]));
      const w = winnersOf(scores);
      if (w) wantWeeks.push({ gameweek: r, ...w });
      const first = Math.min(...matches.filter((m) => m.round === r).map(deadline));
      const month = DateTime.fromMillis(first, { zone: 'Europe/London' }).toFormat('yyyy-MM');
      const sums = byMonth.get(month) ?? Object.fromEntries(NAMES.map((n) => [n, 0]));
      for (const n of NAMES) sums[n]! += scores[n]!;
      byMonth.set(month, sums);
    }
    expect(honours.gameweeks.map((g) => ({ gameweek: g.gameweek, ...shown(g) }))).toEqual(wantWeeks);
    expect([...byMonth.keys()]).toEqual(['2025-08', '2025-09', '2025-10']);
    expect(honours.months.map((m) => ({ month: m.month, ...shown(m) }))).toEqual(
      [...byMonth].map(([month, sums]) => ({ month, ...winnersOf(sums)! })),
    );
    const totals = Object.fromEntries(NAMES.map((n) => [n, pointsOf(n, all)]));
    const champions = winnersOf(totals)!;
    expect(shown(honours.champions!)).toEqual(champions);
    const rest = Object.fromEntries(NAMES.filter((n) => totals[n]! < champions.points).map((n) => [n, totals[n]!]));
    expect(honours.runnersUp && shown(honours.runnersUp)).toEqual(winnersOf(rest));

    // After the season: the outlook has decided it; the trophy cabinet holds what the honours name.
    const over = await get<Outlook>(`/api/leagues/${leagueId}/outlook?season=2025-26`, 'home');
    expect(over.decided).toBe(true);
    for (const r of over.rows) expect(r.chance).toBe(champions.ids.includes(r.userId) ? 'champion' : 'out');
    for (const name of NAMES) {
      const { trophies } = await get<TrophyCabinet>('/api/me/trophies', name);
      const id = userIds[name]!;
      expect(trophies.filter((x) => x.kind === 'gameweek').map((x) => x.gameweek)).toEqual(
        wantWeeks.filter((w) => w.ids.includes(id)).map((w) => w.gameweek),
      );
      expect(trophies.some((x) => x.kind === 'champion')).toBe(champions.ids.includes(id));
    }
    const archive = await get<LeagueArchive>(`/api/leagues/${leagueId}/archive`, 'draw');
    expect(archive.seasons.map((s) => s.honours.season)).toContain('2025-26');

    // A league made in November 2026 has no 2025/26 honours, outlook or trophies: nobody is handed a first place.
    t.clock.set('2026-11-03T10:00:00Z');
    const late = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: cookies.draw,
      payload: { name: 'Late' },
    });
    expect(late.statusCode, late.body).toBe(201);
    const lateId = late.json().league.id as string;
    const refused = await get<{ error: { message: string } }>(
      `/api/leagues/${lateId}/honours?season=2025-26`,
      'draw',
      404,
    );
    expect(refused.error.message).toBe('This league did not exist in that season, so it has no table for it.');
    await get(`/api/leagues/${lateId}/outlook?season=2025-26`, 'draw', 404);
    expect((await get<LeagueArchive>(`/api/leagues/${lateId}/archive`, 'draw')).seasons).toEqual([]);
    const { trophies } = await get<TrophyCabinet>('/api/me/trophies', 'draw');
    expect(trophies.every((x) => x.leagueId !== lateId)).toBe(true);
    // A stranger is refused all of it.
    await get(`/api/leagues/${lateId}/outlook`, 'home', 403);
    await get(`/api/leagues/${lateId}/archive`, 'home', 403);
  },
);
