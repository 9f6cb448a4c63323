import type { DB } from '../../db/index.js';
import type { GameweekDefinition } from '../../../game/gameweeks.js';

export async function listGameweekDefinitions(db: DB): Promise<GameweekDefinition[]> {
  return db.selectFrom('gameweeks').select(['gameweek', 'startDate', 'endDate']).orderBy('gameweek').execute();
}

export async function getGameweekDefinition(db: DB, gameweek: number): Promise<GameweekDefinition | undefined> {
  return db.selectFrom('gameweeks').select(['gameweek', 'startDate', 'endDate']).where('gameweek', '=', gameweek).executeTakeFirst();
}

/** Creates or replaces one definition (the spec's "set gameweek_{n}"). */
export async function saveGameweekDefinition(db: DB, def: GameweekDefinition, nowIso: string): Promise<void> {
  await db
    .insertInto('gameweeks')
    .values({ ...def, updatedAt: nowIso })
    .onConflict((oc) => oc.column('gameweek').doUpdateSet({ startDate: def.startDate, endDate: def.endDate, updatedAt: nowIso }))
    .execute();
}

/** Inserts a definition only if that gameweek has none; true when it was added. */
export async function addGameweekDefinition(db: DB, def: GameweekDefinition, nowIso: string): Promise<boolean> {
  const res = await db
    .insertInto('gameweeks')
    .values({ ...def, updatedAt: nowIso })
    .onConflict((oc) => oc.column('gameweek').doNothing())
    .executeTakeFirst();
  return Number(res.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Replaces every definition with `defs` (reset to defaults / initialize). Run inside a transaction. */
export async function replaceGameweekDefinitions(db: DB, defs: GameweekDefinition[], nowIso: string): Promise<void> {
  await db.deleteFrom('gameweeks').execute();
  if (defs.length) await db.insertInto('gameweeks').values(defs.map((d) => ({ ...d, updatedAt: nowIso }))).execute();
}

export async function countGameweekDefinitions(db: DB): Promise<number> {
  const r = await db.selectFrom('gameweeks').select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(r.n);
}

export async function getMeta(db: DB, key: string): Promise<string | undefined> {
  return (await db.selectFrom('appMeta').select('value').where('key', '=', key).executeTakeFirst())?.value;
}

export async function setMeta(db: DB, key: string, value: string): Promise<void> {
  await db.insertInto('appMeta').values({ key, value }).onConflict((oc) => oc.column('key').doUpdateSet({ value })).execute();
}
