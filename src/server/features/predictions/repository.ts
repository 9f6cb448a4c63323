import type { DB, DatabaseHandle } from '../../db/index.js';
import { fixturesWithResult, toFixtureRow, type FixtureRow } from '../../seasons/fixture-queries.js';
import type { PredictionRow } from './presenter.js';
import type { Selectable } from 'kysely';
import type { PredictionTable } from '../../db/schema.js';
import { postgresPredictionSaver } from './postgres-saver.js';

type Executor = DB;

/**
 * Inserts or replaces a user's prediction for one fixture (one per user and fixture). A replaced
 * pick keeps its points and outcome: only points/points-aggregate.ts writes those, with the
 * aggregate beside them.
 */
export async function upsertPrediction(
  db: Executor,
  p: NewPrediction & { userId: string },
): Promise<{ banker: boolean }> {
  const row = await db
    .insertInto('predictions')
    .values(p)
    .onConflict((oc) =>
      oc.columns(['userId', 'fixtureId']).doUpdateSet({
        homeScore: p.homeScore,
        awayScore: p.awayScore,
        predictedAt: p.predictedAt,
        qualifier: p.qualifier,
      }),
    )
    .returning('banker')
    .executeTakeFirstOrThrow();
  return { banker: Number(row.banker) === 1 };
}

/** A pick as a save writes it (unscored; a replaced pick keeps its banker mark). */
export type NewPrediction = Omit<PredictionRow, 'banker'>;

/** Accepts the fixture as read inside the saving transaction (returning it), or throws to refuse and write nothing. */
export type FixtureCheck = (fixture: FixtureRow | undefined) => FixtureRow;

/** What a save answers: the fixture as checked, and whether the pick is its player's banker (a replaced pick keeps the mark). */
export interface SavedPick {
  fixture: FixtureRow;
  banker: boolean;
}

export type SavePrediction = (p: NewPrediction & { userId: string }, check: FixtureCheck) => Promise<SavedPick>;

/**
 * Saves one player's prediction: the fixture is read, `check` (the game's rules, in the route)
 * accepts or refuses it, and only then is the prediction written; the promise settles once that
 * is committed.
 *
 * SQLite: the busiest write of the game (every save of every player), so:
 * - it runs as statements prepared once on the raw connection, synchronously: through the query
 *   builder the four statements (BEGIN, read, upsert, COMMIT) cost far more than the database work;
 * - saves arriving together are committed together (group commit): each is read, checked and
 *   written in turn inside one transaction, a refused or failed one changing nothing (SQLite
 *   backs a failed statement out without ending the transaction), and every caller is answered
 *   after the one commit. A commit writes the log pages it touched; at peak, dozens of saves on
 *   the same few fixtures share them.
 * It holds the query builder's connection lock meanwhile, so no other query runs inside it.
 * PostgreSQL: group commit too, with the fixtures read together and one multi-row upsert per
 * batch (postgres-saver.ts, decision 0105).
 */
export function predictionSaver(handle: DatabaseHandle, opts: { batchMax?: number } = {}): SavePrediction {
  const { db, sqlite } = handle;
  if (!sqlite) return postgresPredictionSaver(db, opts);
  const batchMax = opts.batchMax ?? 256;
  const readFixture = sqlite.prepare<
    [string],
    FixtureRow & { rHome: number | null; rAway: number | null; rFinal: number | null }
  >(
    `SELECT f.*, r."homeScore" AS "rHome", r."awayScore" AS "rAway", r."final" AS "rFinal"
     FROM "fixtures" f LEFT JOIN "results" r ON r."fixtureId" = f."id" WHERE f."id" = ?`,
  );
  const upsert = sqlite.prepare<[NewPrediction & { userId: string }], { banker: number }>(
    `INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome", "qualifier")
     VALUES (@userId, @fixtureId, @homeScore, @awayScore, @predictedAt, @points, @outcome, @qualifier)
     ON CONFLICT ("userId", "fixtureId") DO UPDATE SET "homeScore" = excluded."homeScore", "awayScore" = excluded."awayScore",
       "predictedAt" = excluded."predictedAt", "qualifier" = excluded."qualifier"
     RETURNING "banker"`,
  );
  interface Waiting {
    p: NewPrediction & { userId: string };
    check: FixtureCheck;
    resolve(saved: SavedPick): void;
    reject(err: unknown): void;
  }
  type Outcome = SavedPick | { err: unknown };
  const saveAll = sqlite.transaction((items: Waiting[]): Outcome[] =>
    items.map(({ p, check }) => {
      try {
        const row = readFixture.get(p.fixtureId);
        const fixture = check(row ? toFixtureRow(row) : undefined);
        const saved = upsert.get({
          userId: p.userId,
          fixtureId: p.fixtureId,
          homeScore: p.homeScore,
          awayScore: p.awayScore,
          predictedAt: p.predictedAt,
          points: p.points,
          outcome: p.outcome,
          qualifier: p.qualifier,
        });
        return { fixture, banker: Number(saved?.banker) === 1 };
      } catch (err) {
        return { err };
      }
    }),
  );
  const queue: Waiting[] = [];
  let scheduled = false;
  const flush = async () => {
    const items = queue.splice(0, batchMax);
    if (queue.length > 0) setImmediate(() => void flush());
    else scheduled = false;
    try {
      const outcomes = await db.connection().execute(async () => saveAll(items));
      outcomes.forEach((o, i) => ('err' in o ? items[i]!.reject(o.err) : items[i]!.resolve(o)));
    } catch (err) {
      // The commit itself failed: nothing of this batch was written.
      for (const item of items) item.reject(err);
    }
  };
  return (p, check) =>
    new Promise<SavedPick>((resolve, reject) => {
      queue.push({ p, check, resolve, reject });
      if (!scheduled) {
        scheduled = true;
        setImmediate(() => void flush());
      }
    });
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
      'predictions.banker as pBanker',
      'predictions.qualifier as pQualifier',
    ])
    .where('predictions.userId', '=', userId);
}

type OwnJoined = Awaited<ReturnType<ReturnType<typeof ownQuery>['execute']>>[number];

export interface OwnPredictionRow {
  fixture: FixtureRow;
  prediction: PredictionRow;
}

function toOwn(r: OwnJoined): OwnPredictionRow {
  const { pHome, pAway, pAt, pPoints, pOutcome, pBanker, pQualifier, ...fixture } = toFixtureRow(r);
  return {
    fixture,
    prediction: {
      fixtureId: fixture.id,
      homeScore: pHome,
      awayScore: pAway,
      predictedAt: pAt,
      points: pPoints,
      outcome: pOutcome,
      banker: Number(pBanker) === 1,
      qualifier: pQualifier,
    },
  };
}

/**
 * A page of one user's own predictions in a season (all gameweeks or one) with their fixtures and
 * results, newest first (by predictedAt, then fixture id): at most `limit`, after `after` (the last
 * pick of the page before). Keyed on the pick itself rather than a position, so a page never
 * repeats a pick of the page before when the player saves one meanwhile (a re-saved pick moves to
 * the front, where the first page shows it).
 */
export async function listOwnPredictions(
  db: Executor,
  userId: string,
  opts: { seasonId: string; gameweek?: number; limit: number; after?: { predictedAt: string; fixtureId: string } },
): Promise<OwnPredictionRow[]> {
  let q = ownQuery(db, userId).where('fixtures.seasonId', '=', opts.seasonId);
  if (opts.gameweek !== undefined) q = q.where('fixtures.gameweek', '=', opts.gameweek);
  const { after } = opts;
  if (after)
    q = q.where((eb) =>
      eb.or([
        eb('predictions.predictedAt', '<', after.predictedAt),
        eb.and([eb('predictions.predictedAt', '=', after.predictedAt), eb('fixtures.id', '>', after.fixtureId)]),
      ]),
    );
  const rows = await q.orderBy('predictions.predictedAt', 'desc').orderBy('fixtures.id').limit(opts.limit).execute();
  return rows.map(toOwn);
}

/** A player's own pick as the screens that keep them read it: the pick, its points, tier and banker. */
export type OwnPick = PredictionRow & Pick<Selectable<PredictionTable>, 'tier'>;

/** One user's predictions of the given fixtures: one primary-key lookup per fixture. */
export async function listOwnPredictionsOf(
  db: Executor,
  userId: string,
  fixtureIds: readonly string[],
): Promise<OwnPick[]> {
  if (fixtureIds.length === 0) return [];
  const rows = await db
    .selectFrom('predictions')
    .select(['fixtureId', 'homeScore', 'awayScore', 'predictedAt', 'points', 'outcome', 'tier', 'banker', 'qualifier'])
    .where('fixtureId', 'in', fixtureIds)
    .where('userId', '=', userId)
    .execute();
  return rows.map((r) => ({ ...r, banker: Number(r.banker) === 1 }));
}
