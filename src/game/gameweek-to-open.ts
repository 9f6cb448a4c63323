import { deadlineMs, predictionWindow, type DeadlineFixture } from './deadline.js';
import { LIVE_WINDOW_MS } from './fixture-status.js';
import { DEADLINE_MS } from './limits.js';

/**
 * Which gameweek a player's screens open on, and what state each gameweek is in (decision records
 * 0041 and 0108). The Predictions board and the dashboard both answer with `gameweekToOpen`, computed on
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
 * How long after its kick-off a match still without a final result holds its gameweek in front
 * (`gameweekInProgress`): a result that never comes must not hide the next open gameweek for a week.
 */
export const LEAD_WITHOUT_RESULT_MS = 24 * 60 * 60 * 1000;

/** Whether a match holds its gameweek in progress at `t`: its deadline has passed, and neither its result nor the hold's end has come. */
function holdsLead(f: GameweekFixture, t: number): boolean {
  if (isUnscheduled(f) || f.finished) return false;
  const deadline = deadlineMs(f)!;
  return deadline <= t && t < Date.parse(f.kickoffAt!) + LEAD_WITHOUT_RESULT_MS;
}

/**
 * The gameweek being played at `now` (decision record 0108): from a match's deadline until its
 * final result (at most `LEAD_WITHOUT_RESULT_MS` after its kick-off), the match holds its gameweek
 * in progress: its picks are fixed, its kick-off, score and everyone's picks are what a fan looks
 * at. Several held at once (a rearranged match beside a round): the one whose held match closed
 * last, the lower gameweek on a tie. Null when no match is between its deadline and its result.
 */
export function gameweekInProgress(fixtures: readonly GameweekFixture[], now: Date): number | null {
  const t = now.getTime();
  let best: { gameweek: number; deadline: number } | null = null;
  for (const f of fixtures) {
    if (!holdsLead(f, t)) continue;
    const deadline = deadlineMs(f)!;
    if (best === null || deadline > best.deadline || (deadline === best.deadline && f.gameweek < best.gameweek))
      best = { gameweek: f.gameweek, deadline };
  }
  return best?.gameweek ?? null;
}

/**
 * The next gameweek open for predictions at `now` (decision record 0041), with the deadline that
 * makes it next: the gameweek of the open match whose deadline comes first (a gameweek whose first
 * matches have kicked off while others are still open stays open until its last open match
 * closes; a postponed match rearranged months later counts only once it is the next to close); two
 * closing at the same instant: the lower one. Null when no match takes predictions.
 */
export function nextOpening(
  fixtures: readonly GameweekFixture[],
  now: Date,
): { gameweek: number; deadline: string } | null {
  let next: { gameweek: number; kickoff: number } | null = null;
  for (const f of fixtures) {
    if (isUnscheduled(f) || predictionWindow(f, now) !== 'open') continue;
    const kickoff = Date.parse(f.kickoffAt!);
    if (next === null || kickoff < next.kickoff || (kickoff === next.kickoff && f.gameweek < next.gameweek))
      next = { gameweek: f.gameweek, kickoff };
  }
  return next && { gameweek: next.gameweek, deadline: new Date(next.kickoff - DEADLINE_MS).toISOString() };
}

/** The gameweek of `nextOpening`, or null. */
export const nextOpenGameweek = (fixtures: readonly GameweekFixture[], now: Date): number | null =>
  nextOpening(fixtures, now)?.gameweek ?? null;

/**
 * The gameweek the board and the dashboard lead with at `now` (decision records 0041 and 0108):
 * 1. the gameweek in progress (`gameweekInProgress`): from its first deadline until its last
 *    result, match day leads with today's matches, the next open gameweek second;
 * 2. else the next gameweek open for predictions (`nextOpenGameweek`);
 * 3. with nothing open or in progress (the season is over, or its remaining matches are
 *    postponed): the highest gameweek with a match whose deadline has passed, the last one played;
 * 4. with only postponed matches: the lowest gameweek that has any;
 * null when there are no fixtures at all (the caller falls back to the calendar's gameweek).
 */
export function gameweekToOpen(fixtures: readonly GameweekFixture[], now: Date): number | null {
  const inProgress = gameweekInProgress(fixtures, now);
  if (inProgress !== null) return inProgress;
  const open = nextOpenGameweek(fixtures, now);
  if (open !== null) return open;
  let lastClosed: number | null = null;
  let lowest: number | null = null;
  for (const f of fixtures) {
    if (lowest === null || f.gameweek < lowest) lowest = f.gameweek;
    if (isUnscheduled(f)) continue;
    if (lastClosed === null || f.gameweek > lastClosed) lastClosed = f.gameweek;
  }
  return lastClosed ?? lowest;
}

/**
 * The stretch [from, until) of epoch ms around `now` in which neither `gameweekToOpen` nor
 * `nextOpenGameweek` can change answer: no deadline and no end of a hold without a result falls
 * inside it (the only instants the rule's inputs change by the clock alone; a result is a change
 * of the fixtures). A server may keep the answer for that long; a change to the fixtures is a new list.
 */
export function steadyOpeningWindow(fixtures: readonly GameweekFixture[], now: Date): { from: number; until: number } {
  const t = now.getTime();
  let from = -Infinity;
  let until = Infinity;
  const edge = (at: number) => {
    if (at <= t) from = Math.max(from, at);
    else until = Math.min(until, at);
  };
  for (const f of fixtures) {
    const deadline = deadlineMs(f);
    if (deadline === null) continue;
    edge(deadline);
    if (!f.finished) edge(Date.parse(f.kickoffAt!) + LEAD_WITHOUT_RESULT_MS);
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
