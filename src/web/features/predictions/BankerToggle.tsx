import { useId, useState } from 'react';
import { BANKER_RULE } from '../../../game/banker';
import type { Fixture } from '../../../contract/fixtures';
import type { Prediction } from '../../../contract/predictions';
import { ApiError } from '../../lib/api';
import { useBanker } from './api';

function StarIcon({ filled }: { filled: boolean }) {
  return (
    <svg
      aria-hidden="true"
      viewBox="0 0 20 20"
      className="h-4 w-4"
      fill={filled ? 'currentColor' : 'none'}
      stroke="currentColor"
      strokeWidth="1.6"
      strokeLinejoin="round"
    >
      <path d="m10 2.5 2.3 4.7 5.2.8-3.8 3.7.9 5.1L10 14.4l-4.6 2.4.9-5.1L2.5 8l5.2-.8z" />
    </svg>
  );
}

/**
 * The banker switch of an open match's pick (docs/decisions/0058-banker.md): a button with
 * aria-pressed, its rule read with it. The server decides (one per gameweek, moved from another
 * open pick, fixed after its deadline); a refusal is said under it.
 */
export function BankerToggle({ fixture, prediction }: { fixture: Fixture; prediction: Prediction }) {
  const banker = useBanker();
  const hint = useId();
  const [failure, setFailure] = useState<string | null>(null);
  const on = prediction.banker;
  const name = `${fixture.homeTeam} v ${fixture.awayTeam}`;
  return (
    <div className="flex flex-col items-end gap-1">
      <button
        type="button"
        aria-pressed={on}
        aria-label={`Banker: ${name}`}
        aria-describedby={hint}
        disabled={banker.isPending}
        onClick={async () => {
          setFailure(null);
          try {
            await banker.mutateAsync({ fixtureId: fixture.id, on: !on });
          } catch (err) {
            setFailure(err instanceof ApiError ? err.message : 'Could not change your banker. Please try again.');
          }
        }}
        className={`btn gap-1.5 border text-sm ${on ? 'border-amber-500 bg-amber-100 text-amber-950' : 'border-slate-300 bg-white text-slate-800 hover:bg-slate-100'}`}
        data-testid="banker-toggle"
      >
        <StarIcon filled={on} />
        Banker
      </button>
      <span id={hint} className={on ? 'text-xs font-semibold text-amber-900' : 'sr-only'}>
        {on ? 'Counts double. ' : ''}
        <span className="sr-only">{BANKER_RULE}</span>
      </span>
      {failure && (
        <p role="alert" className="field-error text-right">
          {failure}
        </p>
      )}
    </div>
  );
}

/** A banker shown on a card once its match has closed, like the pick itself. */
export function BankerMark() {
  return (
    <span
      className="inline-flex items-center gap-1 rounded bg-amber-100 px-1.5 py-0.5 text-xs font-bold text-amber-900"
      data-testid="banker-mark"
    >
      <StarIcon filled />
      Banker
    </span>
  );
}
