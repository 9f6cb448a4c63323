import type { DB } from '../../db/index.js';
import { fixturesWithPredictionOf, liveAt, toFixturePredictionRow, type FixturePredictionRow } from '../fixtures/queries.js';

/**
 * Stores a provisional (in-play) score. It never overwrites a final result: if one was saved in
 * the meantime, nothing changes and false is returned.
 */
export async function saveProvisionalScore(db: DB, fixtureId: string, s: { homeScore: number; awayScore: number }, nowIso: string): Promise<boolean> {
  const rows = await db
    .insertInto('results')
    .values({ fixtureId, homeScore: s.homeScore, awayScore: s.awayScore, final: 0, updatedAt: nowIso })
    .onConflict((oc) =>
      oc
        .column('fixtureId')
        .doUpdateSet({ homeScore: s.homeScore, awayScore: s.awayScore, updatedAt: nowIso })
        .where('results.final', '=', 0),
    )
    .returning('fixtureId')
    .execute();
  return rows.length > 0;
}

/**
 * A season's matches of one day (kick-off in [fromIso, toIso)) and every live one, with the
 * viewer's own prediction, in kick-off order.
 */
export async function listDayAndLiveMatches(db: DB, userId: string, seasonId: string, range: { fromIso: string; toIso: string; nowIso: string }): Promise<FixturePredictionRow[]> {
  const rows = await fixturesWithPredictionOf(db, userId)
    .where('fixtures.seasonId', '=', seasonId)
    .where((eb) => eb.or([eb.and([eb('fixtures.kickoffAt', '>=', range.fromIso), eb('fixtures.kickoffAt', '<', range.toIso)]), liveAt(range.nowIso)(eb)]))
    .orderBy('fixtures.kickoffAt')
    .orderBy('fixtures.id')
    .execute();
  return rows.map(toFixturePredictionRow);
}

/** A season's first kick-off at or after `fromIso` of a match that is not postponed. */
export async function nextKickoff(db: DB, seasonId: string, fromIso: string): Promise<string | null> {
  const row = await db
    .selectFrom('fixtures')
    .select('kickoffAt')
    .where('seasonId', '=', seasonId)
    .where('postponed', '=', 0)
    .where('kickoffAt', '>=', fromIso)
    .orderBy('kickoffAt')
    .limit(1)
    .executeTakeFirst();
  return row?.kickoffAt ?? null;
}

/** How many of a season's matches are live right now. */
export async function countLiveMatches(db: DB, seasonId: string, nowIso: string): Promise<number> {
  const row = await db
    .selectFrom('fixtures')
    .leftJoin('results', 'results.fixtureId', 'fixtures.id')
    .where('fixtures.seasonId', '=', seasonId)
    .where(liveAt(nowIso))
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirst();
  return Number(row?.n ?? 0);
}
