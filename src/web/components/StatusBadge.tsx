import type { FixtureStatus } from '../../game/fixture-status';

const STATUS_STYLE: Record<FixtureStatus, string> = {
  upcoming: 'bg-sky-100 text-sky-900',
  live: 'bg-red-100 text-red-900',
  awaiting: 'bg-violet-100 text-violet-900',
  finished: 'bg-slate-200 text-slate-900',
  postponed: 'bg-amber-100 text-amber-900',
};
/**
 * Past its live window without a final result, a match has been played and its result is simply
 * not in yet (an admin or the feed brings it): said plainly and calmly, never as something wrong.
 */
const STATUS_LABEL: Record<FixtureStatus, string> = {
  upcoming: 'Upcoming',
  live: 'Live',
  awaiting: 'Result not in yet',
  finished: 'Finished',
  postponed: 'Postponed',
};

/** A fixture's status everywhere it is shown (admin grid, predictions, match day); a live one pulses. */
export function StatusBadge({ status }: { status: FixtureStatus }) {
  return (
    <span
      className={`inline-flex items-center gap-1.5 rounded-full px-2 py-0.5 text-xs font-bold ${STATUS_STYLE[status]}`}
      data-testid="match-status"
    >
      {status === 'live' && <span aria-hidden="true" className="h-2 w-2 animate-pulse rounded-full bg-red-600" />}
      {STATUS_LABEL[status]}
    </span>
  );
}
