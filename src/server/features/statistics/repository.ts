import { sql } from 'kysely';
import type { DB } from '../../db/index.js';
import type { PredictionRecord } from '../../../game/statistics.js';
import { isStandardScoring, type ScoringTier } from '../../../game/scoring.js';
import { scoringOf } from '../leagues/repository.js';
import { COUNT_COLUMNS, countColumn } from '../results/scoring-sql.js';
import type { CountsRow } from './season-counts.js';

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

/** The last gameweek of a season with points rows (0: none), one probe of the key's (season, gameweek) prefix. */
export async function lastCountedGameweek(db: DB, seasonId: string): Promise<number> {
  const { rows } = await sql<{ last: number | string | null }>`
    SELECT MAX("gameweek") AS "last" FROM "userPoints" WHERE "seasonId" = ${seasonId}`.execute(db);
  return Number(rows[0]?.last ?? 0);
}

/**
 * Every player's tier counts in one gameweek of a season (`userPoints`): what any rule's points are
 * worked out from in memory (statistics/season-counts.ts), read a gameweek at a time along the
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
    .select(['ruleExact', 'ruleDifference', 'ruleOutcome', 'bankersAllowed'])
    .where('id', '=', leagueId)
    .executeTakeFirst();
  return !row || isStandardScoring(scoringOf(row));
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
