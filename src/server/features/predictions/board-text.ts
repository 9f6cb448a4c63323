import { predictionWindow, predictionDeadline } from '../../../game/deadline.js';
import { boardDto, boardMatchDto, predictionDto } from '../../../contract/predictions.js';
import { arrayText, jsonText, objectText } from '../../plugins/json-text.js';
import { fixtureText } from '../fixtures/fixture-text.js';
import type { FixtureRow } from '../fixtures/queries.js';
import type { GameweekStates } from '../gameweeks/opening.js';
import type { BoardParts } from './board.js';
import { presentPrediction } from './presenter.js';
import type { OwnPick } from './repository.js';

/** A kept row's deadline as text (the deadline is the row's alone). */
const deadlines = new WeakMap<FixtureRow, string>();
/** The picker's two lists as text, per kept list of states (one until the clock crosses a deadline). */
const pickers = new WeakMap<GameweekStates, { gameweeks: string; states: string }>();

function deadlineText(row: FixtureRow): string {
  let text = deadlines.get(row);
  if (text === undefined) {
    text = JSON.stringify(predictionDeadline(row)?.toISOString() ?? null);
    deadlines.set(row, text);
  }
  return text;
}

/**
 * A pick's text, written per request: kept per pick, its bytes crowded the players' dashboards out
 * of the player cache (decision 0104).
 */
const pickText = (pick: OwnPick): string => jsonText(predictionDto, presentPrediction(pick));

function pickerText(states: GameweekStates) {
  let text = pickers.get(states);
  if (!text) {
    text = {
      gameweeks: jsonText(
        boardDto.shape.gameweeks,
        states.map((g) => g.gameweek),
      ),
      states: jsonText(boardDto.shape.gameweekStates, states),
    };
    pickers.set(states, text);
  }
  return text;
}

/** A row of the board as text: `jsonText(boardMatchDto, …)` of the fixture, its deadline and window, and the player's pick. */
export function boardMatchText(row: FixtureRow, pick: OwnPick | undefined, now: Date): string {
  return objectText(boardMatchDto, {
    fixture: fixtureText(row, now),
    deadline: deadlineText(row),
    window: JSON.stringify(predictionWindow(row, now)),
    prediction: pick ? pickText(pick) : 'null',
  });
}

/**
 * The Predictions board as JSON text (decision 0104): byte for byte `jsonText(boardDto, board)`
 * of the same parts (board.ts `presentBoard`), made from texts kept with the kept fixtures, picks
 * and gameweek states. Only `now`, the window of each match and the small numbers are written per request.
 */
export function boardText(parts: BoardParts): string {
  const picker = pickerText(parts.states);
  return objectText(boardDto, {
    now: JSON.stringify(parts.now.toISOString()),
    season: JSON.stringify(parts.seasonId),
    gameweek: JSON.stringify(parts.gameweek),
    openingGameweek: JSON.stringify(parts.openingGameweek),
    nextOpen: jsonText(boardDto.shape.nextOpen, parts.nextOpen),
    changesAt: JSON.stringify(parts.changesAt),
    gameweeks: picker.gameweeks,
    gameweekStates: picker.states,
    matches: arrayText(parts.fixtures.map((f) => boardMatchText(f, parts.mine.get(f.id), parts.now))),
  });
}
