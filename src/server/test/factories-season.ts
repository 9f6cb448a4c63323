import crypto from 'node:crypto';
import type { DB } from '../db/index.js';
import type { FixtureFields } from '../db/schema.js';

/**
 * A fixture row for tests and benchmarks. `kickoffAt` is the UTC instant; the London local date
 * and time default to what that instant reads in UTC (close enough for tests that set both).
 */
export async function buildFixture(
  db: DB,
  overrides: Partial<Omit<FixtureFields, 'league' | 'postponed'> & { id: string; postponed: boolean }> = {},
) {
  const kickoffAt = overrides.kickoffAt === undefined ? '2025-08-16T14:00:00.000Z' : overrides.kickoffAt;
  const row = {
    id: overrides.id ?? `fx_${crypto.randomUUID().slice(0, 12)}`,
    homeTeam: overrides.homeTeam ?? 'Arsenal FC',
    awayTeam: overrides.awayTeam ?? 'Chelsea FC',
    kickoffAt,
    localDate: overrides.localDate ?? (kickoffAt ?? '2025-08-16').slice(0, 10),
    localTime: overrides.localTime === undefined ? (kickoffAt ? kickoffAt.slice(11, 16) : null) : overrides.localTime,
    gameweek: overrides.gameweek === undefined ? 1 : overrides.gameweek,
    league: 'Premier League',
    postponed: overrides.postponed ? 1 : 0,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
  };
  await db.insertInto('fixtures').values(row).execute();
  return row;
}
