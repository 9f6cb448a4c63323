import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import type { AuthLevel } from '../auth/guard.js';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { buildFixture } from '../test/factories-season.js';

/**
 * The authorization matrix: every route × visitor, unverified player, player, other player,
 * league creator and admin, with the status each must get. A route registered without a row here
 * fails the first test, so a new route cannot ship without a decision about who may call it.
 *
 * Each row names the level the route declares (`config.auth`, enforced by the one guard in
 * auth/guard.ts); the test checks the declaration says the same, and the statuses expected follow
 * from it. Rows whose answer also depends on data (league members, the creator, token links)
 * give a narrower matrix, which must still refuse everyone the declared level refuses.
 */
type Role = 'visitor' | 'unverified' | 'player' | 'other' | 'creator' | 'admin';
/** 'ok' is any 2xx; numbers are exact statuses. */
type Expect = 'ok' | number;
type Matrix = Record<Role, Expect>;

const ROLES_IN_ORDER: Role[] = ['visitor', 'unverified', 'other', 'admin', 'player', 'creator'];
const row = (
  visitor: Expect,
  unverified: Expect,
  player: Expect,
  other: Expect,
  creator: Expect,
  admin: Expect,
): Matrix => ({ visitor, unverified, player, other, creator, admin });
const PUBLIC = row('ok', 'ok', 'ok', 'ok', 'ok', 'ok');
const SIGNED_IN = row(401, 'ok', 'ok', 'ok', 'ok', 'ok');
const VERIFIED = row(401, 403, 'ok', 'ok', 'ok', 'ok');
const ADMIN = row(401, 403, 403, 403, 403, 'ok');
const MEMBERS = row(401, 403, 'ok', 403, 'ok', 403);
const CREATOR = row(401, 403, 403, 403, 'ok', 403);
/** Members, and admins though not members (bonus questions: reading and settling). */
const MEMBERS_AND_ADMINS = row(401, 403, 'ok', 403, 'ok', 'ok');
const CREATOR_AND_ADMINS = row(401, 403, 403, 403, 'ok', 'ok');
/** Token links work without signing in; a wrong token is refused the same way for everyone. */
const TOKEN = row(404, 404, 404, 404, 404, 404);
/** A mailed link's token is the permission: a wrong one is the same 400 for everyone. */
const BAD_LINK = row(400, 400, 400, 400, 400, 400);
/** Served only to a browser on this machine (the development outbox). */
const LOCAL_ONLY = row(403, 403, 403, 403, 403, 403);
const BY_LEVEL: Record<AuthLevel, Matrix> = { public: PUBLIC, user: SIGNED_IN, verified: VERIFIED, admin: ADMIN };

interface World {
  open: string;
  past: string;
  live: string;
  league: string;
  publicLeague: string;
  code: string;
  playerId: string;
  /** A player the creator removed from the private league (barred until let back in). */
  removedId: string;
  messageId: string;
  /** Bonus questions of the private league: open (no answers), locked, and settled by hand (version 1). */
  questions: { open: string; locked: string; settled: string };
}

interface Case {
  /** Who may call the route: must equal the route's own declaration. */
  auth: AuthLevel;
  /** Statuses when data decides too (membership, creator, a token); otherwise BY_LEVEL[auth]. */
  narrower?: Matrix;
  url: (w: World) => string;
  body?: (w: World) => unknown;
  /** Not exercised here, with the reason (the row still documents the decision). */
  skip?: string;
  /** Tried on an app of its own, with the reason: the answer depends on the whole database, not only on the row's world. */
  ownApp?: string;
}

const FUTURE_DATE = '2025-09-30';
let matrixTeams = 0;
const SMALL_SEASON = JSON.stringify({
  name: 'Test',
  matches: [{ round: 'Matchday 1', date: '2030-09-20', time: '15:00', team1: 'Everton FC', team2: 'Fulham FC' }],
});
const CASES: Record<string, Case> = {
  'GET /api/openapi.json': { auth: 'public', url: () => '/api/openapi.json' },
  'GET /api/auth/*': { auth: 'public', url: () => '/api/auth/get-session' },
  'POST /api/auth/*': { auth: 'public', url: () => '/api/auth/sign-out', body: () => ({}) },
  'GET /api/events': {
    auth: 'public',
    url: () => '/api/events',
    skip: 'an endless stream; who receives which event is tested in the live-event tests',
  },
  // The development outbox is for a browser on this machine only, whoever is signed in (the
  // matrix calls from 10.0.0.x); dev-outbox.test.ts covers the loopback side.
  'GET /dev/mail.json': { auth: 'public', narrower: LOCAL_ONLY, url: () => '/dev/mail.json' },
  'GET /dev/mail': { auth: 'public', narrower: LOCAL_ONLY, url: () => '/dev/mail' },
  'GET /api/health': { auth: 'public', url: () => '/api/health' },
  'GET /api/me': { auth: 'user', url: () => '/api/me' },
  'GET /api/me/trophies': { auth: 'user', url: () => '/api/me/trophies' },
  // Team names are unique across the game: each caller takes a name of their own.
  'PUT /api/me/team-name': {
    auth: 'user',
    url: () => '/api/me/team-name',
    body: () => ({ teamName: `Matrix FC ${++matrixTeams}` }),
  },
  'DELETE /api/me/team-name-notice': { auth: 'user', url: () => '/api/me/team-name-notice' },
  'POST /api/registration/preview': {
    auth: 'public',
    narrower: BAD_LINK,
    url: () => '/api/registration/preview',
    body: () => ({ token: 'not-a-token' }),
  },
  'POST /api/registration/confirm': {
    auth: 'public',
    narrower: BAD_LINK,
    url: () => '/api/registration/confirm',
    body: () => ({ token: 'not-a-token', newPassword: 'long-enough-1', teamName: 'Matrix Confirm' }),
  },
  'POST /api/registration/cancel': {
    auth: 'public',
    narrower: BAD_LINK,
    url: () => '/api/registration/cancel',
    body: () => ({ token: 'not-a-token' }),
  },
  'GET /api/leagues': { auth: 'user', url: () => '/api/leagues' },
  'POST /api/leagues': { auth: 'verified', url: () => '/api/leagues', body: () => ({ name: 'Matrix League' }) },
  'POST /api/leagues/join': { auth: 'verified', url: () => '/api/leagues/join', body: (w) => ({ code: w.code }) },
  'GET /api/leagues/public': { auth: 'user', url: () => '/api/leagues/public' },
  'POST /api/leagues/:id/join': {
    auth: 'verified',
    url: (w) => `/api/leagues/${w.publicLeague}/join`,
    body: () => ({}),
  },
  'POST /api/leagues/:id/leave': {
    auth: 'user',
    narrower: MEMBERS,
    url: (w) => `/api/leagues/${w.league}/leave`,
    body: () => ({}),
  },
  'DELETE /api/leagues/:id/members/:userId': {
    auth: 'user',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}/members/${w.playerId}`,
  },
  'PATCH /api/leagues/:id': {
    auth: 'user',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}`,
    body: () => ({ name: 'Renamed League' }),
  },
  // Its members have scored picks (the past season), so the change must be confirmed.
  'PUT /api/leagues/:id/scoring': {
    auth: 'user',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}/scoring`,
    body: () => ({ rule: { exact: 4, difference: 3, outcome: 2 }, bankersAllowed: true, confirmRecompute: true }),
  },
  'GET /api/leagues/:id/table': { auth: 'user', narrower: MEMBERS, url: (w) => `/api/leagues/${w.league}/table` },
  'GET /api/leagues/gameweeks': { auth: 'user', url: () => '/api/leagues/gameweeks' },
  'GET /api/leagues/:id/members/:userId/picks': {
    auth: 'user',
    narrower: MEMBERS,
    url: (w) => `/api/leagues/${w.league}/members/${w.playerId}/picks?gameweek=1`,
  },
  'GET /api/leagues/positions': { auth: 'user', url: () => '/api/leagues/positions' },
  'GET /api/leagues/:id/live-table': {
    auth: 'user',
    narrower: MEMBERS,
    url: (w) => `/api/leagues/${w.league}/live-table`,
  },
  'GET /api/leagues/:id/outlook': { auth: 'user', narrower: MEMBERS, url: (w) => `/api/leagues/${w.league}/outlook` },
  'GET /api/leagues/:id/honours': { auth: 'user', narrower: MEMBERS, url: (w) => `/api/leagues/${w.league}/honours` },
  'GET /api/leagues/:id/archive': { auth: 'user', narrower: MEMBERS, url: (w) => `/api/leagues/${w.league}/archive` },
  'GET /api/leaderboard/outlook': { auth: 'user', url: () => '/api/leaderboard/outlook' },
  // An invite link's preview is for anyone holding the link, signed in or not (decision record 0046).
  'GET /api/invites/:code': { auth: 'public', url: (w) => `/api/invites/${w.code}` },
  // Share pictures (decision 0112): the invite picture shows what the invite preview shows, to anyone holding the link.
  'GET /api/leagues/invite/:code/image.png': { auth: 'public', url: (w) => `/api/leagues/invite/${w.code}/image.png` },
  'GET /api/leagues/:id/table-card.png': {
    auth: 'user',
    narrower: MEMBERS,
    url: (w) => `/api/leagues/${w.league}/table-card.png`,
  },
  'GET /api/summary/card.png': { auth: 'user', url: () => '/api/summary/card.png?gameweek=1' },
  'POST /api/leagues/:id/code': {
    auth: 'user',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}/code`,
    body: () => ({}),
  },
  'GET /api/leagues/:id/removed-players': {
    auth: 'user',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}/removed-players`,
  },
  'DELETE /api/leagues/:id/removed-players/:userId': {
    auth: 'user',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}/removed-players/${w.removedId}`,
  },
  // Bonus questions (decision records 0062, 0063): settling twice with the same answer is harmless, so the admin and then the creator both succeed.
  'GET /api/leagues/:id/questions': {
    auth: 'user',
    narrower: MEMBERS_AND_ADMINS,
    url: (w) => `/api/leagues/${w.league}/questions`,
  },
  'POST /api/leagues/:id/questions': {
    auth: 'verified',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}/questions`,
    body: () => ({
      season: '2025-26',
      kind: 'free',
      prompt: 'Matrix?',
      options: ['Yes', 'No'],
      points: 3,
      locksAt: '2025-08-30T12:00:00.000Z',
    }),
  },
  'PUT /api/leagues/:id/questions/:questionId': {
    auth: 'verified',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}/questions/${w.questions.open}`,
    body: () => ({
      kind: 'free',
      prompt: 'Matrix again?',
      options: ['Yes', 'No'],
      points: 3,
      locksAt: '2025-08-30T12:00:00.000Z',
    }),
  },
  'DELETE /api/leagues/:id/questions/:questionId': {
    auth: 'verified',
    narrower: CREATOR,
    url: (w) => `/api/leagues/${w.league}/questions/${w.questions.open}`,
  },
  'PUT /api/leagues/:id/questions/:questionId/answer': {
    auth: 'verified',
    narrower: MEMBERS,
    url: (w) => `/api/leagues/${w.league}/questions/${w.questions.open}/answer`,
    body: () => ({ choices: [0] }),
  },
  'GET /api/leagues/:id/questions/:questionId/answers': {
    auth: 'user',
    narrower: MEMBERS_AND_ADMINS,
    url: (w) => `/api/leagues/${w.league}/questions/${w.questions.locked}/answers`,
  },
  'PUT /api/leagues/:id/questions/:questionId/settlement': {
    auth: 'verified',
    narrower: CREATOR_AND_ADMINS,
    url: (w) => `/api/leagues/${w.league}/questions/${w.questions.locked}/settlement`,
    body: () => ({ correct: [0], version: 0 }),
  },
  'DELETE /api/leagues/:id/questions/:questionId/settlement': {
    auth: 'verified',
    narrower: CREATOR_AND_ADMINS,
    url: (w) => `/api/leagues/${w.league}/questions/${w.questions.settled}/settlement?version=1`,
  },
  'GET /api/admin/overview': { auth: 'admin', url: () => '/api/admin/overview' },
  'GET /api/admin/awaiting-results': { auth: 'admin', url: () => '/api/admin/awaiting-results' },
  'GET /api/admin/event-loop': { auth: 'admin', url: () => '/api/admin/event-loop' },
  'POST /api/admin/event-loop/reset': { auth: 'admin', url: () => '/api/admin/event-loop/reset' },
  'GET /api/seasons': { auth: 'public', url: () => '/api/seasons' },
  'GET /api/competitions': { auth: 'public', url: () => '/api/competitions' },
  'GET /api/public-figures': { auth: 'public', url: () => '/api/public-figures' },
  'GET /api/clubs': { auth: 'public', url: () => '/api/clubs?season=2025-26' },
  'GET /api/gameweeks': { auth: 'public', url: () => '/api/gameweeks' },
  'GET /api/admin/gameweeks': { auth: 'admin', url: () => '/api/admin/gameweeks' },
  'PUT /api/admin/gameweeks/:gameweek': {
    auth: 'admin',
    url: () => '/api/admin/gameweeks/1',
    body: () => ({ startDate: '2025-08-15', endDate: '2025-08-18' }),
  },
  'POST /api/admin/gameweeks/add': {
    auth: 'admin',
    url: () => '/api/admin/gameweeks/add',
    body: () => ({ gameweek: 2 }),
  },
  'POST /api/admin/gameweeks/reset': { auth: 'admin', url: () => '/api/admin/gameweeks/reset', body: () => ({}) },
  'POST /api/admin/gameweeks/initialize': {
    auth: 'admin',
    ownApp: 'refused once the gameweeks exist, for everyone',
    url: () => '/api/admin/gameweeks/initialize',
    body: () => ({}),
  },
  'GET /api/fixtures': { auth: 'public', url: () => '/api/fixtures?gameweek=1' },
  'GET /api/fixtures/:id': { auth: 'public', url: (w) => `/api/fixtures/${w.open}` },
  'POST /api/admin/fixtures': {
    auth: 'admin',
    url: () => '/api/admin/fixtures',
    body: () => ({ homeTeam: 'Everton FC', awayTeam: 'Fulham FC', date: FUTURE_DATE, time: '15:00' }),
  },
  'PUT /api/admin/fixtures/:id': {
    auth: 'admin',
    url: (w) => `/api/admin/fixtures/${w.open}`,
    body: () => ({ homeTeam: 'Arsenal FC', awayTeam: 'Chelsea FC', date: FUTURE_DATE, time: '17:30' }),
  },
  'GET /api/admin/fixtures/:id/impact': { auth: 'admin', url: (w) => `/api/admin/fixtures/${w.open}/impact` },
  'DELETE /api/admin/fixtures/:id': { auth: 'admin', url: (w) => `/api/admin/fixtures/${w.open}` },
  'DELETE /api/admin/fixtures': { auth: 'admin', url: () => '/api/admin/fixtures?gameweek=3' },
  'POST /api/admin/fixtures/import-season': {
    auth: 'admin',
    url: () => '/api/admin/fixtures/import-season',
    body: () => ({ offset: 0, limit: 10 }),
  },
  'POST /api/admin/fixtures/import-file': {
    auth: 'admin',
    url: () => '/api/admin/fixtures/import-file',
    body: () => ({
      fileName: 'x.json',
      content: JSON.stringify({
        name: 'Test',
        matches: [{ round: 'Matchday 1', date: '2025-09-20', time: '15:00', team1: 'Everton FC', team2: 'Fulham FC' }],
      }),
    }),
  },
  'GET /api/admin/seasons': { auth: 'admin', url: () => '/api/admin/seasons' },
  'POST /api/admin/seasons/preview': {
    auth: 'admin',
    url: () => '/api/admin/seasons/preview',
    body: () => ({ fileName: 'x.json', content: SMALL_SEASON }),
  },
  'POST /api/admin/seasons': {
    auth: 'admin',
    url: () => '/api/admin/seasons',
    body: () => ({ fileName: 'x.json', content: SMALL_SEASON, id: '2030-31', label: '2030/31', clubs: [] }),
  },
  'PUT /api/admin/current-season': {
    auth: 'admin',
    url: () => '/api/admin/current-season',
    body: () => ({ seasonId: null }),
  },
  'POST /api/admin/seasons/:id/reimport/preview': {
    auth: 'admin',
    url: () => '/api/admin/seasons/2025-26/reimport/preview',
    body: () => ({ fileName: 'x.json', content: SMALL_SEASON }),
  },
  'POST /api/admin/seasons/:id/reimport': {
    auth: 'admin',
    narrower: row(401, 403, 403, 403, 403, 400),
    url: () => '/api/admin/seasons/2024-25/reimport',
    body: () => ({ fileName: 'x.json', content: SMALL_SEASON }),
  },
  'GET /api/admin/seasons/:id/feed': { auth: 'admin', url: () => '/api/admin/seasons/2025-26/feed' },
  'PUT /api/admin/seasons/:id/feed': {
    auth: 'admin',
    url: () => '/api/admin/seasons/2025-26/feed',
    body: () => ({ feedUrl: null }),
  },
  'POST /api/admin/seasons/:id/feed/sync': {
    auth: 'admin',
    narrower: row(401, 403, 403, 403, 403, 409),
    url: () => '/api/admin/seasons/2025-26/feed/sync',
  },
  'POST /api/admin/seasons/:id/conflicts/:fixtureId': {
    auth: 'admin',
    narrower: row(401, 403, 403, 403, 403, 404),
    url: (w) => `/api/admin/seasons/2025-26/conflicts/${w.past}`,
    body: () => ({ keep: 'admin' }),
  },
  'POST /api/admin/seasons/:id/moves/:fixtureId': {
    auth: 'admin',
    narrower: row(401, 403, 403, 403, 403, 404),
    url: (w) => `/api/admin/seasons/2025-26/moves/${w.open}`,
    body: () => ({ decision: 'reject' }),
  },
  'PUT /api/predictions/:fixtureId': {
    auth: 'verified',
    url: (w) => `/api/predictions/${w.open}`,
    body: () => ({ homeScore: 1, awayScore: 0 }),
  },
  // Every verified player of the world has a pick on the open match, their banker of its gameweek.
  'PUT /api/predictions/:fixtureId/banker': { auth: 'verified', url: (w) => `/api/predictions/${w.open}/banker` },
  'DELETE /api/predictions/:fixtureId/banker': { auth: 'verified', url: (w) => `/api/predictions/${w.open}/banker` },
  'GET /api/predictions': { auth: 'verified', url: () => '/api/predictions' },
  'GET /api/predictions/board': { auth: 'verified', url: () => '/api/predictions/board' },
  'PUT /api/admin/results/:fixtureId': {
    auth: 'admin',
    url: (w) => `/api/admin/results/${w.past}`,
    body: () => ({ homeScore: 2, awayScore: 1 }),
  },
  'DELETE /api/admin/results/:fixtureId': { auth: 'admin', url: (w) => `/api/admin/results/${w.past}` },
  'GET /api/admin/results/desk': { auth: 'admin', url: () => '/api/admin/results/desk' },
  'PUT /api/admin/results': {
    auth: 'admin',
    url: () => '/api/admin/results',
    body: (w) => ({ results: [{ fixtureId: w.past, homeScore: 2, awayScore: 1 }] }),
  },
  'GET /api/me/gameweeks/:gameweek/summary': { auth: 'user', url: () => '/api/me/gameweeks/1/summary' },
  'GET /api/me/gameweeks/latest': { auth: 'user', url: () => '/api/me/gameweeks/latest' },
  'GET /api/leaderboard': { auth: 'user', url: () => '/api/leaderboard' },
  'PUT /api/admin/live-scores/:fixtureId': {
    auth: 'admin',
    url: (w) => `/api/admin/live-scores/${w.live}`,
    body: () => ({ homeScore: 1, awayScore: 0 }),
  },
  'GET /api/matches': { auth: 'user', url: () => '/api/matches?tz=Europe%2FLondon' },
  'GET /api/me/settings/reminders': { auth: 'user', url: () => '/api/me/settings/reminders' },
  'PUT /api/me/settings/reminders': {
    auth: 'user',
    url: () => '/api/me/settings/reminders',
    body: () => ({ remindersEnabled: true, windows: [24, 6] }),
  },
  'GET /api/reminders/unsubscribe': {
    auth: 'public',
    narrower: TOKEN,
    url: () => '/api/reminders/unsubscribe?token=not-a-token',
  },
  'POST /api/reminders/unsubscribe': {
    auth: 'public',
    narrower: TOKEN,
    url: () => '/api/reminders/unsubscribe?token=not-a-token',
    body: () => ({}),
  },
  'GET /api/calendar/:file': { auth: 'public', narrower: TOKEN, url: () => '/api/calendar/not-a-token.ics' },
  // Web Push (decision 0111): the key is public; a subscription and preferences are always the caller's own.
  'GET /api/push/key': { auth: 'public', url: () => '/api/push/key' },
  'POST /api/push/subscriptions': {
    auth: 'user',
    url: () => '/api/push/subscriptions',
    body: () => ({
      endpoint: 'https://push.example/authz',
      keys: { p256dh: `B${'A'.repeat(86)}`, auth: 'A'.repeat(22) },
    }),
  },
  'DELETE /api/push/subscriptions': {
    auth: 'user',
    url: () => '/api/push/subscriptions',
    body: () => ({ endpoint: 'https://push.example/authz' }),
  },
  'GET /api/push/preferences': { auth: 'user', url: () => '/api/push/preferences' },
  'PUT /api/push/preferences': {
    auth: 'user',
    url: () => '/api/push/preferences',
    body: () => ({
      picksMissing: true,
      results: false,
      goals: false,
      leagueNews: false,
      alsoEmail: false,
      quietStart: null,
      quietEnd: null,
      timeZone: null,
    }),
  },
  'GET /api/me/calendar': { auth: 'user', url: () => '/api/me/calendar' },
  'POST /api/me/calendar/regenerate': { auth: 'user', url: () => '/api/me/calendar/regenerate', body: () => ({}) },
  'GET /api/me/statistics': { auth: 'user', url: () => '/api/me/statistics?tz=Europe%2FLondon' },
  'GET /api/dashboard': { auth: 'user', url: () => '/api/dashboard' },
  'GET /api/contact/info': { auth: 'public', url: () => '/api/contact/info' },
  'POST /api/contact': {
    auth: 'public',
    url: () => '/api/contact',
    body: () => ({ email: 'me@example.com', message: 'Hello from the matrix' }),
  },
  'GET /api/me/account/deletion-preview': { auth: 'user', url: () => '/api/me/account/deletion-preview' },
  // A wrong password changes nothing (400); the matrix's only admin may not delete the account (409) whatever the password.
  'POST /api/me/account/delete': {
    auth: 'user',
    ownApp: 'the 409 is for the only admin',
    narrower: row(401, 400, 400, 400, 400, 409),
    url: () => '/api/me/account/delete',
    body: () => ({ password: 'not-the-password' }),
  },
  'GET /api/me/export': { auth: 'user', url: () => '/api/me/export' },
  // How the players picked: any signed-in player for everyone's picks; a league's only for its members.
  'GET /api/pick-shares': {
    auth: 'user',
    narrower: MEMBERS,
    url: (w) => `/api/pick-shares?gameweek=1&league=${w.league}`,
  },
  'GET /api/pick-shares/:fixtureId': { auth: 'user', url: (w) => `/api/pick-shares/${w.past}` },
  'GET /api/admin/contact-messages': { auth: 'admin', url: () => '/api/admin/contact-messages' },
  'POST /api/admin/contact-messages/:id/retry': {
    auth: 'admin',
    url: (w) => `/api/admin/contact-messages/${w.messageId}/retry`,
    body: () => ({}),
  },
};

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** A code in the league-code alphabet, different for each world `n` (up to 31³ of them). */
const codeFor = (prefix: string, n: number) => {
  const abc = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';
  return prefix + abc[Math.floor(n / 961) % 31]! + abc[Math.floor(n / 31) % 31]! + abc[n % 31]!;
};

/**
 * The data one row is tried on: its own players, leagues, message and questions (world `n`), so
 * the rows share one app without one row's changes (a league deleted, a message retried)
 * reaching another's.
 */
async function buildWorld(
  app: TestApp,
  n: number,
): Promise<{ world: World; cookies: Record<Role, string | undefined> }> {
  const { db, handle } = app.app.deps;
  const d = handle.dialect;
  const open = (await buildFixture(db, { kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 })).id;
  const past = (
    await buildFixture(db, {
      kickoffAt: '2025-08-16T14:00:00.000Z',
      gameweek: 1,
      homeTeam: 'Everton FC',
      awayTeam: 'Fulham FC',
    })
  ).id;
  const live = (
    await buildFixture(db, {
      kickoffAt: '2025-08-20T11:30:00.000Z',
      gameweek: 2,
      homeTeam: 'Burnley FC',
      awayTeam: 'Brentford FC',
    })
  ).id;
  await db
    .insertInto('results')
    .values({ fixtureId: past, homeScore: 1, awayScore: 1, final: 1, updatedAt: '2025-08-16T16:00:00.000Z' })
    .execute();
  const users = {
    unverified: await buildUser(db, d, { emailVerified: false }),
    player: await buildUser(db, d),
    other: await buildUser(db, d),
    creator: await buildUser(db, d),
    admin: await buildUser(db, d, { role: 'admin' }),
  };
  const removed = await buildUser(db, d);
  const cookies: Record<Role, string | undefined> = {
    visitor: undefined,
    unverified: '',
    player: '',
    other: '',
    creator: '',
    admin: '',
  };
  for (const [role, u] of Object.entries(users)) cookies[role as Role] = await buildSessionCookie(db, d, u.id, SECRET);
  const now = '2025-08-19T12:00:00.000Z';
  const league = `league-matrix-${n}`;
  const publicLeague = `league-public-${n}`;
  const code = codeFor('MATRX', n);
  await db
    .insertInto('leagues')
    .values([
      {
        id: league,
        name: 'Matrix',
        code,
        description: null,
        competition: 'premier-league',
        privacy: 'private',
        creatorId: users.creator.id,
        createdAt: now,
      },
      {
        id: publicLeague,
        name: 'Open',
        code: codeFor('PUBKA', n),
        description: null,
        competition: 'premier-league',
        privacy: 'public',
        creatorId: users.creator.id,
        createdAt: now,
      },
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
  await db.insertInto('leagueBans').values({ leagueId: league, userId: removed.id, removedAt: now }).execute();
  for (const u of [users.player, users.other, users.creator, users.admin]) {
    await db
      .insertInto('predictions')
      .values({
        userId: u.id,
        fixtureId: open,
        homeScore: 2,
        awayScore: 0,
        predictedAt: now,
        points: null,
        outcome: null,
        banker: 1,
      })
      .execute();
  }
  const messageId = `msg-matrix-${n}`;
  await db
    .insertInto('contactMessages')
    .values({
      id: messageId,
      userId: users.player.id,
      fromName: 'Matrix FC',
      accountEmail: users.player.email,
      fromEmail: users.player.email,
      toEmail: 'support@example.com',
      subject: 'x',
      message: 'help',
      status: 'failed',
      attempts: 1,
      lastError: 'down',
      nextAttemptAt: null,
      createdAt: now,
      sentAt: null,
    })
    .execute();
  const question = (id: string, locksAt: string) => ({
    id,
    leagueId: league,
    seasonId: '2025-26',
    kind: 'free' as const,
    prompt: 'Matrix?',
    club: null,
    options: JSON.stringify(['Yes', 'No']),
    picks: 1,
    points: 3,
    locksAt,
    createdBy: users.creator.id,
    createdAt: now,
    updatedAt: now,
    correct: null,
    settledBy: null,
    settlerId: null,
    settledAt: null,
    settleNote: null,
    settlementVersion: 0,
  });
  const questions = { open: `q-open-${n}`, locked: `q-locked-${n}`, settled: `q-settled-${n}` };
  await db
    .insertInto('leagueQuestions')
    .values([
      question(questions.open, '2025-08-30T12:00:00.000Z'),
      question(questions.locked, '2025-08-19T18:00:00.000Z'),
      {
        ...question(questions.settled, '2025-08-19T18:00:00.000Z'),
        correct: '[1]',
        settledBy: 'organiser',
        settlerId: users.creator.id,
        settledAt: now,
        settlementVersion: 1,
      },
    ])
    .execute();
  return {
    world: {
      open,
      past,
      live,
      league,
      publicLeague,
      code,
      playerId: users.player.id,
      removedId: removed.id,
      messageId,
      questions,
    },
    cookies,
  };
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

  it('names the level each route declares, and data-dependent rows refuse whom that level refuses', async () => {
    t = await createTestApp();
    const declared = Object.fromEntries(t.app.routeList.map((r) => [`${r.method} ${r.url}`, r.auth]));
    const rowLevels = Object.fromEntries(Object.entries(CASES).map(([route, c]) => [route, c.auth]));
    expect(rowLevels).toEqual(Object.fromEntries(Object.keys(CASES).map((route) => [route, declared[route]])));
    for (const [route, c] of Object.entries(CASES)) {
      if (!c.narrower) continue;
      const base = BY_LEVEL[c.auth];
      for (const role of ROLES_IN_ORDER) {
        if (base[role] !== 'ok') expect(c.narrower[role], `${route}: ${role}`).toBe(base[role]);
      }
    }
  });

  // One app for every row (building an app and its database for each of a hundred rows was most
  // of this file's time); each row gets a world of its own.
  let shared: TestApp;
  let worlds = 0;
  beforeAll(async () => {
    shared = await createTestApp({ now: '2025-08-20T12:00:00Z' });
  });
  afterAll(async () => {
    await shared?.close();
  });

  for (const [route, c] of Object.entries(CASES)) {
    it.skipIf(Boolean(c.skip))(route, async () => {
      const app = c.ownApp ? (t = await createTestApp({ now: '2025-08-20T12:00:00Z' })) : shared;
      const { world, cookies } = await buildWorld(app, ++worlds);
      const [method] = route.split(' ');
      const got: Partial<Record<Role, number>> = {};
      for (const role of ROLES_IN_ORDER) {
        const res = await app.request({
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
      const matrix = c.narrower ?? BY_LEVEL[c.auth];
      const expected = Object.fromEntries(ROLES_IN_ORDER.map((r) => [r, matrix[r]]));
      expect(actual).toEqual(expected);
    });
  }
});
