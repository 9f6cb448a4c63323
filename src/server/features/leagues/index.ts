/** What other features may use of leagues (eslint: scoreline/feature-boundaries). */
export { countsUnderLeague } from './extra-time-counts.js';
export { invitePreview } from './invites-repository.js';
export { keptTables } from './kept-tables.js';
export { livePicksOf } from './live-picks.js';
export { provisionalPoints } from './live-table.js';
export { seasonTableWith } from './positions.js';
export {
  displayNameSql,
  getLeague,
  getLeagueMembership,
  isMember,
  leaguesByJoining,
  listMyLeagues,
  lockLeague,
  memberPicksOn,
  scoresAsOverall,
  scoringOf,
} from './repository.js';
export type { LeagueRow } from './repository.js';
export { LEAGUE_GONE, NOT_A_MEMBER } from './routes.js';
export { placeAfter } from './standings.js';
export type { TableEntry } from './table-cache.js';
