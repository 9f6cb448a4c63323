import type { DB, DatabaseHandle } from '../../db/index.js';
import { getFixture } from '../fixtures/repository.js';
import { fixturesWithResult, toFixtureRow, type FixtureRow } from '../fixtures/queries.js';
import type { PredictionRow } from './presenter.js';

type Executor = DB;

/** Inserts or replaces a user's prediction for one fixture (one per user and fixture). */
export async function upsertPrediction(
  db: Executor,
  p: PredictionRow & { userId: string },
): Promise<void> {
  await db
    .insertInto('predictions')
    .values(p)
    .onConflict((oc) =>
      oc.columns(['userId', 'fixtureId']).doUpdateSet({
        homeScore: p.homeScore,
        awayScore: p.awayScore,
        predictedAt: p.predictedAt,
        points: p.points,
        outcome: p.outcome,
      }),
    )
    .execute();
}

/** Accepts the fixture as read inside the saving transaction (returning it), or throws to refuse and write nothing. */
export type FixtureCheck = (fixture: FixtureRow | undefined) => FixtureRow;

export type SavePrediction = (p: PredictionRow & { userId: string }, check: FixtureCheck) => Promise<FixtureRow>;

/**
 * Saves one player's prediction in one transaction: the fixture is read, `check` (the game's
 * rules, in the route) accepts or refuses it, and only then is the prediction written.
 *
 * SQLite: the busiest write of the game (every save of every player), so it runs as prepared
 * statements on the raw connection in one synchronous transaction: through the query builder
 * the four statements (BEGIN, read, upsert, COMMIT) cost five times the database work itself
 * (issue 15, bench/profile.ts). It holds the query builder's connection lock meanwhile, so no
 * other query can run inside it. PostgreSQL: the same steps through Kysely.
 */
export function predictionSaver(handle: DatabaseHandle): SavePrediction {
  const { db, sqlite } = handle;
  if (!sqlite) {
    return (p, check) =>
      db.transaction().execute(async (trx) => {
        const fixture = check(await getFixture(trx, p.fixtureId));
        await upsertPrediction(trx, p);
        return fixture;
      });
  }
  const readFixture = sqlite.prepare<[string], FixtureRow & { rHome: number | null; rAway: number | null; rFinal: number | null }>(
    `SELECT f.*, r."homeScore" AS "rHome", r."awayScore" AS "rAway", r."final" AS "rFinal"
     FROM "fixtures" f LEFT JOIN "results" r ON r."fixtureId" = f."id" WHERE f."id" = ?`,
  );
  const upsert = sqlite.prepare<[PredictionRow & { userId: string }]>(
    `INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome")
     VALUES (@userId, @fixtureId, @homeScore, @awayScore, @predictedAt, @points, @outcome)
     ON CONFLICT ("userId", "fixtureId") DO UPDATE SET "homeScore" = excluded."homeScore", "awayScore" = excluded."awayScore",
       "predictedAt" = excluded."predictedAt", "points" = excluded."points", "outcome" = excluded."outcome"`,
  );
  const save = sqlite.transaction((p: PredictionRow & { userId: string }, check: FixtureCheck): FixtureRow => {
    const row = readFixture.get(p.fixtureId);
    const fixture = check(row ? toFixtureRow(row) : undefined);
    upsert.run({ userId: p.userId, fixtureId: p.fixtureId, homeScore: p.homeScore, awayScore: p.awayScore, predictedAt: p.predictedAt, points: p.points, outcome: p.outcome });
    return fixture;
  });
  return (p, check) => db.connection().execute(async () => save(p, check));
}

function ownQuery(db: Executor, userId: string) {
  return fixturesWithResult(db)
    .innerJoin('predictions', 'predictions.fixtureId', 'fixtures.id')
    .select([
      'predictions.homeScore as pHome',
      'predictions.awayScore as pAway',
      'predictions.predictedAt as pAt',
      'predictions.points as pPoints',
      'predictions.outcome as pOutcome',
    ])
    .where('predictions.userId', '=', userId);
}

type OwnJoined = Awaited<ReturnType<ReturnType<typeof ownQuery>['execute']>>[number];

export interface OwnPredictionRow {
  fixture: FixtureRow;
  prediction: PredictionRow;
}

function toOwn(r: OwnJoined): OwnPredictionRow {
  const { pHome, pAway, pAt, pPoints, pOutcome, ...fixture } = toFixtureRow(r);
  return { fixture, prediction: { fixtureId: fixture.id, homeScore: pHome, awayScore: pAway, predictedAt: pAt, points: pPoints, outcome: pOutcome } };
}

/** One user's own predictions in a season with their fixtures and results, newest first (by predictedAt). */
export async function listOwnPredictions(db: Executor, userId: string, opts: { seasonId: string; gameweek?: number }): Promise<OwnPredictionRow[]> {
  let q = ownQuery(db, userId).where('fixtures.seasonId', '=', opts.seasonId);
  if (opts.gameweek !== undefined) q = q.where('fixtures.gameweek', '=', opts.gameweek);
  const rows = await q.orderBy('predictions.predictedAt', 'desc').orderBy('fixtures.id').execute();
  return rows.map(toOwn);
}
