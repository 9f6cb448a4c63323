import type { FastifyInstance } from 'fastify';
import { EVERY_SEASON, playerCache } from '../statistics/player-cache.js';
import { listCompetitions, seasonCounts, type SeasonCountsRow } from '../../seasons/repository.js';

interface Kept {
  counts: SeasonCountsRow[];
  competitions: Awaited<ReturnType<typeof listCompetitions>>;
  /** The stretch of time the counts hold for: from when they were read to the next kick-off of any season. */
  from: number;
  until: number;
}

/**
 * What the seasons list reads from the database (each season's fixture and result counts, its next
 * kick-off, the competitions), read once and shared by every visitor (decision 0104): every page
 * of the app asks for the list. Kept until an event about any season's fixtures or results, or
 * about the seasons, drops it (statistics/player-cache.ts) or the results' fingerprint moves, and
 * read again once the clock passes the next kick-off (which the list names).
 */
export async function seasonListCounts(
  app: FastifyInstance,
  now: Date,
): Promise<Pick<Kept, 'counts' | 'competitions'>> {
  const cache = playerCache(app);
  const check = cache.checkResults();
  if (check) await check;
  const t = now.getTime();
  const read = async (): Promise<Kept> => {
    const [counts, competitions] = await Promise.all([
      seasonCounts(app.deps.db, now.toISOString()),
      listCompetitions(app.deps.db),
    ]);
    const next = counts.flatMap((c) => (c.nextKickoff === null ? [] : [Date.parse(c.nextKickoff)]));
    return { counts, competitions, from: t, until: next.length ? Math.min(...next) : Infinity };
  };
  const scope = { seasonId: EVERY_SEASON, userId: null };
  const kept = await cache.get('season-list-counts', scope, read);
  if (t >= kept.from && t < kept.until) return kept;
  // The clock has moved past what the counts hold for: read them again and keep the new ones.
  cache.invalidate(EVERY_SEASON, null);
  return cache.get('season-list-counts', scope, read);
}
