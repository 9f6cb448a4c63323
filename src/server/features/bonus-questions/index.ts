/** What other features may use of bonus-questions (eslint: scoreline/feature-boundaries). */
export { answersTo, listQuestions, parseList } from './repository.js';
