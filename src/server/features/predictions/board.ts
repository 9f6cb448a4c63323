import type { DB } from '../../db/index.js';
import { listFixtures } from '../fixtures/repository.js';
import { presentPrediction, presentPredictable } from './presenter.js';
import { resolveGameweeks } from '../season/service.js';
import { listOwnPredictions } from './repository.js';

/** The Predictions screen's data for one gameweek: fixtures, deadlines, results and the viewer's own picks. */
export async function loadBoard(db: DB, userId: string, now: Date, requested?: number) {
  const { current, withFixtures } = await resolveGameweeks(db, now);
  const gameweek = requested ?? current;
  const [fixtures, own] = await Promise.all([listFixtures(db, { gameweek }), listOwnPredictions(db, userId, { gameweek })]);
  const mine = new Map(own.map((o) => [o.prediction.fixtureId, o.prediction]));
  return {
    now: now.toISOString(),
    gameweek,
    currentGameweek: current,
    gameweeks: withFixtures,
    matches: fixtures.map((f) => {
      const p = mine.get(f.id);
      return { ...presentPredictable(f, now), prediction: p ? presentPrediction(p) : null };
    }),
  };
}
