/**
 * The scoring rule: exact score 3 points, right outcome (home win, draw, away win) 1, otherwise 0.
 *
 * It is written once, as data (`OUTCOME_TESTS` and `POINTS`): `outcomeOf` reads it here, and the
 * server generates its SQL from the same data (server/features/results/scoring-sql.ts), so the
 * two cannot drift apart; a property test runs that SQL on both databases against this file.
 */
export const PREDICTION_OUTCOMES = ['exact', 'outcome', 'wrong'] as const;
export type PredictionOutcome = (typeof PREDICTION_OUTCOMES)[number];

export const POINTS: Readonly<Record<PredictionOutcome, number>> = { exact: 3, outcome: 1, wrong: 0 };

export interface Scoreline {
  homeScore: number;
  awayScore: number;
}

/** What a pick may share with the result: both scores, or the winner (home, draw, away). */
export type Likeness = 'score' | 'sign';

/**
 * How a pick is classed against a result: the first test whose likeness the pick shares gives its
 * outcome; a pick that shares none is `wrong`.
 */
export const OUTCOME_TESTS: ReadonlyArray<{ outcome: Exclude<PredictionOutcome, 'wrong'>; same: Likeness }> = [
  { outcome: 'exact', same: 'score' },
  { outcome: 'outcome', same: 'sign' },
];

/** 1 for a home win, 0 for a draw, -1 for an away win. */
export function matchSign(s: Scoreline): 1 | 0 | -1 {
  return s.homeScore > s.awayScore ? 1 : s.homeScore < s.awayScore ? -1 : 0;
}

const LIKE: Readonly<Record<Likeness, (p: Scoreline, r: Scoreline) => boolean>> = {
  score: (p, r) => p.homeScore === r.homeScore && p.awayScore === r.awayScore,
  sign: (p, r) => matchSign(p) === matchSign(r),
};

export function outcomeOf(prediction: Scoreline, result: Scoreline): PredictionOutcome {
  for (const test of OUTCOME_TESTS) if (LIKE[test.same](prediction, result)) return test.outcome;
  return 'wrong';
}

/** Points and outcome of one prediction against a final result. */
export function scorePrediction(prediction: Scoreline, result: Scoreline): { outcome: PredictionOutcome; points: number } {
  const outcome = outcomeOf(prediction, result);
  return { outcome, points: POINTS[outcome] };
}

/**
 * What a pick earns as a card shows it: against a final result, its stored points (the server's
 * verdict, kept exact through corrections) and outcome; against an in-play score, what it would
 * earn if the match ended so (provisional). Null without a pick or a score. Every screen that
 * shows points of a match in play (the Matches screen, the live league table) counts them here.
 */
export function pointsOnCard(
  pick: (Scoreline & { points?: number | null }) | null,
  result: (Scoreline & { final: boolean }) | null,
): { points: number; outcome: PredictionOutcome; provisional: boolean } | null {
  if (!pick || !result) return null;
  const scored = scorePrediction(pick, result);
  if (result.final) return { points: pick.points ?? scored.points, outcome: scored.outcome, provisional: false };
  return { ...scored, provisional: true };
}
