import { isStage, STAGE_NAMES } from './stages.js';

/**
 * How a match's round and result are said, for every place that says them: the web's match
 * facts and the server's calendar feed word them the same way.
 */

/** A match's round as stored: its stage (src/game/stages.ts), its group and its leg of a two-legged tie. */
export interface RoundFacts {
  stage?: string | null;
  group?: string | null;
  leg?: number | null;
}

/** "1st leg" / "2nd leg" of a two-legged tie. */
export const legName = (leg: number) => (leg === 1 ? '1st leg' : leg === 2 ? '2nd leg' : `Leg ${leg}`);

/**
 * A match's round in a competition with stages: "Group A", "League phase", "Quarter-finals · 1st leg",
 * "Final". Null in a league season (the gameweek says it all there).
 */
export function roundName(f: RoundFacts): string | null {
  const parts: string[] = [];
  if (f.group) parts.push(f.group);
  else if (f.stage && f.stage !== 'league' && isStage(f.stage)) parts.push(STAGE_NAMES[f.stage]);
  if (f.leg) parts.push(legName(f.leg));
  return parts.length > 0 ? parts.join(' · ') : null;
}

interface ScorePair {
  homeScore: number;
  awayScore: number;
}

/** A result: the score after 90 minutes, and after extra time and the shoot-out when the match had them. */
export interface ResultFacts extends ScorePair {
  extraTime?: ScorePair | null;
  penalties?: ScorePair | null;
}

/**
 * A result as it is said: "2-1"; after extra time "1-0 a.e.t."; with a shoot-out
 * "1-1 a.e.t., 4-3 pens". `sep` is the dash between a plain result's scores.
 */
export function resultText(r: ResultFacts, sep = '-'): string {
  if (!r.extraTime) return `${r.homeScore}${sep}${r.awayScore}`;
  // After extra time always the compact "1-0 a.e.t.", however a screen spaces its plain scores.
  const pair = (s: ScorePair) => `${s.homeScore}-${s.awayScore}`;
  const aet = `${pair(r.extraTime)} a.e.t.`;
  return r.penalties ? `${aet}, ${pair(r.penalties)} pens` : aet;
}
