import { predictionDeadline, predictionWindow, type DeadlineFixture } from './deadline.js';
import { LIVE_WINDOW_MS } from './fixture-status.js';
import { DEADLINE_MS } from './limits.js';

/**
 * Which gameweek a player's screens open on, and what state each gameweek is in (decision record
 * 0041). The Predictions board and the dashboard both answer with `gameweekToOpen`, computed on
 * the server from the season's fixtures and the server's clock, so they always agree.
 */

/** What the rule needs of a fixture: its gameweek, its kick-off and deadline inputs, and whether it has a final result. */
export interface GameweekFixture extends DeadlineFixture {
  gameweek: number;
  /** A final result is saved: the match is over whatever the clock says. */
  finished?: boolean;
}

/**
 * A gameweek as a fan reads it:
 * - `open`: at least one of its matches still takes predictions;
 * - `live`: none does, and a match is in play (kicked off, within the live window, no final result);
 * - `closed`: none takes predictions and none is in play, but a match has yet to kick off (its deadline has passed);
 * - `played`: every scheduled match has been played (its result may still be on its way);
 * - `postponed`: every match is postponed without a new time.
 */
export const GAMEWEEK_STATES = ['open', 'live', 'closed', 'played', 'postponed'] as const;
export type GameweekState = (typeof GAMEWEEK_STATES)[number];

const isUnscheduled = (f: GameweekFixture) => Boolean(f.postponed) || f.kickoffAt === null;

/** The state of one gameweek from its fixtures (all of the same gameweek) at `now`. */
export function gameweekState(fixtures: readonly GameweekFixture[], now: Date): GameweekState {
  const t = now.getTime();
  let live = false;
  let toKickOff = false;
  let scheduled = false;
  for (const f of fixtures) {
    if (isUnscheduled(f)) continue;
    scheduled = true;
    if (predictionWindow(f, now) === 'open') return 'open';
    if (f.finished) continue;
    const since = t - Date.parse(f.kickoffAt!);
    if (since < 0) toKickOff = true;
    else if (since < LIVE_WINDOW_MS) live = true;
  }
  if (live) return 'live';
  if (toKickOff) return 'closed';
  return scheduled ? 'played' : 'postponed';
}

/** Every gameweek that has fixtures, ascending, with its state at `now`. */
export function gameweekStates(
  fixtures: readonly GameweekFixture[],
  now: Date,
): Array<{ gameweek: number; state: GameweekState }> {
  const byGameweek = new Map<number, GameweekFixture[]>();
  for (const f of fixtures) {
    const list = byGameweek.get(f.gameweek);
    if (list) list.push(f);
    else byGameweek.set(f.gameweek, [f]);
  }
  return [...byGameweek.keys()]
    .sort((a, b) => a - b)
    .map((gameweek) => ({ gameweek, state: gameweekState(byGameweek.get(gameweek)!, now) }));
}

/**
 * The gameweek the board and the dashboard open on at `now`:
 * 1. the gameweek of the open match whose deadline comes first (a gameweek whose first matches have
 *    kicked off while others are still open stays in front until its last open match closes; a
 *    postponed match rearranged months later is in front only once it is the next to close);
 *    two gameweeks closing at the same instant: the lower one;
 * 2. with nothing open (the season is over, or its remaining matches are inside their deadline or
 *    postponed): the highest gameweek with a match whose deadline has passed, i.e. the last one played
 *    or being played;
 * 3. with only postponed matches: the lowest gameweek that has any;
 * null when there are no fixtures at all (the caller falls back to the calendar's gameweek).
 */
export function gameweekToOpen(fixtures: readonly GameweekFixture[], now: Date): number | null {
  let next: { gameweek: number; kickoff: number } | null = null;
  let lastClosed: number | null = null;
  let lowest: number | null = null;
  for (const f of fixtures) {
    if (lowest === null || f.gameweek < lowest) lowest = f.gameweek;
    if (isUnscheduled(f)) continue;
    if (predictionWindow(f, now) === 'open') {
      const kickoff = Date.parse(f.kickoffAt!);
      if (next === null || kickoff < next.kickoff || (kickoff === next.kickoff && f.gameweek < next.gameweek))
        next = { gameweek: f.gameweek, kickoff };
    } else if (lastClosed === null || f.gameweek > lastClosed) {
      lastClosed = f.gameweek;
    }
  }
  return next?.gameweek ?? lastClosed ?? lowest;
}

/**
 * The stretch [from, until) of epoch ms around `now` in which `gameweekToOpen` cannot change
 * answer: no deadline falls inside it (a deadline is the only instant the rule's inputs change by
 * the clock alone). A server may keep the answer for that long; a change to the fixtures is a new list.
 */
export function steadyOpeningWindow(fixtures: readonly GameweekFixture[], now: Date): { from: number; until: number } {
  const t = now.getTime();
  let from = -Infinity;
  let until = Infinity;
  for (const f of fixtures) {
    const deadline = predictionDeadline(f);
    if (deadline === null || f.predictionsLockedAt) continue;
    const at = deadline.getTime();
    if (at <= t) from = Math.max(from, at);
    else until = Math.min(until, at);
  }
  return { from, until };
}

/**
 * The stretch [from, until) of epoch ms around `now` in which `gameweekStates` cannot change
 * answer: no deadline, kick-off or end of a live window falls inside it (the only instants at which
 * a gameweek's state moves by the clock alone). A server may keep the states for that long; a
 * change to the fixtures or results is a new list.
 */
export function steadyStatesWindow(fixtures: readonly GameweekFixture[], now: Date): { from: number; until: number } {
  const t = now.getTime();
  let from = -Infinity;
  let until = Infinity;
  const edge = (at: number) => {
    if (at <= t) from = Math.max(from, at);
    else until = Math.min(until, at);
  };
  for (const f of fixtures) {
    if (isUnscheduled(f)) continue;
    const kickoff = Date.parse(f.kickoffAt!);
    if (!f.predictionsLockedAt) edge(kickoff - DEADLINE_MS);
    edge(kickoff);
    edge(kickoff + LIVE_WINDOW_MS);
  }
  return { from, until };
}
