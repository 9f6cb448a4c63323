import type { DB } from '../db/index.js';
import { DEFAULT_COMPETITION } from './repository.js';

/**
 * The competitions a player plays: those with a pick of theirs in any season, or a league of
 * theirs. The Premier League is everyone's (`playedCompetitions`): every screen leads with it.
 * One definition for every place that spans competitions: the dashboard, the calendar feed.
 */
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

/** What a player is shown across competitions: the Premier League always, and every other competition they play. */
export async function playedCompetitions(db: DB, userId: string): Promise<Set<string>> {
  const plays = await competitionsOfPlayer(db, userId);
  plays.add(DEFAULT_COMPETITION);
  return plays;
}
