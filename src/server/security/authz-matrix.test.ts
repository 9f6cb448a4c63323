import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { buildFixture } from '../test/factories-season.js';

/**
 * The authorization matrix: every route × visitor, unverified player, player, other player,
 * league creator and admin, with the status each must get. A route registered without a row here
 * fails the first test, so a new route cannot ship without a decision about who may call it.
 */
type Role = 'visitor' | 'unverified' | 'player' | 'other' | 'creator' | 'admin';
/** 'ok' is any 2xx; numbers are exact statuses. */
type Expect = 'ok' | number;
type Matrix = Record<Role, Expect>;

const ROLES_IN_ORDER: Role[] = ['visitor', 'unverified', 'other', 'admin', 'player', 'creator'];
const row = (visitor: Expect, unverified: Expect, player: Expect, other: Expect, creator: Expect, admin: Expect): Matrix => ({ visitor, unverified, player, other, creator, admin });
const PUBLIC = row('ok', 'ok', 'ok', 'ok', 'ok', 'ok');
const SIGNED_IN = row(401, 'ok', 'ok', 'ok', 'ok', 'ok');
const VERIFIED = row(401, 403, 'ok', 'ok', 'ok', 'ok');
const ADMIN = row(401, 403, 403, 403, 403, 'ok');
const MEMBERS = row(401, 403, 'ok', 403, 'ok', 403);
const CREATOR = row(401, 403, 403, 403, 'ok', 403);

interface World {
  open: string;
  past: string;
  live: string;
  league: string;
  publicLeague: string;
  code: string;
  playerId: string;
  messageId: string;
}

interface Case {
  expect: Matrix;
  url: (w: World) => string;
  body?: (w: World) => unknown;
  /** Not exercised here, with the reason (the row still documents the decision). */
  skip?: string;
}

const FUTURE_DATE = '2025-09-30';
const CASES: Record<string, Case> = {
  'GET /api/openapi.json': { expect: PUBLIC, url: () => '/api/openapi.json' },
  'GET /api/auth/*': { expect: PUBLIC, url: () => '/api/auth/get-session' },
  'POST /api/auth/*': { expect: PUBLIC, url: () => '/api/auth/sign-out', body: () => ({}) },
  'GET /api/events': { expect: PUBLIC, url: () => '/api/events', skip: 'an endless stream; who receives which event is tested in the live-event tests' },
  // The development outbox is for a browser on this machine only, whoever is signed in (the
  // matrix calls from 10.0.0.x); dev-outbox.test.ts covers the loopback side.
  'GET /dev/mail.json': { expect: row(403, 403, 403, 403, 403, 403), url: () => '/dev/mail.json' },
  'GET /dev/mail': { expect: row(403, 403, 403, 403, 403, 403), url: () => '/dev/mail' },
  'GET /api/health': { expect: PUBLIC, url: () => '/api/health' },
  'GET /api/me': { expect: SIGNED_IN, url: () => '/api/me' },
  'PUT /api/me/team-name': { expect: SIGNED_IN, url: () => '/api/me/team-name', body: () => ({ teamName: 'Matrix FC' }) },
  'GET /api/leagues': { expect: SIGNED_IN, url: () => '/api/leagues' },
  'POST /api/leagues': { expect: VERIFIED, url: () => '/api/leagues', body: () => ({ name: 'Matrix League' }) },
  'POST /api/leagues/join': { expect: VERIFIED, url: () => '/api/leagues/join', body: (w) => ({ code: w.code }) },
  'GET /api/leagues/public': { expect: SIGNED_IN, url: () => '/api/leagues/public' },
  'POST /api/leagues/:id/join': { expect: VERIFIED, url: (w) => `/api/leagues/${w.publicLeague}/join`, body: () => ({}) },
  'POST /api/leagues/:id/leave': { expect: MEMBERS, url: (w) => `/api/leagues/${w.league}/leave`, body: () => ({}) },
  'DELETE /api/leagues/:id/members/:userId': { expect: CREATOR, url: (w) => `/api/leagues/${w.league}/members/${w.playerId}` },
  'PATCH /api/leagues/:id': { expect: CREATOR, url: (w) => `/api/leagues/${w.league}`, body: () => ({ name: 'Renamed League' }) },
  'GET /api/leagues/:id/table': { expect: MEMBERS, url: (w) => `/api/leagues/${w.league}/table` },
  'GET /api/leagues/gameweeks': { expect: SIGNED_IN, url: () => '/api/leagues/gameweeks' },
  'GET /api/leagues/:id/members/:userId/picks': { expect: MEMBERS, url: (w) => `/api/leagues/${w.league}/members/${w.playerId}/picks?gameweek=1` },
  'GET /api/leagues/positions': { expect: SIGNED_IN, url: () => '/api/leagues/positions' },
  'GET /api/leagues/:id/live-table': { expect: MEMBERS, url: (w) => `/api/leagues/${w.league}/live-table` },
  'GET /api/admin/overview': { expect: ADMIN, url: () => '/api/admin/overview' },
  'GET /api/gameweeks': { expect: PUBLIC, url: () => '/api/gameweeks' },
  'GET /api/admin/gameweeks': { expect: ADMIN, url: () => '/api/admin/gameweeks' },
  'PUT /api/admin/gameweeks/:gameweek': { expect: ADMIN, url: () => '/api/admin/gameweeks/1', body: () => ({ startDate: '2025-08-15', endDate: '2025-08-18' }) },
  'POST /api/admin/gameweeks/add': { expect: ADMIN, url: () => '/api/admin/gameweeks/add', body: () => ({ gameweek: 2 }) },
  'POST /api/admin/gameweeks/reset': { expect: ADMIN, url: () => '/api/admin/gameweeks/reset', body: () => ({}) },
  'POST /api/admin/gameweeks/initialize': { expect: ADMIN, url: () => '/api/admin/gameweeks/initialize', body: () => ({}) },
  'GET /api/fixtures': { expect: PUBLIC, url: () => '/api/fixtures?gameweek=1' },
  'GET /api/fixtures/:id': { expect: PUBLIC, url: (w) => `/api/fixtures/${w.open}` },
  'POST /api/admin/fixtures': { expect: ADMIN, url: () => '/api/admin/fixtures', body: () => ({ homeTeam: 'Everton FC', awayTeam: 'Fulham FC', date: FUTURE_DATE, time: '15:00' }) },
  'PUT /api/admin/fixtures/:id': { expect: ADMIN, url: (w) => `/api/admin/fixtures/${w.open}`, body: () => ({ homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC', date: FUTURE_DATE, time: '17:30' }) },
  'GET /api/admin/fixtures/:id/impact': { expect: ADMIN, url: (w) => `/api/admin/fixtures/${w.open}/impact` },
  'DELETE /api/admin/fixtures/:id': { expect: ADMIN, url: (w) => `/api/admin/fixtures/${w.open}` },
  'DELETE /api/admin/fixtures': { expect: ADMIN, url: () => '/api/admin/fixtures?gameweek=3' },
  'POST /api/admin/fixtures/import-season': { expect: ADMIN, url: () => '/api/admin/fixtures/import-season', body: () => ({ offset: 0, limit: 10 }) },
  'POST /api/admin/fixtures/import-file': {
    expect: ADMIN,
    url: () => '/api/admin/fixtures/import-file',
    body: () => ({ fileName: 'x.json', content: JSON.stringify({ name: 'Test', matches: [{ round: 'Matchday 1', date: '2025-09-20', time: '15:00', team1: 'Everton FC', team2: 'Fulham FC' }] }) }),
  },
  'PUT /api/predictions/:fixtureId': { expect: VERIFIED, url: (w) => `/api/predictions/${w.open}`, body: () => ({ homeScore: 1, awayScore: 0 }) },
  'GET /api/predictions': { expect: VERIFIED, url: () => '/api/predictions' },
  'GET /api/predictions/board': { expect: VERIFIED, url: () => '/api/predictions/board' },
  'PUT /api/admin/results/:fixtureId': { expect: ADMIN, url: (w) => `/api/admin/results/${w.past}`, body: () => ({ homeScore: 2, awayScore: 1 }) },
  'DELETE /api/admin/results/:fixtureId': { expect: ADMIN, url: (w) => `/api/admin/results/${w.past}` },
  'PUT /api/admin/live-scores/:fixtureId': { expect: ADMIN, url: (w) => `/api/admin/live-scores/${w.live}`, body: () => ({ homeScore: 1, awayScore: 0 }) },
  'GET /api/matches': { expect: SIGNED_IN, url: () => '/api/matches?tz=Europe%2FLondon' },
  'GET /api/me/settings/reminders': { expect: SIGNED_IN, url: () => '/api/me/settings/reminders' },
  'PUT /api/me/settings/reminders': { expect: SIGNED_IN, url: () => '/api/me/settings/reminders', body: () => ({ remindersEnabled: true, windows: [24, 6] }) },
  // Token links work without signing in; a wrong token is refused the same way for everyone.
  'GET /api/reminders/unsubscribe': { expect: row(404, 404, 404, 404, 404, 404), url: () => '/api/reminders/unsubscribe?token=not-a-token' },
  'POST /api/reminders/unsubscribe': { expect: row(404, 404, 404, 404, 404, 404), url: () => '/api/reminders/unsubscribe?token=not-a-token', body: () => ({}) },
  'GET /api/calendar/:file': { expect: row(404, 404, 404, 404, 404, 404), url: () => '/api/calendar/not-a-token.ics' },
  'GET /api/me/calendar': { expect: SIGNED_IN, url: () => '/api/me/calendar' },
  'POST /api/me/calendar/regenerate': { expect: SIGNED_IN, url: () => '/api/me/calendar/regenerate', body: () => ({}) },
  'GET /api/me/statistics': { expect: SIGNED_IN, url: () => '/api/me/statistics?tz=Europe%2FLondon' },
  'GET /api/dashboard': { expect: SIGNED_IN, url: () => '/api/dashboard' },
  'GET /api/contact/info': { expect: SIGNED_IN, url: () => '/api/contact/info' },
  'POST /api/contact': { expect: SIGNED_IN, url: () => '/api/contact', body: () => ({ email: 'me@example.com', message: 'Hello from the matrix' }) },
  'GET /api/admin/contact-messages': { expect: ADMIN, url: () => '/api/admin/contact-messages' },
  'POST /api/admin/contact-messages/:id/retry': { expect: ADMIN, url: (w) => `/api/admin/contact-messages/${w.messageId}/retry`, body: () => ({}) },
};

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

async function buildWorld(app: TestApp): Promise<{ world: World; cookies: Record<Role, string | undefined> }> {
  const { db, handle } = app.app.deps;
  const d = handle.dialect;
  const open = (await buildFixture(db, { kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 })).id;
  const past = (await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z', gameweek: 1, homeTeam: 'Everton FC', awayTeam: 'Fulham FC' })).id;
  const live = (await buildFixture(db, { kickoffAt: '2025-08-20T11:30:00.000Z', gameweek: 2, homeTeam: 'Burnley FC', awayTeam: 'Brentford FC' })).id;
  await db.insertInto('results').values({ fixtureId: past, homeScore: 1, awayScore: 1, final: 1, updatedAt: '2025-08-16T16:00:00.000Z' }).execute();
  const users = {
    unverified: await buildUser(db, d, { emailVerified: false }),
    player: await buildUser(db, d),
    other: await buildUser(db, d),
    creator: await buildUser(db, d),
    admin: await buildUser(db, d, { role: 'admin' }),
  };
  const cookies: Record<Role, string | undefined> = { visitor: undefined, unverified: '', player: '', other: '', creator: '', admin: '' };
  for (const [role, u] of Object.entries(users)) cookies[role as Role] = await buildSessionCookie(db, d, u.id, SECRET);
  const now = '2025-08-19T12:00:00.000Z';
  const league = 'league-matrix';
  const publicLeague = 'league-public';
  await db
    .insertInto('leagues')
    .values([
      { id: league, name: 'Matrix', code: 'MATRXABC', description: null, competition: 'premier-league', privacy: 'private', creatorId: users.creator.id, createdAt: now },
      { id: publicLeague, name: 'Open', code: 'PUBKABCD', description: null, competition: 'premier-league', privacy: 'public', creatorId: users.creator.id, createdAt: now },
    ])
    .execute();
  await db
    .insertInto('leagueMembers')
    .values([
      { leagueId: league, userId: users.creator.id, joinedAt: now },
      { leagueId: league, userId: users.player.id, joinedAt: now },
      { leagueId: publicLeague, userId: users.creator.id, joinedAt: now },
    ])
    .execute();
  const messageId = 'msg-matrix';
  await db
    .insertInto('contactMessages')
    .values({ id: messageId, userId: users.player.id, fromName: users.player.email, fromEmail: users.player.email, toEmail: 'support@example.com', subject: 'x', message: 'help', status: 'failed', attempts: 1, lastError: 'down', nextAttemptAt: null, createdAt: now, sentAt: null })
    .execute();
  return { world: { open, past, live, league, publicLeague, code: 'MATRXABC', playerId: users.player.id, messageId }, cookies };
}

describe('authorization matrix', () => {
  it('has a row for every route the app registers', async () => {
    t = await createTestApp();
    const routes = t.app.routeList
      .filter((r) => r.url.startsWith('/api/') || r.url.startsWith('/dev/'))
      .map((r) => `${r.method} ${r.url}`);
    const missing = routes.filter((r) => !CASES[r]);
    expect(missing, 'add a row to the authorization matrix for each new route').toEqual([]);
    const stale = Object.keys(CASES).filter((k) => !routes.includes(k));
    expect(stale, 'rows for routes that no longer exist').toEqual([]);
  });

  for (const [route, c] of Object.entries(CASES)) {
    it.skipIf(Boolean(c.skip))(route, async () => {
      t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
      const { world, cookies } = await buildWorld(t);
      const [method] = route.split(' ');
      const got: Partial<Record<Role, number>> = {};
      for (const role of ROLES_IN_ORDER) {
        const res = await t.request({
          method: method as 'GET',
          url: c.url(world),
          cookie: cookies[role],
          ...(c.body ? { payload: c.body(world) as object } : {}),
          // As a browser on our own pages sends it (state-changing requests from elsewhere are refused first).
          headers: { origin: 'http://localhost:3000' },
          remoteAddress: `10.0.0.${ROLES_IN_ORDER.indexOf(role) + 1}`,
        });
        got[role] = res.statusCode;
      }
      const normalise = (s: number | undefined): Expect => (s !== undefined && s >= 200 && s < 300 ? 'ok' : (s ?? 0));
      const actual = Object.fromEntries(ROLES_IN_ORDER.map((r) => [r, normalise(got[r])]));
      const expected = Object.fromEntries(ROLES_IN_ORDER.map((r) => [r, c.expect[r]]));
      expect(actual).toEqual(expected);
    });
  }
});
