import type { DB } from '../../db/index.js';

/** A scored pick on a match that went to extra time, with both scores of the match. */
export interface ExtraTimePickRow {
  userId: string;
  gameweek: number | null;
  homeScore: number;
  awayScore: number;
  banker: number;
  resultHome: number;
  resultAway: number;
  resultHomeEt: number;
  resultAwayEt: number;
}

/**
 * Every pick on a season's matches that went to extra time and have their final result: the few
 * picks a league that scores after extra time tiers again (leagues/extra-time-counts.ts). Found
 * from the results of the season's fixtures, then each fixture's picks by its index.
 */
export async function extraTimePicks(db: DB, seasonId: string): Promise<ExtraTimePickRow[]> {
  const rows = await db
    .selectFrom('fixtures as f')
    .innerJoin('results as r', 'r.fixtureId', 'f.id')
    .innerJoin('predictions as p', 'p.fixtureId', 'f.id')
    .select([
      'p.userId',
      'f.gameweek',
      'p.homeScore',
      'p.awayScore',
      'p.banker',
      'r.homeScore as resultHome',
      'r.awayScore as resultAway',
      'r.homeScoreEt as resultHomeEt',
      'r.awayScoreEt as resultAwayEt',
    ])
    .where('f.seasonId', '=', seasonId)
    .where('r.final', '=', 1)
    .where('r.homeScoreEt', 'is not', null)
    .where('r.awayScoreEt', 'is not', null)
    .where('p.points', 'is not', null)
    .execute();
  return rows.map((r) => ({
    ...r,
    gameweek: r.gameweek === null ? null : Number(r.gameweek),
    homeScore: Number(r.homeScore),
    awayScore: Number(r.awayScore),
    banker: Number(r.banker),
    resultHome: Number(r.resultHome),
    resultAway: Number(r.resultAway),
    resultHomeEt: Number(r.resultHomeEt),
    resultAwayEt: Number(r.resultAwayEt),
  }));
}
