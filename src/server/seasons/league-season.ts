import { firstSeasonOf, notInSeasonMessage } from '../../game/league-seasons.js';
import { leagueExistedIn } from '../../game/honours.js';
import type { SeasonLead } from '../../game/season-phase.js';
import { notFound } from '../errors.js';
import { resolveSeason, type SeasonRef } from './service.js';
import type { SeasonSpans } from './spans-cache.js';

/**
 * The season a league's per-season read is about (decision 0109: a league that did not exist in a
 * season has no table of it), always one of the league's competition (a Champions League league
 * has no Premier League season: asked for one, a 404). Asked for by `?season=`: that season, or a
 * 404 naming the league's first season when it did not exist in it. Without one: the season
 * `lead` shows (decision 0043) in its competition, unless the league did not exist in it (a
 * league made between seasons), then the current season, the one it plays in.
 */
export async function leagueSeason(
  seasons: SeasonSpans,
  now: Date,
  league: { createdAt: string; competition: string },
  requested: string | undefined,
  lead: SeasonLead,
): Promise<SeasonRef> {
  const spans = await seasons.spans();
  const existed = (s: SeasonRef) =>
    leagueExistedIn(
      league,
      spans.find((x) => x.id === s.id),
    );
  let season = await resolveSeason(seasons, now, requested, lead, league.competition);
  if (!existed(season) && requested === undefined && lead !== 'board')
    season = await resolveSeason(seasons, now, undefined, 'board', league.competition);
  if (!existed(season)) {
    const mine = spans.filter((s) => s.competitionId === season.competitionId);
    throw notFound(notInSeasonMessage(season.label, firstSeasonOf(league, mine)));
  }
  return season;
}

/**
 * Whether a league existed in the season `seasonId` (an unknown season: as one with no end yet).
 * A season of another competition is never one of the league's: a Champions League league has no
 * place in a Premier League season (its members' points there are not its points).
 */
export async function leagueExistedInSeason(
  seasons: SeasonSpans,
  league: { createdAt: string; competition: string },
  seasonId: string,
): Promise<boolean> {
  const span = (await seasons.spans()).find((s) => s.id === seasonId);
  if (span && span.competitionId !== league.competition) return false;
  return leagueExistedIn(league, span);
}
