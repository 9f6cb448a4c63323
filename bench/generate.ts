import crypto from 'node:crypto';
import { sql, type RawBuilder } from 'kysely';
import { hashPassword } from 'better-auth/crypto';
import type { DatabaseHandle } from '../src/server/db/index.js';
import { ensureBuiltInSeason } from '../src/server/seasons/seed.js';
import { recountSeason } from '../src/server/points/points-aggregate.js';
import { outcomeSql, standardPointsSql, tierSql } from '../src/server/points/scoring-sql.js';
import { isOverByClock } from '../src/game/fixture-status.js';
import { generateLeagueCode } from '../src/game/league-code.js';
import { BENCH_RULES, setLeagueRule, type BenchRule } from './league-rules.js';
import { MATCH_WEEK_GAMEWEEK, spreadOverSaturdaySlots } from './saturday.js';

/**
 * Builds the benchmark world straight into the database (set-based SQL, so millions of predictions
 * take a minute, not hours), on the season model: every built-in season as a fresh start at `now`
 * seeds it. The Premier League's two (2025/26 finished with all its results, 2026/27 in progress
 * with the file's results), the Champions League 2025/26 and the World Cup 2026 (both over by the
 * Saturday's clock, with their extra-time and shoot-out results), plus a made-up final score for
 * every match of the current Premier League season and of the Champions League already over by
 * `now` that the file has no result for yet (so the current season has played gameweeks and the
 * Champions League final is decided). `players` verified players each predict every scheduled
 * match of every season whose teams are known (no bankers): a fan of the Premier League who also
 * plays the other competitions. Premier League leagues: 1,000 of 10, one of 1,000 and one with
 * every player; the 1,000 small leagues take turns at each scoring rule, and the 1,000-member and
 * all-player leagues exist once per rule. Champions League leagues, beside them (every player is
 * in one of each competition): 1,000 of 10 taking turns at each scoring rule and at which score of
 * a knockout match counts, and two of 1,000 under the standard rule, one counting the score after
 * 90 minutes and one after extra time (the extra-time re-grading of its tables). Gameweek 12 of
 * 2026/27 is spread over a Saturday's slots (bench/saturday.ts). Points are scored with the same
 * rule as the results route (its SQL, generated from src/game/scoring.ts: the score after 90
 * minutes, as stored), then the points aggregate (userPoints) is built in one pass per season.
 */
export interface World {
  playerIds: string[];
  adminId: string;
  /** The standard rule's 1,000-member league (the first 1,000 players) and all-player league. */
  league1k: string;
  league10k: string;
  /** The same two leagues for each scoring rule the schema has (only the standard one without league rules). */
  ruleLeagues: Array<{ rule: BenchRule['name']; league1k: string; league10k: string }>;
  /** The gameweek in play at the clock, its matches in play (a result may be saved), and the open matches of it and the next gameweek. */
  matchWeek: { gameweek: number; inPlayFixtureIds: string[]; open: Array<{ id: string; gameweek: number }> };
  /** The current season (2026/27) and the finished one (2025/26). */
  currentSeason: string;
  pastSeason: string;
  /** Current-season fixtures still open for predictions at `now`. */
  openFixtureIds: string[];
  /** Current-season fixtures that kicked off before `now` (a final result may only be saved after kick-off). */
  playedFixtureIds: string[];
  /** The Champions League season (over by the clock: a fan looks back at its matchdays and tables). */
  championsLeague: {
    season: string;
    /** Its matchdays (gameweeks with matches), in order, and those with a match that went to extra time. */
    gameweeks: number[];
    extraTimeGameweeks: number[];
    /** Two leagues of the first 1,000 players, standard rule: one counts the score after 90 minutes, one after extra time. */
    league1k: string;
    league1kExtraTime: string;
    /** The leagues of 10: player `p` (below 10,000) is a member of `smallLeagues[floor(p / 10)]`. */
    smallLeagues: string[];
  };
  /** The World Cup season (over by the clock; predicted, in no league). */
  worldCupSeason: string;
}

const BATCH = 500;
export const CURRENT_SEASON = '2026-27';
export const PAST_SEASON = '2025-26';
export const CHAMPIONS_LEAGUE_SEASON = 'champions-league-2025-26';
export const WORLD_CUP_SEASON = 'world-cup-2026';
/** Every season of the world, in the order they are seeded. */
const SEASONS = [PAST_SEASON, CURRENT_SEASON, CHAMPIONS_LEAGUE_SEASON, WORLD_CUP_SEASON] as const;

export async function generateWorld(handle: DatabaseHandle, opts: { players: number; now: string }): Promise<World> {
  const { db, dialect } = handle;
  const now = new Date(opts.now);
  const nowIso = now.toISOString();
  const date = (iso: string) => (dialect === 'postgres' ? new Date(iso) : iso);

  for (const key of SEASONS) await ensureBuiltInSeason(db, key, now);
  await spreadOverSaturdaySlots(db, CURRENT_SEASON, nowIso);
  const fixtures = await db
    .selectFrom('fixtures')
    .leftJoin('results', 'results.fixtureId', 'fixtures.id')
    .select([
      'fixtures.id',
      'fixtures.seasonId',
      'fixtures.gameweek',
      'fixtures.kickoffAt',
      'fixtures.homeLabel',
      'fixtures.awayLabel',
      'results.fixtureId as resultOf',
    ])
    .orderBy('fixtures.id')
    .execute();
  // A season in progress: every current-season match over by the clock has a final score; so has
  // every Champions League match (its file has no result for the final yet: a knockout match, so
  // level after 90 minutes and decided in extra time).
  const overWithoutResult = (season: string) =>
    fixtures.filter((f) => f.seasonId === season && !f.resultOf && f.kickoffAt && isOverByClock(f.kickoffAt, now));
  const madeUp = [
    ...overWithoutResult(CURRENT_SEASON).map((f, i) => ({
      fixtureId: f.id,
      homeScore: i % 4,
      awayScore: (i * 7) % 3,
      homeScoreEt: null,
      awayScoreEt: null,
    })),
    ...overWithoutResult(CHAMPIONS_LEAGUE_SEASON).map((f) => ({
      fixtureId: f.id,
      homeScore: 1,
      awayScore: 1,
      homeScoreEt: 2,
      awayScoreEt: 1,
    })),
  ];
  for (let i = 0; i < madeUp.length; i += BATCH) {
    await db
      .insertInto('results')
      .values(madeUp.slice(i, i + BATCH).map((r) => ({ ...r, final: 1, source: 'file' as const, updatedAt: nowIso })))
      .execute();
  }

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
          createdAt: date(nowIso),
          updatedAt: date(nowIso),
          username: `player${i + k}`,
          teamName: `Team ${i + k}`,
          teamNameCreatedAt: nowIso,
          role: id === adminId ? ('admin' as const) : ('player' as const),
        })),
      )
      .execute();
    await db
      .insertInto('account')
      .values(
        ids.map((id) => ({
          id: crypto.randomUUID(),
          accountId: id,
          providerId: 'credential',
          userId: id,
          accessToken: null,
          refreshToken: null,
          idToken: null,
          accessTokenExpiresAt: null,
          refreshTokenExpiresAt: null,
          scope: null,
          password: hash,
          createdAt: date(nowIso),
          updatedAt: date(nowIso),
        })),
      )
      .execute();
  }

  // Every player predicts every scheduled match of every season whose teams are known (a side shown
  // by a placeholder takes no prediction), a day before kick-off, scored in
  // the same statement by the results route's rule (its SQL, generated from src/game/scoring.ts).
  // Scores are a deterministic mix of the player's and fixture's ids (not random(): SQLite may
  // evaluate a flattened random() once per use).
  const code = (col: string, at: string) =>
    dialect === 'postgres' ? `ascii(substr(${col}, ${at}, 1))` : `unicode(substr(${col}, ${at}, 1))`;
  const home = `((${code('u."id"', '1')} * 7 + ${code('u."id"', '3')} * 3 + ${code('f."id"', 'length(f."id")')} + length(f."id") * 5 + ${code('f."kickoffAt"', '9')}) % 4)`;
  const away = `((${code('u."id"', '2')} * 5 + ${code('u."id"', '4')} + ${code('f."id"', 'length(f."id") - 1')} * 3 + ${code('f."kickoffAt"', '10')}) % 3)`;
  const dayBefore =
    dialect === 'postgres'
      ? `to_char((f."kickoffAt"::timestamptz - interval '1 day') AT TIME ZONE 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`
      : `strftime('%Y-%m-%dT%H:%M:%fZ', f."kickoffAt", '-1 day')`;
  const result = { homeScore: sql.ref<number>('x.rHome'), awayScore: sql.ref<number>('x.rAway') };
  const scored = <T>(value: RawBuilder<T>) => sql<T | null>`(CASE WHEN x."rHome" IS NULL THEN NULL ELSE ${value} END)`;
  // The rows go in as players save them: gameweek by gameweek, each player's picks of a gameweek
  // together, the players in no particular order. SQLite keeps predictions in key order (fixture,
  // player) whatever the order of the writes, so it gets them in that order (the fastest load);
  // PostgreSQL's heap keeps the order of the writes, and a live season's fixture has its 10,000
  // picks spread over the pages of its gameweek's 100,000, not side by side (decision 0106).
  const saveOrder =
    dialect === 'postgres'
      ? sql`x."seasonId", x."gameweek", md5(x."userId"), x."kickoffAt", x."fixtureId"`
      : sql`x."fixtureId", x."userId"`;
  await withoutSecondaryIndexes(handle, 'predictions', async () => {
    await sql`
      INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome", "tier", "banker")
      SELECT x."userId", x."fixtureId", x."homeScore", x."awayScore", x."predictedAt", ${scored(standardPointsSql(result, 'x'))}, ${scored(outcomeSql(result, 'x'))}, ${scored(tierSql(result, 'x'))}, 0
      FROM (
        SELECT u."id" AS "userId", f."id" AS "fixtureId", ${sql.raw(home)} AS "homeScore", ${sql.raw(away)} AS "awayScore", ${sql.raw(dayBefore)} AS "predictedAt",
          r."homeScore" AS "rHome", r."awayScore" AS "rAway", f."seasonId" AS "seasonId", f."gameweek" AS "gameweek", f."kickoffAt" AS "kickoffAt"
        FROM "fixtures" f CROSS JOIN "user" u
        LEFT JOIN "results" r ON r."fixtureId" = f."id" AND r."final" = 1
        WHERE u."role" = 'player' AND f."kickoffAt" IS NOT NULL AND f."homeLabel" IS NULL AND f."awayLabel" IS NULL
      ) x
      WHERE TRUE
      ORDER BY ${saveOrder}`.execute(db);
  });
  // The points aggregate, built as the app keeps it (in key order, as the app writes it: a gameweek's rows appear together at its first result).
  for (const season of SEASONS) await recountSeason(db, season);

  // Leagues: 1,000 of 10, one of 1,000 and one of everyone (those two once per scoring rule).
  const rules = BENCH_RULES;
  const leagues: Array<{
    id: string;
    members: string[];
    rule: BenchRule;
    competition: 'premier-league' | 'champions-league';
    knockoutRule: 'ninety' | 'extra-time';
    /** When it was made (the clock unless said). */
    createdAt?: string;
  }> = [];
  const tenOf = (i: number) => playerIds.slice((i * 10) % playerIds.length, ((i * 10) % playerIds.length) + 10);
  for (let i = 0; i < 1000; i++)
    leagues.push({
      id: crypto.randomUUID(),
      members: tenOf(i),
      rule: rules[i % rules.length]!,
      competition: 'premier-league',
      knockoutRule: 'ninety',
    });
  const ruleLeagues = rules.map((rule) => ({
    rule: rule.name,
    league1k: crypto.randomUUID(),
    league10k: crypto.randomUUID(),
  }));
  for (const [i, r] of ruleLeagues.entries())
    leagues.push(
      {
        id: r.league1k,
        members: playerIds.slice(0, 1000),
        rule: rules[i]!,
        competition: 'premier-league',
        knockoutRule: 'ninety',
      },
      { id: r.league10k, members: playerIds, rule: rules[i]!, competition: 'premier-league', knockoutRule: 'ninety' },
    );
  const { league1k, league10k } = ruleLeagues[0]!;
  // The Champions League's: the same groups of ten (friends play both), the rule and which score
  // counts taking turns (the rules' count is odd, so every rule meets both), and two of 1,000.
  // Made a week before the season's first match (a league has no table of a season it did not
  // exist in, and this season is over by the clock); the Premier League's are made at the clock.
  const clKickoffs = fixtures
    .filter((f) => f.seasonId === CHAMPIONS_LEAGUE_SEASON && f.kickoffAt)
    .map((f) => Date.parse(f.kickoffAt!));
  const clFounded = new Date(Math.min(...clKickoffs) - 7 * 86_400_000).toISOString();
  const clSmall = Array.from({ length: 1000 }, (_, i) => ({
    id: crypto.randomUUID(),
    members: tenOf(i),
    rule: rules[i % rules.length]!,
    competition: 'champions-league' as const,
    createdAt: clFounded,
    knockoutRule: i % 2 === 0 ? ('ninety' as const) : ('extra-time' as const),
  }));
  const cl1k = { id: crypto.randomUUID(), knockoutRule: 'ninety' as const };
  const cl1kExtraTime = { id: crypto.randomUUID(), knockoutRule: 'extra-time' as const };
  leagues.push(
    ...clSmall,
    ...[cl1k, cl1kExtraTime].map((l) => ({
      ...l,
      members: playerIds.slice(0, 1000),
      rule: rules[0]!,
      competition: 'champions-league' as const,
      createdAt: clFounded,
    })),
  );
  const codes = new Set<string>();
  while (codes.size < leagues.length) codes.add(generateLeagueCode());
  const codeList = [...codes];
  for (let i = 0; i < leagues.length; i += BATCH) {
    await db
      .insertInto('leagues')
      .values(
        leagues.slice(i, i + BATCH).map((l, k) => ({
          id: l.id,
          name: `League ${i + k}`,
          code: codeList[i + k]!,
          description: null,
          competition: l.competition,
          knockoutRule: l.knockoutRule,
          privacy: 'private',
          creatorId: l.members[0]!,
          createdAt: l.createdAt ?? nowIso,
        })),
      )
      .execute();
  }
  const memberships = leagues.flatMap((l) =>
    l.members.map((userId) => ({ leagueId: l.id, userId, joinedAt: l.createdAt ?? nowIso })),
  );
  for (let i = 0; i < memberships.length; i += BATCH * 4) {
    await db
      .insertInto('leagueMembers')
      .values(memberships.slice(i, i + BATCH * 4))
      .onConflict((oc) => oc.doNothing())
      .execute();
  }
  for (const rule of rules)
    await setLeagueRule(
      handle,
      leagues.filter((l) => l.rule === rule).map((l) => l.id),
      rule,
    );
  await sql`ANALYZE`.execute(db);
  if (dialect === 'postgres') await sql`VACUUM`.execute(db);

  const current = fixtures.filter((f) => f.seasonId === CURRENT_SEASON && f.kickoffAt);
  // Open: kick-off more than the 2-hour deadline (and an hour of slack) after the clock.
  const openFixtureIds = current
    .filter((f) => Date.parse(f.kickoffAt!) > now.getTime() + 3 * 3600_000)
    .map((f) => f.id);
  const playedFixtureIds = current.filter((f) => Date.parse(f.kickoffAt!) < now.getTime()).map((f) => f.id);
  const inPlayFixtureIds = current
    .filter(
      (f) =>
        f.gameweek === MATCH_WEEK_GAMEWEEK &&
        Date.parse(f.kickoffAt!) <= now.getTime() &&
        !isOverByClock(f.kickoffAt!, now),
    )
    .map((f) => f.id);
  const matchWeekOpen = current
    .filter(
      (f) =>
        (f.gameweek === MATCH_WEEK_GAMEWEEK || f.gameweek === MATCH_WEEK_GAMEWEEK + 1) && openFixtureIds.includes(f.id),
    )
    .map((f) => ({ id: f.id, gameweek: f.gameweek! }));
  const clGameweeks = [
    ...new Set(fixtures.filter((f) => f.seasonId === CHAMPIONS_LEAGUE_SEASON).map((f) => f.gameweek!)),
  ].sort((a, b) => a - b);
  const extraTimeGameweeks = (
    await db
      .selectFrom('fixtures')
      .innerJoin('results', 'results.fixtureId', 'fixtures.id')
      .select('fixtures.gameweek')
      .distinct()
      .where('fixtures.seasonId', '=', CHAMPIONS_LEAGUE_SEASON)
      .where('results.homeScoreEt', 'is not', null)
      .orderBy('fixtures.gameweek')
      .execute()
  ).map((r) => r.gameweek!);
  return {
    playerIds,
    adminId,
    league1k,
    league10k,
    ruleLeagues,
    matchWeek: { gameweek: MATCH_WEEK_GAMEWEEK, inPlayFixtureIds, open: matchWeekOpen },
    currentSeason: CURRENT_SEASON,
    pastSeason: PAST_SEASON,
    openFixtureIds,
    playedFixtureIds,
    championsLeague: {
      season: CHAMPIONS_LEAGUE_SEASON,
      gameweeks: clGameweeks,
      extraTimeGameweeks,
      league1k: cl1k.id,
      league1kExtraTime: cl1kExtraTime.id,
      smallLeagues: clSmall.map((l) => l.id),
    },
    worldCupSeason: WORLD_CUP_SEASON,
  };
}

/** A bulk load with a table's secondary indexes dropped and built again afterwards (sorting once beats millions of random inserts). */
async function withoutSecondaryIndexes(handle: DatabaseHandle, table: string, body: () => Promise<void>) {
  const { db, dialect } = handle;
  const indexes =
    dialect === 'postgres'
      ? (
          await sql<{
            name: string;
            sql: string;
          }>`SELECT i."indexname" AS "name", i."indexdef" AS "sql" FROM "pg_indexes" i
          WHERE i."tablename" = ${table} AND NOT EXISTS (SELECT 1 FROM "pg_constraint" c WHERE c."conname" = i."indexname")`.execute(
            db,
          )
        ).rows
      : (
          await sql<{
            name: string;
            sql: string;
          }>`SELECT "name", "sql" FROM "sqlite_master" WHERE "type" = 'index' AND "tbl_name" = ${table} AND "sql" IS NOT NULL`.execute(
            db,
          )
        ).rows;
  for (const i of indexes) await sql.raw(`DROP INDEX "${i.name}"`).execute(db);
  try {
    await body();
  } finally {
    for (const i of indexes) await sql.raw(i.sql).execute(db);
  }
}
