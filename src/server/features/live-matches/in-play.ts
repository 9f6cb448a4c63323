import type { FastifyInstance } from 'fastify';
import { deriveStatus, LIVE_WINDOW_MS } from '../../../game/fixture-status.js';
import type { Scoreline } from '../../../game/scoring.js';
import { firstKickoffFrom, kickoffOrder, seasonFixtureRows } from '../../seasons/kept-fixtures.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';

/** What is in play in a season at one moment. */
export interface InPlay {
  /** Matches in play (kicked off within the live window, no final result), with an in-play score or not. */
  liveMatches: number;
  /** Those with an in-play score, in kick-off order: only they add provisional points. */
  scored: Array<{ fixtureId: string; score: Scoreline }>;
  /** Names the scored matches and their scores: the same key, the same provisional points. */
  key: string;
  /** The gameweek of the latest kick-off so far, and whether every one of its matches has a final result. */
  gameweek: { number: number; complete: boolean } | null;
  /** Every match of the season has a final result: its totals are final. */
  seasonComplete: boolean;
}

/** Per kept fixture list (a new list after every change): how complete the season and its gameweeks are. */
const completeness = new WeakMap<readonly FixtureRow[], { season: boolean; gameweeks: Map<number, boolean> }>();

function completenessOf(list: readonly FixtureRow[]) {
  let known = completeness.get(list);
  if (!known) {
    const gameweeks = new Map<number, boolean>();
    for (const f of list) {
      if (f.gameweek === null) continue;
      gameweeks.set(f.gameweek, (gameweeks.get(f.gameweek) ?? true) && Boolean(f.result?.final));
    }
    known = { season: list.length > 0 && list.every((f) => Boolean(f.result?.final)), gameweeks };
    completeness.set(list, known);
  }
  return known;
}

/**
 * The season's matches in play at `now`, from its kept fixtures (seasons/kept-fixtures.ts: fresh after
 * every in-play score and result, on every instance), so asking costs no database read.
 */
export async function inPlay(app: FastifyInstance, seasonId: string, now: Date): Promise<InPlay> {
  const list = await seasonFixtureRows(app, seasonId);
  const order = kickoffOrder(list);
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
  const { season, gameweeks } = completenessOf(list);
  const latest = order.rows[firstKickoffFrom(order, t + 1) - 1];
  const number = latest?.gameweek ?? null;
  return {
    liveMatches,
    scored,
    key,
    gameweek: number === null ? null : { number, complete: gameweeks.get(number) ?? false },
    seasonComplete: season,
  };
}
