import type { FastifyInstance } from 'fastify';
import type { Board, BoardMatch } from '../../../contract/predictions.js';
import type { DB } from '../../db/index.js';
import { gameweekStates } from '../../../game/gameweek-to-open.js';
import { listFixtures } from '../fixtures/repository.js';
import { resolveOpening } from '../gameweeks/opening.js';
import type { SeasonRef } from '../seasons/service.js';
import { presentPrediction, presentPredictable } from './presenter.js';
import { listOwnPredictions } from './repository.js';

/** One gameweek's fixtures of a season, each with its deadline, window, result and the viewer's own pick. */
export async function loadGameweekMatches(db: DB, userId: string, seasonId: string, gameweek: number, now: Date): Promise<BoardMatch[]> {
  const [fixtures, own] = await Promise.all([listFixtures(db, { seasonId, gameweek }), listOwnPredictions(db, userId, { seasonId, gameweek })]);
  const mine = new Map(own.map((o) => [o.prediction.fixtureId, o.prediction]));
  return fixtures.map((f) => {
    const p = mine.get(f.id);
    return { ...presentPredictable(f, now), prediction: p ? presentPrediction(p) : null };
  });
}

/**
 * The Predictions board: one gameweek of a season (the one asked for, else the one the board
 * opens on: `resolveOpening`), the season's gameweeks with their states for the picker, and
 * `now` (the client judges deadlines by it). Bounded by one gameweek's matches, never a season's.
 */
export async function loadBoard(app: FastifyInstance, userId: string, season: SeasonRef, now: Date, requested?: number): Promise<Board> {
  const opening = await resolveOpening(app, season, now);
  const gameweek = requested ?? opening.gameweek;
  const states = gameweekStates(opening.fixtures, now);
  return {
    now: now.toISOString(),
    season: season.id,
    gameweek,
    openingGameweek: opening.gameweek,
    gameweeks: states.map((g) => g.gameweek),
    gameweekStates: states,
    matches: await loadGameweekMatches(app.deps.db, userId, season.id, gameweek, now),
  };
}
