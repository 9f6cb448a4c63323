import { createContext, useContext } from 'react';
import type { Season, SeasonList } from '../../../contract/seasons';
import type { SeasonLead } from '../../../game/season-phase';
import { firstSeasonOf, notInSeasonMessage, seasonsOfLeague } from '../../../game/league-seasons';
import { defaultSeason } from '../seasons/season-view';

/**
 * The seasons of the league on show (decision 0109: a league that did not exist in a season has
 * no table of it). The league page provides its selected league; the season switcher, the default
 * season and every part of the page (table, picks, bonus questions) follow it. Null elsewhere:
 * every season, as before.
 */
export type LeagueMade = { createdAt: string; competition?: string };
export const LeagueSeasonsContext = createContext<LeagueMade | null>(null);
export const useLeagueOnShow = () => useContext(LeagueSeasonsContext);

/** The seasons a league existed in, in the list's order (newest first); the web knows each season's last date. */
export function leagueSeasonList(list: SeasonList, league: LeagueMade | null): Season[] {
  if (!league) return list.seasons;
  // A league plays its own competition's seasons only (a World Cup league has no Premier League table).
  const mine = league.competition ? list.seasons.filter((s) => s.competition.id === league.competition) : list.seasons;
  const existed = seasonsOfLeague(league, mine);
  // A league made after its competition's last season ended (a World Cup league between tournaments)
  // still shows that season, whose page then says the league has no table of it.
  return existed.length > 0 || !league.competition ? existed : mine.filter((s) => s.current).slice(0, 1);
}

/**
 * The season a league's page leads with when the URL names none, as the server chooses it
 * (src/server/seasons/league-season.ts): the season `lead` shows, unless the league did not exist
 * in it (a league made between seasons), then the current season, the one it plays in.
 */
export function leagueDefaultSeason(
  list: SeasonList | undefined,
  lead: SeasonLead,
  league: LeagueMade | null,
): Season | null {
  const competition = league?.competition;
  const usual = defaultSeason(list, lead, competition);
  if (!list || !league || !usual || lead === 'board') return usual;
  return seasonsOfLeague(league, [usual]).length > 0 ? usual : defaultSeason(list, 'board', competition);
}

/** What the league page says instead of a table of a season the league did not exist in; null when it did. */
export function leagueNotInSeason(list: SeasonList, league: LeagueMade, season: Season): string | null {
  if (seasonsOfLeague(league, [season]).length > 0) return null;
  const mine = list.seasons.filter((s) => s.competition.id === season.competition.id);
  return notInSeasonMessage(season.label, firstSeasonOf(league, mine));
}
