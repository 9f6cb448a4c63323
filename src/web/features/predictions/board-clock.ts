import type { Board, BoardMatch, GameweekStateItem } from '../../../contract/predictions';
import { predictionWindow } from '../../../game/deadline';
import { gameweekState, type GameweekFixture, type GameweekState } from '../../../game/gameweek-to-open';
import { countdownChangesAt, fixtureInstants } from '../../../game/clock-instants';

/**
 * What the board's header shows, worked out from the board's answer and the page's clock (decision
 * record 0108), so the gameweek's badge, the dropdown's word for it, the progress and the banker
 * line change at the deadline, the kick-off or the full time itself, as the cards do, not at the
 * next answer.
 */

/** A board match as the game's gameweek rules read it; the server's closed window counts (a match moved after its deadline stays closed). */
export function asGameweekFixture(m: BoardMatch): GameweekFixture {
  return {
    gameweek: m.fixture.gameweek ?? 0,
    kickoffAt: m.fixture.kickoffAt,
    postponed: m.fixture.status === 'postponed',
    predictionsLockedAt: m.window === 'closed' ? 'closed' : null,
    finished: Boolean(m.fixture.result?.final),
  };
}

/** Whether a match still takes a pick at `now`: the server said so and its deadline has not passed since. */
export const openAt = (m: BoardMatch, now: Date): boolean =>
  m.window === 'open' && predictionWindow(asGameweekFixture(m), now) === 'open';

/** The matches as they stand at `now`: one whose deadline has passed since the answer is closed. */
export const matchesAt = (matches: readonly BoardMatch[], now: Date): BoardMatch[] =>
  matches.map((m) => (m.window === 'open' && !openAt(m, now) ? { ...m, window: 'closed' as const } : m));

/** The shown gameweek's state at `now` (undefined without matches), and the picker's states with it in place. */
export function statesAt(
  board: Pick<Board, 'gameweek' | 'gameweekStates' | 'matches'>,
  now: Date,
): { state: GameweekState | undefined; options: GameweekStateItem[] } {
  const fixtures = board.matches.map(asGameweekFixture);
  const state = fixtures.length
    ? gameweekState(fixtures, now)
    : board.gameweekStates.find((g) => g.gameweek === board.gameweek)?.state;
  const options = board.gameweekStates.map((g) =>
    g.gameweek === board.gameweek && state !== undefined ? { ...g, state } : g,
  );
  return { state, options };
}

/**
 * The instants the board waits for: `refetch`, where the server's answer changes (a match's
 * deadline, kick-off, full time, the server's `changesAt`, the next open gameweek's deadline);
 * `wake`, those and where a countdown on screen says something else.
 */
export function boardInstants(board: Board, now: Date): { refetch: number[]; wake: number[] } {
  const refetch: number[] = [];
  const wake: number[] = [];
  for (const m of board.matches) {
    refetch.push(...fixtureInstants(asGameweekFixture(m)));
    if (openAt(m, now)) {
      const at = countdownChangesAt(m.deadline, now);
      if (at !== null) wake.push(at);
    }
  }
  if (board.changesAt) refetch.push(Date.parse(board.changesAt));
  if (board.nextOpen) {
    refetch.push(Date.parse(board.nextOpen.deadline));
    const at = countdownChangesAt(board.nextOpen.deadline, now);
    if (at !== null) wake.push(at);
  }
  return { refetch, wake: [...refetch, ...wake] };
}
