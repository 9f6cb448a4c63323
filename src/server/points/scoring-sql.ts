import { sql, type RawBuilder } from 'kysely';
import {
  BANKER_FACTOR,
  SCORING_TIERS,
  STANDARD_RULE,
  TIER_TESTS,
  matchSign,
  outcomeOfTier,
  tierPoints,
  type Likeness,
  type PredictionOutcome,
  type ScoringTier,
  type Scoreline,
  type Tier,
} from '../../game/scoring.js';

/** A result as SQL: a known one (its numbers written in as literals, whole numbers a route has checked), or columns of a joined row. */
export type ResultSql = Scoreline | { homeScore: RawBuilder<number>; awayScore: RawBuilder<number> };

const signOf = (home: RawBuilder<unknown>, away: RawBuilder<unknown>) =>
  sql<number>`(CASE WHEN ${home} > ${away} THEN 1 WHEN ${home} < ${away} THEN -1 ELSE 0 END)`;
const column = (table: string | undefined, name: string) => sql.ref(table ? `${table}.${name}` : name);

/**
 * The tiers of src/game/scoring.ts as SQL over a prediction's own columns: a CASE with a branch
 * per tier, `valueOf` giving each branch's value. Generated from the rule's data (`TIER_TESTS`),
 * never written by hand a second time; scoring-sql.test.ts runs it on both databases against
 * `tierOf` and `scorePrediction` for every pair of scores.
 *
 * `pick` names the table (or alias) whose "homeScore" and "awayScore" are the pick (bare column
 * names without it, as in an UPDATE of predictions).
 */
export function tierCase<T>(result: ResultSql, valueOf: (tier: Tier) => RawBuilder<T>, pick?: string): RawBuilder<T> {
  const home = column(pick, 'homeScore');
  const away = column(pick, 'awayScore');
  const known = typeof result.homeScore === 'number' && typeof result.awayScore === 'number';
  const r = known
    ? { homeScore: sql.lit(result.homeScore as number), awayScore: sql.lit(result.awayScore as number) }
    : (result as { homeScore: RawBuilder<number>; awayScore: RawBuilder<number> });
  const like: Record<Likeness, RawBuilder<boolean>> = {
    score: sql`(${home} = ${r.homeScore} AND ${away} = ${r.awayScore})`,
    difference: sql`(${home} - ${away} = ${known ? sql.lit((result as Scoreline).homeScore - (result as Scoreline).awayScore) : sql`${r.homeScore} - ${r.awayScore}`})`,
    sign: sql`(${signOf(home, away)} = ${known ? sql.lit(matchSign(result as Scoreline)) : signOf(r.homeScore, r.awayScore)})`,
  };
  const branches = TIER_TESTS.map((t) => sql`WHEN ${like[t.same]} THEN ${valueOf(t.tier)}`);
  return sql<T>`(CASE ${sql.join(branches, sql` `)} ELSE ${valueOf('wrong')} END)`;
}

/** A pick's tier against `result`, as SQL. */
export const tierSql = (result: ResultSql, pick?: string) => tierCase<Tier>(result, (t) => sql.lit(t), pick);

/** A pick's outcome under the standard rule (what its card says) against `result`, as SQL. */
export const outcomeSql = (result: ResultSql, pick?: string) =>
  tierCase<PredictionOutcome>(result, (t) => sql.lit(outcomeOfTier(t)), pick);

/** A pick's points under the standard rule against `result`, as SQL, before any banker. */
export const standardPointsSql = (result: ResultSql, pick?: string) =>
  tierCase<number>(result, (t) => sql.lit(tierPoints(t, STANDARD_RULE)), pick);

/** The factor of a pick's banker column: doubled when it is its player's banker. */
export const bankerFactorSql = (pick?: string) =>
  sql<number>`(CASE WHEN ${column(pick, 'banker')} = 1 THEN ${sql.lit(BANKER_FACTOR)} ELSE 1 END)`;

/** A pick's stored points against `result` (the standard rule, a banker doubled), as SQL. */
export const pointsSql = (result: ResultSql, pick?: string) =>
  sql<number>`(${standardPointsSql(result, pick)} * ${bankerFactorSql(pick)})`;

/** The aggregate's count column of a tier: `exact`, `difference`, `outcome`, and of bankers in it: `bankerExact`, … */
export const countColumn = (tier: ScoringTier, banker: boolean) =>
  banker ? `banker${tier[0]!.toUpperCase()}${tier.slice(1)}` : tier;

/** Every count column of the aggregate, tier by tier. */
export const COUNT_COLUMNS: readonly string[] = SCORING_TIERS.flatMap((t) => [
  countColumn(t, false),
  countColumn(t, true),
]);

/**
 * Points from an aggregate row's counts under a rule given as SQL (a league's columns):
 * Σ rule[tier] × (count + its bankers again where bankers count). `src/game/scoring.ts`
 * `pointsFromCounts` in SQL, generated from the same tiers.
 */
export function pointsFromCountsSql(
  counts: string,
  rule: Record<ScoringTier, RawBuilder<number>>,
  bankersCount: RawBuilder<unknown>,
): RawBuilder<number> {
  const terms = SCORING_TIERS.map(
    (t) =>
      sql`${rule[t]} * (COALESCE(${sql.ref(`${counts}.${countColumn(t, false)}`)}, 0) + (CASE WHEN ${bankersCount} = 1 THEN ${sql.lit(BANKER_FACTOR - 1)} * COALESCE(${sql.ref(`${counts}.${countColumn(t, true)}`)}, 0) ELSE 0 END))`,
  );
  return sql<number>`(${sql.join(terms, sql` + `)})`;
}

/** A league's rule columns (alias `league`) for `pointsFromCountsSql`. */
export const leagueRuleSql = (league: string) => ({
  rule: {
    exact: sql.ref<number>(`${league}.ruleExact`),
    difference: sql.ref<number>(`${league}.ruleDifference`),
    outcome: sql.ref<number>(`${league}.ruleOutcome`),
  },
  bankersCount: sql.ref<number>(`${league}.bankersAllowed`),
});
