import { useId } from 'react';
import { useSearchParams } from 'react-router';
import { ALL_SEASONS } from '../../../contract/seasons';
import { useDefaultSeason, useSeasons } from './api';
import { searchWithSeason, seasonOptionName, seasonParam, seasonsByCompetition } from './season-view';
import { leagueSeasonList, useLeagueOnShow } from '../leagues/league-seasons';

/**
 * The season a screen shows, chosen from every season (newest first): a native, labelled select,
 * so keyboards, screen readers and phones handle it as they do any other. The choice lives in the
 * URL (`?season=2025-26`, absent for the season the screen leads with) as a new history entry, so
 * a link can be shared and the back button goes back to the season before. `allowAll` adds "All seasons"
 * (league tables: every season added up). On a league's page it offers only the seasons the league
 * existed in. Seasons are grouped by competition (an <optgroup> each) once there is more than one,
 * and each says its competition ("World Cup 2026"), since a closed select shows only its option.
 */
export function SeasonSwitcher({ allowAll = false }: { allowAll?: boolean }) {
  const id = useId();
  const [params, setParams] = useSearchParams();
  const seasons = useSeasons();
  const screenDefault = useDefaultSeason();
  // On a league's page only the seasons the league existed in (leagues/league-seasons.ts).
  const league = useLeagueOnShow();
  const list = seasons.data;
  if (!list || list.seasons.length === 0) return null;
  const offered = leagueSeasonList(list, league);
  const chosen = seasonParam(params) ?? screenDefault ?? list.current;
  const known = offered.some((s) => s.id === chosen) || (allowAll && chosen === ALL_SEASONS);
  const groups = seasonsByCompetition(offered);
  const options = (seasons: typeof offered) =>
    seasons.map((s) => (
      <option key={s.id} value={s.id}>
        {seasonOptionName(s)}
      </option>
    ));

  return (
    // Never wider than the screen: an option names its competition, so the select may be long on a phone.
    <div className="flex min-w-0 max-w-full items-center gap-2">
      <label htmlFor={id} className="text-sm font-semibold text-slate-800">
        Season
      </label>
      <select
        id={id}
        className="input w-auto min-w-0 max-w-full py-1.5"
        value={known ? chosen : ''}
        onChange={(e) => setParams((current) => searchWithSeason(current, e.target.value, screenDefault))}
        data-testid="season-switcher"
      >
        {!known && (
          <option value="" disabled>
            Choose a season
          </option>
        )}
        {groups.length > 1
          ? groups.map((g) => (
              <optgroup key={g.id} label={g.name}>
                {options(g.seasons)}
              </optgroup>
            ))
          : options(offered)}
        {allowAll && <option value={ALL_SEASONS}>All seasons</option>}
      </select>
    </div>
  );
}
