import { displayTeamName } from '../../game/clubs';
import { useClub } from '../features/seasons/api';

/**
 * A club's name, never cut to "Newcas…":
 * - `fit="responsive"` (the default): the short name on phones (Man City), the full one from the sm
 *   breakpoint;
 * - `fit="short"`: the short name at every width, for spots that stay narrow on a desktop too (a
 *   dialog, a card in a two-column grid).
 * Either way the full name is the one screen readers read and the one a pointer's tooltip shows.
 * `wrap` lets a name that still does not fit go onto a second line rather than end in "…".
 */
export function ClubName({
  team,
  className = 'font-medium text-slate-900',
  fit = 'responsive',
  wrap = false,
}: {
  team: string;
  className?: string;
  fit?: 'responsive' | 'short';
  wrap?: boolean;
}) {
  const full = displayTeamName(team);
  const short = useClub(team)?.shortName ?? full;
  const room = wrap ? 'min-w-0 break-words' : 'min-w-0 truncate';
  if (short === full) return <span className={`${room} ${className}`}>{full}</span>;
  return (
    <span className={`${room} ${className}`} title={full}>
      <span aria-hidden="true" className={fit === 'short' ? undefined : 'sm:hidden'}>
        {short}
      </span>
      <span className={fit === 'short' ? 'sr-only' : 'sr-only sm:not-sr-only'}>{full}</span>
    </span>
  );
}
