import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import type { BankerMatch } from '../../../game/banker.js';

/**
 * The key class of the per-player advisory lock a banker change takes on PostgreSQL (with the
 * player's id hashed as the second key), so two changes of one player's banker run one after
 * the other and never leave two bankers in a gameweek. SQLite runs one writer at a time.
 */
export const BANKER_LOCK_CLASS = 7_215_029;

export async function lockPlayerBankers(trx: DB, dialect: Dialect, userId: string): Promise<void> {
  if (dialect === 'postgres')
    await sql`SELECT pg_advisory_xact_lock(${BANKER_LOCK_CLASS}, hashtext(${userId}))`.execute(trx);
}

type MatchRow = BankerMatch & { id: string; seasonId: string };

const matchColumns = sql`f."id", f."seasonId", f."homeTeam", f."awayTeam", f."gameweek", f."kickoffAt", f."postponed", f."predictionsLockedAt",
  (CASE WHEN r."fixtureId" IS NULL THEN 0 ELSE 1 END) AS "hasResult"`;
const toMatch = (r: MatchRow & { hasResult: unknown; postponed: unknown }): MatchRow => ({
  ...r,
  postponed: Number(r.postponed),
  hasResult: Number(r.hasResult) === 1,
});

/** A match as the banker rule needs it, and whether the player has a pick on it. */
export async function bankerTarget(
  trx: DB,
  userId: string,
  fixtureId: string,
): Promise<{ match: MatchRow; hasPick: boolean; isBanker: boolean } | undefined> {
  const { rows } = await sql<MatchRow & { hasResult: unknown; pick: number | null; banker: number | null }>`
    SELECT ${matchColumns}, (CASE WHEN p."userId" IS NULL THEN 0 ELSE 1 END) AS "pick", p."banker"
    FROM "fixtures" f
    LEFT JOIN "results" r ON r."fixtureId" = f."id"
    LEFT JOIN "predictions" p ON p."fixtureId" = f."id" AND p."userId" = ${userId}
    WHERE f."id" = ${fixtureId}`.execute(trx);
  const row = rows[0];
  if (!row) return undefined;
  const { pick, banker, ...match } = row;
  return { match: toMatch(match), hasPick: Number(pick) === 1, isBanker: Number(banker) === 1 };
}

/** The player's bankers in a season's gameweek (by the matches' gameweeks now), besides `except`. */
export async function bankersOf(
  trx: DB,
  userId: string,
  seasonId: string,
  gameweek: number,
  except: string,
): Promise<MatchRow[]> {
  const { rows } = await sql<MatchRow & { hasResult: unknown }>`
    SELECT ${matchColumns}
    FROM "predictions" p
    JOIN "fixtures" f ON f."id" = p."fixtureId"
    LEFT JOIN "results" r ON r."fixtureId" = f."id"
    WHERE p."userId" = ${userId} AND p."banker" = 1 AND f."seasonId" = ${seasonId} AND f."gameweek" = ${gameweek} AND f."id" <> ${except}`.execute(
    trx,
  );
  return rows.map(toMatch);
}

/**
 * Marks the player's pick on `fixtureId` as a banker (or not). Only unscored picks change: a
 * banker moves only between open matches, which have no result, so the points aggregate is
 * untouched. Returns whether the pick changed.
 */
export async function markBanker(trx: DB, userId: string, fixtureId: string, banker: boolean): Promise<boolean> {
  const res = await trx
    .updateTable('predictions')
    .set({ banker: banker ? 1 : 0 })
    .where('userId', '=', userId)
    .where('fixtureId', '=', fixtureId)
    .where('points', 'is', null)
    .executeTakeFirst();
  return Number(res.numUpdatedRows) > 0;
}
