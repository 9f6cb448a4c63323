import type { FastifyInstance } from 'fastify';
import { tag } from '../../read-model/index.js';
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
 * of the app asks for the list. Kept until a change touches any season's fixtures or results, or
 * the seasons (read-model/changes.ts), and read again once the clock passes the next kick-off
 * (which the list names).
 */
export async function seasonListCounts(
  app: FastifyInstance,
  now: Date,
): Promise<Pick<Kept, 'counts' | 'competitions'>> {
  const t = now.getTime();
  const read = async (): Promise<Kept> => {
    const [counts, competitions] = await Promise.all([
      seasonCounts(app.deps.db, now.toISOString()),
      listCompetitions(app.deps.db),
    ]);
    const next = counts.flatMap((c) => (c.nextKickoff === null ? [] : [Date.parse(c.nextKickoff)]));
    return { counts, competitions, from: t, until: next.length ? Math.min(...next) : Infinity };
  };
  const tags = [tag.seasons(), tag.every('season-fixtures')];
  const kept = await app.deps.readModel.get('season-list-counts', tags, read);
  if (t >= kept.from && t < kept.until) return kept;
  // The clock has moved past what the counts hold for: read them again and keep the new ones.
  return app.deps.readModel.get('season-list-counts', tags, read, { fresh: true });
}
