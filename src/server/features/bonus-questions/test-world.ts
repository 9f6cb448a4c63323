import type { LightMyRequestResponse } from 'fastify';
import { createTestApp, type TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser, type BuiltUser } from '../../test/factories.js';
import { buildFixture, buildSeason } from '../../test/factories-season.js';

/**
 * The bonus questions' test world: a season of eight clubs that meet once each (28 matches,
 * one a week from 17 August 2030), a league of Alice (its creator), Bob and Carol, Dave who is
 * in no league, and an admin who is not a member. The clock starts before the season.
 *
 * The results the tests enter make the final table the clubs in `CLUBS` order, with no two
 * clubs level: the better-placed club wins every meeting, by more goals the further apart.
 */
export const SEASON = '2030-31';
export const CLUBS = [
  'Arsenal FC',
  'Aston Villa FC',
  'Chelsea FC',
  'Everton FC',
  'Fulham FC',
  'Liverpool FC',
  'Brentford FC',
  'Burnley FC',
] as const;
export const BEFORE_SEASON = '2030-08-01T12:00:00.000Z';
export const AFTER_SEASON = '2031-03-01T12:00:00.000Z';
export const SECRET = 'test-secret-test-secret-test-secret-0123456789';

export interface Match {
  id: string;
  home: string;
  away: string;
  kickoffAt: string;
  /** The result that gives the table in CLUBS order. */
  score: [number, number];
}

/** Every pairing once; the last match is the top two's. */
export function seasonMatches(): Match[] {
  const pairs: Array<[number, number]> = [];
  for (let i = 0; i < CLUBS.length; i++)
    for (let j = i + 1; j < CLUBS.length; j++) if (!(i === 0 && j === 1)) pairs.push([i, j]);
  pairs.push([0, 1]);
  const start = Date.parse('2030-08-17T14:00:00.000Z');
  return pairs.map(([i, j], n) => ({
    id: `m${n}`,
    home: CLUBS[i]!,
    away: CLUBS[j]!,
    kickoffAt: new Date(start + n * 7 * 86_400_000).toISOString(),
    score: [j - i + 1, 0],
  }));
}

export interface World {
  t: TestApp;
  league: string;
  users: Record<'alice' | 'bob' | 'carol' | 'dave' | 'admin', BuiltUser>;
  cookies: Record<'alice' | 'bob' | 'carol' | 'dave' | 'admin', string>;
  matches: Match[];
  /** An API call as one of the world's people (or a visitor: no cookie). */
  call(
    who: keyof World['cookies'] | null,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: unknown,
  ): Promise<LightMyRequestResponse>;
}

export async function buildWorld(): Promise<World> {
  const t = await createTestApp({ now: BEFORE_SEASON });
  const { db, handle } = t.app.deps;
  const d = handle.dialect;
  await buildSeason(db, { id: SEASON, label: '2030/31', clubs: CLUBS });
  const matches = seasonMatches();
  for (const m of matches)
    await buildFixture(db, {
      id: m.id,
      seasonId: SEASON,
      homeTeam: m.home,
      awayTeam: m.away,
      kickoffAt: m.kickoffAt,
      gameweek: Number(m.id.slice(1)) + 1,
    });
  t.app.deps.seasons.clear();
  const users = {
    alice: await buildUser(db, d, { teamName: 'Alice Allstars' }),
    bob: await buildUser(db, d, { teamName: 'Bob Ballers' }),
    carol: await buildUser(db, d, { teamName: 'Carol Kickers' }),
    dave: await buildUser(db, d, { teamName: 'Dave Dribblers' }),
    admin: await buildUser(db, d, { teamName: 'The Admin', role: 'admin' }),
  };
  const cookies = {} as World['cookies'];
  for (const [k, u] of Object.entries(users))
    cookies[k as keyof typeof users] = await buildSessionCookie(db, d, u.id, SECRET);
  const league = 'league-bonus';
  await db
    .insertInto('leagues')
    .values({
      id: league,
      name: 'Bonus League',
      code: 'BNSQABCD',
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: users.alice.id,
      createdAt: BEFORE_SEASON,
    })
    .execute();
  await db
    .insertInto('leagueMembers')
    .values(
      ['alice', 'bob', 'carol'].map((k) => ({
        leagueId: league,
        userId: users[k as 'alice'].id,
        joinedAt: BEFORE_SEASON,
      })),
    )
    .execute();
  return {
    t,
    league,
    users,
    cookies,
    matches,
    call: (who, method, url, payload) =>
      t.request({
        method,
        url,
        cookie: who ? cookies[who] : undefined,
        ...(payload === undefined ? {} : { payload: payload as object }),
      }),
  };
}

/** Saves a match's final result as the admin does (the real route: its event reaches the resolver). */
export async function saveResult(w: World, m: Match, score: [number, number] = m.score): Promise<void> {
  const res = await w.call('admin', 'PUT', `/api/admin/results/${m.id}`, { homeScore: score[0], awayScore: score[1] });
  if (res.statusCode !== 200) throw new Error(res.body);
}
