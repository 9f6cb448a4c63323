/** What other features may use of live-matches (eslint: scoreline/feature-boundaries). */
export { inPlay } from './in-play.js';
export type { InPlay } from './in-play.js';
