import { sql, type RawBuilder } from 'kysely';
import { OUTCOME_TESTS, POINTS, matchSign, type Likeness, type PredictionOutcome, type Scoreline } from '../../../game/scoring.js';

/** A result as SQL: a known one (its numbers written in as literals, whole numbers a route has checked), or columns of a joined row. */
export type ResultSql = Scoreline | { homeScore: RawBuilder<number>; awayScore: RawBuilder<number> };

const signOf = (home: RawBuilder<unknown>, away: RawBuilder<unknown>) => sql<number>`(CASE WHEN ${home} > ${away} THEN 1 WHEN ${home} < ${away} THEN -1 ELSE 0 END)`;

/**
 * The scoring rule of src/game/scoring.ts as SQL over a prediction's own columns: a CASE with a
 * branch per outcome, `valueOf` giving each branch's value. Generated from the rule's data
 * (`OUTCOME_TESTS`, `POINTS`), never written by hand a second time; scoring-sql.test.ts runs it on
 * both databases against `scorePrediction` for every pair of scores.
 *
 * `pick` names the table (or alias) whose "homeScore" and "awayScore" are the pick (bare column
 * names without it, as in an UPDATE of predictions).
 */
export function outcomeCase<T>(result: ResultSql, valueOf: (outcome: PredictionOutcome) => RawBuilder<T>, pick?: string): RawBuilder<T> {
  const home = sql.ref(pick ? `${pick}.homeScore` : 'homeScore');
  const away = sql.ref(pick ? `${pick}.awayScore` : 'awayScore');
  const known = typeof result.homeScore === 'number' && typeof result.awayScore === 'number';
  const r = known ? { homeScore: sql.lit(result.homeScore as number), awayScore: sql.lit(result.awayScore as number) } : (result as { homeScore: RawBuilder<number>; awayScore: RawBuilder<number> });
  const like: Record<Likeness, RawBuilder<boolean>> = {
    score: sql`(${home} = ${r.homeScore} AND ${away} = ${r.awayScore})`,
    sign: sql`(${signOf(home, away)} = ${known ? sql.lit(matchSign(result as Scoreline)) : signOf(r.homeScore, r.awayScore)})`,
  };
  const branches = OUTCOME_TESTS.map((t) => sql`WHEN ${like[t.same]} THEN ${valueOf(t.outcome)}`);
  return sql<T>`(CASE ${sql.join(branches, sql` `)} ELSE ${valueOf('wrong')} END)`;
}

/** A pick's outcome against `result`, as SQL. */
export const outcomeSql = (result: ResultSql, pick?: string) => outcomeCase<PredictionOutcome>(result, (o) => sql.lit(o), pick);

/** A pick's points against `result`, as SQL. */
export const pointsSql = (result: ResultSql, pick?: string) => outcomeCase<number>(result, (o) => sql.lit(POINTS[o]), pick);
