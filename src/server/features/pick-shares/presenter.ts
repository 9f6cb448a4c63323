import { predictionDeadline } from '../../../game/deadline.js';
import type { PickSummary } from '../../../game/pick-shares.js';
import type { PickShares } from '../../../contract/pick-shares.js';
import type { ShareFixture } from './repository.js';
import { freezeKept } from '../../plugins/frozen-values.js';

/**
 * A fixture's pick shares as they leave the server: the summary once its deadline has passed
 * (`summary` given), else only when that will be. Before it, nothing about the picks, not even
 * their number: how many have predicted is itself news about who is playing. The summary is kept
 * (cache.ts) and shown as it is: frozen here, so the response serializer writes its parts' text
 * once for every player who asks (decision 0114).
 */
export function presentShares(f: ShareFixture, summary: PickSummary | undefined): PickShares {
  if (!summary) return { fixtureId: f.id, available: false, opensAt: predictionDeadline(f)?.toISOString() ?? null };
  freezeKept(summary);
  return {
    fixtureId: f.id,
    available: true,
    predictions: summary.predictions,
    sides: summary.sides,
    topScores: summary.topScores,
  };
}
