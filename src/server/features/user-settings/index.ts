/** What other features may use of user-settings (eslint: scoreline/feature-boundaries). */
export { ensureSettings, ensureSettingsFor, pushInsteadOfEmail } from './repository.js';
export type { UserSettingsRow } from './repository.js';
