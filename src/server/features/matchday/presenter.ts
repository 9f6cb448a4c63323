import { z } from 'zod';
import { scorePrediction } from '../../../game/scoring.js';
import { leaderboardName, rankRows } from '../../../game/ranking.js';
import { fixtureDto, presentFixture } from '../fixtures/presenter.js';
import type { LivePredictionRow, LiveTableMember, MatchRow } from './repository.js';

export const matchDto = z.object({
  fixture: fixtureDto,
  prediction: z.object({ homeScore: z.number(), awayScore: z.number() }).nullable(),
  /**
   * What the viewer's prediction earns: the stored points once the result is final, or
   * (provisional: true) what it would earn if the match ended with the in-play score now.
   * Null without a prediction or while there is no score yet.
   */
  points: z.object({ points: z.number(), outcome: z.enum(['exact', 'outcome', 'wrong']), provisional: z.boolean() }).nullable(),
});
export type MatchDto = z.infer<typeof matchDto>;

export function presentMatch(row: MatchRow, now: Date): MatchDto {
  const fixture = presentFixture(row, now);
  const p = row.prediction;
  let points: MatchDto['points'] = null;
  if (p && fixture.result) {
    const scored = scorePrediction(p, fixture.result);
    if (fixture.status === 'finished') points = { points: p.points ?? scored.points, outcome: scored.outcome, provisional: false };
    else if (fixture.status === 'live') points = { ...scored, provisional: true };
  }
  return { fixture, prediction: p ? { homeScore: p.homeScore, awayScore: p.awayScore } : null, points };
}

export const liveTableDto = z.object({
  leagueId: z.string(),
  /** Matches in play right now (kicked off, no final result). */
  liveMatches: z.number(),
  rows: z.array(
    z.object({
      rank: z.number(),
      userId: z.string(),
      name: z.string(),
      isCreator: z.boolean(),
      storedPoints: z.number(),
      provisionalPoints: z.number(),
      points: z.number(),
    }),
  ),
});
export type LiveTableDto = z.infer<typeof liveTableDto>;

/** Stored totals plus what the in-play scores would add, ranked by the sum. */
export function presentLiveTable(leagueId: string, members: LiveTableMember[], live: LivePredictionRow[], liveMatches: number): LiveTableDto {
  const provisional = new Map<string, number>();
  for (const p of live) {
    const { points } = scorePrediction(p, { homeScore: p.rHome, awayScore: p.rAway });
    provisional.set(p.userId, (provisional.get(p.userId) ?? 0) + points);
  }
  const rows = rankRows(
    members.map((m) => {
      const extra = provisional.get(m.userId) ?? 0;
      return {
        userId: m.userId,
        name: leaderboardName({ teamName: m.teamName, username: m.username, displayName: m.name }),
        isCreator: m.creatorId === m.userId,
        storedPoints: m.storedPoints,
        provisionalPoints: extra,
        points: m.storedPoints + extra,
      };
    }),
  );
  return { leagueId, liveMatches, rows };
}
