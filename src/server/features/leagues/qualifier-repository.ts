import type { MatchScore } from '../../../game/knockout.js';
import type { TieFixture } from '../../../game/qualifier.js';
import { KNOCKOUT_STAGES } from '../../../game/stages.js';
import type { DB } from '../../db/index.js';

/** A pick on a match that decides a settled tie, as the qualifier count needs it. */
export interface QualifierPickRow {
  userId: string;
  fixtureId: string;
  gameweek: number | null;
  homeScore: number;
  awayScore: number;
  qualifier: 'home' | 'away' | null;
}

/** A knockout match of a season with its teams, round, gameweek and final scores (few per season). */
export type KnockoutFixtureRow = TieFixture & { seasonId: string; gameweek: number | null };

const score = (r: {
  homeScore: number | null;
  awayScore: number | null;
  homeScoreEt: number | null;
  awayScoreEt: number | null;
  homePenalties: number | null;
  awayPenalties: number | null;
}): MatchScore | null => {
  if (r.homeScore === null || r.awayScore === null) return null;
  const pair = (h: number | null, a: number | null) =>
    h === null || a === null ? null : { homeScore: Number(h), awayScore: Number(a) };
  return {
    ninety: { homeScore: Number(r.homeScore), awayScore: Number(r.awayScore) },
    extraTime: pair(r.homeScoreEt, r.awayScoreEt),
    penalties: pair(r.homePenalties, r.awayPenalties),
  };
};

/** The knockout matches of some seasons, each with its final scores once it has them. */
export async function knockoutFixtures(db: DB, seasonIds: readonly string[]): Promise<KnockoutFixtureRow[]> {
  if (seasonIds.length === 0) return [];
  const rows = await db
    .selectFrom('fixtures as f')
    .leftJoin('results as r', (j) => j.onRef('r.fixtureId', '=', 'f.id').on('r.final', '=', 1))
    .select([
      'f.id',
      'f.seasonId',
      'f.gameweek',
      'f.stage',
      'f.leg',
      'f.homeTeam',
      'f.awayTeam',
      'f.homeLabel',
      'f.awayLabel',
      'r.homeScore',
      'r.awayScore',
      'r.homeScoreEt',
      'r.awayScoreEt',
      'r.homePenalties',
      'r.awayPenalties',
    ])
    .where('f.seasonId', 'in', seasonIds)
    .where('f.stage', 'in', KNOCKOUT_STAGES)
    .execute();
  return rows.map((r) => ({
    id: r.id,
    seasonId: r.seasonId,
    gameweek: r.gameweek === null ? null : Number(r.gameweek),
    stage: r.stage,
    leg: r.leg === null ? null : Number(r.leg),
    home: r.homeTeam,
    away: r.awayTeam,
    teamsKnown: r.homeLabel === null && r.awayLabel === null,
    score: score(r),
  }));
}

/** Every pick on the given matches (the deciding matches of settled ties). */
export async function picksOn(db: DB, fixtureIds: readonly string[]): Promise<QualifierPickRow[]> {
  if (fixtureIds.length === 0) return [];
  const rows = await db
    .selectFrom('predictions as p')
    .innerJoin('fixtures as f', 'f.id', 'p.fixtureId')
    .select(['p.userId', 'p.fixtureId', 'f.gameweek', 'p.homeScore', 'p.awayScore', 'p.qualifier'])
    .where('p.fixtureId', 'in', fixtureIds)
    .execute();
  return rows.map((r) => ({
    ...r,
    gameweek: r.gameweek === null ? null : Number(r.gameweek),
    homeScore: Number(r.homeScore),
    awayScore: Number(r.awayScore),
  }));
}

/** The seasons of a competition (a league's all-seasons table adds them up). */
export async function competitionSeasonIds(db: DB, competitionId: string): Promise<string[]> {
  const rows = await db.selectFrom('seasons').select('id').where('competitionId', '=', competitionId).execute();
  return rows.map((r) => r.id);
}

/** Whether a competition plays knockout ties in any of its seasons. */
export async function hasKnockoutsIn(db: DB, competitionId: string): Promise<boolean> {
  const row = await db
    .selectFrom('fixtures as f')
    .innerJoin('seasons as s', 's.id', 'f.seasonId')
    .select('f.id')
    .where('s.competitionId', '=', competitionId)
    .where('f.stage', 'in', KNOCKOUT_STAGES)
    .limit(1)
    .executeTakeFirst();
  return row !== undefined;
}
