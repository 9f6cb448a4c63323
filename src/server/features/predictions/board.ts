import type { DB } from '../../db/index.js';
import { listFixtures } from '../fixtures/repository.js';
import { resolveGameweeks } from '../gameweeks/service.js';
import type { SeasonRef } from '../seasons/service.js';
import { presentPrediction, presentPredictable } from './presenter.js';
import { listOwnPredictions } from './repository.js';

/** The Predictions screen's data for one gameweek of a season: fixtures, deadlines, results and the viewer's own picks. */
export async function loadBoard(db: DB, userId: string, season: SeasonRef, now: Date, requested?: number) {
  const { current, withFixtures } = await resolveGameweeks(db, season, now);
  const gameweek = requested ?? current;
  const [fixtures, own] = await Promise.all([listFixtures(db, { seasonId: season.id, gameweek }), listOwnPredictions(db, userId, { seasonId: season.id, gameweek })]);
  const mine = new Map(own.map((o) => [o.prediction.fixtureId, o.prediction]));
  return {
    now: now.toISOString(),
    season: season.id,
    gameweek,
    currentGameweek: current,
    gameweeks: withFixtures,
    matches: fixtures.map((f) => {
      const p = mine.get(f.id);
      return { ...presentPredictable(f, now), prediction: p ? presentPrediction(p) : null };
    }),
  };
}
