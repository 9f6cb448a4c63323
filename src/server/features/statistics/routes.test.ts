import fs from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DateTime } from 'luxon';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildResult } from '../../test/factories-game.js';
import { TEST_SEASON } from '../../test/factories-season.js';
import { clearResult } from '../../seasons/results-repository.js';

/**
 * The complete 2025/26 season (the project's own built-in file, read here as plain JSON) replayed:
 * fixtures, every result scored by the results code (but one, held back for the "new result"
 * test), and three players predicting in fixed patterns. The expected figures are computed here,
 * independently of src/game/statistics.ts and rank-history.ts.
 */
interface SeasonMatch {
  round: number;
  date: string;
  time: string | null;
  home: string;
  away: string;
  result?: [number, number];
}
const readJson = (name: string) =>
  JSON.parse(fs.readFileSync(new URL(`../../season-files/builtin/${name}`, import.meta.url), 'utf8'));
const season = readJson('2025-26.json') as { matches: SeasonMatch[] };
const clubName = new Map(
  (readJson('clubs.json') as { clubs: Array<{ key: string; name: string }> }).clubs.map((c) => [c.key, c.name]),
);

interface Fx {
  id: string;
  home: string;
  away: string;
  kickoffAt: string | null;
  gameweek: number;
  ft: [number, number] | null;
}
const HELD_BACK = season.matches.length - 1;
const fixtures: Fx[] = season.matches.map((m, i) => ({
  id: `s${String(i).padStart(3, '0')}`,
  home: clubName.get(m.home)!,
  away: clubName.get(m.away)!,
  kickoffAt: m.time ? DateTime.fromISO(`${m.date}T${m.time}`, { zone: 'Europe/London' }).toUTC().toISO()! : null,
  gameweek: m.round,
  ft: i === HELD_BACK ? null : (m.result ?? null),
}));

const HOURS_BEFORE = [2.5, 3, 12, 30, 48, 100];
interface Pick {
  userId: string;
  fx: Fx;
  home: number;
  away: number;
  predictedAt: string;
}
/** Fixed patterns: "me" skips every 7th match; rival A always says 1-1; rival B 2-0 in even gameweeks only. */
function picksFor(me: string, a: string, b: string): Pick[] {
  const picks: Pick[] = [];
  fixtures.forEach((fx, i) => {
    if (!fx.kickoffAt) return;
    const at = (h: number) => new Date(Date.parse(fx.kickoffAt!) - h * 3600_000).toISOString();
    if (i % 7 !== 0)
      picks.push({
        userId: me,
        fx,
        home: i % 3,
        away: (i * 5) % 4 === 0 ? 0 : (i % 2) + 1,
        predictedAt: at(HOURS_BEFORE[i % HOURS_BEFORE.length]!),
      });
    picks.push({ userId: a, fx, home: 1, away: 1, predictedAt: at(26) });
    if (fx.gameweek % 2 === 0) picks.push({ userId: b, fx, home: 2, away: 0, predictedAt: at(5) });
  });
  return picks;
}

const sign = (h: number, a: number) => Math.sign(h - a);
function pointsOf(p: Pick): number | null {
  if (!p.fx.ft) return null;
  const [h, a] = p.fx.ft;
  if (p.home === h && p.away === a) return 3;
  return sign(p.home, p.away) === sign(h, a) ? 1 : 0;
}
const r1 = (n: number) => Math.round(n * 10) / 10;

let t: TestApp;
let me: BuiltUser & { cookie: string };
let rivalA: BuiltUser & { cookie: string };
let rivalB: BuiltUser;
let picks: Pick[];
const LEAGUE = 'league-stats-1';

beforeAll(async () => {
  t = await createTestApp({ now: '2026-05-30T12:00:00Z' });
  const { db, handle, config } = t.app.deps;
  const user = async () => {
    const u = await buildUser(db, handle.dialect);
    return { ...u, cookie: await buildSessionCookie(db, handle.dialect, u.id, config.AUTH_SECRET) };
  };
  me = await user();
  rivalA = await user();
  rivalB = await user();
  const now = new Date().toISOString();
  for (let i = 0; i < fixtures.length; i += 100) {
    await db
      .insertInto('fixtures')
      .values(
        fixtures.slice(i, i + 100).map((f) => ({
          id: f.id,
          seasonId: TEST_SEASON,
          homeTeam: f.home,
          awayTeam: f.away,
          kickoffAt: f.kickoffAt,
          localDate: f.kickoffAt ? f.kickoffAt.slice(0, 10) : '2026-01-01',
          localTime: f.kickoffAt ? f.kickoffAt.slice(11, 16) : null,
          gameweek: f.gameweek,
          league: 'Premier League',
          postponed: f.kickoffAt ? 0 : 1,
          createdAt: now,
          updatedAt: now,
        })),
      )
      .execute();
  }
  picks = picksFor(me.id, rivalA.id, rivalB.id);
  for (let i = 0; i < picks.length; i += 200) {
    await db
      .insertInto('predictions')
      .values(
        picks.slice(i, i + 200).map((p) => ({
          userId: p.userId,
          fixtureId: p.fx.id,
          homeScore: p.home,
          awayScore: p.away,
          predictedAt: p.predictedAt,
          points: null,
          outcome: null,
        })),
      )
      .execute();
  }
  // Results as the admin saves them: stored final and every prediction on the match scored.
  for (const f of fixtures)
    if (f.ft)
      await buildResult(db, { fixtureId: f.id, homeScore: f.ft[0], awayScore: f.ft[1], updatedAt: f.kickoffAt! });
  await db
    .insertInto('leagues')
    .values({
      id: LEAGUE,
      name: 'Office League',
      code: 'ABCDEFGH',
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: me.id,
      createdAt: now,
    })
    .execute();
  await db
    .insertInto('leagueMembers')
    .values([
      { leagueId: LEAGUE, userId: me.id, joinedAt: now },
      { leagueId: LEAGUE, userId: rivalB.id, joinedAt: now },
    ])
    .execute();
}, 120_000);

afterAll(async () => {
  await t?.close();
});

function expectedRanks(scope: Set<string>) {
  const gwWithResults = [...new Set(fixtures.filter((f) => f.ft).map((f) => f.gameweek))].sort((a, b) => a - b);
  const rows = gwWithResults.map((gw) => {
    const totals = new Map<string, number>();
    for (const p of picks) {
      if (p.fx.gameweek !== gw || !scope.has(p.userId)) continue;
      const pts = pointsOf(p);
      if (pts === null) continue;
      totals.set(p.userId, (totals.get(p.userId) ?? 0) + pts);
    }
    const mine = totals.get(me.id);
    const rank = mine === undefined ? null : 1 + [...totals.values()].filter((v) => v > mine).length;
    return { gameweek: gw, rank, points: mine ?? 0, players: totals.size };
  });
  const played = rows.filter((r) => r.rank !== null).length;
  const top = rows.filter((r) => r.rank === 1).length;
  // The history starts at the first gameweek the player was ranked in (the real season's
  // gameweeks with results have no gap in their numbers).
  const first = rows.findIndex((r) => r.rank !== null);
  return { rows: first === -1 ? [] : rows.slice(first), played, top, rate: played ? r1((top / played) * 100) : 0 };
}

describe('GET /api/me/statistics after the real 2025/26 season', () => {
  it('equals an independent calculation', async () => {
    const tz = 'America/New_York';
    const res = await t.request({
      method: 'GET',
      url: `/api/me/statistics?tz=${encodeURIComponent(tz)}`,
      cookie: me.cookie,
    });
    expect(res.statusCode).toBe(200);
    const s = res.json().statistics;

    const mine = picks.filter((p) => p.userId === me.id);
    const scored = mine.filter((p) => pointsOf(p) !== null);
    const exact = scored.filter((p) => pointsOf(p) === 3).length;
    const outcome = scored.filter((p) => pointsOf(p) === 1).length;
    const points = scored.reduce((sum, p) => sum + pointsOf(p)!, 0);
    expect(scored.length).toBeGreaterThan(200);
    expect(s.totalPredictions).toBe(mine.length);
    expect(s.scoredPredictions).toBe(scored.length);
    expect(s.exactScores).toBe(exact);
    expect(s.correctOutcomes).toBe(outcome);
    expect(s.correctPredictions).toBe(exact + outcome);
    expect(s.totalPoints).toBe(points);
    expect(s.successRate).toBe(r1(((exact + outcome) / scored.length) * 100));
    expect(s.averagePointsPerPrediction).toBe(Math.round((points / scored.length) * 100) / 100);

    // Streaks in kick-off order.
    const ordered = [...scored].sort(
      (x, y) => x.fx.kickoffAt!.localeCompare(y.fx.kickoffAt!) || x.fx.id.localeCompare(y.fx.id),
    );
    let best = 0;
    let run = 0;
    for (const p of ordered) {
      run = pointsOf(p)! > 0 ? run + 1 : 0;
      best = Math.max(best, run);
    }
    expect(s.bestStreak).toBe(best);
    expect(s.currentStreak).toBe(run);

    // Weekdays in the viewer's zone (New York), by luxon rather than Intl.
    for (const day of s.weekdayAccuracy as Array<{
      day: string;
      predictions: number;
      correct: number;
      accuracy: number;
    }>) {
      const onDay = scored.filter(
        (p) => DateTime.fromISO(p.fx.kickoffAt!).setZone(tz).setLocale('en-US').toFormat('cccc') === day.day,
      );
      const right = onDay.filter((p) => pointsOf(p)! > 0).length;
      expect(day).toEqual({
        day: day.day,
        predictions: onDay.length,
        correct: right,
        accuracy: onDay.length ? r1((right / onDay.length) * 100) : 0,
      });
    }
    expect(s.weekdayAccuracy).toHaveLength(7);
    expect(s.weekdayAccuracy.reduce((n: number, d: { predictions: number }) => n + d.predictions, 0)).toBe(
      scored.length,
    );

    expect(s.homeAwayBias).toEqual({
      home: mine.filter((p) => p.home > p.away).length,
      away: mine.filter((p) => p.home < p.away).length,
      draw: mine.filter((p) => p.home === p.away).length,
    });

    const teamCounts = new Map<string, Pick[]>();
    for (const p of mine)
      for (const team of [p.fx.home, p.fx.away]) teamCounts.set(team, [...(teamCounts.get(team) ?? []), p]);
    const top3 = [...teamCounts.entries()]
      .sort(([a, x], [b, y]) => y.length - x.length || (a < b ? -1 : 1))
      .slice(0, 3);
    expect(s.favoriteTeams).toEqual(
      top3.map(([team, list]) => {
        const sc = list.filter((p) => pointsOf(p) !== null);
        return {
          team,
          predictions: list.length,
          accuracy: sc.length ? r1((sc.filter((p) => pointsOf(p)! > 0).length / sc.length) * 100) : null,
        };
      }),
    );

    const hours = mine.map((p) => (Date.parse(p.fx.kickoffAt!) - Date.parse(p.predictedAt)) / 3600_000);
    expect(s.predictionTiming).toEqual({
      early: hours.filter((h) => h > 24).length,
      lastMinute: hours.filter((h) => h < 4).length,
      averageHours: r1(hours.reduce((a, b) => a + b, 0) / hours.length),
    });

    const ranks = expectedRanks(new Set([me.id, rivalA.id, rivalB.id]));
    expect(s.rankScope).toEqual({ leagueId: null, name: 'Overall' });
    expect(s.rankHistory).toEqual(ranks.rows.slice(-10));
    expect(s.gameweeksAtTop).toBe(ranks.top);
    expect(s.totalGameweeksParticipated).toBe(ranks.played);
    expect(s.topPositionRate).toBe(ranks.rate);
    expect(s.leagues).toEqual([{ id: LEAGUE, name: 'Office League' }]);

    const all = s.achievements as Array<{ name: string; earned: boolean }>;
    const earnedNames = all.filter((a) => a.earned).map((a) => a.name);
    const expectedEarned = [
      ['First Prediction', mine.length >= 1],
      ['Perfect Score', exact >= 1],
      ['Hat Trick', exact + outcome >= 3],
      ['High Scorer', points >= 10],
      ['Sharpshooter', exact >= 5],
      ['Hot Streak', best >= 5],
      ['Veteran Predictor', mine.length >= 50],
      ['Accuracy Expert', ((exact + outcome) / scored.length) * 100 >= 60],
      ['Point Master', points >= 100],
    ]
      .filter(([, ok]) => ok)
      .map(([name]) => name);
    expect(earnedNames).toEqual(expectedEarned);
    // One set, earned or not, with nothing nobody can earn ("Coming soon").
    expect(all).toHaveLength(9);
    expect(s).not.toHaveProperty('lockedExtras');
    expect(JSON.stringify(all)).not.toMatch(/coming soon/i);
    // The dashboard shows the very same achievements.
    const dash = (await t.request({ method: 'GET', url: '/api/dashboard', cookie: me.cookie })).json().dashboard;
    expect(dash.achievements).toEqual(all);
  });

  it('ranks among a chosen league’s members only', async () => {
    const res = await t.request({ method: 'GET', url: `/api/me/statistics?league=${LEAGUE}`, cookie: me.cookie });
    expect(res.statusCode).toBe(200);
    const s = res.json().statistics;
    const ranks = expectedRanks(new Set([me.id, rivalB.id]));
    expect(s.rankScope).toEqual({ leagueId: LEAGUE, name: 'Office League' });
    expect(s.rankHistory).toEqual(ranks.rows.slice(-10));
    expect(s.gameweeksAtTop).toBe(ranks.top);
    expect(s.totalGameweeksParticipated).toBe(ranks.played);
    // The overall view differs (rival A is in it), so the league filter really applied.
    const overall = expectedRanks(new Set([me.id, rivalA.id, rivalB.id]));
    expect(overall.rows.slice(-10)).not.toEqual(ranks.rows.slice(-10));
  });

  it('sees a new result at once (the cached totals follow the results)', async () => {
    const { db } = t.app.deps;
    const before = (await t.request({ method: 'GET', url: '/api/me/statistics', cookie: rivalA.cookie })).json()
      .statistics;
    const unplayed = fixtures.find((f) => !f.ft && f.kickoffAt)!;
    await buildResult(db, {
      fixtureId: unplayed.id,
      homeScore: 1,
      awayScore: 1,
      updatedAt: '2026-05-30T11:00:00.000Z',
    });
    const after = (await t.request({ method: 'GET', url: '/api/me/statistics', cookie: rivalA.cookie })).json()
      .statistics;
    expect(after.totalPoints).toBe(before.totalPoints + 3);
    const gw = after.rankHistory.find((e: { gameweek: number }) => e.gameweek === unplayed.gameweek);
    expect(gw).toBeDefined();
    // Restore the season as it was for the other tests.
    await clearResult(db, unplayed.id);
  });
});

describe('a club with no played match', () => {
  it('has no accuracy figure at all (not 0%) until one of its predicted matches has a result', async () => {
    const { db, handle, config } = t.app.deps;
    const newcomer = await buildUser(db, handle.dialect);
    const cookie = await buildSessionCookie(db, handle.dialect, newcomer.id, config.AUTH_SECRET);
    const unplayed = fixtures.find((f) => !f.ft && f.kickoffAt)!;
    await db
      .insertInto('predictions')
      .values({
        userId: newcomer.id,
        fixtureId: unplayed.id,
        homeScore: 1,
        awayScore: 0,
        predictedAt: '2026-05-01T10:00:00.000Z',
        points: null,
        outcome: null,
      })
      .execute();
    const s = (await t.request({ method: 'GET', url: '/api/me/statistics', cookie })).json().statistics;
    expect(s.favoriteTeams).toEqual(
      [unplayed.home, unplayed.away].sort().map((team) => ({ team, predictions: 1, accuracy: null })),
    );
  });
});

describe('only the signed-in player’s own statistics', () => {
  it('answers each player with their own figures, whatever the query says', async () => {
    const a = (
      await t.request({ method: 'GET', url: `/api/me/statistics?userId=${me.id}&user=${me.id}`, cookie: rivalA.cookie })
    ).json().statistics;
    const mine = (await t.request({ method: 'GET', url: '/api/me/statistics', cookie: me.cookie })).json().statistics;
    expect(a.totalPredictions).toBe(picks.filter((p) => p.userId === rivalA.id).length);
    expect(a.homeAwayBias).toEqual({ home: 0, away: 0, draw: a.totalPredictions });
    expect(a.totalPredictions).not.toBe(mine.totalPredictions);
  });

  it('does not show the rank history of a league the player is not in', async () => {
    const res = await t.request({ method: 'GET', url: `/api/me/statistics?league=${LEAGUE}`, cookie: rivalA.cookie });
    expect(res.statusCode).toBe(404);
    expect(res.json().error.message).toBe('League not found.');
  });

  it('needs a session and a real time zone', async () => {
    expect((await t.request({ method: 'GET', url: '/api/me/statistics' })).statusCode).toBe(401);
    const bad = await t.request({ method: 'GET', url: '/api/me/statistics?tz=Mars/Olympus', cookie: me.cookie });
    expect(bad.statusCode).toBe(400);
    expect(bad.json().error.message).toBe('Unknown time zone.');
  });
});
