import type { DB } from '../../db/index.js';
import { qualifiersOver } from './qualifier-counts.js';
import { competitionSeasonIds } from './qualifier-repository.js';
import { leagueStandings, type LeagueRow, type TableRow } from './repository.js';

/**
 * A league's all-seasons table before ranking: every season of its competition added up in SQL
 * (repository.ts `leagueStandings`), and, in a league with qualifier points, the ties each member
 * named right over those seasons (qualifier-counts.ts), as its season tables count them. The one
 * rule ranks the rows afterwards (standings.ts `rankTable`), so the SQL's order never shows.
 */
export async function allSeasonsRows(
  db: DB,
  league: Pick<LeagueRow, 'id' | 'competition' | 'qualifierPoints'>,
): Promise<TableRow[]> {
  const rows = await leagueStandings(db, league.id, 'all');
  const each = Number(league.qualifierPoints);
  if (each === 0) return rows;
  const named = await qualifiersOver(db, await competitionSeasonIds(db, league.competition));
  return rows.map((r) => ({ ...r, points: r.points + (named.get(r.userId) ?? 0) * each }));
}
