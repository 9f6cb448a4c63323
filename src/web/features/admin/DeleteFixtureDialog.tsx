import { displayTeamName } from '../../../game/clubs';
import type { Fixture } from '../../../contract/fixtures';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { notifyAdmin as notify } from './AdminGate';
import { useDeleteFixture, useFixtureImpact } from './api';

const plural = (n: number, one: string, many: string) => `${n} ${n === 1 ? one : many}`;
/** When the count cannot be read, deleting is still offered (the server checks again). */
const UNKNOWN_IMPACT = { predictions: 0, results: 0 };

/** Delete one fixture; says first how many predictions and results go with it, so nothing is lost by surprise. */
export function DeleteFixtureDialog({ fixture, onClose }: { fixture: Fixture | null; onClose: () => void }) {
  const impactQuery = useFixtureImpact(fixture);
  const impact = impactQuery.isError ? UNKNOWN_IMPACT : (impactQuery.data ?? null);
  const del = useDeleteFixture();

  async function remove() {
    if (!fixture) return;
    try {
      await del.mutateAsync(fixture.id);
      notify('success', 'Fixture deleted successfully!');
    } catch {
      notify('error', 'Failed to delete fixture. Please try again.');
    } finally {
      onClose();
    }
  }

  const label = fixture ? `${displayTeamName(fixture.homeTeam)} v ${displayTeamName(fixture.awayTeam)}` : '';
  const lost = impact && (impact.predictions > 0 || impact.results > 0);
  return (
    <ConfirmDialog
      open={fixture !== null}
      title="Delete Fixture"
      confirmLabel="Delete"
      danger
      busy={del.isPending || impact === null}
      onCancel={onClose}
      onConfirm={() => void remove()}
    >
      <p>
        Delete <strong>{label}</strong>?
      </p>
      {impact === null ? (
        <p role="status" className="text-sm">
          Checking predictions and results...
        </p>
      ) : lost ? (
        <p
          className="rounded-lg border border-amber-300 bg-amber-50 px-3 py-2 text-sm text-amber-900"
          data-testid="delete-impact"
        >
          {plural(impact.predictions, 'prediction', 'predictions')} and {plural(impact.results, 'result', 'results')}{' '}
          will be deleted with it.
        </p>
      ) : (
        <p className="text-sm" data-testid="delete-impact">
          No predictions or results go with it.
        </p>
      )}
    </ConfirmDialog>
  );
}
