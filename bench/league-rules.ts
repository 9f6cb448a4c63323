import { sql } from 'kysely';
import type { DatabaseHandle } from '../src/server/db/index.js';

/**
 * Leagues of each scoring rule in the benchmark world (decision 0106). A league's own rule is
 * points per kind of pick (exact score, right goal difference, right outcome); the schema holds
 * it as `leagues.ruleExact`, `ruleDifference` and `ruleOutcome` (migration 0040).
 */
export interface BenchRule {
  name: 'standard' | 'goal-difference' | 'custom';
  exact: number;
  difference: number;
  outcome: number;
}

/** Standard 3 / 1 / 1, the goal-difference tiers 4 / 3 / 2, and one league's own 5 / 2 / 1. */
export const BENCH_RULES: readonly BenchRule[] = [
  { name: 'standard', exact: 3, difference: 1, outcome: 1 },
  { name: 'goal-difference', exact: 4, difference: 3, outcome: 2 },
  { name: 'custom', exact: 5, difference: 2, outcome: 1 },
];

/** Gives leagues a rule, 500 at a time. */
export async function setLeagueRule(
  handle: DatabaseHandle,
  leagueIds: readonly string[],
  rule: BenchRule,
): Promise<void> {
  for (let i = 0; i < leagueIds.length; i += 500) {
    const ids = leagueIds.slice(i, i + 500);
    await sql`UPDATE "leagues" SET "ruleExact" = ${rule.exact}, "ruleDifference" = ${rule.difference}, "ruleOutcome" = ${rule.outcome} WHERE "id" IN (${sql.join(ids)})`.execute(
      handle.db,
    );
  }
}
