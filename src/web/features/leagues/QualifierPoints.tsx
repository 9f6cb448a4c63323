import { useId } from 'react';
import { QUALIFIER_POINTS_MAX, type NewLeagueFormInput, type Pick as MemberPick } from '../../../contract/leagues';
import { displayTeamName } from '../../../game/clubs';
import { KNOCKOUT_COMPETITIONS, pointsWord } from './LeagueCompetition';

/** The field's label and help, as the New League form words them. */
export const QUALIFIER_POINTS_LABEL = 'Points for naming who goes through';
export const QUALIFIER_POINTS_HELP =
  "A one-match knockout's predicted winner goes through; after a predicted draw, or in a second leg, the player names the team.";

/** The choices 0 (none, the default) up to the most a league may give. */
export const QUALIFIER_POINTS_CHOICES: ReadonlyArray<{ value: number; label: string }> = Array.from(
  { length: QUALIFIER_POINTS_MAX + 1 },
  (_, n) => ({ value: n, label: n === 0 ? 'None' : pointsWord(n) }),
);

/**
 * What the New League form sends: the knockout rule and the qualifier points only for a
 * competition with knockout ties. Elsewhere the points are 0 whatever was chosen before the
 * competition changed (the server refuses any other there).
 */
export function newLeagueRequest(values: NewLeagueFormInput) {
  const knockout = KNOCKOUT_COMPETITIONS.has(values.competition);
  return {
    ...values,
    description: values.description || undefined,
    knockoutRule: knockout ? values.knockoutRule : undefined,
    qualifierPoints: knockout ? (values.qualifierPoints ?? 0) : 0,
  };
}

/**
 * The qualifier points field of the New League form: a choice of 0 ("None") to the most a league
 * may give, with what a player does to earn them.
 */
export function QualifierPointsField({
  value,
  onChange,
  onBlur,
  error,
  id: given,
}: {
  value: number | undefined;
  onChange: (next: number) => void;
  onBlur?: () => void;
  error?: string;
  id?: string;
}) {
  const own = useId();
  const id = given ?? own;
  return (
    <div data-testid="nl-qualifier-points">
      <label className="label" htmlFor={id}>
        {QUALIFIER_POINTS_LABEL}
      </label>
      <select
        id={id}
        className="input sm:max-w-xs"
        value={value ?? 0}
        aria-invalid={error ? true : undefined}
        aria-describedby={`${id}-help${error ? ` ${id}-error` : ''}`}
        onChange={(e) => onChange(Number(e.target.value))}
        onBlur={onBlur}
      >
        {QUALIFIER_POINTS_CHOICES.map((c) => (
          <option key={c.value} value={c.value}>
            {c.label}
          </option>
        ))}
      </select>
      <p id={`${id}-help`} className="mt-1 text-sm text-slate-700">
        {QUALIFIER_POINTS_HELP}
      </p>
      {error && (
        <p id={`${id}-error`} className="field-error" role="alert">
          {error}
        </p>
      )}
    </div>
  );
}

type Prediction = NonNullable<MemberPick['prediction']>;

/** Which team a member's pick says goes through and what naming it added, as the picks dialog words them. */
export function pickQualifierTexts(
  pick: Pick<MemberPick, 'homeTeam' | 'awayTeam'> & {
    prediction: Pick<Prediction, 'qualifier' | 'qualifierPoints'> | null;
  },
): { named: string | null; points: string | null; right: boolean | null } {
  const p = pick.prediction;
  if (!p) return { named: null, points: null, right: null };
  const team = (side: 'home' | 'away') => displayTeamName(side === 'home' ? pick.homeTeam : pick.awayTeam);
  const namedTeam = p.qualifier ? team(p.qualifier) : null;
  const named = namedTeam ? `Picked to go through: ${namedTeam}` : null;
  if (p.qualifierPoints === null) return { named, points: null, right: null };
  if (p.qualifierPoints > 0) return { named, points: `+${p.qualifierPoints} for naming who went through`, right: true };
  if (!p.qualifier) return { named, points: '0 — named no team to go through', right: false };
  return {
    named,
    points: `0 — named ${namedTeam}; ${team(p.qualifier === 'home' ? 'away' : 'home')} went through`,
    right: false,
  };
}
