import type { FastifyInstance } from 'fastify';
import { upsertFixtures, countFixtures } from '../fixtures/repository.js';
import { builtInSeasonFixtures, defaultGameweeks, replayableResults } from './data.js';
import { countGameweekDefinitions, getMeta, replaceGameweekDefinitions, setMeta } from './repository.js';

const SEEDED = 'season.2025-26.seeded';

/**
 * Puts the built-in season (380 fixtures, 38 gameweek definitions) into an empty database once,
 * with the real final scores of the matches already over by the server clock (kick-off more than
 * three hours ago): at today's date the finished season shows its results, while a clock started
 * earlier with SCORELINE_NOW leaves the rest for the admin to enter as the matches are played.
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
    const over = new Date(clock.now().getTime() - 3 * 3600_000).toISOString();
    const played = replayableResults().filter((r) => r.kickoffAt <= over);
    for (let i = 0; i < played.length; i += 200) {
      await trx
        .insertInto('results')
        .values(played.slice(i, i + 200).map((r) => ({ fixtureId: r.fixtureId, homeScore: r.homeScore, awayScore: r.awayScore, final: 1, updatedAt: now })))
        .onConflict((oc) => oc.column('fixtureId').doNothing())
        .execute();
    }
    return n;
  });
  if (written) app.log.info(`Seeded the built-in 2025/26 season: ${written} fixtures, 38 gameweeks (SEED_SEASON)`);
  return written;
}
