/** A gameweek dropdown with previous / next buttons (the desk, the Results tab, the summary). */
export function GameweekPicker({
  id,
  value,
  options,
  onChange,
  label = 'Gameweek',
}: {
  id: string;
  value: number;
  options: number[];
  onChange: (gw: number) => void;
  label?: string;
}) {
  const i = options.indexOf(value);
  const prev = i > 0 ? options[i - 1] : undefined;
  const next = i >= 0 && i < options.length - 1 ? options[i + 1] : undefined;
  return (
    <div>
      <label htmlFor={id} className="label">
        {label}
      </label>
      <div className="flex items-center gap-2">
        <button
          type="button"
          className="btn-secondary px-3"
          disabled={prev === undefined}
          onClick={() => prev !== undefined && onChange(prev)}
          aria-label="Previous gameweek"
        >
          <span aria-hidden="true">‹</span>
        </button>
        <select id={id} className="input w-40" value={value} onChange={(e) => onChange(Number(e.target.value))}>
          {!options.includes(value) && <option value={value}>Gameweek {value}</option>}
          {options.map((g) => (
            <option key={g} value={g}>
              Gameweek {g}
            </option>
          ))}
        </select>
        <button
          type="button"
          className="btn-secondary px-3"
          disabled={next === undefined}
          onClick={() => next !== undefined && onChange(next)}
          aria-label="Next gameweek"
        >
          <span aria-hidden="true">›</span>
        </button>
      </div>
    </div>
  );
}
