import type { DB } from '../db/index.js';
import type { LeagueRow } from '../features/leagues/repository.js';

/**
 * A private Premier League league created by `creatorId` on 1 August 2025, with these members
 * (the creator among them when listed), joined the same day; standard scoring.
 */
export async function buildLeague(
  db: DB,
  l: { id: string; name: string; code: string; creatorId: string; members: readonly string[] },
): Promise<void> {
  const at = '2025-08-01T00:00:00.000Z';
  await db
    .insertInto('leagues')
    .values({
      id: l.id,
      name: l.name,
      code: l.code,
      description: null,
      competition: 'premier-league',
      privacy: 'private',
      creatorId: l.creatorId,
      createdAt: at,
    })
    .execute();
  if (l.members.length)
    await db
      .insertInto('leagueMembers')
      .values(l.members.map((userId) => ({ leagueId: l.id, userId, joinedAt: at })))
      .execute();
}

/** A league as the repository reads it (`LeagueRow`), for tests of what is made from one without a database. */
export function leagueRowOf(overrides: Partial<LeagueRow> = {}): LeagueRow {
  return {
    id: 'league-1',
    name: 'Kept parts',
    code: 'ABCDEFGH',
    description: null,
    competition: 'premier-league',
    privacy: 'private',
    creatorId: 'user-7',
    createdAt: '2026-08-01T00:00:00.000Z',
    ruleExact: 4,
    ruleDifference: 3,
    ruleOutcome: 2,
    bankersAllowed: 1,
    scoringChangedAt: null,
    knockoutRule: 'ninety',
    qualifierPoints: 0,
    ...overrides,
  };
}
