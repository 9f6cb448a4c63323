import type { Scoreline } from './scoring.js';

/**
 * Knockout football as a prediction game sees it. A match has a score after 90 minutes (what
 * every prediction is scored against by default), and, when it went to extra time, the score
 * after extra time (cumulative: the 90 minutes' goals included) and perhaps a penalty shoot-out.
 * A league chooses which score counts (`ninety`, the default, or `extra-time`); who goes through
 * a tie is worked out here once, for every screen that shows it.
 */
export const KNOCKOUT_RULES = ['ninety', 'extra-time'] as const;
export type KnockoutRule = (typeof KNOCKOUT_RULES)[number];
export const DEFAULT_KNOCKOUT_RULE: KnockoutRule = 'ninety';

export const KNOCKOUT_RULE_NAMES: Readonly<Record<KnockoutRule, string>> = {
  ninety: 'Score after 90 minutes',
  'extra-time': 'Score after extra time',
};

/** A finished match's scores: after 90 minutes, after extra time (if played), the shoot-out (if any). */
export interface MatchScore {
  ninety: Scoreline;
  extraTime?: Scoreline | null;
  penalties?: Scoreline | null;
}

export type Side = 'home' | 'away';

const line = (s: readonly [number, number]): Scoreline => ({ homeScore: s[0], awayScore: s[1] });

/** A match score from the season file's pairs (`result`, `extraTime`, `penalties`). */
export function matchScoreOf(m: {
  result: readonly [number, number];
  extraTime?: readonly [number, number] | null;
  penalties?: readonly [number, number] | null;
}): MatchScore {
  return {
    ninety: line(m.result),
    ...(m.extraTime ? { extraTime: line(m.extraTime) } : {}),
    ...(m.penalties ? { penalties: line(m.penalties) } : {}),
  };
}

/**
 * Why these scores cannot belong together, or null. A shoot-out comes only after extra time;
 * extra time adds goals to the 90 minutes', never takes them away; a shoot-out has a winner.
 * (Whether extra time was due at all depends on the tie, not on this match alone: a second leg
 * won 3-0 after 90 minutes may still go to extra time on aggregate.)
 */
export function matchScoreProblem(s: MatchScore): string | null {
  if (s.penalties && !s.extraTime)
    return 'A penalty shoot-out comes after extra time: give the score after extra time as well.';
  if (s.extraTime && (s.extraTime.homeScore < s.ninety.homeScore || s.extraTime.awayScore < s.ninety.awayScore))
    return 'The score after extra time includes the goals of the 90 minutes, so neither side can have fewer.';
  if (s.penalties && s.penalties.homeScore === s.penalties.awayScore)
    return 'A penalty shoot-out ends with a winner: the two scores cannot be level.';
  return null;
}

/** The score a prediction is scored against under a league's rule: after extra time when it was played and the rule says so, else after 90 minutes. */
export function countingScore(s: MatchScore, rule: KnockoutRule = DEFAULT_KNOCKOUT_RULE): Scoreline {
  return rule === 'extra-time' && s.extraTime ? s.extraTime : s.ninety;
}

/** The score at the final whistle of play (after extra time when played). */
export function scoreAfterPlay(s: MatchScore): Scoreline {
  return s.extraTime ?? s.ninety;
}

/** Who won a one-match knockout: after extra time when played, then the shoot-out; null while level with nothing to settle it. */
export function singleMatchWinner(s: MatchScore): Side | null {
  const play = scoreAfterPlay(s);
  if (play.homeScore !== play.awayScore) return play.homeScore > play.awayScore ? 'home' : 'away';
  if (s.penalties && s.penalties.homeScore !== s.penalties.awayScore)
    return s.penalties.homeScore > s.penalties.awayScore ? 'home' : 'away';
  return null;
}

/** One match of a tie: its teams (null while not known) and its scores once played. */
export interface TieMatch {
  home: string | null;
  away: string | null;
  score: MatchScore | null;
}

/**
 * Who goes through a knockout tie: one match (its winner after extra time, then penalties), or
 * two legs with the teams swapped (the aggregate over both legs, extra time of the second leg
 * counted; level after that, the second leg's shoot-out; no away-goals rule). Null while a team
 * is not known, a leg is not played, or nothing has settled it yet. Legs given with the same
 * team at home twice are a caller's mistake and throw.
 */
export function tieQualifier(legs: readonly TieMatch[]): string | null {
  if (legs.length === 1) {
    const [m] = legs as [TieMatch];
    if (!m.home || !m.away || !m.score) return null;
    const side = singleMatchWinner(m.score);
    return side === null ? null : m[side];
  }
  if (legs.length !== 2) throw new Error(`A tie has one match or two legs, not ${legs.length}`);
  const [first, second] = legs as [TieMatch, TieMatch];
  if (!first.home || !first.away || !second.home || !second.away) return null;
  if (first.home !== second.away || first.away !== second.home)
    throw new Error(
      `The legs of a tie swap home and away (${first.home} v ${first.away}, ${second.home} v ${second.away})`,
    );
  if (!first.score || !second.score) return null;
  // Goals of the first leg's home team (the second leg's away team), and of the other.
  const a = first.score.ninety.homeScore + scoreAfterPlay(second.score).awayScore;
  const b = first.score.ninety.awayScore + scoreAfterPlay(second.score).homeScore;
  if (a !== b) return a > b ? first.home : first.away;
  const p = second.score.penalties;
  if (!p || p.homeScore === p.awayScore) return null;
  return p.homeScore > p.awayScore ? second.home : second.away;
}

/** Who goes through, given the round: a league or group match has no qualifier. */
export function qualifierOf(round: { knockout: boolean }, legs: readonly TieMatch[]): string | null {
  return round.knockout ? tieQualifier(legs) : null;
}

/** A match can be predicted only once both teams are known ("Winner of match 74" cannot be picked). */
export function canBePredicted(m: { home: string | null; away: string | null }): boolean {
  return m.home !== null && m.away !== null;
}
