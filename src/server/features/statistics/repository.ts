import { sql } from 'kysely';
import type SQLiteDatabase from 'better-sqlite3';
import type { DB } from '../../db/index.js';
import { RESULTS_VERSION_KEY } from '../../db/migrations/0018_results_version.js';
import type { PredictionRecord } from '../../../game/statistics.js';
import type { GameweekTotal } from '../../../game/rank-history.js';

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
    .where('predictions.fixtureId', 'in', (eb) => eb.selectFrom('fixtures as sf').select('sf.id').where('sf.seasonId', '=', seasonId))
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

/** A season's gameweeks with at least one final result. */
export async function gameweeksWithResults(db: DB, seasonId: string): Promise<number[]> {
  const rows = await db
    .selectFrom('results')
    .innerJoin('fixtures', 'fixtures.id', 'results.fixtureId')
    .select('fixtures.gameweek')
    .distinct()
    .where('fixtures.seasonId', '=', seasonId)
    .where('results.final', '=', 1)
    .where('fixtures.gameweek', 'is not', null)
    .execute();
  return rows.map((r) => Number(r.gameweek)).sort((a, b) => a - b);
}

/**
 * Every player's points per gameweek of a season, from the aggregate the database keeps as results are saved
 * (`userPoints`, see migrations 0005 and 0009): one row per player and gameweek, never a scan
 * of the season's predictions (3.8M rows at 10,000 players).
 */
export async function gameweekTotals(db: DB, seasonId: string): Promise<GameweekTotal[]> {
  const rows = await db.selectFrom('userPoints').select(['userId', 'gameweek', 'points']).where('seasonId', '=', seasonId).where('gameweek', '>', 0).execute();
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
    .select((eb) => [eb.fn.countAll<number>().as('n'), eb.fn.max('updatedAt').as('latest'), sql<number>`sum(${eb.ref('final')})`.as('finals')])
    .executeTakeFirstOrThrow();
  return `${Number(res.n)}|${res.latest ?? ''}|${Number(res.finals ?? 0)}`;
}

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
