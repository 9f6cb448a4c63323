import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import { getFixture } from '../../seasons/fixtures-repository.js';
import { fixturesWithResult, toFixtureRow, type FixtureRow } from '../../seasons/fixture-queries.js';
import {
  upsertPrediction,
  type FixtureCheck,
  type NewPrediction,
  type SavePrediction,
  type SavedPick,
} from './repository.js';

type Pick = NewPrediction & { userId: string };

interface Waiting {
  p: Pick;
  check: FixtureCheck;
  resolve(saved: SavedPick): void;
  reject(err: unknown): void;
}

const keyOf = (p: Pick) => `${p.userId}\u0000${p.fixtureId}`;

/**
 * PostgreSQL's save of a prediction, with group commit (decision 0105). Each save on its own was
 * a transaction of four round trips ending in a durable commit (a WAL flush): under a deadline's
 * load the commits queued behind the disk. Here the saves that arrive while a batch is
 * being written wait and go together into the next one: their fixtures read in one query, each
 * checked by its own `check` as read in that transaction, the accepted ones written by one
 * multi-row upsert and made durable by one commit. One batch is written at a time per server.
 *
 * - The same player and fixture twice in a batch: the later save wins (as if sent one after the
 *   other); both callers are answered with the pick's banker mark as stored.
 * - Rows are written in key order, so two servers' batches lock shared rows in the same order.
 * - A refused save (its `check` threw) changes nothing and is answered with its own error.
 * - If the batch's transaction fails (a player deleted meanwhile, a lost connection), nothing of
 *   it was written and each accepted save is tried again on its own (`saveOne`), so one bad save
 *   answers its own error and costs the others nothing. Saves of the same pick keep their order.
 * Every caller is answered only after the commit that holds their save.
 */
export function postgresPredictionSaver(db: DB, opts: { batchMax?: number } = {}): SavePrediction {
  const batchMax = opts.batchMax ?? 256;
  const queue: Waiting[] = [];
  let running = false;

  /** One save in a transaction of its own: the fixture read, checked, the pick written. */
  const saveOne: SavePrediction = (p, check) =>
    db.transaction().execute(async (trx) => {
      const fixture = check(await getFixture(trx, p.fixtureId));
      const { banker } = await upsertPrediction(trx, p);
      return { fixture, banker };
    });

  const saveBatch = async (items: Waiting[]) => {
    const accepted: Array<{ item: Waiting; fixture: FixtureRow }> = [];
    const refused = new Set<Waiting>();
    let bankers: Map<string, boolean>;
    try {
      bankers = await db.transaction().execute(async (trx) => {
        const ids = [...new Set(items.map((i) => i.p.fixtureId))];
        const found = new Map(
          (await fixturesWithResult(trx).where('fixtures.id', 'in', ids).execute()).map((r) => {
            const f = toFixtureRow(r);
            return [f.id, f];
          }),
        );
        for (const item of items) {
          try {
            accepted.push({ item, fixture: item.check(found.get(item.p.fixtureId)) });
          } catch (err) {
            refused.add(item);
            item.reject(err);
          }
        }
        // The last save of each pick is the one written.
        const latest = new Map<string, Pick>();
        for (const { item } of accepted) latest.set(keyOf(item.p), item.p);
        if (latest.size === 0) return new Map<string, boolean>();
        const rows = [...latest.values()]
          .sort((a, b) => (keyOf(a) < keyOf(b) ? -1 : keyOf(a) > keyOf(b) ? 1 : 0))
          .map((p) => ({
            userId: p.userId,
            fixtureId: p.fixtureId,
            homeScore: p.homeScore,
            awayScore: p.awayScore,
            predictedAt: p.predictedAt,
            points: p.points,
            outcome: p.outcome,
            qualifier: p.qualifier,
          }));
        const written = await trx
          .insertInto('predictions')
          .values(rows)
          .onConflict((oc) =>
            oc.columns(['userId', 'fixtureId']).doUpdateSet({
              homeScore: sql.ref('excluded.homeScore'),
              awayScore: sql.ref('excluded.awayScore'),
              predictedAt: sql.ref('excluded.predictedAt'),
              qualifier: sql.ref('excluded.qualifier'),
            }),
          )
          .returning(['userId', 'fixtureId', 'banker'])
          .execute();
        return new Map(written.map((r) => [`${r.userId}\u0000${r.fixtureId}`, Number(r.banker) === 1]));
      });
    } catch {
      // Nothing of the batch was written: each save not refused again on its own, in order per pick.
      const chains = new Map<string, Promise<void>>();
      for (const item of items) {
        if (refused.has(item)) continue;
        const key = keyOf(item.p);
        const before = chains.get(key) ?? Promise.resolve();
        chains.set(
          key,
          before.then(() => saveOne(item.p, item.check).then(item.resolve, item.reject)),
        );
      }
      await Promise.all(chains.values());
      return;
    }
    for (const { item, fixture } of accepted) {
      item.resolve({ fixture, banker: bankers.get(keyOf(item.p)) ?? false });
    }
  };

  const run = async () => {
    try {
      while (queue.length > 0) await saveBatch(queue.splice(0, batchMax));
    } finally {
      // Never left marked as running, or every later save would wait for good.
      running = false;
    }
  };

  return (p, check) =>
    new Promise<SavedPick>((resolve, reject) => {
      queue.push({ p, check, resolve, reject });
      if (!running) {
        running = true;
        // After this turn of the event loop, so the saves arriving together start one batch.
        setImmediate(() => void run());
      }
    });
}
