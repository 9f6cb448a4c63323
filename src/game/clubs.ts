/**
 * Clubs are data (a season's clubs come from the database, `GET /api/clubs`); what is left here
 * is the rule for showing a name and the kinds of generated badge a club can have.
 */

/** How a club's generated badge is drawn, chosen to resemble its real shirt or crest. */
export const CLUB_PATTERNS = ['plain', 'stripes', 'halves', 'hoops', 'sash'] as const;
export type ClubPattern = (typeof CLUB_PATTERNS)[number];

/** A team's name for display: the spec's rule of dropping the ' FC' suffix. */
export function displayTeamName(name: string): string {
  return name.replace(/ FC$/, '');
}
