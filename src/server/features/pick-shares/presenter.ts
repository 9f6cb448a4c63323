import { predictionDeadline } from '../../../game/deadline.js';
import type { PickSummary } from '../../../game/pick-shares.js';
import type { PickShares } from '../../../contract/pick-shares.js';
import type { ShareFixture } from './repository.js';
import { freezeKept } from '../../plugins/frozen-values.js';

/** Per kept summary, and per fixture before its deadline (both frozen): the shares as presented. */
const presented = new WeakMap<PickSummary | ShareFixture, PickShares>();

/**
 * A fixture's pick shares as they leave the server: the summary once its deadline has passed
 * (`summary` given), else only when that will be. Before it, nothing about the picks, not even
 * their number: how many have predicted is itself news about who is playing. Every player of a
 * gameweek asks for the same shares: they are presented once per kept summary (cache.ts), or per
 * kept fixture row before the deadline, and frozen with it, so the response serializer writes
 * their text once (decision 0114).
 */
export function presentShares(f: ShareFixture, summary: PickSummary | undefined): PickShares {
  const key = summary ?? f;
  const kept = presented.get(key);
  if (kept && kept.fixtureId === f.id) return kept;
  const shares = freezeKept(presentOnce(f, summary));
  presented.set(freezeKept(key), shares);
  return shares;
}

function presentOnce(f: ShareFixture, summary: PickSummary | undefined): PickShares {
  if (!summary) return { fixtureId: f.id, available: false, opensAt: predictionDeadline(f)?.toISOString() ?? null };
  return {
    fixtureId: f.id,
    available: true,
    predictions: summary.predictions,
    sides: summary.sides,
    topScores: summary.topScores,
  };
}
