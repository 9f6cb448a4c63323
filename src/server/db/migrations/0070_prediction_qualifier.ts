import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * The team a player names to go through a knockout tie (`predictions.qualifier`: `home` or
 * `away`, a side of the predicted match), for a league's qualifier points
 * (docs/decisions/0118-qualifier-points.md). Null on every pick made before: a one-match
 * knockout's predicted winner is implied by its score (src/game/qualifier.ts), so those picks
 * already name their team; only a predicted draw or a second leg needs the column.
 */
export const predictionQualifier: AppMigration = {
  name: '0070_prediction_qualifier',
  async up(db) {
    await (db as Kysely<unknown>).schema.alterTable('predictions').addColumn('qualifier', 'text').execute();
  },
};
