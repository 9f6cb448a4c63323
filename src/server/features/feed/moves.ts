import type { FastifyInstance } from 'fastify';
import type { PendingMove } from '../../../contract/admin-seasons.js';
import { conflict, notFound } from '../../errors.js';
import { refreshSeasonDates } from '../../seasons/repository.js';
import { rescorePredictions, saveFinalResult } from '../../seasons/results-repository.js';
import {
  deleteMove,
  getPendingMove,
  loadSyncFixtures,
  movedFrom,
  movedTo,
  rejectMove,
  updateSchedule,
  type PendingMoveRow,
} from './repository.js';

export function presentMove(r: PendingMoveRow): PendingMove {
  const from = movedFrom(r);
  const to = movedTo(r);
  return {
    fixtureId: r.fixtureId,
    homeTeam: r.homeTeam,
    awayTeam: r.awayTeam,
    source: r.source,
    status: r.status,
    from: { kickoffAt: from.kickoffAt, postponed: from.postponed },
    to: { kickoffAt: to.kickoffAt, postponed: to.postponed },
    result: r.homeScore === null || r.awayScore === null ? null : { homeScore: r.homeScore, awayScore: r.awayScore },
    description: r.description,
    seenAt: r.seenAt,
    decidedAt: r.decidedAt,
  };
}

const sameInstant = (a: string | null, b: string | null) =>
  a === null || b === null ? a === b : Date.parse(a) === Date.parse(b);

/**
 * The admin's answer to a move a file proposed for an unplayed match past its deadline
 * (decision 0100). Confirm: the move is applied as the fixtures repository applies one (the
 * deadline moves with it), then the file's score only if the confirmed kick-off has passed by the
 * server's clock, scored as any result. Reject: the move stays unapplied; the row is kept as
 * rejected so a file proposing the same move again is shown as rejected, not as news. A fixture
 * changed since the proposal (the admin moved it, a run applied another move) is not moved on an
 * old word: the proposal is dropped and a 409 says so. Publishes after the commit.
 */
export async function decideMove(
  app: FastifyInstance,
  seasonId: string,
  fixtureId: string,
  decision: 'confirm' | 'reject',
): Promise<{ scored: boolean }> {
  const { db, clock } = app.deps;
  const now = clock.now();
  const nowIso = now.toISOString();
  const out = await db.transaction().execute(async (trx) => {
    const row = await getPendingMove(trx, seasonId, fixtureId);
    if (!row) throw notFound('This move was decided already, or is no longer proposed.');
    if (decision === 'reject') {
      await rejectMove(trx, fixtureId, nowIso);
      return { outcome: 'rejected' as const, scored: false };
    }
    const [f] = await loadSyncFixtures(trx, seasonId, fixtureId);
    const from = movedFrom(row);
    if (
      !f ||
      !sameInstant(f.kickoffAt, from.kickoffAt) ||
      f.localDate !== from.localDate ||
      Boolean(f.postponed) !== from.postponed
    ) {
      await deleteMove(trx, fixtureId);
      return { outcome: 'stale' as const, scored: false };
    }
    const to = movedTo(row);
    await updateSchedule(trx, fixtureId, to, nowIso);
    const final = f.result !== null && Boolean(f.result.final);
    const played = to.kickoffAt !== null && Date.parse(to.kickoffAt) <= now.getTime();
    let scored = false;
    if (row.homeScore !== null && row.awayScore !== null && played && !final) {
      const score = { homeScore: Number(row.homeScore), awayScore: Number(row.awayScore) };
      await saveFinalResult(trx, fixtureId, score, nowIso, row.source);
      await rescorePredictions(trx, fixtureId, score);
      scored = true;
    }
    await deleteMove(trx, fixtureId);
    await refreshSeasonDates(trx, seasonId, nowIso);
    return { outcome: 'applied' as const, scored };
  });
  if (out.outcome === 'applied') await app.deps.bus.publish({ type: 'fixtures.changed', seasonId });
  await app.deps.bus.publish({ type: 'feed.changed', seasonId });
  if (out.outcome === 'stale') {
    throw conflict(
      'This match was changed since the move was proposed, so the move was dropped. If the file still says so, its next run or re-import proposes it again.',
      'move_stale',
    );
  }
  app.log.info({ season: seasonId, fixture: fixtureId, decision }, `Held move of ${fixtureId}: ${out.outcome}`);
  return { scored: out.scored };
}
