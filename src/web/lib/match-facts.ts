import { COMPETITION_LABELS, type Competition } from '../../contract/leagues';
import type { Fixture } from '../../contract/fixtures';
import type { Season } from '../../contract/seasons';
import { legName, resultText, roundName as roundText } from '../../game/match-wording';
import { isStage, STAGE_NAMES } from '../../game/stages';

/**
 * What a screen says about a match beyond its teams, worked out once for every screen that shows
 * a match (the board, Live Matches, the dashboard, pick shares, the results desk): its
 * competition and season, its round in a knockout competition, a result after extra time or
 * penalties, and whether its teams are known yet.
 */

/** A competition as players call it: "World Cup" rather than "FIFA World Cup" where we have a short name. */
export function competitionName(c: { id: string; name: string }): string {
  return (COMPETITION_LABELS as Record<string, string>)[c.id as Competition] ?? c.name;
}

/** "Premier League 2025/26", "Champions League 2025/26", "World Cup 2026". */
export function competitionSeasonName(s: Pick<Season, 'label' | 'competition'>): string {
  return `${competitionName(s.competition)} ${s.label}`;
}

/**
 * A match's round in a competition with stages: "Group A", "League phase", "Quarter-finals · 1st leg",
 * "Final". Null in a league season (the gameweek says it all there). The wording lives in
 * src/game/match-wording.ts, which the server's calendar feed uses too.
 */
export { legName, roundText };

/** Both teams known: a match shown by a placeholder ("Winner Group A") takes no prediction yet. */
export const teamsKnown = (f: Pick<Fixture, 'homeLabel' | 'awayLabel'>) => !f.homeLabel && !f.awayLabel;

type ResultFacts = NonNullable<Fixture['result']>;

/**
 * A result as it is said: "2-1"; after extra time "1-0 a.e.t."; with a shoot-out
 * "1-1 a.e.t., 4-3 pens". `sep` is the dash between a plain result's scores (src/game/match-wording.ts).
 */
export { resultText };

/** The note under a result after extra time: "0-0 after 90 minutes"; null without extra time. */
export function ninetyNote(r: ResultFacts, sep = '-'): string | null {
  return r.extraTime ? `${r.homeScore}${sep}${r.awayScore} after 90 minutes` : null;
}

/** The spoken result, for a label: "Result 1-0 after extra time, 0-0 after 90 minutes, 4-3 on penalties". */
export function resultLabel(r: ResultFacts): string {
  if (!r.extraTime) return `Result ${r.homeScore}-${r.awayScore}`;
  const pens = r.penalties ? `, ${r.penalties.homeScore}-${r.penalties.awayScore} on penalties` : '';
  return `Result ${r.extraTime.homeScore}-${r.extraTime.awayScore} after extra time, ${r.homeScore}-${r.awayScore} after 90 minutes${pens}`;
}

/** The stages a gameweek's matches belong to ("Round of 16", "Final"), in order; none in a league season. */
export function gameweekStages(fixtures: readonly { stage?: string | null }[]): string[] {
  const names: string[] = [];
  for (const f of fixtures) {
    if (!f.stage || f.stage === 'league' || !isStage(f.stage)) continue;
    const name = STAGE_NAMES[f.stage];
    if (!names.includes(name)) names.push(name);
  }
  return names;
}

/**
 * Whether a list of matches should say a match's competition and round: a knockout round, a group,
 * or a competition other than the Premier League (whose gameweeks every list already assumes).
 */
export const showsContext = (f: Pick<Fixture, 'league' | 'stage' | 'group' | 'leg'>) =>
  f.league !== 'Premier League' || roundText(f) !== null;
