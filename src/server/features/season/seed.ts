import type { FastifyInstance } from 'fastify';
import { upsertFixtures, countFixtures } from '../fixtures/repository.js';
import { builtInSeasonFixtures, defaultGameweeks } from './data.js';
import { countGameweekDefinitions, getMeta, replaceGameweekDefinitions, setMeta } from './repository.js';

const SEEDED = 'season.2025-26.seeded';

/**
 * Puts the built-in season (380 fixtures, 38 gameweek definitions) into an empty database once.
 * A database that already has fixtures, or was seeded before (the admin may have deleted them
 * since), is left alone. Returns how many fixtures were written.
 */
export async function seedBuiltInSeason(app: FastifyInstance): Promise<number> {
  const { db, clock } = app.deps;
  const written = await db.transaction().execute(async (trx) => {
    if (await getMeta(trx, SEEDED)) return 0;
    const now = clock.nowIso();
    await setMeta(trx, SEEDED, now);
    if ((await countFixtures(trx)) > 0) return 0;
    const n = await upsertFixtures(trx, builtInSeasonFixtures(), now);
    if ((await countGameweekDefinitions(trx)) === 0) await replaceGameweekDefinitions(trx, defaultGameweeks(), now);
    return n;
  });
  if (written) app.log.info(`Seeded the built-in 2025/26 season: ${written} fixtures, 38 gameweeks (SEED_SEASON)`);
  return written;
}
