import { COMPETITIONS, type Competition } from '../../../contract/leagues';
import type { CompetitionSeasons } from '../../../contract/seasons';
import { competitionName } from '../../lib/match-facts';

export interface CompetitionFeedLink {
  id: Competition;
  name: string;
  url: string;
}

/**
 * The calendar link of one competition each (`?competition=`), for a player who wants, say, only
 * the World Cup in a calendar: every competition the feed knows that has a current season. None
 * while there is only one, whose link is the main one.
 */
export function competitionFeedLinks(
  feedUrl: string,
  competitions: readonly Pick<CompetitionSeasons, 'id' | 'name' | 'current'>[],
): CompetitionFeedLink[] {
  const known = new Set<string>(COMPETITIONS);
  const links = competitions
    .filter((c): c is typeof c & { id: Competition } => c.current !== null && known.has(c.id))
    .map((c) => ({ id: c.id, name: competitionName(c), url: `${feedUrl}?competition=${encodeURIComponent(c.id)}` }));
  return links.length > 1 ? links : [];
}
