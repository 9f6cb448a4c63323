/**
 * The scoring rules. A pick against a final result falls into one tier: `exact` (both scores),
 * `difference` (the right goal difference, not exact: a draw with the wrong score counts here),
 * `outcome` (the right winner or a draw, wrong difference) or `wrong`. A rule gives points per
 * tier (wrong is always 0): our standard 3 / 1 / 1 (exact, difference, outcome: the right outcome
 * earns 1 whatever the difference), or a league's own (docs/decisions/0057-league-scoring-rules.md).
 * A banker counts double (docs/decisions/0058-banker.md).
 *
 * The tiers are written once, as data (`TIER_TESTS`): `tierOf` reads it here, and the server
 * generates its SQL from the same data (server/features/results/scoring-sql.ts), so the two cannot
 * drift apart; a property test runs that SQL on both databases against this file.
 */
export const TIERS = ['exact', 'difference', 'outcome', 'wrong'] as const;
export type Tier = (typeof TIERS)[number];
/** The tiers that can earn points. */
export type ScoringTier = Exclude<Tier, 'wrong'>;
export const SCORING_TIERS: readonly ScoringTier[] = ['exact', 'difference', 'outcome'];

/** What a pick's card says under the standard rule: exact score, right outcome, or wrong. */
export const PREDICTION_OUTCOMES = ['exact', 'outcome', 'wrong'] as const;
export type PredictionOutcome = (typeof PREDICTION_OUTCOMES)[number];

export interface Scoreline {
  homeScore: number;
  awayScore: number;
}

/** Points per tier. Whole numbers 0–10, exact ≥ difference ≥ outcome (`ruleProblem`). */
export interface ScoringRule {
  exact: number;
  difference: number;
  outcome: number;
}

export const STANDARD_RULE: Readonly<ScoringRule> = { exact: 3, difference: 1, outcome: 1 };
/** The goal-difference tiers of games like Kicktipp. */
export const GOAL_DIFFERENCE_RULE: Readonly<ScoringRule> = { exact: 4, difference: 3, outcome: 2 };
export const RULE_PRESETS = { standard: STANDARD_RULE, 'goal-difference': GOAL_DIFFERENCE_RULE } as const;
export const RULE_KINDS = ['standard', 'goal-difference', 'custom'] as const;
export type RuleKind = (typeof RULE_KINDS)[number];
/** The most points a tier may be worth in a league's own rule. */
export const RULE_POINTS_MAX = 10;
/** A banker's points are multiplied by this. */
export const BANKER_FACTOR = 2;

/** Whether a league scores as the overall leaderboard does (the standard rule, bankers double): its points are then everyone's points. */
export const isStandardScoring = (s: { rule: ScoringRule; bankersAllowed: boolean }): boolean =>
  s.bankersAllowed &&
  s.rule.exact === STANDARD_RULE.exact &&
  s.rule.difference === STANDARD_RULE.difference &&
  s.rule.outcome === STANDARD_RULE.outcome;

/** Points of each outcome under the standard rule (what a pick's card shows outside a league). */
export const POINTS: Readonly<Record<PredictionOutcome, number>> = {
  exact: STANDARD_RULE.exact,
  outcome: STANDARD_RULE.outcome,
  wrong: 0,
};

/** What a pick may share with the result: both scores, the goal difference, or the winner (home, draw, away). */
export type Likeness = 'score' | 'difference' | 'sign';

/** How a pick is tiered against a result: the first test whose likeness it shares gives its tier; a pick that shares none is `wrong`. */
export const TIER_TESTS: ReadonlyArray<{ tier: ScoringTier; same: Likeness }> = [
  { tier: 'exact', same: 'score' },
  { tier: 'difference', same: 'difference' },
  { tier: 'outcome', same: 'sign' },
];

/** 1 for a home win, 0 for a draw, -1 for an away win. */
export function matchSign(s: Scoreline): 1 | 0 | -1 {
  return s.homeScore > s.awayScore ? 1 : s.homeScore < s.awayScore ? -1 : 0;
}

const LIKE: Readonly<Record<Likeness, (p: Scoreline, r: Scoreline) => boolean>> = {
  score: (p, r) => p.homeScore === r.homeScore && p.awayScore === r.awayScore,
  difference: (p, r) => p.homeScore - p.awayScore === r.homeScore - r.awayScore,
  sign: (p, r) => matchSign(p) === matchSign(r),
};

export function tierOf(prediction: Scoreline, result: Scoreline): Tier {
  for (const test of TIER_TESTS) if (LIKE[test.same](prediction, result)) return test.tier;
  return 'wrong';
}

/** The standard card's word for a tier: a right difference is a right outcome. */
export function outcomeOfTier(tier: Tier): PredictionOutcome {
  return tier === 'difference' ? 'outcome' : tier;
}

export function outcomeOf(prediction: Scoreline, result: Scoreline): PredictionOutcome {
  return outcomeOfTier(tierOf(prediction, result));
}

/** Points of a tier under a rule (wrong: 0). */
export function tierPoints(tier: Tier, rule: ScoringRule): number {
  return tier === 'wrong' ? 0 : rule[tier];
}

/** Points of a pick in a tier under a rule, a banker doubled where bankers count. */
export function pickPoints(tier: Tier, rule: ScoringRule, banker: { banker: boolean; bankersCount: boolean }): number {
  return tierPoints(tier, rule) * (banker.banker && banker.bankersCount ? BANKER_FACTOR : 1);
}

/** Points and outcome of one (non-banker) prediction against a final result under the standard rule. */
export function scorePrediction(
  prediction: Scoreline,
  result: Scoreline,
): { outcome: PredictionOutcome; points: number } {
  const tier = tierOf(prediction, result);
  return { outcome: outcomeOfTier(tier), points: tierPoints(tier, STANDARD_RULE) };
}

/** How many picks of a player fell in each tier, and how many of those were bankers. */
export type TierCounts = Record<ScoringTier, number> & { banker: Record<ScoringTier, number> };

/** A player's points from their counts: Σ rule[tier] × (count + bankers again where they count). */
export function pointsFromCounts(counts: TierCounts, rule: ScoringRule, bankersCount: boolean): number {
  let sum = 0;
  for (const t of SCORING_TIERS)
    sum += rule[t] * (counts[t] + (bankersCount ? counts.banker[t] * (BANKER_FACTOR - 1) : 0));
  return sum;
}

/** Why a rule is refused, or null: whole numbers 0–10 with exact ≥ difference ≥ outcome, and something to win. */
export function ruleProblem(rule: ScoringRule): string | null {
  for (const t of SCORING_TIERS) {
    const v = rule[t];
    if (!Number.isInteger(v) || v < 0 || v > RULE_POINTS_MAX)
      return `Points for each kind of pick are whole numbers from 0 to ${RULE_POINTS_MAX}.`;
  }
  if (rule.exact < rule.difference || rule.difference < rule.outcome)
    return 'An exact score must earn at least as much as the right goal difference, and that at least as much as the right outcome.';
  if (rule.exact === 0) return 'An exact score must earn at least 1 point.';
  return null;
}

/** Which preset a rule is, or `custom`. */
export function ruleKind(rule: ScoringRule): RuleKind {
  for (const kind of ['standard', 'goal-difference'] as const) {
    const p = RULE_PRESETS[kind];
    if (p.exact === rule.exact && p.difference === rule.difference && p.outcome === rule.outcome) return kind;
  }
  return 'custom';
}

/**
 * A rule in one line, as a league's page states it: "3 exact · 1 outcome · bankers double" (a
 * difference tier worth no more than the outcome is not a tier of its own),
 * "4 exact · 3 goal difference · 2 outcome · no bankers".
 */
export function describeRule(rule: ScoringRule, bankersAllowed: boolean): string {
  const parts = [`${rule.exact} exact`];
  if (rule.difference !== rule.outcome) parts.push(`${rule.difference} goal difference`);
  parts.push(`${rule.outcome} outcome`);
  parts.push(bankersAllowed ? 'bankers double' : 'no bankers');
  return parts.join(' · ');
}

/**
 * What a pick earns as a card shows it: against a final result, its stored points (the server's
 * verdict under the standard rule, kept exact through corrections) and outcome, or under a
 * league's rule when one is given; against an in-play score, what it would earn if the match
 * ended so (provisional). Null without a pick or a score. Every screen that shows points of a
 * match in play (the Live Matches screen, the live league table) counts them here.
 */
export function pointsOnCard(
  pick: (Scoreline & { points?: number | null; banker?: boolean }) | null,
  result: (Scoreline & { final: boolean }) | null,
  league?: { rule: ScoringRule; bankersAllowed: boolean },
): { points: number; outcome: PredictionOutcome; tier: Tier; provisional: boolean } | null {
  if (!pick || !result) return null;
  const tier = tierOf(pick, result);
  const points = pickPoints(tier, league?.rule ?? STANDARD_RULE, {
    banker: pick.banker ?? false,
    bankersCount: league?.bankersAllowed ?? true,
  });
  const outcome = outcomeOfTier(tier);
  if (result.final) return { points: league ? points : (pick.points ?? points), outcome, tier, provisional: false };
  return { points, outcome, tier, provisional: true };
}
