import type { FastifyInstance } from 'fastify';
import { deriveStatus, LIVE_WINDOW_MS } from '../../../game/fixture-status.js';
import type { Scoreline } from '../../../game/scoring.js';
import { firstKickoffFrom, kickoffOrder, seasonFixtureRows } from '../fixtures/kept.js';

/** What is in play in a season at one moment. */
export interface InPlay {
  /** Matches in play (kicked off within the live window, no final result), with an in-play score or not. */
  liveMatches: number;
  /** Those with an in-play score, in kick-off order: only they add provisional points. */
  scored: Array<{ fixtureId: string; score: Scoreline }>;
  /** Names the scored matches and their scores: the same key, the same provisional points. */
  key: string;
}

/**
 * The season's matches in play at `now`, from its kept fixtures (fixtures/kept.ts: fresh after
 * every in-play score and result, on every instance), so asking costs no database read.
 */
export async function inPlay(app: FastifyInstance, seasonId: string, now: Date): Promise<InPlay> {
  const order = kickoffOrder(await seasonFixtureRows(app, seasonId));
  const t = now.getTime();
  let liveMatches = 0;
  const scored: InPlay['scored'] = [];
  for (let i = firstKickoffFrom(order, t - LIVE_WINDOW_MS); i < order.rows.length && order.kickoffs[i]! <= t; i++) {
    const f = order.rows[i]!;
    if (deriveStatus(f, f.result, now) !== 'live') continue;
    liveMatches++;
    if (f.result)
      scored.push({ fixtureId: f.id, score: { homeScore: f.result.homeScore, awayScore: f.result.awayScore } });
  }
  const key = scored.map((m) => `${m.fixtureId}:${m.score.homeScore}-${m.score.awayScore}`).join(',');
  return { liveMatches, scored, key };
}
