/** What other features may use of reminders (eslint: scoreline/feature-boundaries). */
export { fixturesKickingOffBetween, playersOfCompetitions, predictionKeys, remindsOf } from './repository.js';
