import { exec } from './bounded.js';

/** Longest placeholder read ("Winner of match 101", "3A/B/C/D/F"). */
const PLACEHOLDER_MAX = 40;
// Each alternative is anchored and made of runs that cannot overlap: no backtracking.
const PATTERNS = [
  /^N\.\s?N\.$/, // Football.TXT: teams to be decided
  /^(?:TBD|TBC|TBA)$/i,
  /^[WL]\d{1,3}$/, // openfootball JSON: winner / loser of match 74
  /^(?:Winner|Loser)s?(?: of)?(?: match)? \d{1,3}$/i,
  /^[1-3][A-L](?:\/[A-L]){0,11}$/, // group position: 1A, 2B, 3A/B/C/D/F
  /^(?:Winner|Runner-up|Runners-up|1st|2nd|3rd)(?: of)? Group [A-L](?:\/[A-L]){0,11}$/i,
];

/**
 * Whether a team name stands for a team not yet known ("N.N.", "W74", "Winner of match 74",
 * "1A", "3A/B/C/D/F"): such a match is listed, but cannot be predicted until the team is in.
 */
export function isPlaceholderTeam(name: string): boolean {
  const t = name.trim();
  if (t.length > PLACEHOLDER_MAX) return false;
  return PATTERNS.some((p) => exec(p, t) !== null);
}
