import type { DB } from '../db/index.js';
import type { GameweekDefinition } from '../../game/gameweeks.js';
import type { GameweekFixture } from '../../game/gameweek-to-open.js';

/** A season's stored gameweek definitions (the admin's, or the seed's), by gameweek. */
export async function listGameweekDefinitions(db: DB, seasonId: string): Promise<GameweekDefinition[]> {
  return db
    .selectFrom('gameweeks')
    .select(['gameweek', 'startDate', 'endDate'])
    .where('seasonId', '=', seasonId)
    .orderBy('gameweek')
    .execute();
}

/** Creates or replaces one definition (the spec's "set gameweek_{n}"). */
export async function saveGameweekDefinition(
  db: DB,
  seasonId: string,
  def: GameweekDefinition,
  nowIso: string,
): Promise<void> {
  await db
    .insertInto('gameweeks')
    .values({ seasonId, ...def, updatedAt: nowIso })
    .onConflict((oc) =>
      oc
        .columns(['seasonId', 'gameweek'])
        .doUpdateSet({ startDate: def.startDate, endDate: def.endDate, updatedAt: nowIso }),
    )
    .execute();
}

/** Inserts a definition only if that gameweek has none; true when it was added. */
export async function addGameweekDefinition(
  db: DB,
  seasonId: string,
  def: GameweekDefinition,
  nowIso: string,
): Promise<boolean> {
  const res = await db
    .insertInto('gameweeks')
    .values({ seasonId, ...def, updatedAt: nowIso })
    .onConflict((oc) => oc.columns(['seasonId', 'gameweek']).doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces every definition of a season with `defs` (reset to defaults / initialize). Run inside a transaction. */
export async function replaceGameweekDefinitions(
  db: DB,
  seasonId: string,
  defs: GameweekDefinition[],
  nowIso: string,
): Promise<void> {
  await db.deleteFrom('gameweeks').where('seasonId', '=', seasonId).execute();
  for (let i = 0; i < defs.length; i += 100) {
    await db
      .insertInto('gameweeks')
      .values(defs.slice(i, i + 100).map((d) => ({ seasonId, ...d, updatedAt: nowIso })))
      .execute();
  }
}

export async function countGameweekDefinitions(db: DB, seasonId: string): Promise<number> {
  const r = await db
    .selectFrom('gameweeks')
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .where('seasonId', '=', seasonId)
    .executeTakeFirstOrThrow();
  return Number(r.n);
}

/**
 * Every fixture of a season that has a gameweek, with what decides which gameweek a player's
 * screens open on and each gameweek's state (src/game/gameweek-to-open.ts): its kick-off, the
 * postponed flag, the lock of a match moved after its deadline, and whether a final result is in.
 */
export async function listGameweekFixtures(db: DB, seasonId: string): Promise<GameweekFixture[]> {
  const rows = await db
    .selectFrom('fixtures')
    .leftJoin('results', 'results.fixtureId', 'fixtures.id')
    .select([
      'fixtures.gameweek',
      'fixtures.kickoffAt',
      'fixtures.postponed',
      'fixtures.predictionsLockedAt',
      'results.final',
    ])
    .where('fixtures.seasonId', '=', seasonId)
    .where('fixtures.gameweek', 'is not', null)
    .execute();
  return rows.map((r) => ({
    gameweek: r.gameweek!,
    kickoffAt: r.kickoffAt,
    postponed: Boolean(r.postponed),
    predictionsLockedAt: r.predictionsLockedAt,
    finished: Number(r.final) === 1,
  }));
}
