import type { FastifyInstance } from 'fastify';
import type { Board, BoardMatch } from '../../../contract/predictions.js';
import { gameweekFixtureRows } from '../../seasons/kept-fixtures.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';
import { resolveOpening, type GameweekStates } from '../gameweeks/index.js';
import type { SeasonRef } from '../../seasons/service.js';
import { tag } from '../../read-model/index.js';
import { predictionDeadline, predictionWindow } from '../../../game/deadline.js';
import { presentKeptFixture } from '../fixtures/index.js';
import { presentPrediction } from './presenter.js';
import { freezeKept } from '../../plugins/frozen-values.js';
import { listOwnPredictionsOf, type OwnPick } from './repository.js';

/**
 * A player's own predictions of one gameweek, by fixture, kept until the player saves one, or the
 * gameweek's results or the season's fixtures change (read-model/changes.ts).
 */
export async function ownGameweekPredictions(
  app: FastifyInstance,
  userId: string,
  seasonId: string,
  gameweek: number,
): Promise<ReadonlyMap<string, OwnPick>> {
  const fixtures = await gameweekFixtureRows(app, seasonId, gameweek);
  const rows = await app.deps.readModel.get(
    `own-gameweek:${userId}:${seasonId}:${gameweek}`,
    [tag.userPicks(userId), tag.gameweek(seasonId, gameweek), tag.seasonSchedule(seasonId)],
    () =>
      listOwnPredictionsOf(
        app.deps.db,
        userId,
        fixtures.map((f) => f.id),
      ),
  );
  return new Map(rows.map((p) => [p.fixtureId, p]));
}

/** A player's own predictions of some fixtures of a season (by gameweek, as kept above; fixtures without a gameweek read directly). */
export async function ownPredictionsOf(
  app: FastifyInstance,
  userId: string,
  seasonId: string,
  fixtures: readonly FixtureRow[],
): Promise<ReadonlyMap<string, OwnPick>> {
  const gameweeks = new Set<number>();
  const loose: string[] = [];
  for (const f of fixtures) {
    if (f.gameweek === null) loose.push(f.id);
    else gameweeks.add(f.gameweek);
  }
  const parts = await Promise.all([
    ...[...gameweeks].map((g) => ownGameweekPredictions(app, userId, seasonId, g)),
    ...(loose.length
      ? [listOwnPredictionsOf(app.deps.db, userId, loose).then((rows) => new Map(rows.map((p) => [p.fixtureId, p])))]
      : []),
  ]);
  return parts.length === 1 ? parts[0]! : new Map(parts.flatMap((m) => [...m]));
}

/** A row of the board: a kept fixture (presented once per status) with its deadline and window, and the viewer's pick if any. */
export function boardMatch(f: FixtureRow, pick: OwnPick | undefined, now: Date): BoardMatch {
  const deadline = predictionDeadline(f);
  return {
    fixture: presentKeptFixture(f, now),
    deadline: deadline ? deadline.toISOString() : null,
    window: predictionWindow(f, now),
    prediction: pick ? presentPrediction(pick) : null,
  };
}

/** What the Predictions board shows: the kept fixtures, picks and gameweek states, and the clock's moment. */
export interface BoardParts {
  now: Date;
  seasonId: string;
  gameweek: number;
  openingGameweek: number;
  /** The next gameweek open for predictions, and the next instant the answer moves by the clock (gameweeks/opening.ts). */
  nextOpen: { gameweek: number; deadline: string } | null;
  changesAt: string | null;
  states: GameweekStates;
  fixtures: readonly FixtureRow[];
  mine: ReadonlyMap<string, OwnPick>;
}

/**
 * The Predictions board: one gameweek of a season (the one asked for, else the one the board
 * opens on: `resolveOpening`), the season's gameweeks with their states for the picker, and
 * `now` (the client judges deadlines by it). Bounded by one gameweek's matches, never a season's.
 */
export async function boardParts(
  app: FastifyInstance,
  userId: string,
  season: SeasonRef,
  now: Date,
  requested?: number,
): Promise<BoardParts> {
  const opening = await resolveOpening(app, season, now);
  const gameweek = requested ?? opening.gameweek;
  const [fixtures, mine] = await Promise.all([
    gameweekFixtureRows(app, season.id, gameweek),
    ownGameweekPredictions(app, userId, season.id, gameweek),
  ]);
  return {
    now,
    seasonId: season.id,
    gameweek,
    openingGameweek: opening.gameweek,
    nextOpen: opening.nextOpen,
    changesAt: opening.changesAt(),
    states: opening.states(),
    fixtures,
    mine,
  };
}

/** Per kept list of gameweek states (frozen, so it never changes under its key): the picker's two lists. */
const pickers = new WeakMap<GameweekStates, { gameweeks: number[]; states: GameweekStates }>();

/**
 * The picker's gameweeks and their states, presented once per kept list of states (one until the
 * clock crosses a deadline): frozen, so the response serializer writes their text once (decision 0114).
 */
function pickerOf(states: GameweekStates) {
  let picker = pickers.get(states);
  if (!picker)
    pickers.set(freezeKept(states), (picker = freezeKept({ gameweeks: states.map((g) => g.gameweek), states })));
  return picker;
}

/** The board as it leaves the route (contract `boardDto`). */
export function presentBoard(parts: BoardParts): Board {
  const picker = pickerOf(parts.states);
  return {
    now: parts.now.toISOString(),
    season: parts.seasonId,
    gameweek: parts.gameweek,
    openingGameweek: parts.openingGameweek,
    nextOpen: parts.nextOpen,
    changesAt: parts.changesAt,
    gameweeks: picker.gameweeks,
    gameweekStates: picker.states,
    matches: parts.fixtures.map((f) => boardMatch(f, parts.mine.get(f.id), parts.now)),
  };
}
