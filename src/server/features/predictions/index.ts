/** What other features may use of predictions (eslint: scoreline/feature-boundaries). */
export { boardMatch, ownGameweekPredictions, ownPredictionsOf } from './board.js';
export type { OwnPick } from './repository.js';
