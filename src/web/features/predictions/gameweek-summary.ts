import type { BoardMatch } from '../../../contract/predictions';
import type { GameweekState } from '../../../game/gameweek-to-open';
import { plural } from '../../lib/plural';

/** A gameweek's picks and points at a glance, from its board matches (what the old My Predictions and Results tabs told). */
export interface GameweekTally {
  /** Matches that take a pick (postponed ones do not). */
  matches: number;
  predicted: number;
  /** Matches with a final result. */
  results: number;
  /** Points from the scored picks. */
  points: number;
  /** Picks that have been scored. */
  scored: number;
  /** The soonest deadline among the matches still open, if any. */
  nextDeadline: string | null;
}

export function tallyGameweek(matches: readonly BoardMatch[]): GameweekTally {
  const counted = matches.filter((m) => m.fixture.status !== 'postponed');
  const scored = counted.filter((m) => m.prediction?.outcome != null);
  const deadlines = counted.filter((m) => m.window === 'open' && m.deadline !== null).map((m) => m.deadline!);
  return {
    matches: counted.length,
    predicted: counted.filter((m) => m.prediction).length,
    results: counted.filter((m) => m.fixture.result?.final).length,
    points: scored.reduce((sum, m) => sum + (m.prediction!.points ?? 0), 0),
    scored: scored.length,
    nextDeadline: deadlines.length ? deadlines.sort()[0]! : null,
  };
}

/**
 * The summary line under a gameweek's title: "7 of 10 predicted · 9 points · 6 of 10 results in".
 * Points appear once a result is in; "results in" only while some are still missing.
 */
export function tallyLine(t: GameweekTally): string {
  const parts = [`${t.predicted} of ${t.matches} predicted`];
  if (t.results > 0) {
    parts.push(plural(t.points, 'point'));
    if (t.results < t.matches) parts.push(`${t.results} of ${t.matches} results in`);
  }
  return parts.join(' · ');
}

/** What a gameweek's state means to a fan, as the picker and the gameweek's title say it. */
export const GAMEWEEK_STATE_TEXT: Record<GameweekState, string> = {
  open: 'Open for predictions',
  live: 'In play',
  closed: 'Predictions closed',
  played: 'Played',
  postponed: 'Postponed',
};

/** The picker's short word for a gameweek's state. */
export const GAMEWEEK_STATE_WORD: Record<GameweekState, string> = {
  open: 'open',
  live: 'in play',
  closed: 'closed',
  played: 'played',
  postponed: 'postponed',
};
