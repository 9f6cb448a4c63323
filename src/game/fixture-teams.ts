import type { Side } from './knockout.js';

/**
 * The teams of a fixture as stored: a side whose team is not known yet holds its placeholder
 * ("Winner of match 74", "1A") both as `team` and as `label` (decision 0116); a known side has a
 * club as `team` and no label. A match can be predicted once neither side has a label.
 */
export interface FixtureSide {
  team: string;
  label: string | null;
}
export interface FixtureSides {
  home: FixtureSide;
  away: FixtureSide;
}

/** What an edit asks for per side: a club, or null to leave a side that is not known yet as it is. */
export interface WantedTeams {
  home: string | null;
  away: string | null;
}

export type TeamsProblemCode = 'team_required' | 'same_teams';

export type TeamsOutcome =
  | { ok: true; sides: FixtureSides; filled: Side[] }
  | { ok: false; field: 'homeTeam' | 'awayTeam'; code: TeamsProblemCode; message: string };

export const SAME_TEAMS_MESSAGE = 'Home team and away team cannot be the same';
const REQUIRED: Record<Side, string> = {
  home: 'Please select a home team',
  away: 'Please select an away team',
};

const SIDES: readonly Side[] = ['home', 'away'];
const fieldOf = (side: Side) => (side === 'home' ? 'homeTeam' : 'awayTeam');

/**
 * The teams after the admin's edit (`current` null: a new fixture). A club given replaces the
 * side and clears its placeholder; a side may stay unknown only if it is unknown now (a known
 * team is never turned back into a placeholder, and a new fixture names both clubs). Whether the
 * club plays in the season is the server's check, not this rule's.
 */
export function teamsAfterEdit(current: FixtureSides | null, wanted: WantedTeams): TeamsOutcome {
  const sides = {} as FixtureSides;
  const filled: Side[] = [];
  for (const side of SIDES) {
    const club = wanted[side];
    const now = current?.[side];
    if (club === null || club === '') {
      if (!now?.label) return { ok: false, field: fieldOf(side), code: 'team_required', message: REQUIRED[side] };
      sides[side] = now;
      continue;
    }
    sides[side] = { team: club, label: null };
    if (now?.label) filled.push(side);
  }
  if (!sides.home.label && !sides.away.label && sides.home.team === sides.away.team)
    return { ok: false, field: 'awayTeam', code: 'same_teams', message: SAME_TEAMS_MESSAGE };
  return { ok: true, sides, filled };
}

/** What a feed says of one side: a club, or null while it does not know the team either. */
export interface FeedFillOutcome {
  sides: FixtureSides;
  /** Sides filled in by this word (their placeholder cleared). */
  filled: Side[];
  /** Known sides the feed names differently: left as stored (the admin decides, never the feed). */
  disagrees: Side[];
}

/**
 * A feed's word on a fixture's teams: it fills in a side that is not known yet, and never
 * replaces a team that is known (a known side it names otherwise is reported, not written). A
 * fill that would make both sides the same club is not made.
 */
export function teamsFromFeed(current: FixtureSides, incoming: WantedTeams): FeedFillOutcome {
  const sides: FixtureSides = { home: current.home, away: current.away };
  const filled: Side[] = [];
  const disagrees: Side[] = [];
  for (const side of SIDES) {
    const club = incoming[side];
    const now = current[side];
    if (club === null) continue;
    if (now.label) {
      sides[side] = { team: club, label: null };
      filled.push(side);
    } else if (now.team !== club) disagrees.push(side);
  }
  if (filled.length && !sides.home.label && !sides.away.label && sides.home.team === sides.away.team)
    return { sides: current, filled: [], disagrees: [...filled] };
  return { sides, filled, disagrees };
}

/** Whether both teams are known (the match can be predicted, under the deadline rule). */
export const bothTeamsKnown = (s: FixtureSides) => s.home.label === null && s.away.label === null;
