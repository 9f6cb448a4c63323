/** What other features may use of summary (eslint: scoreline/feature-boundaries). */
export { summaryParts, summaryTotals } from './summary.js';
