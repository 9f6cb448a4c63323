/** What other features may use of statistics (eslint: scoreline/feature-boundaries). */
export { ownPredictionRecords } from './own-records.js';
