import { useId, type ReactNode } from 'react';
import { Icon, type IconName } from '../../components/icons';

/** A figure tile: label, value and an optional line under it. */
export function StatTile({
  label,
  value,
  sub,
  icon,
}: {
  label: string;
  value: ReactNode;
  sub?: ReactNode;
  icon: IconName;
}) {
  return (
    <div className="card flex items-start justify-between gap-3">
      <div className="min-w-0">
        <p className="text-sm font-medium text-slate-700">{label}</p>
        <p className="mt-1 text-3xl font-bold text-slate-900">{value}</p>
        {sub && <p className="mt-1 text-xs text-slate-600">{sub}</p>}
      </div>
      <span className="rounded-lg bg-brand-50 p-2 text-brand-700">
        <Icon name={icon} className="h-6 w-6" />
      </span>
    </div>
  );
}

/** A labelled progress bar (role progressbar) towards a goal: the figure in words, and what the goal is. */
export function ProgressBar({
  label,
  value,
  goal,
  figure,
  hint,
}: {
  label: string;
  value: number;
  goal: number;
  figure: string;
  hint: string;
}) {
  const hintId = useId();
  const pct = goal > 0 ? Math.min(100, Math.max(0, (value / goal) * 100)) : 0;
  return (
    <div>
      <div className="mb-1 flex justify-between gap-2 text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-slate-700">{figure}</span>
      </div>
      <div
        role="progressbar"
        aria-label={label}
        aria-valuetext={figure}
        aria-describedby={hintId}
        aria-valuemin={0}
        aria-valuemax={goal}
        aria-valuenow={value}
        className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200"
      >
        <div className="h-full rounded-full bg-brand-600" style={{ width: `${pct}%` }} />
      </div>
      <p id={hintId} className="mt-1 text-xs text-slate-600">
        {hint}
      </p>
    </div>
  );
}

const ICONS: Record<string, IconName> = {
  'first-prediction': 'target',
  'perfect-score': 'bullseye',
  'hat-trick': 'ball',
  'high-scorer': 'star',
  sharpshooter: 'arrow',
  'hot-streak': 'flame',
  'veteran-predictor': 'medal',
  'accuracy-expert': 'cap',
  'point-master': 'crown',
};

/** An achievement badge; a locked one is greyed. */
export function AchievementBadge({
  id,
  name,
  description,
  earned,
}: {
  id: string;
  name: string;
  description: string;
  earned: boolean;
}) {
  return (
    <li
      className={`flex items-center gap-3 rounded-lg border p-3 ${earned ? 'border-amber-300 bg-amber-50' : 'border-dashed border-slate-300 bg-slate-50 text-slate-700'}`}
      data-earned={earned}
    >
      <span
        className={`shrink-0 rounded-full p-1.5 ${earned ? 'bg-amber-200 text-amber-900' : 'bg-slate-200 text-slate-600'}`}
      >
        <Icon name={ICONS[id] ?? 'medal'} className="h-5 w-5" />
      </span>
      <div className="min-w-0">
        <p className="text-sm font-semibold text-slate-900">{name}</p>
        <p className="text-xs text-slate-700">
          {description}
          <span className="sr-only">{earned ? ' (earned)' : ' (locked)'}</span>
        </p>
      </div>
    </li>
  );
}
