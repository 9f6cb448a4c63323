import type { DB } from '../../db/index.js';

/** Whether a player has ever made a prediction, in any season (a newcomer has not). */
export async function hasAnyPrediction(db: DB, userId: string): Promise<boolean> {
  const row = await db
    .selectFrom('predictions')
    .select('fixtureId')
    .where('userId', '=', userId)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}

/** The competitions a player plays: those with a pick of theirs in any season, or a league of theirs. */
export async function competitionsOfPlayer(db: DB, userId: string): Promise<Set<string>> {
  const [picked, leagues] = await Promise.all([
    db
      .selectFrom('predictions')
      .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
      .innerJoin('seasons', 'seasons.id', 'fixtures.seasonId')
      .where('predictions.userId', '=', userId)
      .select('seasons.competitionId as id')
      .distinct()
      .execute(),
    db
      .selectFrom('leagueMembers')
      .innerJoin('leagues', 'leagues.id', 'leagueMembers.leagueId')
      .where('leagueMembers.userId', '=', userId)
      .select('leagues.competition as id')
      .distinct()
      .execute(),
  ]);
  return new Set([...picked, ...leagues].map((r) => r.id));
}

/** Which of these fixtures the player has a pick on. */
export async function predictedAmong(db: DB, userId: string, fixtureIds: readonly string[]): Promise<Set<string>> {
  if (fixtureIds.length === 0) return new Set();
  const rows = await db
    .selectFrom('predictions')
    .select('fixtureId')
    .where('userId', '=', userId)
    .where('fixtureId', 'in', [...fixtureIds])
    .execute();
  return new Set(rows.map((r) => r.fixtureId));
}
