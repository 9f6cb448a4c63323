import { predictionWindow, type DeadlineFixture } from './deadline.js';

/**
 * The banker (docs/decisions/0058-banker.md): one pick per player and gameweek of a season counts
 * double, overall and in every league that allows bankers. It goes on a pick the player has made,
 * on a match still open for predictions; it moves to another pick while both matches are open, and
 * stays where it is once its match's deadline has passed. The server enforces this (`bankerChange`);
 * the browser repeats it only to show the control as it will be answered.
 */
export const BANKER_RULE =
  'Your banker counts double: overall and in every league that allows bankers. One per gameweek; move it until its match’s deadline.';

export type BankerRefusal = 'no_gameweek' | 'no_pick' | 'closed' | 'banker_fixed';

export interface BankerMatch extends DeadlineFixture {
  homeTeam: string;
  awayTeam: string;
  gameweek: number | null;
  /** A result (final or in play) is stored: the match has started, whatever its time says. */
  hasResult: boolean;
}

const isOpen = (m: BankerMatch, now: Date) => !m.hasResult && predictionWindow(m, now) === 'open';

/**
 * Whether the player may make their pick on `target` their banker, given where their banker of
 * that gameweek is now (`current`, other matches; none, or more than one if matches were moved
 * between gameweeks after their deadlines). The refusal says why in the player's words.
 */
export function bankerChange(
  target: BankerMatch,
  hasPick: boolean,
  current: readonly BankerMatch[],
  now: Date,
): { ok: true } | { ok: false; code: BankerRefusal; message: string } {
  if (target.gameweek === null)
    return { ok: false, code: 'no_gameweek', message: 'This match is not in a gameweek, so it cannot be your banker.' };
  if (!isOpen(target, now))
    return {
      ok: false,
      code: 'closed',
      message: 'This match’s deadline has passed. A banker can only go on a match still open for predictions.',
    };
  if (!hasPick)
    return { ok: false, code: 'no_pick', message: 'Save a prediction for this match first, then make it your banker.' };
  const fixed = current.find((m) => !isOpen(m, now));
  if (fixed) {
    return {
      ok: false,
      code: 'banker_fixed',
      message: `Your banker for Gameweek ${target.gameweek} is ${fixed.homeTeam} v ${fixed.awayTeam}, whose deadline has passed, so it stays there.`,
    };
  }
  return { ok: true };
}

/** Whether the player may take the banker off their pick on `match`: only while the match is open. */
export function bankerRemoval(
  match: BankerMatch,
  now: Date,
): { ok: true } | { ok: false; code: BankerRefusal; message: string } {
  if (!isOpen(match, now))
    return { ok: false, code: 'closed', message: 'This match’s deadline has passed, so your banker stays on it.' };
  return { ok: true };
}
