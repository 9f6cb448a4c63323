import { currentGameweek } from '../../../game/gameweeks.js';
import { londonDate } from '../../../game/time.js';
import type { DB } from '../../db/index.js';
import { listFixtures } from '../fixtures/repository.js';
import { presentPrediction, presentPredictable } from './presenter.js';
import { effectiveGameweeks } from '../season/service.js';
import { gameweeksWithFixtures, listOwnPredictions } from './repository.js';

/**
 * The gameweek a screen opens on: the current one (spec §4) when it has fixtures, else the next
 * gameweek that has some, else the last one that has some.
 */
export function defaultGameweek(current: number, withFixtures: readonly number[]): number {
  if (withFixtures.length === 0 || withFixtures.includes(current)) return current;
  return withFixtures.find((g) => g > current) ?? withFixtures[withFixtures.length - 1]!;
}

/** The Predictions screen's data for one gameweek: fixtures, deadlines, results and the viewer's own picks. */
export async function loadBoard(db: DB, userId: string, now: Date, requested?: number) {
  const [{ gameweeks: defs }, withFixtures] = await Promise.all([effectiveGameweeks(db), gameweeksWithFixtures(db)]);
  const current = defaultGameweek(currentGameweek(defs, londonDate(now)), withFixtures);
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
