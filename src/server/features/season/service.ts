import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.js';
import type { QueryKey } from '../../../contract/events.js';
import type { GameweekDefinition } from '../../../game/gameweeks.js';
import { londonDate } from '../../../game/time.js';
import { defaultGameweeks } from './data.js';
import { listGameweekDefinitions } from './repository.js';

/** Query keys the browser refetches when fixtures change (lists, predictions, tables, match day). */
export const FIXTURE_CHANGE_KEYS: QueryKey[] = [['fixtures'], ['gameweeks'], ['predictions'], ['leagues'], ['dashboard'], ['matches'], ['statistics'], ['admin']];
/** Query keys the browser refetches when gameweek definitions change (they move the current gameweek that boards open on). */
export const GAMEWEEK_CHANGE_KEYS: QueryKey[] = [['gameweeks'], ['fixtures'], ['predictions'], ['dashboard'], ['matches'], ['admin', 'gameweeks']];

/** Stored definitions replace the default list when present (spec §3), sorted by gameweek. */
export async function effectiveGameweeks(db: DB): Promise<{ gameweeks: GameweekDefinition[]; custom: boolean }> {
  const stored = await listGameweekDefinitions(db);
  return stored.length ? { gameweeks: stored, custom: true } : { gameweeks: defaultGameweeks(), custom: false };
}

/** Today's date in the UK by the server's clock: the date the game's day-based rules use. */
export function serverToday(app: FastifyInstance): string {
  return londonDate(app.deps.clock.now());
}

export async function publishFixturesChanged(app: FastifyInstance, type = 'fixtures.changed'): Promise<void> {
  await app.deps.bus.publish({ type, keys: FIXTURE_CHANGE_KEYS });
}

export async function publishGameweeksChanged(app: FastifyInstance): Promise<void> {
  await app.deps.bus.publish({ type: 'gameweeks.changed', keys: GAMEWEEK_CHANGE_KEYS });
}
