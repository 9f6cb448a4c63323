import type { PendingMove } from '../../../../contract/admin-seasons';
import { displayTeamName } from '../../../../game/clubs';
import { ApiError } from '../../../lib/api';
import { formatDateTime } from '../../../lib/format';
import { notifyAdmin as notify } from '../AdminGate';
import { useDecideMove } from './api';

const message = (err: unknown) => (err instanceof ApiError ? err.message : 'Something went wrong. Please try again.');
const when = (s: PendingMove['to']) =>
  s.postponed || s.kickoffAt === null ? 'postponed' : formatDateTime(s.kickoffAt);
const source = (m: PendingMove) => (m.source === 'feed' ? 'The feed' : 'A re-imported file');

/**
 * Moves a season file or feed proposed for unplayed matches to a kick-off past their deadline: not
 * applied until the admin confirms (docs/decisions/0100-file-never-decides-the-future.md). Rejected
 * ones are listed while a file still proposes them, so nothing is refused out of sight.
 */
export function HeldMoves({ season, moves }: { season: string; moves: readonly PendingMove[] }) {
  const decide = useDecideMove();
  const pending = moves.filter((m) => m.status === 'pending');
  const rejected = moves.filter((m) => m.status === 'rejected');
  if (moves.length === 0) return null;
  const act = (m: PendingMove, decision: 'confirm' | 'reject') =>
    void decide
      .mutateAsync({ season, fixtureId: m.fixtureId, decision })
      .then(() =>
        notify(
          'success',
          decision === 'confirm'
            ? `${displayTeamName(m.homeTeam)} v ${displayTeamName(m.awayTeam)} moved.`
            : 'Move rejected: the match stays where it is.',
        ),
      )
      .catch((e: unknown) => notify('error', message(e)));

  return (
    <>
      {pending.length > 0 && (
        <section
          aria-labelledby={`moves-${season}`}
          className="rounded-lg border border-amber-300 bg-amber-50 p-3"
          data-testid="held-moves"
        >
          <h4 id={`moves-${season}`} className="font-bold text-amber-950">
            Moves waiting for your confirmation
          </h4>
          <p className="mt-1 text-sm text-slate-800">
            These matches have not been played, and the new kick-off is past their prediction deadline. Nothing is
            changed, scored or revealed until you confirm. A result comes with the move only if its new kick-off has
            passed.
          </p>
          <ul className="mt-2 divide-y divide-amber-200">
            {pending.map((m) => {
              const match = `${displayTeamName(m.homeTeam)} v ${displayTeamName(m.awayTeam)}`;
              return (
                <li
                  key={m.fixtureId}
                  className="flex flex-wrap items-center justify-between gap-2 py-2 text-sm"
                  data-testid="held-move"
                >
                  <span>
                    <strong>{match}</strong>: {source(m)} moves it from {when(m.from)} to {when(m.to)}
                    {m.result ? `, with a result of ${m.result.homeScore}-${m.result.awayScore}` : ''}.
                  </span>
                  <span className="flex gap-2">
                    <button
                      type="button"
                      className="btn-secondary"
                      disabled={decide.isPending}
                      aria-label={`Reject the move of ${match}`}
                      onClick={() => act(m, 'reject')}
                    >
                      Reject
                    </button>
                    <button
                      type="button"
                      className="btn-primary"
                      disabled={decide.isPending}
                      aria-label={`Confirm the move of ${match}`}
                      onClick={() => act(m, 'confirm')}
                    >
                      Confirm
                    </button>
                  </span>
                </li>
              );
            })}
          </ul>
        </section>
      )}
      {rejected.length > 0 && (
        <section aria-labelledby={`rejected-${season}`} data-testid="rejected-moves">
          <h4 id={`rejected-${season}`} className="font-bold text-slate-900">
            Rejected moves
          </h4>
          <p className="text-sm text-slate-700">Still proposed by the file, and not applied.</p>
          <ul className="mt-1 list-disc pl-5 text-sm text-slate-800">
            {rejected.map((m) => (
              <li key={m.fixtureId}>
                {displayTeamName(m.homeTeam)} v {displayTeamName(m.awayTeam)} to {when(m.to)}
                {m.decidedAt ? ` (rejected ${formatDateTime(m.decidedAt)})` : ''}
              </li>
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
