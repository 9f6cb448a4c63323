/** What the installable app says, in one place for the screens and their tests. */
export const OFFLINE_TEXT =
  "You're offline — showing your last saved board. Changes can't be saved until you're back online.";

export const UPDATE_READY_TEXT = 'A new version of Scoreline is ready.';
