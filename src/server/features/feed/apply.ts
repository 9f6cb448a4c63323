import type { DB } from '../../db/index.js';
import type { AcceptedPlan } from '../../season-files/sync-types.js';
import { rescorePredictions, saveFinalResult } from '../../seasons/results-repository.js';
import { refreshSeasonDates } from '../../seasons/repository.js';
import {
  deleteProvisionalScore,
  dropSettledConflicts,
  insertSyncFixtures,
  recordConflicts,
  recordHeldMoves,
  updateGameweek,
  updateSchedule,
} from './repository.js';

export interface AppliedPlan {
  /** Predictions scored by the plan's new results. */
  scored: number;
  /** Fixtures the plan wrote anything to. */
  touched: number;
}

/**
 * Applies an accepted plan (docs/feed.md) to a season. Call it inside ONE transaction with the
 * plan made from the fixtures read in that same transaction, so what is written is what was
 * planned; publish the live events after the commit. It does what `applySyncPlan` (the plain
 * reference) does, with SQL: adds, schedule changes (the deadline moves; the lock of decision
 * 0012 is the fixtures repository's), round changes (a scored match's points move to its
 * new gameweek with it: points/points-aggregate.ts), and final results scored as the admin's result route
 * scores them (`saveFinalResult` + `rescorePredictions`, set-based). The admin's result is never
 * in `changes` (the planner makes it a conflict): conflicts are recorded for the admin, and
 * conflicts the file no longer has are dropped. Held moves (an unplayed match sent past its
 * deadline: decision 0100) are not applied but recorded for the admin's confirmation.
 */
export async function applySeasonPlan(
  trx: DB,
  seasonId: string,
  league: string,
  plan: AcceptedPlan,
  now: Date,
): Promise<AppliedPlan> {
  const nowIso = now.toISOString();
  let scored = 0;
  const touched = new Set<string>();
  const adds = plan.changes.flatMap((c) => (c.kind === 'add' ? [c] : []));
  await insertSyncFixtures(
    trx,
    seasonId,
    league,
    adds.map((a) => a.fixture),
    nowIso,
  );
  for (const a of adds) {
    touched.add(a.fixtureId);
    if (a.result) await saveFinalResult(trx, a.fixtureId, a.result, nowIso, a.source);
  }
  for (const c of plan.changes) {
    touched.add(c.fixtureId);
    switch (c.kind) {
      case 'add':
        break;
      case 'schedule':
        await updateSchedule(trx, c.fixtureId, c.to, nowIso);
        if (c.dropsProvisionalScore) await deleteProvisionalScore(trx, c.fixtureId);
        break;
      case 'round':
        await updateGameweek(trx, c.fixtureId, c.to, nowIso);
        break;
      case 'result':
        await saveFinalResult(trx, c.fixtureId, c.to, nowIso, c.source);
        scored += await rescorePredictions(trx, c.fixtureId, c.to);
        break;
    }
  }
  await recordConflicts(trx, seasonId, plan.conflicts, nowIso);
  const notMatched = new Set([
    ...plan.missing.map((m) => m.fixtureId),
    ...plan.duplicates.map((d) => d.fixtureId),
    ...adds.map((a) => a.fixtureId),
  ]);
  const matched = (await trx.selectFrom('fixtures').select('id').where('seasonId', '=', seasonId).execute())
    .map((r) => r.id)
    .filter((id) => !notMatched.has(id));
  await dropSettledConflicts(
    trx,
    seasonId,
    matched,
    plan.conflicts.map((c) => c.fixtureId),
  );
  await recordHeldMoves(
    trx,
    seasonId,
    plan.source,
    plan.held,
    matched,
    plan.skipped.filter((s) => s.kind === 'move_rejected').map((s) => s.fixtureId),
    nowIso,
  );
  if (plan.changes.length) await refreshSeasonDates(trx, seasonId, nowIso);
  return { scored, touched: touched.size };
}
