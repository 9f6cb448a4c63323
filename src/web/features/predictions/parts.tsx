import type { ReactNode } from 'react';
import { ClubBadge } from '../../components/ClubBadge';
import { displayTeamName } from '../../../game/clubs';
import { useClub } from '../seasons/api';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import type { Fixture } from '../../../contract/fixtures';

/** Date and time of kick-off in the viewer's own zone. */
export function KickoffText({ fixture }: { fixture: Fixture }) {
  if (!fixture.kickoffAt) return <span>Postponed · new date to be confirmed</span>;
  return (
    <span>
      <time dateTime={fixture.kickoffAt}>{formatKickoffDate(fixture.kickoffAt)}</time> ·{' '}
      <span>{formatKickoffTime(fixture.kickoffAt)}</span>
    </span>
  );
}

/**
 * A club's name on a card: its short name (Brighton, Man City, Spurs) at every width, so a card
 * never shows a cut-off "Brighton & Hov…"; the full name is its title and the badge's label names it too.
 */
function TeamName({ team }: { team: string }) {
  const full = displayTeamName(team);
  const short = useClub(team)?.shortName ?? full;
  return (
    <span className="max-w-full truncate font-semibold" title={short === full ? undefined : full}>
      {short}
    </span>
  );
}

/** Home and away clubs with badges, and the score in the middle when there is one. */
export function Teams({ fixture, middle }: { fixture: Fixture; middle?: ReactNode }) {
  // On a phone the badge sits above the name, which then has the card's half to itself.
  return (
    <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
      <div className="flex min-w-0 flex-col items-center gap-1 text-center sm:flex-row sm:gap-2 sm:text-left">
        <ClubBadge team={fixture.homeTeam} size={36} />
        <TeamName team={fixture.homeTeam} />
      </div>
      <div className="px-1 text-center text-lg font-bold">{middle ?? 'vs'}</div>
      <div className="flex min-w-0 flex-col items-center gap-1 text-center sm:flex-row-reverse sm:gap-2 sm:text-right">
        <ClubBadge team={fixture.awayTeam} size={36} />
        <TeamName team={fixture.awayTeam} />
      </div>
    </div>
  );
}

export function EmptyState({ title, text }: { title?: string; text: string }) {
  return (
    <div className="card text-center">
      {title && <h3 className="text-lg font-bold text-slate-900">{title}</h3>}
      <p className="mt-1 text-slate-700">{text}</p>
    </div>
  );
}
