import { useState } from 'react';
import type { League } from '../../../contract/leagues';
import { Modal } from '../../components/Modal';
import { Banner } from '../../components/Banner';
import { ApiError } from '../../lib/api';
import { formatKickoffDate } from '../../lib/format';
import { notifyLeagues as notify } from './api';
import { useLetBackIn, useNewCode, useRemovedPlayers } from './invites';
import { InvitePanel } from './InviteShare';

/**
 * Inviting players to a league, at any time: its code, link and ready message. Its creator can
 * also give it a new code (the old code and links stop working; decision record 0046) and let
 * removed players back in (decision record 0045).
 */
export function InviteDialog({ league, onClose }: { league: League | null; onClose: () => void }) {
  return (
    <Modal
      open={league !== null}
      onClose={onClose}
      title={league ? `Invite players to ${league.name}` : 'Invite players'}
    >
      {league && (
        <div className="space-y-6">
          <p className="text-slate-700">
            Send the link or the code to the friends you want in your league. Anyone who has it can see the league's
            name and join.
          </p>
          <InvitePanel league={league} />
          {league.isCreator && <NewCode league={league} />}
          {league.isCreator && <RemovedPlayers league={league} />}
          <div className="flex justify-end">
            <button type="button" className="btn-secondary" onClick={onClose}>
              Done
            </button>
          </div>
        </div>
      )}
    </Modal>
  );
}

function NewCode({ league }: { league: League }) {
  const newCode = useNewCode();
  const [asking, setAsking] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  return (
    <section aria-labelledby="new-code-title" className="border-t border-slate-200 pt-4">
      <h3 id="new-code-title" className="font-bold">
        New code
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        If the link went further than you wanted, give the league a new code. Members stay; the old code and every link
        sent with it stop working at once.
      </p>
      {failure && (
        <div className="mt-2">
          <Banner kind="error">{failure}</Banner>
        </div>
      )}
      {asking ? (
        <div
          className="mt-3 rounded-lg border border-amber-300 bg-amber-50 p-3"
          role="group"
          aria-label="Confirm the new code"
        >
          <p className="text-sm text-amber-950">
            Replace <span className="font-mono font-bold">{league.code}</span>? Anyone who has not joined yet will need
            the new link.
          </p>
          <div className="mt-3 flex flex-wrap gap-2">
            <button
              type="button"
              className="btn-primary"
              disabled={newCode.isPending}
              onClick={async () => {
                setFailure(null);
                try {
                  const { league: updated } = await newCode.mutateAsync(league.id);
                  notify('success', `New code for "${updated.name}": ${updated.code}. The old code no longer works.`);
                  setAsking(false);
                } catch (err) {
                  setFailure(
                    err instanceof ApiError ? err.message : 'Failed to give the league a new code. Please try again.',
                  );
                }
              }}
            >
              {newCode.isPending ? 'Replacing...' : 'Replace Code'}
            </button>
            <button
              type="button"
              className="btn-secondary"
              onClick={() => setAsking(false)}
              disabled={newCode.isPending}
            >
              Keep Current Code
            </button>
          </div>
        </div>
      ) : (
        <button type="button" className="btn-secondary mt-3" onClick={() => setAsking(true)}>
          Get a New Code
        </button>
      )}
    </section>
  );
}

function RemovedPlayers({ league }: { league: League }) {
  const removed = useRemovedPlayers(league.id, true);
  const letBack = useLetBackIn();
  return (
    <section aria-labelledby="removed-title" className="border-t border-slate-200 pt-4">
      <h3 id="removed-title" className="font-bold">
        Removed players
      </h3>
      <p className="mt-1 text-sm text-slate-700">
        Players you remove cannot join again, even with the code, until you let them back in.
      </p>
      {removed.isPending ? (
        <p role="status" className="mt-2 text-sm text-slate-700">
          Loading removed players...
        </p>
      ) : removed.isError ? (
        <p className="mt-2 text-sm text-red-800">Failed to load removed players. Please try again.</p>
      ) : removed.data.length === 0 ? (
        <p className="mt-2 text-sm text-slate-600">Nobody has been removed.</p>
      ) : (
        <ul className="mt-2 divide-y divide-slate-200 rounded-lg border border-slate-200">
          {removed.data.map((p) => (
            <li key={p.userId} className="flex items-center justify-between gap-3 px-3 py-2">
              <span className="min-w-0">
                <span className="block truncate font-semibold text-slate-900">{p.displayName}</span>
                <span className="block text-xs text-slate-600">
                  Removed {formatKickoffDate(p.removedAt, { day: 'numeric', month: 'short', year: 'numeric' })}
                </span>
              </span>
              <button
                type="button"
                className="btn-secondary shrink-0"
                disabled={letBack.isPending}
                onClick={async () => {
                  try {
                    await letBack.mutateAsync({ leagueId: league.id, userId: p.userId });
                    notify('success', `${p.displayName} can join again with the league's code.`);
                  } catch (err) {
                    notify(
                      'error',
                      err instanceof ApiError ? err.message : 'Failed to let the player back in. Please try again.',
                    );
                  }
                }}
              >
                Let Back In<span className="sr-only"> {p.displayName}</span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
