/** What other features may use of feed (eslint: scoreline/feature-boundaries). */
export { applySeasonPlan } from './apply.js';
export { latestRuns, loadSyncFixtures, openConflictCounts, pendingMoveCounts, rejectedMoves } from './repository.js';
export type { RunRecord } from './repository.js';
export { presentRun } from './service.js';
