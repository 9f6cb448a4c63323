import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import type { ScoringTier } from '../../game/scoring.js';
import { COUNT_COLUMNS, countColumn } from './scoring-sql.js';
import type { CountsRow } from './season-counts.js';

/* What the counts reader reads: every player's tier counts per gameweek, and what says they moved. */

/** The last gameweek of a season with points rows (0: none), one probe of the key's (season, gameweek) prefix. */
export async function lastCountedGameweek(db: DB, seasonId: string): Promise<number> {
  const { rows } = await sql<{ last: number | string | null }>`
    SELECT MAX("gameweek") AS "last" FROM "userPoints" WHERE "seasonId" = ${seasonId}`.execute(db);
  return Number(rows[0]?.last ?? 0);
}

/**
 * Every player's tier counts in one gameweek of a season (`userPoints`): what any rule's points are
 * worked out from in memory (points/season-counts.ts), read a gameweek at a time along the
 * key (season, gameweek, player). One row per player.
 */
export async function gameweekCounts(db: DB, seasonId: string, gameweek: number): Promise<CountsRow[]> {
  const { rows } = await sql<Record<string, string | number>>`
    SELECT "userId", ${sql.join(COUNT_COLUMNS.map((c) => sql.ref(c)))}
    FROM "userPoints" WHERE "seasonId" = ${seasonId} AND "gameweek" = ${gameweek}`.execute(db);
  const count = (r: Record<string, string | number>, t: ScoringTier, banker: boolean) =>
    Number(r[countColumn(t, banker)] ?? 0);
  return rows.map((r) => ({
    userId: String(r.userId),
    gameweek,
    counts: {
      exact: count(r, 'exact', false),
      difference: count(r, 'difference', false),
      outcome: count(r, 'outcome', false),
      banker: {
        exact: count(r, 'exact', true),
        difference: count(r, 'difference', true),
        outcome: count(r, 'outcome', true),
      },
    },
  }));
}

/**
 * A season's final results as one text per gameweek (null: fixtures without one): each fixture's
 * id and score, in id order. Only final results score, so a gameweek's counts move only when its
 * text does (or when an announced change moves fixtures or deletes picks: counts-reader.ts).
 */
export async function finalResultsByGameweek(db: DB, seasonId: string): Promise<Map<number | null, string>> {
  const rows = await db
    .selectFrom('results as r')
    .innerJoin('fixtures as f', 'f.id', 'r.fixtureId')
    .select(['f.gameweek', 'r.fixtureId', 'r.homeScore', 'r.awayScore'])
    .where('f.seasonId', '=', seasonId)
    .where('r.final', '=', 1)
    .orderBy('r.fixtureId')
    .execute();
  const byGameweek = new Map<number | null, string>();
  for (const r of rows)
    byGameweek.set(r.gameweek, `${byGameweek.get(r.gameweek) ?? ''}${r.fixtureId}:${r.homeScore}-${r.awayScore};`);
  return byGameweek;
}
