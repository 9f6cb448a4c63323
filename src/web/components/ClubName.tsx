import { displayTeamName } from '../../game/clubs';
import { useClub } from '../features/seasons/api';

/** A club's name: the short one on phones (Man City), the full one from the sm breakpoint, never cut to "Manchester C…" on a phone. */
export function ClubName({ team, className = 'font-medium text-slate-900' }: { team: string; className?: string }) {
  const full = displayTeamName(team);
  const short = useClub(team)?.shortName ?? full;
  if (short === full) return <span className={`min-w-0 truncate ${className}`}>{full}</span>;
  return (
    <span className={`min-w-0 truncate ${className}`} title={full}>
      <span className="sm:hidden">{short}</span>
      <span className="hidden sm:inline">{full}</span>
    </span>
  );
}
