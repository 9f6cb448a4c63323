import type { DB } from '../../db/index.js';
import type { GameweekDefinition } from '../../../game/gameweeks.js';

/** The gameweek date ranges (empty until the season is set up). */
export async function loadGameweekDefinitions(db: DB): Promise<GameweekDefinition[]> {
  return db.selectFrom('gameweeks').select(['gameweek', 'startDate', 'endDate']).orderBy('gameweek').execute();
}
