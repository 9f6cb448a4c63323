import { safeNextPath } from '../../../contract/account';

/**
 * Why the sign-in screen is asking, by the screen the visitor was on its way to (`?next=`): a
 * member page sends visitors here, and they should not have to guess why. Most specific first.
 */
const REASONS: ReadonlyArray<readonly [path: string, reason: string]> = [
  ['/dashboard', 'Sign in to see your dashboard.'],
  ['/predictions/gameweek', 'Sign in to see your gameweek summary.'],
  ['/predictions', 'Sign in to make your predictions.'],
  ['/matches', 'Sign in to follow the live matches.'],
  ['/leagues', 'Sign in to see your leagues, or to join or create one.'],
  ['/leaderboard', 'Sign in to see the leaderboards.'],
  ['/new-league', 'Sign in to create a league.'],
  ['/statistics', 'Sign in to see your statistics.'],
  ['/contact', 'Sign in to send us a message.'],
  ['/settings', 'Sign in to change your settings.'],
  ['/admin', 'Sign in with an admin account to manage the game.'],
  ['/join', 'Sign in to join the league you were invited to.'],
];

/** The sentence that says why sign-in is needed for `next`, or null when it names no member screen. */
export function signInReason(next: unknown): string | null {
  const safe = safeNextPath(next);
  if (!safe) return null;
  const path = safe.split(/[?#]/, 1)[0]!;
  const hit = REASONS.find(([p]) => path === p || path.startsWith(`${p}/`));
  return hit ? hit[1] : null;
}
