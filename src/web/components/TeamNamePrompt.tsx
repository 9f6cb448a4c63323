/** Placeholder until the account screens land; replaced by the team-name prompt (issue 2). */
export function TeamNamePrompt() {
  return null;
}
