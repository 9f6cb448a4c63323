import type { FastifyInstance } from 'fastify';
import {
  gameweekStates,
  gameweekToOpen,
  nextOpening,
  steadyOpeningWindow,
  steadyStatesWindow,
  type GameweekFixture,
  type GameweekState,
} from '../../../game/gameweek-to-open.js';
import { tag } from '../../read-model/index.js';
import type { SeasonRef } from '../../seasons/service.js';
import { listGameweekFixtures } from '../../seasons/gameweeks-repository.js';
import { resolveGameweeks } from './service.js';

/**
 * A season's fixtures as the opening rule reads them, shared by every player and kept until a
 * change of the season's fixtures, results or gameweeks touches them (read-model/changes.ts; the
 * read model's time limit is the safety net for a change nothing announced).
 */
export function seasonGameweekFixtures(app: FastifyInstance, seasonId: string): Promise<GameweekFixture[]> {
  return app.deps.readModel.get(
    `gameweek-fixtures:${seasonId}`,
    [tag.seasonFixtures(seasonId), tag.seasonSchedule(seasonId)],
    () => listGameweekFixtures(app.deps.db, seasonId),
  );
}

interface Worked {
  byGameweek: Map<number, GameweekFixture[]>;
  /** The rule's last answer and the stretch of time in which it holds (between two deadlines). */
  answer: {
    gameweek: number | null;
    nextOpen: { gameweek: number; deadline: string } | null;
    from: number;
    until: number;
  } | null;
  /** The gameweeks' states (the board's picker) and the stretch of time in which they hold. */
  states: { value: GameweekStates; from: number; until: number } | null;
}
export type GameweekStates = Array<{ gameweek: number; state: GameweekState }>;
/** Per list of fixtures (a new list after every change): the dashboard asks on every request, the answer moves only at a deadline. */
const worked = new WeakMap<GameweekFixture[], Worked>();

function workedFor(fixtures: GameweekFixture[]): Worked {
  let w = worked.get(fixtures);
  if (!w) {
    const byGameweek = new Map<number, GameweekFixture[]>();
    for (const f of fixtures) {
      const list = byGameweek.get(f.gameweek);
      if (list) list.push(f);
      else byGameweek.set(f.gameweek, [f]);
    }
    w = { byGameweek, answer: null, states: null };
    worked.set(fixtures, w);
  }
  return w;
}

export interface Opening {
  /** The gameweek a player's board and dashboard open on. */
  gameweek: number;
  /** The next gameweek open for predictions (the lead on match day is the gameweek in progress; this one comes second), if any. */
  nextOpen: { gameweek: number; deadline: string } | null;
  /** The next instant at which the opening or a gameweek's state moves by the clock alone (a deadline, a kick-off, a full time), if any. */
  changesAt(): string | null;
  /** The season's fixtures the rule read (for the gameweeks' states). */
  fixtures: GameweekFixture[];
  /** Those of one gameweek. */
  fixturesOf(gameweek: number): GameweekFixture[];
  /** Every gameweek's state at the same instant (worked out again only once one can have moved). */
  states(): GameweekStates;
}

/**
 * The gameweek the Predictions board and the dashboard open on, decided here once for both
 * (decision records 0041 and 0108): the gameweek in progress, else the next gameweek with a match
 * open for predictions, else the last one played. A season without fixtures falls back to the
 * calendar's current gameweek. The rule runs again only once the clock crosses a deadline or the
 * end of a hold (`steadyOpeningWindow`), or the fixtures change.
 */
export async function resolveOpening(app: FastifyInstance, season: SeasonRef, now: Date): Promise<Opening> {
  const fixtures = await seasonGameweekFixtures(app, season.id);
  const w = workedFor(fixtures);
  const t = now.getTime();
  if (!w.answer || t < w.answer.from || t >= w.answer.until)
    w.answer = {
      gameweek: gameweekToOpen(fixtures, now),
      nextOpen: nextOpening(fixtures, now),
      ...steadyOpeningWindow(fixtures, now),
    };
  const answer = w.answer;
  const gameweek = answer.gameweek ?? (await resolveGameweeks(app.deps.db, season, now)).openingGameweek;
  const states = () => {
    if (!w.states || t < w.states.from || t >= w.states.until)
      w.states = { value: gameweekStates(fixtures, now), ...steadyStatesWindow(fixtures, now) };
    return w.states;
  };
  const changesAt = () => {
    const until = Math.min(answer.until, states().until);
    return Number.isFinite(until) ? new Date(until).toISOString() : null;
  };
  return {
    gameweek,
    nextOpen: answer.nextOpen,
    changesAt,
    fixtures,
    fixturesOf: (g) => w.byGameweek.get(g) ?? [],
    states: () => states().value,
  };
}
