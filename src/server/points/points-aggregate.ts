import { sql, SqliteAdapter, type RawBuilder } from 'kysely';
import type { DB } from '../db/index.js';
import { afterPendingIo } from '../event-loop.js';
import { SCORING_TIERS, type Scoreline } from '../../game/scoring.js';
import { countColumn, outcomeSql, pointsSql, tierSql } from './scoring-sql.js';

/**
 * The points aggregate `userPoints`: per season, gameweek (0 = the season's total, fixtures
 * without a gameweek included) and player, the standard points of their scored predictions and
 * how many fell in each tier (and how many of those were bankers), from which any league's rule
 * gives its points (decision 0057). League tables, the leaderboard, positions and summaries read
 * it instead of millions of predictions.
 *
 * This module is the only writer of scored predictions and of the aggregate, and keeps the two
 * exact together, the same way on SQLite and PostgreSQL (decision 0056): each change moves the
 * aggregate by the net change per player in one `INSERT … ON CONFLICT DO UPDATE` in the same
 * transaction. Every code path that scores or clears predictions, moves a fixture to another
 * gameweek, deletes fixtures or deletes a player's predictions calls it; the database has no
 * triggers for points. A row exists once the player has a scored prediction in its season and
 * gameweek (clearing a result may leave it at zero).
 *
 * On PostgreSQL every change first takes one transaction-scoped advisory lock, so writers of the
 * aggregate (all admin or feed work, plus account deletion) run one after another: a delta is
 * computed from rows no other writer is changing, and no two writers update the same aggregate
 * rows in different orders (which could deadlock). SQLite has one writer at a time already.
 */
export const POINTS_LOCK_KEY = 7_215_015;

/** What a prediction row holds that the aggregate counts: its points and tier (both null while unscored) and whether it is a banker (0/1). */
interface Scored {
  points: RawBuilder<number | null>;
  tier: RawBuilder<string | null>;
  banker: RawBuilder<number>;
}

/**
 * The aggregate's counts beside its key, and what one prediction adds to each (nothing while
 * unscored): its standard points (a banker doubled), and one in its tier's count (and in its
 * tier's banker count when it is a banker), so any league's points follow from the counts.
 */
const COUNTS: Record<string, (r: Scored) => RawBuilder<number>> = {
  points: (r) => sql<number>`COALESCE(${r.points}, 0)`,
};
for (const tier of SCORING_TIERS) {
  COUNTS[countColumn(tier, false)] = (r) =>
    sql<number>`(CASE WHEN ${r.points} IS NOT NULL AND ${r.tier} = ${sql.lit(tier)} THEN 1 ELSE 0 END)`;
  COUNTS[countColumn(tier, true)] = (r) =>
    sql<number>`(CASE WHEN ${r.points} IS NOT NULL AND ${r.tier} = ${sql.lit(tier)} AND ${r.banker} = 1 THEN 1 ELSE 0 END)`;
}
const COUNT_NAMES = Object.keys(COUNTS);

const storedIn = (alias: string): Scored => ({
  points: sql.ref(`${alias}.points`),
  tier: sql.ref(`${alias}.tier`),
  banker: sql.ref(`${alias}.banker`),
});

/** Each count of `next` minus that of `stored`, under the count's own name. */
const deltaColumns = (next: Scored, stored: Scored) =>
  sql.join(COUNT_NAMES.map((c) => sql`${COUNTS[c]!(next)} - ${COUNTS[c]!(stored)} AS ${sql.ref(c)}`));
/** Each count of the rows `r` summed (times `sign`), under the count's own name. */
const summedColumns = (r: Scored, sign: 1 | -1) =>
  sql.join(COUNT_NAMES.map((c) => sql`${sql.lit(sign)} * SUM(${COUNTS[c]!(r)}) AS ${sql.ref(c)}`));
const anyCountMoves = (s: string) =>
  sql.join(
    COUNT_NAMES.map((c) => sql`${sql.ref(`${s}.${c}`)} <> 0`),
    sql` OR `,
  );

/**
 * Adds `source`'s rows (season, gameweek, player and a delta per count, at most one row per key)
 * to the aggregate: missing rows are inserted, existing ones moved; a zero delta on an existing
 * row writes nothing (on PostgreSQL it still locks that row, so a caller that knows a row does not
 * move leaves it out, as rescoreFixture does). The one statement every change goes through, the
 * same on both databases.
 */
async function addDeltas(db: DB, source: RawBuilder<unknown>, opts: { inKeyOrder?: boolean } = {}): Promise<void> {
  const cols = sql.join(COUNT_NAMES.map((c) => sql.ref(c)));
  const set = sql.join(
    COUNT_NAMES.map((c) => sql`${sql.ref(c)} = ${sql.ref(`userPoints.${c}`)} + ${sql.ref(`excluded.${c}`)}`),
  );
  // `WHERE TRUE`: SQLite reads an upsert's ON CONFLICT only after a WHERE clause.
  await sql`
    INSERT INTO "userPoints" ("seasonId", "gameweek", "userId", ${cols})
    SELECT s."seasonId", s."gameweek", s."userId", ${sql.join(COUNT_NAMES.map((c) => sql.ref(`s.${c}`)))} FROM (${source}) s WHERE TRUE
    ${opts.inKeyOrder ? sql`ORDER BY s."seasonId", s."gameweek", s."userId"` : sql``}
    ON CONFLICT ("seasonId", "gameweek", "userId") DO UPDATE SET ${set}
    WHERE ${anyCountMoves('excluded')}`.execute(db);
}

function inTransaction<T>(db: DB, run: (trx: DB) => Promise<T>): Promise<T> {
  return db.isTransaction ? run(db) : db.transaction().execute(run);
}

/**
 * PostgreSQL: waits for the aggregate's writers' lock (held until this transaction ends), and
 * turns JIT compilation off for the rest of the transaction. A result's statements over 10,000
 * predictions are estimated above `jit_above_cost` once a fixture's picks lie spread over the
 * pages of its gameweek (as a live season stores them), and compiling them costs more of a
 * rescoring than JIT then wins back (decision 0105). SQLite: nothing to do.
 */
async function lockAggregate(trx: DB): Promise<void> {
  if (!(trx.getExecutor().adapter instanceof SqliteAdapter))
    await sql`SELECT set_config('jit', 'off', true), pg_advisory_xact_lock(${POINTS_LOCK_KEY})`.execute(trx);
}

/** The aggregate's gameweeks a fixture counts in: the season's total (0) and its gameweek (none for a fixture without one). */
const gameweeksOf = (gameweek: number | null): number[] => (gameweek === null ? [0] : [0, gameweek]);

/** A season's rows of the aggregate at `gameweeks`, as rows to join. */
const keysOf = (seasonId: string, gameweeks: readonly number[]) =>
  sql`(${sql.join(
    gameweeks.map((g) => sql`SELECT CAST(${seasonId} AS text) AS "seasonId", CAST(${g} AS integer) AS "gameweek"`),
    sql` UNION ALL `,
  )})`;

/**
 * SQLite: predictions rescored per part of this many players. better-sqlite3 runs a statement
 * on the event loop itself, so one statement over a fixture's 10,000 predictions stopped every
 * request of the process until it ended; a part is short, and the loop turns between parts, so
 * requests a cache can answer are served meanwhile (decision 0105). A part's size bounds how
 * long the loop waits for one turn of a result's work. PostgreSQL runs the statements
 * elsewhere: one part.
 */
export const SQLITE_RESCORE_PART = 1_000;

/**
 * Where the part starting at `from` (the fixture's first player when null) ends: the first player
 * after its `part` players, or null when it holds the rest. Predictions are keyed by fixture, then
 * player, so a part is one range of the key, found by walking `part` entries of it when the part
 * begins: no read of the whole fixture's players before the first part.
 */
async function partEnd(trx: DB, fixtureId: string, from: string | null, part: number): Promise<string | null> {
  const next = await trx
    .selectFrom('predictions')
    .select('userId')
    .where('fixtureId', '=', fixtureId)
    .$if(from !== null, (q) => q.where('userId', '>=', from!))
    .orderBy('userId')
    .limit(1)
    .offset(part)
    .executeTakeFirst();
  return next?.userId ?? null;
}

/**
 * Scores every prediction on a fixture against its final result, or clears them (`result` null:
 * back to pending), moving the aggregate by the net change per player first: per part of the
 * fixture's players (all of them at once on PostgreSQL), one set-based UPDATE and one upsert.
 * Points (the standard rule, a banker doubled), tier and outcome are set outright, so a
 * corrected result replaces, never adds. A player scored for the first time gets their rows even
 * at 0 points. All parts are one transaction: no reader sees a result half scored, and queries
 * wait for the commit (SQLite has one connection, which the transaction holds). Returns how many
 * predictions were scored or cleared.
 */
export async function rescoreFixture(
  db: DB,
  fixtureId: string,
  result: Scoreline | null,
  opts: { part?: number } = {},
): Promise<number> {
  return inTransaction(db, async (trx) => {
    await lockAggregate(trx);
    const fixture = await trx
      .selectFrom('fixtures')
      .select(['seasonId', 'gameweek'])
      .where('id', '=', fixtureId)
      .executeTakeFirst();
    if (!fixture) return 0;
    // The pick's new points and tier, worked out once per prediction (in `n`, materialized: the
    // databases would otherwise write the scoring's CASE out again in every count's expression).
    const next: Scored = {
      points: sql.ref('n.nextPoints'),
      tier: sql.ref('n.nextTier'),
      banker: sql.ref('n.banker'),
    };
    const nextColumns = result
      ? sql`${pointsSql(result, 'p')} AS "nextPoints", ${tierSql(result, 'p')} AS "nextTier"`
      : sql`CAST(NULL AS integer) AS "nextPoints", CAST(NULL AS text) AS "nextTier"`;
    const part = trx.getExecutor().adapter instanceof SqliteAdapter ? (opts.part ?? SQLITE_RESCORE_PART) : null;
    const gameweeks = gameweeksOf(fixture.gameweek);
    const keys = keysOf(fixture.seasonId, gameweeks);
    let updated = 0;
    let from: string | null = null;
    do {
      // Between parts: requests that arrived meanwhile are served first.
      if (from !== null) await afterPendingIo();
      const until: string | null = part === null ? null : await partEnd(trx, fixtureId, from, part);
      const inPart = (alias: string) =>
        sql`${from === null ? sql`` : sql` AND ${sql.ref(`${alias}.userId`)} >= ${from}`}${until === null ? sql`` : sql` AND ${sql.ref(`${alias}.userId`)} < ${until}`}`;
      // A row that does not move is left out unless it is missing (a player scored for the first
      // time): the upsert would write nothing for it, but PostgreSQL locks a conflicting row (a
      // WAL record) before it reads the conflict filter, and about half of a result's picks score
      // 0 and move nothing (decision 0105). Which of those are missing is one set difference
      // against the aggregate's rows of the season and gameweek (of this part's players), read
      // only when some pick is scored for the first time, not a lookup per player (decision 0105).
      const moves = anyCountMoves('d');
      await addDeltas(
        trx,
        sql`WITH n AS MATERIALIZED (
            SELECT p."userId", p."points", p."tier", p."banker", ${nextColumns}
            FROM "predictions" p WHERE p."fixtureId" = ${fixtureId}${inPart('p')}
          ), d AS MATERIALIZED (
            SELECT n."userId", ${deltaColumns(next, storedIn('n'))}, (n."points" IS NULL AND ${next.points} IS NOT NULL) AS "first"
            FROM n
          )
          SELECT k."seasonId", k."gameweek", d."userId", ${sql.join(COUNT_NAMES.map((c) => sql.ref(`d.${c}`)))}
          FROM d CROSS JOIN ${keys} k
          WHERE ${moves}
          UNION ALL
          SELECT m."seasonId", m."gameweek", m."userId", ${sql.join(COUNT_NAMES.map((c) => sql`0 AS ${sql.ref(c)}`))}
          FROM (
            SELECT k."seasonId", k."gameweek", d."userId" FROM d CROSS JOIN ${keys} k
            WHERE d."first" AND NOT (${moves})
            EXCEPT
            SELECT u."seasonId", u."gameweek", u."userId" FROM "userPoints" u
            WHERE u."seasonId" = ${fixture.seasonId} AND u."gameweek" IN (${sql.join(gameweeks)})${inPart('u')}
              AND EXISTS (SELECT 1 FROM d WHERE d."first")
          ) m`,
      );
      const res = await trx
        .updateTable('predictions')
        .set(
          result
            ? { points: pointsSql(result), tier: tierSql(result), outcome: outcomeSql(result) }
            : { points: null, tier: null, outcome: null },
        )
        .where('fixtureId', '=', fixtureId)
        .$if(from !== null, (q) => q.where('userId', '>=', from!))
        .$if(until !== null, (q) => q.where('userId', '<', until!))
        .executeTakeFirst();
      updated += Number(res.numUpdatedRows);
      from = until;
    } while (from !== null);
    return updated;
  });
}

/** Which fixtures a change is about: some by id, or a season's (one gameweek's). */
export type FixtureSet = { ids: readonly string[] } | { seasonId: string; gameweek?: number };

const fixtureFilter = (set: FixtureSet, f: string) => {
  if ('ids' in set)
    return set.ids.length ? sql`${sql.ref(`${f}.id`)} IN (${sql.join(set.ids.map((id) => sql`${id}`))})` : sql`1 = 0`;
  const season = sql`${sql.ref(`${f}.seasonId`)} = ${set.seasonId}`;
  return set.gameweek === undefined ? season : sql`${season} AND ${sql.ref(`${f}.gameweek`)} = ${set.gameweek}`;
};

/**
 * Adds (sign 1) or takes away (sign -1) the stored points of every scored prediction on the
 * fixtures, at each fixture's season and gameweek as they are now.
 */
async function applyStored(trx: DB, set: FixtureSet, sign: 1 | -1, opts: { inKeyOrder?: boolean } = {}): Promise<void> {
  const gameweek = sql`(CASE WHEN k."n" = 0 THEN 0 ELSE f."gameweek" END)`;
  await addDeltas(
    trx,
    sql`SELECT f."seasonId", ${gameweek} AS "gameweek", p."userId", ${summedColumns(storedIn('p'), sign)}
      FROM "fixtures" f
      JOIN "predictions" p ON p."fixtureId" = f."id"
      CROSS JOIN (SELECT 0 AS "n" UNION ALL SELECT 1) k
      WHERE ${fixtureFilter(set, 'f')} AND p."points" IS NOT NULL AND (k."n" = 0 OR f."gameweek" IS NOT NULL)
      GROUP BY f."seasonId", ${gameweek}, p."userId"`,
    opts,
  );
}

/**
 * Runs `change` (which may move the fixtures to other gameweeks) and moves their scored
 * predictions' points along: for each fixture whose gameweek (or season) changed, taken off where
 * it was and added where it is now.
 */
export async function withFixturesMoving<T>(db: DB, set: FixtureSet, change: (trx: DB) => Promise<T>): Promise<T> {
  return inTransaction(db, async (trx) => {
    await lockAggregate(trx);
    const locations = (executor: DB) => executor.selectFrom('fixtures').select(['id', 'seasonId', 'gameweek']);
    const before = await locations(trx)
      .where(sql<boolean>`${fixtureFilter(set, 'fixtures')}`)
      .execute();
    const out = await change(trx);
    if (before.length === 0) return out;
    const after = new Map(
      (
        await locations(trx)
          .where(
            'id',
            'in',
            before.map((b) => b.id),
          )
          .execute()
      ).map((r) => [r.id, r]),
    );
    for (const b of before) {
      const a = after.get(b.id);
      if (!a || (a.seasonId === b.seasonId && a.gameweek === b.gameweek)) continue;
      await moveStored(trx, b.id, b, a);
    }
    return out;
  });
}

/** A fixture's scored predictions taken off its old season and gameweek rows and added to its new ones (season totals only if the season changed). */
async function moveStored(
  trx: DB,
  fixtureId: string,
  from: { seasonId: string; gameweek: number | null },
  to: { seasonId: string; gameweek: number | null },
) {
  const sameSeason = from.seasonId === to.seasonId;
  const keys: Array<{ seasonId: string; gameweek: number; sign: 1 | -1 }> = [];
  if (!sameSeason)
    keys.push({ seasonId: from.seasonId, gameweek: 0, sign: -1 }, { seasonId: to.seasonId, gameweek: 0, sign: 1 });
  if (from.gameweek !== null) keys.push({ seasonId: from.seasonId, gameweek: from.gameweek, sign: -1 });
  if (to.gameweek !== null) keys.push({ seasonId: to.seasonId, gameweek: to.gameweek, sign: 1 });
  if (keys.length === 0) return;
  const keyRows = sql.join(
    keys.map(
      (k) =>
        sql`SELECT CAST(${k.seasonId} AS text) AS "seasonId", CAST(${k.gameweek} AS integer) AS "gameweek", CAST(${k.sign} AS integer) AS "sign"`,
    ),
    sql` UNION ALL `,
  );
  await addDeltas(
    trx,
    sql`SELECT k."seasonId", k."gameweek", p."userId", ${sql.join(COUNT_NAMES.map((c) => sql`k."sign" * ${COUNTS[c]!(storedIn('p'))} AS ${sql.ref(c)}`))}
      FROM "predictions" p CROSS JOIN (${keyRows}) k
      WHERE p."fixtureId" = ${fixtureId} AND p."points" IS NOT NULL`,
  );
}

/** Takes the fixtures' scored predictions off the aggregate: call it just before deleting the fixtures (their predictions go with them). */
export async function beforeFixturesDeleted(db: DB, set: FixtureSet): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockAggregate(trx);
    await applyStored(trx, set, -1);
  });
}

/** Deletes every prediction of a player and their rows of the aggregate (their account is going). */
export async function deletePlayerPoints(db: DB, userId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockAggregate(trx);
    await trx.deleteFrom('predictions').where('userId', '=', userId).execute();
    await trx.deleteFrom('userPoints').where('userId', '=', userId).execute();
  });
}

/**
 * Builds a season's rows of the aggregate again from its predictions: for writers that store
 * scored predictions in bulk outside the game's flow (the benchmark's world, test worlds).
 */
export async function recountSeason(db: DB, seasonId: string): Promise<void> {
  await inTransaction(db, async (trx) => {
    await lockAggregate(trx);
    await trx.deleteFrom('userPoints').where('seasonId', '=', seasonId).execute();
    // In key order, as the results write them (a gameweek's rows appear together at its first result).
    await applyStored(trx, { seasonId }, 1, { inKeyOrder: true });
  });
}
