import { DEFAULT_COMPETITION } from '../../seasons/repository.js';

/**
 * The feed address to suggest for a season: `<base>/<2026-27>/1-premierleague.txt` for a Premier
 * League season whose id is its years (`2026-27`, the folder openfootball uses), else null.
 * `base` is `FEED_SUGGESTION_BASE_URL`: by default openfootball's england repository, which
 * publishes each season as Football.TXT (CC0; the files our built-in seasons are converted from,
 * updated with results within days of a match). Only a suggestion: the admin accepts or edits
 * it, and nothing is fetched before they do.
 */
export function suggestedFeedUrl(season: { id: string; competitionId: string }, base: string): string | null {
  if (season.competitionId !== DEFAULT_COMPETITION) return null;
  const m = /^(\d{4})-(\d{2})$/.exec(season.id);
  if (!m || (Number(m[1]) + 1) % 100 !== Number(m[2])) return null;
  return `${base.replace(/\/+$/, '')}/${season.id}/1-premierleague.txt`;
}
