import crypto from 'node:crypto';
import { sql } from 'kysely';
import { hashPassword } from 'better-auth/crypto';
import type { DatabaseHandle } from '../src/server/db/index.js';
import { builtInGameweeks, builtInSeasonFixtures, replayableResults } from '../src/server/features/seasons/builtin.js';
import { generateLeagueCode } from '../src/game/league-code.js';

/**
 * Builds the benchmark world straight into the database (set-based SQL, so 3.8M predictions take
 * seconds, not hours): the 2025/26 season with its real results, `players` verified players who
 * each predict every scheduled match, 1,000 leagues of 10, one league of 1,000 and one with every
 * player. Points are scored with the same rule as the results route, then the league aggregate
 * (userPoints) is rebuilt in one pass with its triggers switched off during the bulk load.
 */
export interface World {
  playerIds: string[];
  adminId: string;
  league1k: string;
  league10k: string;
  openFixtureIds: string[];
  /** Fixtures that kicked off before `playedBefore` (a final result may only be saved after kick-off). */
  playedFixtureIds: string[];
}

const BATCH = 500;

export async function generateWorld(handle: DatabaseHandle, opts: { players: number; openAfter: string; playedBefore?: string }): Promise<World> {
  const { db, dialect } = handle;
  const now = new Date().toISOString();
  const date = (iso: string) => (dialect === 'postgres' ? new Date(iso) : iso);

  // Season and gameweeks (2025/26: migration 0014 creates the season and its clubs).
  const fixtures = builtInSeasonFixtures('2025-26');
  for (let i = 0; i < fixtures.length; i += BATCH) {
    await db.insertInto('fixtures').values(fixtures.slice(i, i + BATCH).map((f) => ({ ...f, createdAt: now, updatedAt: now }))).execute();
  }
  await db.insertInto('gameweeks').values(builtInGameweeks('2025-26').map((g) => ({ seasonId: '2025-26', ...g, updatedAt: now }))).execute();

  // Players (one shared password hash: hashing 10,000 passwords would dominate the run).
  const hash = await hashPassword('bench-password-1');
  const adminId = crypto.randomUUID();
  const playerIds = Array.from({ length: opts.players }, () => crypto.randomUUID());
  const all = [adminId, ...playerIds];
  for (let i = 0; i < all.length; i += BATCH) {
    const ids = all.slice(i, i + BATCH);
    await db
      .insertInto('user')
      .values(
        ids.map((id, k) => ({
          id,
          name: `Player ${i + k}`,
          email: `p${i + k}@bench.example`,
          emailVerified: dialect === 'postgres' ? true : 1,
          image: null,
          createdAt: date(now),
          updatedAt: date(now),
          username: `player${i + k}`,
          teamName: `Team ${i + k}`,
          teamNameCreatedAt: now,
          role: id === adminId ? ('admin' as const) : ('player' as const),
        })),
      )
      .execute();
    await db
      .insertInto('account')
      .values(ids.map((id) => ({ id: crypto.randomUUID(), accountId: id, providerId: 'credential', userId: id, accessToken: null, refreshToken: null, idToken: null, accessTokenExpiresAt: null, refreshTokenExpiresAt: null, scope: null, password: hash, createdAt: date(now), updatedAt: date(now) })))
      .execute();
  }

  // Results of the matches already played by the bench clock (the built-in file has the whole
  // season's results; the world keeps its last rounds open, as a season in progress).
  const results = replayableResults().filter((r) => r.kickoffAt < opts.openAfter);
  for (let i = 0; i < results.length; i += BATCH) {
    await db.insertInto('results').values(results.slice(i, i + BATCH).map((r) => ({ fixtureId: r.fixtureId, homeScore: r.homeScore, awayScore: r.awayScore, final: 1, updatedAt: now }))).execute();
  }

  // Every player predicts every scheduled match, scored in the same statement.
  const rand = (n: number) => (dialect === 'postgres' ? sql.raw(`floor(random() * ${n})::int`) : sql.raw(`abs(random()) % ${n}`));
  await withTriggersOff(handle, async (run) => {
    await run(sql`
      INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome")
      SELECT u."id", f."id", ${rand(4)}, ${rand(3)}, ${now}, NULL, NULL
      FROM "user" u CROSS JOIN "fixtures" f
      WHERE u."role" = 'player' AND f."kickoffAt" IS NOT NULL`);
    const sign = (h: string, a: string) => `(CASE WHEN ${h} > ${a} THEN 1 WHEN ${h} < ${a} THEN -1 ELSE 0 END)`;
    const exact = `p."homeScore" = r."homeScore" AND p."awayScore" = r."awayScore"`;
    const same = `${sign('p."homeScore"', 'p."awayScore"')} = ${sign('r."homeScore"', 'r."awayScore"')}`;
    await run(sql.raw(`
      UPDATE "predictions" AS p SET
        "points" = CASE WHEN ${exact} THEN 3 WHEN ${same} THEN 1 ELSE 0 END,
        "outcome" = CASE WHEN ${exact} THEN 'exact' WHEN ${same} THEN 'outcome' ELSE 'wrong' END
      FROM "results" r WHERE r."fixtureId" = p."fixtureId" AND r."final" = 1`));
    await run(sql`DELETE FROM "userPoints"`);
    await run(sql`INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
      SELECT f."seasonId", 0, p."userId", SUM(p."points"), SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END)
      FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"
      WHERE p."points" IS NOT NULL GROUP BY f."seasonId", p."userId"`);
    await run(sql`INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", "points", "exact")
      SELECT f."seasonId", f."gameweek", p."userId", SUM(p."points"), SUM(CASE WHEN p."outcome" = 'exact' THEN 1 ELSE 0 END)
      FROM "predictions" p JOIN "fixtures" f ON f."id" = p."fixtureId"
      WHERE p."points" IS NOT NULL AND f."gameweek" IS NOT NULL GROUP BY f."seasonId", f."gameweek", p."userId"`);
  });

  // Leagues: 1,000 of 10, one of 1,000 and one of everyone.
  const leagues: Array<{ id: string; members: string[] }> = [];
  for (let i = 0; i < 1000; i++) leagues.push({ id: crypto.randomUUID(), members: playerIds.slice((i * 10) % playerIds.length, ((i * 10) % playerIds.length) + 10) });
  const league1k = crypto.randomUUID();
  const league10k = crypto.randomUUID();
  leagues.push({ id: league1k, members: playerIds.slice(0, 1000) }, { id: league10k, members: playerIds });
  const codes = new Set<string>();
  while (codes.size < leagues.length) codes.add(generateLeagueCode());
  const codeList = [...codes];
  for (let i = 0; i < leagues.length; i += BATCH) {
    await db
      .insertInto('leagues')
      .values(leagues.slice(i, i + BATCH).map((l, k) => ({ id: l.id, name: `League ${i + k}`, code: codeList[i + k]!, description: null, competition: 'premier-league', privacy: 'private', creatorId: l.members[0]!, createdAt: now })))
      .execute();
  }
  const memberships = leagues.flatMap((l) => l.members.map((userId) => ({ leagueId: l.id, userId, joinedAt: now })));
  for (let i = 0; i < memberships.length; i += BATCH * 4) {
    await db.insertInto('leagueMembers').values(memberships.slice(i, i + BATCH * 4)).onConflict((oc) => oc.doNothing()).execute();
  }

  if (dialect === 'postgres') await sql`ANALYZE`.execute(db);
  else await sql`ANALYZE`.execute(db);

  const openFixtureIds = fixtures.filter((f) => f.kickoffAt && f.kickoffAt > opts.openAfter).map((f) => f.id);
  const playedBefore = opts.playedBefore ?? opts.openAfter;
  const playedFixtureIds = fixtures.filter((f) => f.kickoffAt && f.kickoffAt < playedBefore).map((f) => f.id);
  return { playerIds, adminId, league1k, league10k, openFixtureIds, playedFixtureIds };
}

/**
 * Runs bulk statements with the userPoints triggers off: on PostgreSQL by replica mode on one
 * connection; on SQLite by dropping the triggers and re-creating them from their stored SQL.
 */
async function withTriggersOff(handle: DatabaseHandle, body: (run: (q: ReturnType<typeof sql.raw>) => Promise<void>) => Promise<void>) {
  const { db, dialect } = handle;
  if (dialect === 'postgres') {
    await db.connection().execute(async (conn) => {
      await sql`SET session_replication_role = replica`.execute(conn);
      await body(async (q) => void (await q.execute(conn)));
      await sql`SET session_replication_role = DEFAULT`.execute(conn);
    });
    return;
  }
  const sqlite = handle.sqlite!;
  const triggers = sqlite.prepare(`SELECT name, sql FROM sqlite_master WHERE type = 'trigger' AND tbl_name = 'predictions'`).all() as Array<{ name: string; sql: string }>;
  for (const t of triggers) sqlite.exec(`DROP TRIGGER "${t.name}"`);
  try {
    await body(async (q) => void (await q.execute(db)));
  } finally {
    for (const t of triggers) sqlite.exec(t.sql);
  }
}
