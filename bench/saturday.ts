import { sql } from 'kysely';
import type { DB } from '../src/server/db/index.js';

/**
 * The afternoon the benchmark plays (decision 0106): Saturday 28 November 2026, 16:10 UTC, in
 * Gameweek 12 of 2026/27. The season file has every match of that gameweek at 15:00 (its source
 * publishes no times yet), so the world spreads them over the Premier League's usual television
 * slots: one match at 12:30 is over, six that kicked off at 15:00 are in play, the 17:30 match is
 * past its deadline, and Sunday's two are still open. Gameweek 12 is therefore where the
 * Predictions board opens, partly played, and Gameweek 13 (Wednesday) is open too: finished
 * cards, live cards, closed cards with pick shares and open ones on one board, results arriving
 * and predictions being saved, as on a real Saturday.
 *
 * November in London is GMT, so the local times equal UTC.
 */
export const MATCH_WEEK_NOW = '2026-11-28T16:10:00Z';
export const MATCH_WEEK_GAMEWEEK = 12;

const SLOTS: ReadonlyArray<{ date: string; time: string }> = [
  { date: '2026-11-28', time: '12:30' },
  ...Array.from({ length: 6 }, () => ({ date: '2026-11-28', time: '15:00' })),
  { date: '2026-11-28', time: '17:30' },
  { date: '2026-11-29', time: '14:00' },
  { date: '2026-11-29', time: '16:30' },
];

/**
 * Moves the gameweek's matches (in fixture id order) to the slots above, before anything is
 * predicted or scored, and stretches the gameweek to its Sunday. Fixture ids stay as imported,
 * as they do when an admin moves a match.
 */
export async function spreadOverSaturdaySlots(db: DB, seasonId: string, nowIso: string): Promise<void> {
  const fixtures = await db
    .selectFrom('fixtures')
    .select('id')
    .where('seasonId', '=', seasonId)
    .where('gameweek', '=', MATCH_WEEK_GAMEWEEK)
    .orderBy('id')
    .execute();
  if (fixtures.length !== SLOTS.length)
    throw new Error(
      `Gameweek ${MATCH_WEEK_GAMEWEEK} of ${seasonId} has ${fixtures.length} matches, the match week expects ${SLOTS.length}`,
    );
  for (const [i, f] of fixtures.entries()) {
    const slot = SLOTS[i]!;
    await db
      .updateTable('fixtures')
      .set({
        kickoffAt: new Date(`${slot.date}T${slot.time}:00Z`).toISOString(),
        localDate: slot.date,
        localTime: slot.time,
        updatedAt: nowIso,
      })
      .where('id', '=', f.id)
      .execute();
  }
  const lastDay = SLOTS[SLOTS.length - 1]!.date;
  await db
    .updateTable('gameweeks')
    .set({
      endDate: sql<string>`(CASE WHEN "endDate" < ${lastDay} THEN ${lastDay} ELSE "endDate" END)`,
      updatedAt: nowIso,
    })
    .where('seasonId', '=', seasonId)
    .where('gameweek', '=', MATCH_WEEK_GAMEWEEK)
    .execute();
}
