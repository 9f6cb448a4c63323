import { sql } from 'kysely';
import type SQLiteDatabase from 'better-sqlite3';
import type { DB } from '../db/index.js';

/**
 * The reads of the read model itself: what tells it that results were written with no change
 * announced (index.ts).
 */

/** What the results are, cheaply: `finals` moves with any final result (its score, its time, or its clearing), `all` with any change, in-play scores included. */
export interface ResultsFingerprint {
  finals: string;
  all: string;
}

/**
 * A cheap fingerprint of the results (points are written with them): read when the database may
 * have changed (statistics, dashboard, positions), so results written without a live event are
 * still seen at once. One aggregate over the results table (hundreds of rows per season). The
 * scores are in it as well as the times, as a corrected score under a frozen clock keeps its time.
 * Players are not counted: the app deletes no accounts without an event, and counting 10,000
 * players per request cost more than everything else the cached request does.
 */
export async function totalsFingerprint(db: DB): Promise<ResultsFingerprint> {
  const res = await sql<FingerprintRow>`
    SELECT ${FINGERPRINT_COLUMNS} FROM "results" r`.execute(db);
  return fingerprintOf(res.rows[0]!);
}

/**
 * The same fingerprint per season (a season without results has none): read only once the whole
 * one moved, to tell which seasons the move was in.
 */
export async function seasonFingerprints(db: DB): Promise<Map<string, ResultsFingerprint>> {
  const res = await sql<FingerprintRow & { seasonId: string }>`
    SELECT f."seasonId", ${FINGERPRINT_COLUMNS}
    FROM "results" r JOIN "fixtures" f ON f."id" = r."fixtureId"
    GROUP BY f."seasonId"`.execute(db);
  return new Map(res.rows.map((r) => [String(r.seasonId), fingerprintOf(r)]));
}

/** The fingerprint of no results (a season none of whose matches has one). */
export const NO_RESULTS: ResultsFingerprint = { finals: '0||0', all: '0||0|0||0' };

type FingerprintRow = Record<'n' | 'latest' | 'scores' | 'finals' | 'latestFinal' | 'finalScores', unknown>;

const FINGERPRINT_COLUMNS = sql`COUNT(*) AS "n", MAX(r."updatedAt") AS "latest", SUM(r."homeScore" * 1000 + r."awayScore") AS "scores",
      SUM(CASE WHEN r."final" = 1 THEN 1 ELSE 0 END) AS "finals",
      MAX(CASE WHEN r."final" = 1 THEN r."updatedAt" END) AS "latestFinal",
      SUM(CASE WHEN r."final" = 1 THEN r."homeScore" * 1000 + r."awayScore" ELSE 0 END) AS "finalScores"`;

function fingerprintOf(r: FingerprintRow): ResultsFingerprint {
  const text = (v: unknown) => (v === null || v === undefined ? '' : String(v));
  const finals = `${Number(r.finals ?? 0)}|${text(r.latestFinal)}|${Number(r.finalScores ?? 0)}`;
  return { finals, all: `${finals}|${Number(r.n)}|${text(r.latest)}|${Number(r.scores ?? 0)}` };
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
 * any table (against a fingerprint's aggregate): `total_changes()` counts the rows this
 * connection changed (the server's own writes, scripts in this process included) and `PRAGMA
 * data_version` moves when another connection commits. While it stands still the fingerprint
 * cannot have moved. Statements are prepared once on the raw handle (no query builder on this
 * per-request path).
 *
 * `data_version` reads the WAL's shared index, several times the cost of `total_changes()`, and
 * cached reads ask for the marker once or twice per request. It is read once per turn of the
 * event loop: a commit by another connection is seen by every request that arrives after it
 * (requests read in a later turn), only the requests of the turn that overlaps it may still be
 * answered from before it, as they could have been had they been a moment quicker. The server's
 * own writes are counted on every call.
 */
export function sqliteChangeMarker(sqlite: SQLiteDatabase.Database): () => string {
  const changes = sqlite.prepare('SELECT total_changes() AS "n"').pluck();
  const version = sqlite.prepare('PRAGMA data_version').pluck();
  let versionThisTurn: string | null = null;
  const turnEnded = () => {
    versionThisTurn = null;
  };
  return () => {
    if (versionThisTurn === null) {
      versionThisTurn = String(version.get());
      setImmediate(turnEnded);
    }
    return `${versionThisTurn}:${String(changes.get())}`;
  };
}
