import { COMPETITION_LABELS, type League } from '../../../contract/leagues';
import { KNOCKOUT_RULE_NAMES } from '../../../game/knockout';

/** Competitions with knockout matches, where a league's knockout rule matters. */
export const KNOCKOUT_COMPETITIONS: ReadonlySet<string> = new Set(['champions-league', 'world-cup', 'euros']);

/**
 * The competition a league plays and, in a knockout competition, which score counts:
 * "World Cup · Knockout matches: score after extra time".
 */
export function leagueCompetitionLine(league: Pick<League, 'competition' | 'knockoutRule'>): string {
  const name = COMPETITION_LABELS[league.competition];
  if (!KNOCKOUT_COMPETITIONS.has(league.competition)) return name;
  return `${name} · Knockout matches: ${KNOCKOUT_RULE_NAMES[league.knockoutRule].toLowerCase()}`;
}

export const pointsWord = (n: number) => `${n} ${n === 1 ? 'point' : 'points'}`;

/** What a league's page states about its qualifier points; null when it gives none. */
export function qualifierPointsLine(league: Pick<League, 'qualifierPoints'>): string | null {
  if (!league.qualifierPoints) return null;
  return `${pointsWord(league.qualifierPoints)} for naming who goes through each knockout tie`;
}

/** The competition line, and under it the qualifier points when the league gives any. */
export function LeagueCompetition({
  league,
}: {
  league: Pick<League, 'competition' | 'knockoutRule' | 'qualifierPoints'>;
}) {
  const qualifier = qualifierPointsLine(league);
  return (
    <>
      <p className="text-sm text-slate-900" data-testid="league-competition">
        {leagueCompetitionLine(league)}
      </p>
      {qualifier && (
        <p className="text-sm text-slate-900" data-testid="league-qualifier-points">
          {qualifier}
        </p>
      )}
    </>
  );
}
