/** What other features may use of gameweeks (eslint: scoreline/feature-boundaries). */
export { resolveOpening } from './opening.js';
export type { GameweekStates } from './opening.js';
export { assertSeasonGameweek, effectiveGameweeks, resolveGameweeks } from './service.js';
