import type { FastifyInstance } from 'fastify';
import type { GameweekSummary, SummaryLeague } from '../../../contract/summary.js';
import { gameweekRankIn } from '../../../game/rank-history.js';
import { positionChange } from '../../../game/ranking.js';
import { computeTotals } from '../../../game/statistics.js';
import { gameweekFixtureRows } from '../../seasons/kept-fixtures.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';
import { ownGameweekPredictions, boardMatch } from '../predictions/index.js';
import type { OwnPick } from '../predictions/index.js';
import { seasonTotals } from '../../points/season-totals.js';
import { leagueRanksAfter } from './league-ranks.js';

/**
 * What the viewer's gameweek summary shows, as kept: the gameweek's kept fixtures and the
 * viewer's kept picks of it, the season's gameweeks with results (kept with everyone's totals),
 * the viewer's overall rank and their rank in each league (`presentSummary` presents it). Only the viewer's own picks: it reveals nothing
 * of anyone else's, before or after a deadline. Null when the gameweek has no matches.
 */
export interface SummaryParts {
  now: Date;
  seasonId: string;
  gameweek: number;
  scoredGameweeks: readonly number[];
  fixtures: readonly FixtureRow[];
  mine: ReadonlyMap<string, OwnPick>;
  overall: { rank: number; players: number } | null;
  leagues: readonly SummaryLeague[];
}

export async function summaryParts(
  app: FastifyInstance,
  userId: string,
  seasonId: string,
  gameweek: number,
  now: Date,
): Promise<SummaryParts | null> {
  // The season's kept fixture list: a gameweek without matches answers 404 before any rank is worked out.
  const fixtures = await gameweekFixtureRows(app, seasonId, gameweek);
  if (fixtures.length === 0) return null;
  const [mine, totals, ranks] = await Promise.all([
    ownGameweekPredictions(app, userId, seasonId, gameweek),
    // Everyone's points per gameweek, kept until a result (the overall rank is a binary search in it).
    seasonTotals(app, seasonId),
    leagueRanksAfter(app, userId, seasonId, gameweek),
  ]);
  const hasEarlier = totals.gameweeks.some((g) => g < gameweek);
  return {
    now,
    seasonId,
    gameweek,
    scoredGameweeks: totals.gameweeks,
    fixtures,
    mine,
    overall: gameweekRankIn(totals.index, gameweek, userId),
    leagues: ranks.map((l) => ({
      leagueId: l.leagueId,
      name: l.name,
      position: l.position,
      previousPosition: hasEarlier ? l.previousPosition : null,
      change: hasEarlier ? positionChange(l.previousPosition, l.position) : 'same',
      memberCount: l.memberCount,
      points: l.points,
    })),
  };
}

/** The gameweek's totals: the viewer's points and exact scores of scored picks (the statistics' rule), picks made, and results in. */
export function summaryTotals(parts: SummaryParts): GameweekSummary['totals'] {
  const picks = parts.fixtures.flatMap((f) => parts.mine.get(f.id) ?? []);
  const totals = computeTotals(picks);
  return {
    points: totals.totalPoints,
    exact: totals.exactScores,
    scored: totals.scoredPredictions,
    predicted: totals.totalPredictions,
    results: parts.fixtures.filter((f) => f.result?.final).length,
  };
}

/** The summary as it leaves the route (contract `gameweekSummaryDto`). */
export function presentSummary(parts: SummaryParts): GameweekSummary {
  return {
    now: parts.now.toISOString(),
    season: parts.seasonId,
    gameweek: parts.gameweek,
    scoredGameweeks: [...parts.scoredGameweeks],
    matches: parts.fixtures.map((f) => boardMatch(f, parts.mine.get(f.id), parts.now)),
    totals: summaryTotals(parts),
    overall: parts.overall,
    leagues: [...parts.leagues],
  };
}
