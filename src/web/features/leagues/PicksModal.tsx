import { useState } from 'react';
import { Modal } from '../../components/Modal';
import { ClubBadge } from '../../components/ClubBadge';
// The dialog is narrow at every width: short names, the full one for screen readers and as a tooltip.
import { ClubName } from '../../components/ClubName';
import { formatKickoffDate, formatKickoffTime } from '../../lib/format';
import type { Pick, TableRow } from '../../../contract/leagues';
import { useMemberPicks } from './api';
import { useDefaultSeason, useSeasonParam } from '../seasons/api';
import { ALL_SEASONS } from '../../../contract/seasons';
import { pickQualifierTexts } from './QualifierPoints';
import { resultText } from '../../lib/match-facts';

const OUTCOME_STYLE: Record<string, string> = {
  exact: 'bg-green-100 text-green-900',
  outcome: 'bg-sky-100 text-sky-900',
  wrong: 'bg-red-100 text-red-900',
};

/** The team a pick says goes through, and what naming it added once the tie is settled: said in words, the colour only repeats it. */
export function PickQualifier({ pick }: { pick: Pick }) {
  const { named, points, right } = pickQualifierTexts(pick);
  if (!named && !points) return null;
  return (
    <p className="mt-2 flex flex-wrap items-center gap-x-2 gap-y-1 text-sm" data-testid="pick-qualifier">
      {named && <span className="text-slate-900">{named}</span>}
      {/* Read apart from the points; flex lays out nothing for it. */}
      {named && points && ' '}
      {points && (
        <span
          className={`rounded px-1.5 py-0.5 text-xs font-bold ${right ? 'bg-green-100 text-green-900' : 'bg-slate-100 text-slate-800'}`}
          data-testid="pick-qualifier-points"
        >
          {points}
        </span>
      )}
    </p>
  );
}

function PickRow({ pick }: { pick: Pick }) {
  const { prediction, result } = pick;
  return (
    <li className="rounded-lg border border-slate-200 p-3">
      <p className="text-xs text-slate-600">
        {formatKickoffDate(pick.kickoffAt)} · {formatKickoffTime(pick.kickoffAt)}
      </p>
      <div className="mt-1 grid grid-cols-[1fr_auto_1fr] items-center gap-2">
        <span className="flex min-w-0 items-center gap-2">
          <ClubBadge team={pick.homeTeam} size={24} />
          <ClubName team={pick.homeTeam} fit="short" wrap className="text-sm font-medium" />
        </span>
        <span className="text-center text-lg font-bold tabular-nums">
          {prediction ? `${prediction.homeScore} - ${prediction.awayScore}` : '–'}
        </span>
        <span className="flex min-w-0 items-center justify-end gap-2">
          <ClubName team={pick.awayTeam} fit="short" wrap className="text-right text-sm font-medium" />
          <ClubBadge team={pick.awayTeam} size={24} />
        </span>
      </div>
      <div className="mt-2 flex flex-wrap items-center justify-between gap-2 text-sm">
        <span className="text-slate-700">
          {prediction ? 'Pick' : 'No prediction'}
          {prediction?.banker && (
            <span
              className="ml-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900"
              data-testid="pick-banker"
            >
              Banker
            </span>
          )}
          {' · '}
          {result && result.final ? `Result ${resultText(result, ' - ')}` : 'Result pending...'}
        </span>
        {prediction?.points !== null && prediction?.points !== undefined && (
          <span className={`rounded px-2 py-0.5 text-xs font-bold ${OUTCOME_STYLE[prediction.outcome ?? 'wrong']}`}>
            {prediction.points} {prediction.points === 1 ? 'pt' : 'pts'}
          </span>
        )}
      </div>
      <PickQualifier pick={pick} />
    </li>
  );
}

/** A member's picks, only for matches whose prediction deadline has passed (the server enforces it). */
export function PicksModal({
  leagueId,
  member,
  onClose,
}: {
  leagueId: string;
  member: TableRow | null;
  onClose: () => void;
}) {
  const [gameweek, setGameweek] = useState<number | null>(null);
  // Picks are of one season: the all-seasons table shows those of the season the screen leads with.
  const param = useSeasonParam();
  const current = useDefaultSeason();
  const q = useMemberPicks(leagueId, param === ALL_SEASONS ? current : param, member?.userId ?? null, gameweek);
  const data = q.data;
  return (
    <Modal
      open={member !== null}
      onClose={onClose}
      title={member ? `${member.displayName}'s picks` : 'Picks'}
      size="lg"
    >
      <p className="text-sm text-slate-700">
        Picks appear once a match's prediction deadline (2 hours before kick-off) has passed.
      </p>
      {q.isPending ? (
        <p role="status" className="mt-4 text-slate-700">
          Loading picks...
        </p>
      ) : q.isError ? (
        <p role="alert" className="mt-4 text-red-700">
          {q.error.message}
        </p>
      ) : data && data.gameweeks.length === 0 ? (
        <p className="mt-4 text-slate-700">No match has reached its deadline yet.</p>
      ) : data ? (
        <>
          <div className="mt-4">
            <label className="label" htmlFor="picks-gameweek">
              Gameweek
            </label>
            <select
              id="picks-gameweek"
              className="input"
              value={data.gameweek ?? ''}
              onChange={(e) => setGameweek(Number(e.target.value))}
            >
              {data.gameweeks.map((g) => (
                <option key={g} value={g}>
                  Gameweek {g}
                </option>
              ))}
            </select>
          </div>
          <ul className="mt-4 max-h-[50vh] space-y-2 overflow-y-auto">
            {data.picks.map((p) => (
              <PickRow key={p.fixtureId} pick={p} />
            ))}
          </ul>
        </>
      ) : null}
      <div className="mt-6 flex justify-end">
        <button type="button" className="btn-secondary" onClick={onClose}>
          Close
        </button>
      </div>
    </Modal>
  );
}
