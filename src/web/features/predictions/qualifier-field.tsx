import { useId } from 'react';
import type { Side } from '../../../game/knockout';
import { pickedQualifier, tieRoleOf, type TieRole } from '../../../game/qualifier';
import { displayTeamName } from '../../../game/clubs';
import type { Fixture } from '../../../contract/fixtures';

/** "Spain to go through": what a pick says about the tie its match decides; null where it says nothing. */
export function throughText(
  fixture: Pick<Fixture, 'stage' | 'leg' | 'homeTeam' | 'awayTeam'>,
  pick: { homeScore: number; awayScore: number; qualifier?: Side | null },
): string | null {
  const side = pickedQualifier(tieRoleOf(fixture), pick);
  return side ? `${displayTeamName(side === 'home' ? fixture.homeTeam : fixture.awayTeam)} to go through` : null;
}

/** The predicted winner of a one-match knockout from the boxes as typed (null: a draw, or not both filled). */
export function typedWinner(role: TieRole, home: string, away: string): Side | null {
  if (role !== 'single' || home === '' || away === '') return null;
  const h = Number(home);
  const a = Number(away);
  return h === a ? null : h > a ? 'home' : 'away';
}

/**
 * "Who goes through?" on a match that decides a knockout tie (src/game/qualifier.ts): in a
 * one-match knockout the predicted winner goes through (shown, not chosen), and after a predicted
 * draw the player names who wins it in extra time or on penalties; in a second leg the aggregate
 * decides, so they name the team outright. Leagues with points for it count the team named.
 */
export function QualifierField({
  role,
  winner,
  homeName,
  awayName,
  value,
  onChange,
}: {
  role: TieRole;
  /** The typed score's winner in a one-match knockout: that team goes through. */
  winner: Side | null;
  homeName: string;
  awayName: string;
  value: Side | null;
  onChange: (side: Side) => void;
}) {
  const hintId = useId();
  const name = useId();
  if (role === 'none') return null;
  const shown = winner ?? value;
  const hint = winner
    ? 'Your predicted winner goes through.'
    : role === 'single'
      ? 'A draw after 90 minutes: who wins it in extra time or on penalties?'
      : 'Both legs count: who goes through on aggregate?';
  return (
    <fieldset className="mt-4 rounded-lg border border-slate-200 p-3" aria-describedby={hintId}>
      <legend className="px-1 text-sm font-semibold text-slate-900">Who goes through?</legend>
      <div className="flex flex-wrap justify-center gap-2">
        {(['home', 'away'] as const).map((side) => (
          <label
            key={side}
            className={`flex min-h-11 cursor-pointer items-center gap-2 rounded-md border px-3 text-sm ${shown === side ? 'border-emerald-600 bg-emerald-50 font-semibold text-emerald-950' : 'border-slate-300 bg-white text-slate-800'} ${winner ? 'cursor-default opacity-90' : ''}`}
          >
            <input
              type="radio"
              name={name}
              value={side}
              checked={shown === side}
              disabled={winner !== null}
              onChange={() => onChange(side)}
            />
            {side === 'home' ? homeName : awayName}
          </label>
        ))}
      </div>
      <p id={hintId} className="mt-2 text-center text-xs text-slate-700">
        {hint}
      </p>
    </fieldset>
  );
}
