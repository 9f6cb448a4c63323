import type { FastifyInstance } from 'fastify';
import type { PredictionRecord } from '../../../game/statistics.js';
import { seasonFixtureRows } from '../../seasons/kept-fixtures.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';
import { loadPredictionRecords, loadSeasonPredictions, predictionRecord } from './repository.js';

/** Per kept fixture list (a new list after every change): its fixtures by id. */
const byId = new WeakMap<readonly FixtureRow[], Map<string, FixtureRow>>();

function indexOf(rows: readonly FixtureRow[]): Map<string, FixtureRow> {
  let index = byId.get(rows);
  if (!index) {
    index = new Map(rows.map((f) => [f.id, f]));
    byId.set(rows, index);
  }
  return index;
}

/**
 * One player's predictions of a season with their fixtures, for the dashboard and statistics.
 * The player's own rows are read alone and joined here to the season's kept fixture list: the
 * join in SQL read a fixture and a result row for each of a season's 380 picks, a third of a
 * player's first request after every result. Outcome and points count only while the kept list
 * shows a FINAL result (`predictionRecord`).
 *
 * Both reads are dropped by the same events, so a value worked out across a change is not kept
 * (the read model). Should a pick name a fixture the kept list does not hold yet (a
 * fixture added between the two reads), the joined query answers instead.
 */
export async function ownPredictionRecords(
  app: FastifyInstance,
  userId: string,
  seasonId: string,
): Promise<PredictionRecord[]> {
  const { db } = app.deps;
  const [fixtures, rows] = await Promise.all([
    seasonFixtureRows(app, seasonId),
    loadSeasonPredictions(db, userId, seasonId),
  ]);
  const index = indexOf(fixtures);
  const records: PredictionRecord[] = [];
  for (const r of rows) {
    const f = index.get(r.fixtureId);
    if (!f) return loadPredictionRecords(db, userId, seasonId);
    // The kept list's own id string (`f.id`): what a screen keeps per player (the dashboard's
    // picked ids) then points at one shared copy instead of 380 copies of the ids per player.
    records.push(predictionRecord(r, f, f.result?.final, f.result));
  }
  return records;
}
