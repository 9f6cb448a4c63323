import type { GameweekStateItem } from '../../../contract/predictions';
import { GAMEWEEK_STATE_WORD } from './gameweek-summary';

const ARROW =
  'flex h-10 w-10 shrink-0 items-center justify-center rounded-lg border border-slate-300 bg-white text-slate-800 hover:bg-slate-100 disabled:cursor-not-allowed disabled:opacity-40';

/**
 * The board's one choice: which gameweek. Previous / next step through the season's gameweeks
 * (off at its ends); the dropdown names each with its state ("Gameweek 13 · open"), so a fan sees
 * at a glance which is being played and which takes predictions. `value` may be a gameweek
 * without matches (a deep link): it is offered too, so the dropdown always says what is shown.
 */
export function GameweekBar({
  value,
  options,
  onChange,
}: {
  value: number;
  options: readonly GameweekStateItem[];
  onChange: (gameweek: number) => void;
}) {
  const numbers = options.map((o) => o.gameweek);
  const i = numbers.indexOf(value);
  const prev = i > 0 ? numbers[i - 1] : i === -1 ? [...numbers].reverse().find((g) => g < value) : undefined;
  const next = i >= 0 ? numbers[i + 1] : numbers.find((g) => g > value);
  // Names come from the buttons' text (sr-only), not aria-label, so "Gameweek" stays the label of the dropdown alone.
  return (
    <div className="flex items-end gap-1.5">
      <button
        type="button"
        className={ARROW}
        disabled={prev === undefined}
        onClick={() => prev !== undefined && onChange(prev)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="M10 3 5 8l5 5" />
        </svg>
        <span className="sr-only">Previous gameweek</span>
      </button>
      <div className="min-w-0">
        <label htmlFor="board-gameweek" className="label">
          Gameweek
        </label>
        <select
          id="board-gameweek"
          className="input w-64 max-w-full"
          value={value}
          onChange={(e) => onChange(Number(e.target.value))}
        >
          {i === -1 && <option value={value}>Gameweek {value}</option>}
          {options.map((o) => (
            <option key={o.gameweek} value={o.gameweek}>
              {`Gameweek ${o.gameweek} · ${GAMEWEEK_STATE_WORD[o.state]}`}
            </option>
          ))}
        </select>
      </div>
      <button
        type="button"
        className={ARROW}
        disabled={next === undefined}
        onClick={() => next !== undefined && onChange(next)}
      >
        <svg
          aria-hidden="true"
          viewBox="0 0 16 16"
          className="h-4 w-4"
          fill="none"
          stroke="currentColor"
          strokeWidth="2"
          strokeLinecap="round"
          strokeLinejoin="round"
        >
          <path d="m6 3 5 5-5 5" />
        </svg>
        <span className="sr-only">Next gameweek</span>
      </button>
    </div>
  );
}

export function Toggle({
  label,
  pressed,
  onChange,
  onText,
  offText,
}: {
  label: string;
  pressed: boolean;
  onChange: (v: boolean) => void;
  onText: string;
  offText: string;
}) {
  return (
    <button
      type="button"
      aria-pressed={pressed}
      onClick={() => onChange(!pressed)}
      className={`btn border ${pressed ? 'border-brand-700 bg-brand-700 text-white' : 'border-slate-300 bg-white text-slate-800'}`}
    >
      {label}: {pressed ? onText : offText}
    </button>
  );
}
