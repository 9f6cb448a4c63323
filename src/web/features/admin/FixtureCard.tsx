import { ClubBadge } from '../../components/ClubBadge';
import { displayTeamName } from '../../../game/clubs';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import { StatusBadge } from '../../components/StatusBadge';
import type { Fixture } from '../../../contract/fixtures';

/** UK calendar date (postponed matches have no instant) shown as the viewer's locale does. */
function localDateLabel(date: string): string {
  return new Intl.DateTimeFormat(undefined, {
    weekday: 'short',
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    timeZone: 'UTC',
  }).format(new Date(`${date}T12:00:00Z`));
}

/** One fixture in the admin grid: date and time in the viewer's zone, gameweek, both clubs, status. */
export function FixtureCard({
  fixture,
  onEdit,
  onDelete,
}: {
  fixture: Fixture;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const home = displayTeamName(fixture.homeTeam);
  const away = displayTeamName(fixture.awayTeam);
  return (
    <li className="card flex flex-col gap-3 !p-4" data-testid="fixture-card" aria-label={`${home} v ${away}`}>
      <div className="flex items-start justify-between gap-2">
        <div className="text-sm">
          <p className="font-semibold text-slate-900" data-testid="fixture-date">
            {fixture.kickoffAt
              ? formatKickoffDate(fixture.kickoffAt, {
                  weekday: 'short',
                  day: 'numeric',
                  month: 'short',
                  year: 'numeric',
                })
              : localDateLabel(fixture.localDate)}
          </p>
          <p className="text-slate-700" data-testid="fixture-time">
            {fixture.kickoffAt ? formatKickoffTime(fixture.kickoffAt) : 'Time TBC'}
          </p>
        </div>
        <div className="flex flex-col items-end gap-1">
          {fixture.gameweek !== null ? (
            <span className="rounded-md bg-brand-100 px-2 py-0.5 text-xs font-bold text-brand-900">
              GW {fixture.gameweek}
            </span>
          ) : (
            <span className="rounded-md bg-slate-100 px-2 py-0.5 text-xs font-bold text-slate-700">No GW</span>
          )}
          <StatusBadge status={fixture.status} />
        </div>
      </div>
      <div className="grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        <div className="flex min-w-0 flex-col items-center gap-1 text-center">
          <ClubBadge team={fixture.homeTeam} size={40} />
          <span className="w-full truncate text-sm font-semibold text-slate-900" title={fixture.homeTeam}>
            {home}
          </span>
        </div>
        <span className="text-sm font-bold text-slate-600">
          {fixture.result ? `${fixture.result.homeScore} – ${fixture.result.awayScore}` : 'vs'}
        </span>
        <div className="flex min-w-0 flex-col items-center gap-1 text-center">
          <ClubBadge team={fixture.awayTeam} size={40} />
          <span className="w-full truncate text-sm font-semibold text-slate-900" title={fixture.awayTeam}>
            {away}
          </span>
        </div>
      </div>
      <div className="mt-auto flex gap-2">
        <button type="button" className="btn-secondary flex-1" onClick={onEdit} aria-label={`Edit ${home} v ${away}`}>
          Edit
        </button>
        <button type="button" className="btn-danger flex-1" onClick={onDelete} aria-label={`Delete ${home} v ${away}`}>
          Delete
        </button>
      </div>
    </li>
  );
}
