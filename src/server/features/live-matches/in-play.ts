import type { FastifyInstance } from 'fastify';
import { deriveStatus, LIVE_WINDOW_MS } from '../../../game/fixture-status.js';
import type { Scoreline } from '../../../game/scoring.js';
import { firstKickoffFrom, kickoffOrder, seasonFixtureRows } from '../fixtures/kept.js';
import { playerCache, pointsScope } from '../statistics/player-cache.js';
import { picksOnFixture } from './repository.js';

/** A player's pick on a match in play. */
export interface LivePick {
  homeScore: number;
  awayScore: number;
  banker: boolean;
}

/** A match in play with an in-play score, and every player's pick on it. */
export interface ScoredLiveMatch {
  fixtureId: string;
  score: Scoreline;
  picks: ReadonlyMap<string, LivePick>;
}

/** What is in play in a season at one moment. */
export interface InPlay {
  /** Matches in play (kicked off within the live window, no final result), with an in-play score or not. */
  liveMatches: number;
  /** Those with an in-play score: only they add provisional points. */
  scored: ScoredLiveMatch[];
  /** Names the scored matches and their scores: the same key, the same provisional points. */
  key: string;
}

/** Bytes a match's picks hold, roughly (a map entry, its key and a small object). */
const PICK_BYTES = 160;

/**
 * Every player's pick on a match, kept: a match is read once it is in play, when its deadline has
 * passed and no pick on it can change. Kept under the season's points scope, so an in-play score
 * (every few minutes of a Saturday) keeps them, and what can remove picks (an account deleted, a
 * fixture changed or deleted, a result) drops them.
 */
function picksOf(app: FastifyInstance, seasonId: string, fixtureId: string): Promise<ReadonlyMap<string, LivePick>> {
  return playerCache(app).get(
    `live-picks:${fixtureId}`,
    { seasonId: pointsScope(seasonId), userId: null },
    async () =>
      new Map(
        (await picksOnFixture(app.deps.db, fixtureId)).map((p) => [
          p.userId,
          { homeScore: p.homeScore, awayScore: p.awayScore, banker: Number(p.banker) === 1 },
        ]),
      ),
    { bytes: (picks) => 256 + picks.size * PICK_BYTES },
  );
}

/**
 * The season's matches in play at `now`, from its kept fixtures (fixtures/kept.ts, fresh after
 * every in-play score and result on any instance) and each scored match's kept picks: what the
 * live tables add to the stored totals, with no database read once the picks are kept.
 */
export async function inPlay(app: FastifyInstance, seasonId: string, now: Date): Promise<InPlay> {
  const order = kickoffOrder(await seasonFixtureRows(app, seasonId));
  const t = now.getTime();
  let liveMatches = 0;
  const scored: ScoredLiveMatch[] = [];
  for (let i = firstKickoffFrom(order, t - LIVE_WINDOW_MS); i < order.rows.length && order.kickoffs[i]! <= t; i++) {
    const f = order.rows[i]!;
    if (deriveStatus(f, f.result, now) !== 'live') continue;
    liveMatches++;
    if (f.result)
      scored.push({
        fixtureId: f.id,
        score: { homeScore: f.result.homeScore, awayScore: f.result.awayScore },
        picks: await picksOf(app, seasonId, f.id),
      });
  }
  const key = scored.map((m) => `${m.fixtureId}:${m.score.homeScore}-${m.score.awayScore}`).join(',');
  return { liveMatches, scored, key };
}
