import type { FastifyInstance } from 'fastify';
import type { EventBus } from '../../realtime/bus.js';
import type { TableCache } from './table-cache.js';

/**
 * The app's one cache of league tables (table-cache.ts), made by the leagues plugin and read by
 * every feature that shows a place in a league (the gameweek summary too), so no screen ranks a
 * league from a copy of its own. Keyed by the app's bus: plugins see their own instance of the
 * app, but share its dependencies.
 */
const shared = new WeakMap<EventBus, TableCache>();

export function shareTables(app: FastifyInstance, tables: TableCache): void {
  shared.set(app.deps.bus, tables);
}

export function keptTables(app: FastifyInstance): TableCache {
  const tables = shared.get(app.deps.bus);
  if (!tables) throw new Error('League tables are kept by the leagues plugin, which this app did not register.');
  return tables;
}
