import { tieQualifier, type MatchScore, type Side } from './knockout.js';
import { isKnockoutStage, isStage } from './stages.js';

/**
 * Naming who goes through a knockout tie: what a league's qualifier points reward. Only a match
 * that decides a tie takes such a pick: a one-match knockout, or the second leg of a two-legged
 * tie (the first leg decides nothing on its own). A league or group match has no tie.
 *
 * In a one-match knockout a predicted winner goes through, so the pick is implied by the score;
 * a predicted draw (level after 90 minutes, or after extra time) needs the player to say who wins
 * it after that. In a second leg the aggregate decides, so the player names the team outright.
 * Bankers do not double these points: a banker doubles the points of a score.
 */
export type TieRole = 'none' | 'single' | 'second-leg';

export const QUALIFIER_SIDES = ['home', 'away'] as const satisfies readonly Side[];

/** What a league may give for naming who goes through a tie: nothing (the default) up to this. */
export const QUALIFIER_POINTS_MAX = 5;

/** Whether a match decides a tie, from its stage and its leg. */
export function tieRoleOf(f: { stage?: string | null; leg?: number | null }): TieRole {
  if (!f.stage || !isStage(f.stage) || !isKnockoutStage(f.stage)) return 'none';
  if (f.leg === 1) return 'none';
  return f.leg === 2 ? 'second-leg' : 'single';
}

export const QUALIFIER_NOT_A_TIE_MESSAGE =
  'Only a knockout match that decides a tie has a team to go through: leave it out for this match.';
export const QUALIFIER_CONTRADICTS_MESSAGE =
  'The team you predict to win this match goes through: name that team, or predict a draw.';

interface Pick {
  homeScore: number;
  awayScore: number;
  /** The team the player named to go through, if they named one. */
  qualifier?: Side | null;
}

const winnerOf = (p: Pick): Side | null =>
  p.homeScore === p.awayScore ? null : p.homeScore > p.awayScore ? 'home' : 'away';

/** Why a pick's named team cannot stand on this match, or null. */
export function qualifierPickProblem(role: TieRole, pick: Pick): string | null {
  if (!pick.qualifier) return null;
  if (role === 'none') return QUALIFIER_NOT_A_TIE_MESSAGE;
  if (role === 'single') {
    const winner = winnerOf(pick);
    if (winner && winner !== pick.qualifier) return QUALIFIER_CONTRADICTS_MESSAGE;
  }
  return null;
}

/** The side a pick says goes through: the one named, else a one-match knockout's predicted winner; null when it says none. */
export function pickedQualifier(role: TieRole, pick: Pick): Side | null {
  if (role === 'none') return null;
  if (pick.qualifier) return pick.qualifier;
  return role === 'single' ? winnerOf(pick) : null;
}

/**
 * The team a save of a new score keeps named (for an editor of scores only, such as a card's
 * boxes: a save is the whole pick, so it sends the team again): the one named before, unless the
 * match decides no tie or the new score's winner of a one-match knockout now says who goes through.
 */
export function keptQualifier(
  role: TieRole,
  score: { homeScore: number; awayScore: number },
  named: Side | null | undefined,
): Side | undefined {
  if (role === 'none' || !named) return undefined;
  if (role === 'single' && winnerOf(score)) return undefined;
  return named;
}

/** A match of a knockout season as the qualifier count needs it: teams, round, and scores once final. */
export interface TieFixture {
  id: string;
  stage: string | null;
  leg: number | null;
  home: string;
  away: string;
  /** Null while either side is shown by its placeholder. */
  teamsKnown: boolean;
  score: MatchScore | null;
}

/**
 * Who went through each decided tie of a season, as a side of its deciding match (the one-match
 * knockout, or the second leg): ties not settled yet (a leg unplayed, teams unknown) are absent.
 * A second leg's first leg is the match of the same stage with the teams the other way round.
 */
export function decidedTies(fixtures: readonly TieFixture[]): Map<string, Side> {
  const firstLegs = new Map<string, TieFixture>();
  for (const f of fixtures)
    if (f.leg === 1 && f.teamsKnown && tieRoleOf({ stage: f.stage, leg: 2 }) === 'second-leg')
      firstLegs.set(`${f.stage}\u0000${f.home}\u0000${f.away}`, f);
  const out = new Map<string, Side>();
  for (const f of fixtures) {
    const role = tieRoleOf(f);
    if (role === 'none' || !f.teamsKnown || !f.score) continue;
    const match = { home: f.home, away: f.away, score: f.score };
    let through: string | null;
    if (role === 'single') through = tieQualifier([match]);
    else {
      const first = firstLegs.get(`${f.stage}\u0000${f.away}\u0000${f.home}`);
      if (!first?.score) continue;
      through = tieQualifier([{ home: first.home, away: first.away, score: first.score }, match]);
    }
    if (through !== null) out.set(f.id, through === f.home ? 'home' : 'away');
  }
  return out;
}
