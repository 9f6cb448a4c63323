import { displayTeamName } from '../../game/clubs';
import { useClub } from '../features/seasons/api';

/**
 * A club's name, never cut to "Newcas…":
 * - `fit="responsive"` (the default): the short name on phones (Man City), the full one from the sm
 *   breakpoint;
 * - `fit="columns"`: for cards laid out one a row up to the lg breakpoint and two a row from it:
 *   short on phones and in two columns, full when a card has the row to itself or the screen is
 *   wide (2xl);
 * - `fit="short"`: the short name at every width, for spots that stay narrow on a desktop too (a
 *   dialog); there the full name is what screen readers read.
 * The full name is always the pointer's tooltip. `wrap` lets a name that still does not fit go
 * onto a second line rather than end in "…".
 */
const SHORT_SHOWN = { responsive: 'sm:hidden', columns: 'sm:hidden lg:inline 2xl:hidden' } as const;
const FULL_SHOWN = { responsive: 'hidden sm:inline', columns: 'hidden sm:inline lg:hidden 2xl:inline' } as const;

export function ClubName({
  team,
  className = 'font-medium text-slate-900',
  fit = 'responsive',
  wrap = false,
}: {
  team: string;
  className?: string;
  fit?: 'responsive' | 'short' | 'columns';
  wrap?: boolean;
}) {
  const full = displayTeamName(team);
  const short = useClub(team)?.shortName ?? full;
  const room = wrap ? 'min-w-0 break-words' : 'min-w-0 truncate';
  if (short === full) return <span className={`${room} ${className}`}>{full}</span>;
  if (fit === 'short')
    return (
      <span className={`${room} ${className}`} title={full}>
        <span aria-hidden="true">{short}</span>
        <span className="sr-only">{full}</span>
      </span>
    );
  return (
    <span className={`${room} ${className}`} title={full}>
      <span className={SHORT_SHOWN[fit]}>{short}</span>
      <span className={FULL_SHOWN[fit]}>{full}</span>
    </span>
  );
}
