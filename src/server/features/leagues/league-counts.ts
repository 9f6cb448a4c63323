import type { FastifyInstance } from 'fastify';
import type { SeasonCounts } from '../../points/season-counts.js';
import { countsUnderLeague } from './extra-time-counts.js';
import type { LeagueRow } from './repository.js';

/** A season's kept counts as the league sees them under its knockout rule (the tables, places and totals of a league read these). */
export async function leagueCounts(
  app: FastifyInstance,
  seasonId: string,
  league: Pick<LeagueRow, 'knockoutRule' | 'qualifierPoints'>,
): Promise<SeasonCounts> {
  return countsUnderLeague(app, seasonId, league);
}
