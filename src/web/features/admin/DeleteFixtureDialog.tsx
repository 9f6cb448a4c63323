import { useEffect, useState } from 'react';
import { displayTeamName } from '../../../game/clubs';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { adminApi, type Fixture } from './api';
import type { Notify } from './BulkActions';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;

/** Delete one fixture; says first how many predictions and results go with it (DESIGN point 7). */
export function DeleteFixtureDialog({ fixture, onClose, notify }: { fixture: Fixture | null; onClose: () => void; notify: Notify }) {
  const [impact, setImpact] = useState<{ predictions: number; results: number } | null>(null);
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    setImpact(null);
    if (!fixture) return;
    let live = true;
    adminApi
      .fixtureImpact(fixture.id)
      .then((r) => live && setImpact(r))
      .catch(() => live && setImpact({ predictions: 0, results: 0 }));
    return () => {
      live = false;
    };
  }, [fixture]);

  async function remove() {
    if (!fixture) return;
    setBusy(true);
    try {
      await adminApi.deleteFixture(fixture.id);
      notify('success', 'Fixture deleted successfully!');
    } catch {
      notify('error', 'Failed to delete fixture. Please try again.');
    } finally {
      setBusy(false);
      onClose();
    }
  }

  const label = fixture ? `${displayTeamName(fixture.homeTeam)} v ${displayTeamName(fixture.awayTeam)}` : '';
  const lost = impact && (impact.predictions > 0 || impact.results > 0);
  return (
    <ConfirmDialog open={fixture !== null} title="Delete Fixture" confirmLabel="Delete" danger busy={busy || impact === null} onCancel={onClose} onConfirm={() => void remove()}>
      <p>
        Delete <strong>{label}</strong>?
      </p>
      {impact === null ? (
        <p role="status" className="text-sm">
          Checking predictions and results...
        </p>
      ) : lost ? (
        <p className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900" data-testid="delete-impact">
          {plural(impact.predictions, 'prediction', 'predictions')} and {plural(impact.results, 'result', 'results')} will be deleted with it.
        </p>
      ) : (
        <p className="text-sm" data-testid="delete-impact">
          No predictions or results go with it.
        </p>
      )}
    </ConfirmDialog>
  );
}
