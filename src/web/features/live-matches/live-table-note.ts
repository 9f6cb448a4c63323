import type { LiveTable } from '../../../contract/leagues';

const matches = (n: number) => `${n} ${n === 1 ? 'match' : 'matches'}`;

/**
 * What the live league table's totals are, in words that stay true: provisional points only from
 * the matches in play that have a score (the others add nothing yet), and "final totals" only
 * when the season, or the gameweek just played, has every result in.
 */
export function liveTableNote(
  t: Pick<LiveTable, 'liveMatches' | 'scoredMatches' | 'gameweek' | 'seasonComplete'>,
): string {
  const unscored = t.liveMatches - t.scoredMatches;
  if (t.scoredMatches > 0) {
    const more = unscored > 0 ? `; ${matches(unscored)} more in play without a score yet` : '';
    return `Includes provisional points from ${matches(t.scoredMatches)} in play${more}.`;
  }
  if (t.liveMatches > 0)
    return `${matches(t.liveMatches)} in play, none with a score yet: these are the points from the results in so far.`;
  if (t.seasonComplete) return 'No matches in play: the season is over, these are the final totals.';
  if (t.gameweek?.complete)
    return `No matches in play: Gameweek ${t.gameweek.number} is complete, these are the totals after it.`;
  return 'No matches in play right now: these are the points from the results in so far.';
}
