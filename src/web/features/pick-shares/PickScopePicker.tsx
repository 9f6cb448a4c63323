import { useId } from 'react';
import { choosePickScope, usePickScope } from './scope';

/**
 * Whose picks the cards' "How everyone picked" shows: every player's or one of the viewer's
 * leagues'. Offered only where a card shows them (`show`) and the viewer is in a league.
 */
export function PickScopePicker({ show }: { show: boolean }) {
  const id = useId();
  const scope = usePickScope();
  if (!show || scope.leagues.length === 0) return null;
  return (
    <div className="min-w-0">
      <label htmlFor={id} className="label">
        Picks from
      </label>
      <select
        id={id}
        className="input w-56 max-w-full"
        value={scope.league?.id ?? ''}
        onChange={(e) => choosePickScope(e.target.value || null)}
        data-testid="pick-scope"
      >
        <option value="">All players</option>
        {scope.leagues.map((l) => (
          <option key={l.id} value={l.id}>
            {l.name}
          </option>
        ))}
      </select>
    </div>
  );
}
