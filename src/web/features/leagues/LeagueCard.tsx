import type { League } from '../../../contract/leagues';
import { copyCode, InviteButtons } from './InviteShare';

/** One league in the grid: name, Creator badge, member count, its code, and its invite (link and message) at any time. */
export function LeagueCard({
  league,
  selected,
  onSelect,
}: {
  league: League;
  selected: boolean;
  onSelect: () => void;
}) {
  return (
    <li
      className={`relative rounded-xl border bg-white p-4 shadow-sm transition ${selected ? 'border-brand-600 ring-2 ring-brand-500/40' : 'border-slate-200 hover:border-slate-300'}`}
    >
      <button type="button" onClick={onSelect} aria-pressed={selected} className="block w-full text-left">
        <span className="flex items-start justify-between gap-2">
          <span className="min-w-0 break-words text-base font-bold text-slate-900">{league.name}</span>
          {league.isCreator && (
            <span className="shrink-0 rounded bg-amber-100 px-2 py-0.5 text-xs font-bold text-amber-900">Creator</span>
          )}
        </span>
        <span className="mt-1 block text-sm text-slate-600">
          {league.memberCount} {league.memberCount === 1 ? 'member' : 'members'}
        </span>
      </button>
      <div className="mt-3 space-y-1 rounded-lg bg-slate-50 px-3 py-2">
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-slate-700">
            Code: <span className="font-mono font-bold tracking-wider text-slate-900">{league.code}</span>
          </span>
          <button
            type="button"
            className="rounded px-2 py-1 text-sm font-semibold text-brand-800 hover:bg-brand-100"
            onClick={() => void copyCode(league)}
          >
            Copy Code<span className="sr-only"> for {league.name}</span>
          </button>
        </div>
        <div className="flex items-center justify-between gap-2">
          <span className="text-sm text-slate-700">Invite</span>
          <InviteButtons league={league} />
        </div>
      </div>
    </li>
  );
}
