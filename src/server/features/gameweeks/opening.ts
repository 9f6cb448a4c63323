import type { FastifyInstance } from 'fastify';
import { gameweekToOpen, type GameweekFixture } from '../../../game/gameweek-to-open.js';
import { playerCache } from '../statistics/player-cache.js';
import type { SeasonRef } from '../seasons/service.js';
import { listGameweekFixtures } from './repository.js';
import { resolveGameweeks } from './service.js';

/**
 * A season's fixtures as the opening rule reads them, shared by every player and kept until an
 * event about the season's fixtures or results (both publish `['fixtures', season]`) drops them
 * (statistics/player-cache.ts; its time limit is the safety net for a change nothing announced).
 * The rule itself runs per request: it depends on the clock to the second.
 */
export function seasonGameweekFixtures(app: FastifyInstance, seasonId: string): Promise<GameweekFixture[]> {
  return playerCache(app).get(`gameweek-fixtures:${seasonId}`, { seasonId, userId: null }, () => listGameweekFixtures(app.deps.db, seasonId));
}

/**
 * The gameweek the Predictions board and the dashboard open on, decided here once for both
 * (decision record 0041): the next gameweek with a match open for predictions, else the last one
 * played. A season without fixtures falls back to the calendar's current gameweek. `fixtures` are
 * the season's, for the states of its gameweeks.
 */
export async function resolveOpening(app: FastifyInstance, season: SeasonRef, now: Date): Promise<{ gameweek: number; fixtures: GameweekFixture[] }> {
  const fixtures = await seasonGameweekFixtures(app, season.id);
  const gameweek = gameweekToOpen(fixtures, now) ?? (await resolveGameweeks(app.deps.db, season, now)).current;
  return { gameweek, fixtures };
}
