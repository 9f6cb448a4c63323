import type { DB } from '../../db/index.js';
import type { PredictionRecord } from '../../../game/statistics.js';
import { scoresAsOverall } from '../leagues/index.js';

/** One player's picks of a season, without their fixtures (a screen joins them to the kept list). */
export interface OwnPredictionRow {
  fixtureId: string;
  predictedAt: string;
  homeScore: number;
  awayScore: number;
  outcome: PredictionRecord['outcome'];
  points: number | null;
}

/**
 * A player's predictions of a season, each read by the predictions' key (fixture, player) for
 * the season's fixtures: no join, so a player's first request after a change reads only their
 * own rows (the fixtures and results come from the season's kept list).
 */
export async function loadSeasonPredictions(db: DB, userId: string, seasonId: string): Promise<OwnPredictionRow[]> {
  return db
    .selectFrom('predictions')
    .select(['fixtureId', 'predictedAt', 'homeScore', 'awayScore', 'outcome', 'points'])
    .where('userId', '=', userId)
    .where('fixtureId', 'in', (eb) =>
      eb.selectFrom('fixtures').select('fixtures.id').where('fixtures.seasonId', '=', seasonId),
    )
    .execute();
}

/**
 * One player's predictions with their fixtures. Outcome and points count only while the match
 * has a FINAL result (a provisional in-play score never scores).
 */
export async function loadPredictionRecords(db: DB, userId: string, seasonId: string): Promise<PredictionRecord[]> {
  const rows = await db
    .selectFrom('predictions')
    .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
    .leftJoin('results', 'results.fixtureId', 'predictions.fixtureId')
    .select([
      'predictions.fixtureId',
      'fixtures.homeTeam',
      'fixtures.awayTeam',
      'fixtures.kickoffAt',
      'predictions.predictedAt',
      'predictions.homeScore',
      'predictions.awayScore',
      'predictions.outcome',
      'predictions.points',
      'results.final',
      'results.homeScore as resultHome',
      'results.awayScore as resultAway',
    ])
    .where('predictions.userId', '=', userId)
    // The season's fixtures named to the predictions' key (player, fixture): PostgreSQL then reads
    // only this season's rows by the primary key, one page each (predictions are clustered by
    // fixture), instead of every season's through the player's index and dropping the others in
    // the join: half the pages of a player's first request after a change (decision 0105).
    .where('predictions.fixtureId', 'in', (eb) =>
      eb.selectFrom('fixtures as sf').select('sf.id').where('sf.seasonId', '=', seasonId),
    )
    .where('fixtures.seasonId', '=', seasonId)
    .execute();
  return rows.map((r) =>
    predictionRecord(
      r,
      r,
      r.final,
      r.resultHome === null ? null : { homeScore: r.resultHome, awayScore: r.resultAway! },
    ),
  );
}

/**
 * A pick with its fixture as the statistics read it: outcome, points and the result count only
 * while the match has a FINAL result (`final` 1; a provisional in-play score never scores).
 */
export function predictionRecord(
  pick: OwnPredictionRow,
  fixture: Pick<PredictionRecord, 'homeTeam' | 'awayTeam' | 'kickoffAt'> & { fixtureId?: string; id?: string },
  final: number | null | undefined,
  result: { homeScore: number; awayScore: number } | null | undefined,
): PredictionRecord {
  const scored = final === 1 && pick.outcome !== null;
  return {
    fixtureId: fixture.id ?? pick.fixtureId,
    homeTeam: fixture.homeTeam,
    awayTeam: fixture.awayTeam,
    kickoffAt: fixture.kickoffAt,
    predictedAt: pick.predictedAt,
    homeScore: pick.homeScore,
    awayScore: pick.awayScore,
    outcome: scored ? pick.outcome : null,
    points: scored ? (pick.points ?? 0) : null,
    result: scored && result ? { homeScore: result.homeScore, awayScore: result.awayScore } : null,
  };
}

// What the read model watches for results written with no change announced (read-model/repository.ts).
export {
  RESULTS_VERSION_KEY,
  resultsVersion,
  sqliteChangeMarker,
  totalsFingerprint,
  type ResultsFingerprint,
} from '../../read-model/repository.js';

/** Whether a league scores as the overall leaderboard does (the standard rule, bankers double): its rank history is then a subset of everyone's. */
export async function scoresAsStandard(db: DB, leagueId: string): Promise<boolean> {
  const row = await db
    .selectFrom('leagues')
    .select(['ruleExact', 'ruleDifference', 'ruleOutcome', 'bankersAllowed', 'knockoutRule', 'qualifierPoints'])
    .where('id', '=', leagueId)
    .executeTakeFirst();
  return !row || scoresAsOverall(row);
}

export async function leagueMemberIds(db: DB, leagueId: string): Promise<string[]> {
  const rows = await db.selectFrom('leagueMembers').select('userId').where('leagueId', '=', leagueId).execute();
  return rows.map((r) => r.userId);
}

/** The leagues the player belongs to (for the rank-history league selector). */
export async function leaguesOf(db: DB, userId: string): Promise<Array<{ id: string; name: string }>> {
  return db
    .selectFrom('leagueMembers')
    .innerJoin('leagues', 'leagues.id', 'leagueMembers.leagueId')
    .select(['leagues.id', 'leagues.name'])
    .where('leagueMembers.userId', '=', userId)
    .orderBy('leagues.name')
    .orderBy('leagues.id')
    .execute();
}
