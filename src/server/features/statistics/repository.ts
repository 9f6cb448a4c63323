import { sql } from 'kysely';
import type SQLiteDatabase from 'better-sqlite3';
import type { DB } from '../../db/index.js';
import type { PredictionRecord } from '../../../game/statistics.js';
import { isStandardScoring } from '../../../game/scoring.js';
import { scoringOf } from '../leagues/repository.js';
import type { GameweekTotal } from '../../../game/rank-history.js';
import { leagueRuleSql, pointsFromCountsSql } from '../results/scoring-sql.js';

/**
 * One player's predictions with their fixtures. Outcome and points count only while the match
 * has a FINAL result (a provisional in-play score never scores).
 */
export async function loadPredictionRecords(db: DB, userId: string, seasonId: string): Promise<PredictionRecord[]> {
  const rows = await db
    .selectFrom('predictions')
    .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
    .leftJoin('results', 'results.fixtureId', 'predictions.fixtureId')
    .select([
      'predictions.fixtureId',
      'fixtures.homeTeam',
      'fixtures.awayTeam',
      'fixtures.kickoffAt',
      'predictions.predictedAt',
      'predictions.homeScore',
      'predictions.awayScore',
      'predictions.outcome',
      'predictions.points',
      'results.final',
    ])
    .where('predictions.userId', '=', userId)
    // The season's fixtures named to the predictions' key (player, fixture): PostgreSQL then reads
    // only this season's rows by the primary key, one page each (predictions are clustered by
    // fixture), instead of every season's through the player's index and dropping the others in
    // the join: half the pages of a player's first request after a change (decision 0023).
    .where('predictions.fixtureId', 'in', (eb) =>
      eb.selectFrom('fixtures as sf').select('sf.id').where('sf.seasonId', '=', seasonId),
    )
    .where('fixtures.seasonId', '=', seasonId)
    .execute();
  return rows.map((r) => {
    const scored = r.final === 1 && r.outcome !== null;
    return {
      fixtureId: r.fixtureId,
      homeTeam: r.homeTeam,
      awayTeam: r.awayTeam,
      kickoffAt: r.kickoffAt,
      predictedAt: r.predictedAt,
      homeScore: r.homeScore,
      awayScore: r.awayScore,
      outcome: scored ? r.outcome : null,
      points: scored ? (r.points ?? 0) : null,
    };
  });
}

/**
 * Every player's points per gameweek of a season, from the points aggregate kept as results are
 * saved (`userPoints`, results/points-aggregate.ts): one row per player and gameweek, never a scan
 * of the season's predictions (3.8M rows at 10,000 players).
 */
export async function gameweekTotals(db: DB, seasonId: string): Promise<GameweekTotal[]> {
  const rows = await db
    .selectFrom('userPoints')
    .select(['userId', 'gameweek', 'points'])
    .where('seasonId', '=', seasonId)
    .where('gameweek', '>', 0)
    .execute();
  return rows.map((r) => ({ userId: r.userId, gameweek: Number(r.gameweek), points: Number(r.points) }));
}

/**
 * A cheap fingerprint of the results (points are written with them): read on every statistics and
 * dashboard request, so results written without a live event are still seen at once. One
 * aggregate over the results table (hundreds of rows per season). Players are not counted: the app
 * deletes no accounts (Better Auth's delete-user is closed), and counting 10,000 players per request
 * cost more than everything else the cached request does.
 */
export async function totalsFingerprint(db: DB): Promise<string> {
  const res = await db
    .selectFrom('results')
    .select((eb) => [
      eb.fn.countAll<number>().as('n'),
      eb.fn.max('updatedAt').as('latest'),
      sql<number>`sum(${eb.ref('final')})`.as('finals'),
    ])
    .executeTakeFirstOrThrow();
  return `${Number(res.n)}|${res.latest ?? ''}|${Number(res.finals ?? 0)}`;
}

/**
 * The `appMeta` key under which migration 0018's statement trigger counts the changes to
 * `results` on PostgreSQL (the migration writes the same text: a migration never imports code
 * that may change; 0018_results_version.test.ts reads it through `resultsVersion`).
 */
export const RESULTS_VERSION_KEY = 'results.version';

/**
 * PostgreSQL: the count of changes to `results` kept by migration 0018's statement trigger
 * (whoever wrote them, with or without a live event): one row read by its key per request,
 * where the fingerprint above is an aggregate over every result.
 */
export async function resultsVersion(db: DB): Promise<string> {
  const row = await db.selectFrom('appMeta').select('value').where('key', '=', RESULTS_VERSION_KEY).executeTakeFirst();
  return row?.value ?? '0';
}

/**
 * SQLite only: a marker that moves whenever the database may have changed, read without touching
 * any table (a few microseconds, against a fingerprint's aggregate): `total_changes()` counts the
 * rows this connection changed (the server's own writes, scripts in this process included) and
 * `PRAGMA data_version` moves when another connection commits. While it stands still the
 * fingerprint cannot have moved. Statements are prepared once on the raw handle (no query
 * builder on this per-request path).
 */
export function sqliteChangeMarker(sqlite: SQLiteDatabase.Database): () => string {
  const changes = sqlite.prepare('SELECT total_changes() AS "n"').pluck();
  const version = sqlite.prepare('PRAGMA data_version').pluck();
  return () => `${String(version.get())}:${String(changes.get())}`;
}

/**
 * A league's members' points per gameweek of a season under the league's own rule, from the
 * aggregate's counts (its rank history; the overall one stays on the standard rule).
 */
export async function leagueGameweekTotals(db: DB, seasonId: string, leagueId: string): Promise<GameweekTotal[]> {
  const { rule, bankersCount } = leagueRuleSql('l');
  const { rows } = await sql<GameweekTotal>`
    SELECT p."userId", p."gameweek", ${pointsFromCountsSql('p', rule, bankersCount)} AS "points"
    FROM "leagueMembers" m
    JOIN "leagues" l ON l."id" = m."leagueId"
    JOIN "userPoints" p ON p."seasonId" = ${seasonId} AND p."gameweek" > 0 AND p."userId" = m."userId"
    WHERE m."leagueId" = ${leagueId}`.execute(db);
  return rows.map((r) => ({ userId: r.userId, gameweek: Number(r.gameweek), points: Number(r.points) }));
}

/** Whether a league scores as the overall leaderboard does (the standard rule, bankers double): its rank history is then a subset of everyone's. */
export async function scoresAsStandard(db: DB, leagueId: string): Promise<boolean> {
  const row = await db
    .selectFrom('leagues')
    .select(['ruleExact', 'ruleDifference', 'ruleOutcome', 'bankersAllowed'])
    .where('id', '=', leagueId)
    .executeTakeFirst();
  return !row || isStandardScoring(scoringOf(row));
}

export async function leagueMemberIds(db: DB, leagueId: string): Promise<string[]> {
  const rows = await db.selectFrom('leagueMembers').select('userId').where('leagueId', '=', leagueId).execute();
  return rows.map((r) => r.userId);
}

/** The leagues the player belongs to (for the rank-history league selector). */
export async function leaguesOf(db: DB, userId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectFrom('leagueMembers')
    .innerJoin('leagues', 'leagues.id', 'leagueMembers.leagueId')
    .select(['leagues.id', 'leagues.name'])
    .where('leagueMembers.userId', '=', userId)
    .orderBy('leagues.name')
    .orderBy('leagues.id')
    .execute();
}
