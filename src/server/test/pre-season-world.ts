import { sql, type Kysely } from 'kysely';
import type { DatabaseHandle } from '../db/index.js';
import { scorePrediction } from '../../game/scoring.js';
import { builtInGameweeks, builtInSeasonFixtures, replayableResults } from '../seasons/builtin.js';
import { buildSessionCookie, buildUser, type BuiltUser } from './factories.js';

/**
 * The data a database made by the releases before the season model (migration 0014) holds, written in THAT schema (as
 * migration 0011 left it: no seasons, `gameweeks` keyed by gameweek, `userPoints` by gameweek and
 * player, kept by the old triggers), as the old code wrote it. Migration tests of 0014 and later
 * build the old database with `migrateThrough(handle, { last: '0011_security' })`, call this, then
 * migrate and check nothing was lost.
 *
 * The world, on 1 March 2026 by the old clock: the 2025/26 season imported (380 fixtures), one
 * of them deleted and re-added by the admin a day later (a new id), and an extra fixture against
 * a club the catalogue does not know (an admin's file), without a gameweek; results entered by
 * the admin for the matches played, but a few left out, one only provisional (in play) and one
 * typed wrong; stored gameweek definitions with one edited; players verified and not, an admin;
 * predictions scored and pending; two leagues; reminder settings, tokens and log; contact
 * messages; a fixture whose predictions were locked when it moved after its deadline; sessions;
 * the old seed's marker.
 */
export const PRE_SEASON_NOW = '2026-03-01T12:00:00.000Z';
export const EXTRA_FIXTURE = 'LeicesterCityFC_vs_ArsenalFC_2025-09-02';
export const EXTRA_CLUB = 'Leicester City FC';

export interface PreSeasonWorld {
  admin: BuiltUser;
  alice: BuiltUser;
  bob: BuiltUser;
  carol: BuiltUser;
  dave: BuiltUser;
  /** Session cookies issued by the old release (signed with `secret`). */
  cookies: Record<'admin' | 'alice' | 'bob' | 'carol' | 'dave', string>;
  leagues: { office: string; open: string };
  /** The fixture the admin deleted and re-added a day later: its new id, and the id it had. */
  moved: { id: string; originalId: string; homeTeam: string; awayTeam: string };
  /** Played matches the admin left without a result, only a provisional score, or a wrong one. */
  missingResults: string[];
  provisional: string;
  wrongResult: { fixtureId: string; homeScore: number; awayScore: number };
  lockedFixture: string;
  /** The gameweek whose stored dates the admin changed, and to what. */
  editedGameweek: { gameweek: number; startDate: string; endDate: string };
  fixtureCount: number;
}

// The old schema is not today's (schema.ts): this view takes any table and column.
type OldDb = Kysely<Record<string, Record<string, unknown>>>;

export async function writePreSeasonWorld(handle: DatabaseHandle, secret: string): Promise<PreSeasonWorld> {
  const db = handle.db;
  const old = db as unknown as OldDb;
  const now = PRE_SEASON_NOW;

  const user = (o: Parameters<typeof buildUser>[2]) =>
    buildUser(db, handle.dialect, { ...o, pastSeason: false, createdAt: '2025-07-01T12:00:00.000Z' });
  const admin = await user({ role: 'admin', teamName: 'Admins Eleven' });
  const alice = await user({ teamName: 'Apples' });
  const bob = await user({ teamName: null, username: 'bob_b' });
  const carol = await user({ teamName: 'Carrots', emailVerified: false });
  const dave = await user({ teamName: 'Dates' });
  const cookie = (u: BuiltUser) => buildSessionCookie(db, handle.dialect, u.id, secret);
  const cookies = {
    admin: await cookie(admin),
    alice: await cookie(alice),
    bob: await cookie(bob),
    carol: await cookie(carol),
    dave: await cookie(dave),
  };

  // The season as the old "Import All PL Fixtures" wrote it, one match moved by delete-and-re-add.
  // Without the columns later releases added (seasons, and the knockout columns of migration 0060).
  const season = builtInSeasonFixtures('2025-26').map(
    ({ seasonId: _season, stage: _s, groupName: _g, leg: _l, homeLabel: _h, awayLabel: _a, ...f }) => f,
  );
  const movedIndex = season.findIndex((f) => f.gameweek === 20);
  const original = season[movedIndex]!;
  const nextDay = new Date(Date.parse(`${original.localDate}T12:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  const movedId = `${original.homeTeam.replace(/\s+/g, '')}_vs_${original.awayTeam.replace(/\s+/g, '')}_${nextDay}`;
  season[movedIndex] = {
    ...original,
    id: movedId,
    localDate: nextDay,
    kickoffAt: new Date(Date.parse(original.kickoffAt!) + 86_400_000).toISOString(),
  };
  const extra = {
    id: EXTRA_FIXTURE,
    homeTeam: EXTRA_CLUB,
    awayTeam: 'Arsenal FC',
    kickoffAt: '2025-09-02T18:45:00.000Z',
    localDate: '2025-09-02',
    localTime: '19:45',
    gameweek: null,
    league: 'Premier League',
    postponed: 0,
  };
  const fixtures = [...season, extra];
  for (let i = 0; i < fixtures.length; i += 50) {
    await old
      .insertInto('fixtures')
      .values(
        fixtures
          .slice(i, i + 50)
          .map((f) => ({ ...f, createdAt: '2025-07-01T12:00:00.000Z', updatedAt: '2025-07-01T12:00:00.000Z' })),
      )
      .execute();
  }

  // Results the admin entered by 1 March 2026 (matches over by then), with the gaps described above.
  const byPair = new Map(fixtures.map((f) => [`${f.homeTeam}|${f.awayTeam}`, f]));
  const played = replayableResults('2025-26')
    .map((r) => ({ r, f: byPair.get(`${r.homeTeam}|${r.awayTeam}`)! }))
    .filter(({ f }) => f.kickoffAt !== null && Date.parse(f.kickoffAt) + 3 * 3600_000 <= Date.parse(now));
  const missingResults = [played[5]!.f.id, played[150]!.f.id];
  const provisional = played[200]!.f.id;
  const wrong = played[100]!;
  const wrongResult = { fixtureId: wrong.f.id, homeScore: wrong.r.homeScore + 3, awayScore: wrong.r.awayScore };
  const results = new Map<string, { homeScore: number; awayScore: number; final: number }>();
  for (const { r, f } of played) {
    if (missingResults.includes(f.id)) continue;
    if (f.id === provisional) results.set(f.id, { homeScore: r.homeScore, awayScore: 0, final: 0 });
    else if (f.id === wrongResult.fixtureId)
      results.set(f.id, { homeScore: wrongResult.homeScore, awayScore: wrongResult.awayScore, final: 1 });
    else results.set(f.id, { homeScore: r.homeScore, awayScore: r.awayScore, final: 1 });
  }
  results.set(EXTRA_FIXTURE, { homeScore: 1, awayScore: 2, final: 1 });
  const resultRows = [...results].map(([fixtureId, r]) => ({ fixtureId, ...r, updatedAt: '2026-02-28T20:00:00.000Z' }));
  for (let i = 0; i < resultRows.length; i += 100)
    await old
      .insertInto('results')
      .values(resultRows.slice(i, i + 100))
      .execute();

  // Predictions: three players pick the first three matches of every gameweek to 30, and the extra
  // one; scored where a final result is stored (as the old rescoring left them), pending otherwise.
  const picked = [...fixtures.filter((f) => f.gameweek !== null && f.gameweek <= 30)]
    .sort((a, b) => a.gameweek! - b.gameweek! || a.kickoffAt!.localeCompare(b.kickoffAt!) || a.id.localeCompare(b.id))
    .filter((f, i, all) => all.findIndex((g) => g.gameweek === f.gameweek) + 3 > i);
  picked.push(extra, season[movedIndex]!);
  const predictions: Array<Record<string, unknown>> = [];
  for (const [n, u] of [alice, bob, admin].entries()) {
    for (const [i, f] of picked.entries()) {
      const pick = { homeScore: (i + n) % 3, awayScore: (i * (n + 1)) % 2 };
      const res = results.get(f.id);
      const scored = res && res.final ? scorePrediction(pick, res) : null;
      predictions.push({
        userId: u.id,
        fixtureId: f.id,
        ...pick,
        predictedAt: new Date(Date.parse(f.kickoffAt!) - (n + 3) * 3600_000).toISOString(),
        points: scored?.points ?? null,
        outcome: scored?.outcome ?? null,
      });
    }
  }
  for (let i = 0; i < predictions.length; i += 100)
    await old
      .insertInto('predictions')
      .values(predictions.slice(i, i + 100))
      .execute();

  // A match moved after its deadline (its picks were shown): predictions stay closed for good.
  const lockedFixture = fixtures.find((f) => f.gameweek === 29)!.id;
  await sql`UPDATE "fixtures" SET "predictionsLockedAt" = ${'2026-02-20T10:00:00.000Z'} WHERE "id" = ${lockedFixture}`.execute(
    db,
  );

  // Gameweek definitions stored by the admin ("Initialize"), gameweek 5 edited.
  const editedGameweek = { gameweek: 5, startDate: '2025-09-12', endDate: '2025-09-22' };
  const defs = builtInGameweeks('2025-26').map((d) => (d.gameweek === 5 ? editedGameweek : d));
  await old
    .insertInto('gameweeks')
    .values(defs.map((d) => ({ ...d, updatedAt: '2025-07-02T09:00:00.000Z' })))
    .execute();

  // Leagues.
  const leagues = { office: 'league-office', open: 'league-open' };
  await old
    .insertInto('leagues')
    .values([
      {
        id: leagues.office,
        name: 'Office League',
        code: 'OFFICE23',
        description: 'Us',
        competition: 'premier-league',
        privacy: 'private',
        creatorId: alice.id,
        createdAt: '2025-07-03T09:00:00.000Z',
      },
      {
        id: leagues.open,
        name: 'Open League',
        code: 'OPENLG45',
        description: null,
        competition: 'premier-league',
        privacy: 'public',
        creatorId: bob.id,
        createdAt: '2025-07-04T09:00:00.000Z',
      },
    ])
    .execute();
  const member = (leagueId: string, u: BuiltUser, day: number) => ({
    leagueId,
    userId: u.id,
    joinedAt: `2025-07-${String(day).padStart(2, '0')}T10:00:00.000Z`,
  });
  await old
    .insertInto('leagueMembers')
    .values([
      member(leagues.office, alice, 3),
      member(leagues.office, bob, 5),
      member(leagues.office, carol, 6),
      member(leagues.office, admin, 7),
      member(leagues.open, bob, 4),
      member(leagues.open, alice, 8),
      member(leagues.open, dave, 9),
    ])
    .execute();

  // Reminder settings, private tokens and the reminder log; contact messages; the outbox; the old seed's marker.
  await old
    .insertInto('userSettings')
    .values([
      {
        userId: alice.id,
        remindersEnabled: 0,
        reminderWindows: '24,6',
        unsubscribeToken: 'unsub-alice-token',
        calendarToken: 'cal-alice-token',
        updatedAt: now,
      },
      {
        userId: bob.id,
        remindersEnabled: 1,
        reminderWindows: '24',
        unsubscribeToken: 'unsub-bob-token',
        calendarToken: 'cal-bob-token',
        updatedAt: now,
      },
    ])
    .execute();
  await old
    .insertInto('reminderLog')
    .values({
      userId: bob.id,
      fixtureId: picked[40]!.id,
      windowHours: 24,
      status: 'sent',
      claimedAt: '2025-12-01T10:00:00.000Z',
      sentAt: '2025-12-01T10:00:01.000Z',
      attempts: 1,
      lastError: null,
    })
    .execute();
  await old
    .insertInto('contactMessages')
    .values([
      {
        id: 'msg-1',
        userId: alice.id,
        fromName: alice.email,
        fromEmail: alice.email,
        toEmail: 'support@example.com',
        subject: 'Hello',
        message: 'A question',
        status: 'sent',
        attempts: 1,
        lastError: null,
        nextAttemptAt: null,
        createdAt: '2026-01-05T10:00:00.000Z',
        sentAt: '2026-01-05T10:00:02.000Z',
      },
      {
        id: 'msg-2',
        userId: null,
        fromName: 'Unknown user',
        fromEmail: 'visitor@example.com',
        toEmail: 'support@example.com',
        subject: 'Hi',
        message: 'Another',
        status: 'failed',
        attempts: 2,
        lastError: 'smtp down',
        nextAttemptAt: '2026-03-01T13:00:00.000Z',
        createdAt: '2026-02-27T10:00:00.000Z',
        sentAt: null,
      },
    ])
    .execute();
  await old
    .insertInto('mailOutbox')
    .values({ to: alice.email, subject: 'Welcome', text: 'Hi', html: null, createdAt: '2025-07-01T12:00:00.000Z' })
    .execute();
  await old.insertInto('appMeta').values({ key: 'season.2025-26.seeded', value: '2025-07-01T12:00:00.000Z' }).execute();

  return {
    admin,
    alice,
    bob,
    carol,
    dave,
    cookies,
    leagues,
    moved: { id: movedId, originalId: original.id, homeTeam: original.homeTeam, awayTeam: original.awayTeam },
    missingResults,
    provisional,
    wrongResult,
    lockedFixture,
    editedGameweek,
    fixtureCount: fixtures.length,
  };
}
