import type { Prediction } from '../../../contract/predictions';

/**
 * Where a read-only (finished season) card would have its Predict button: the points the player
 * scored on the match, or that they made no prediction. The score and the player's pick are on
 * the card already.
 */
export function PastMatchPoints({ prediction, hasResult }: { prediction: Prediction | null; hasResult: boolean }) {
  const base = 'rounded-lg border bg-white px-3 py-1.5 text-sm font-semibold text-slate-900';
  if (!prediction) return <span className={`${base} border-slate-300`}>No prediction</span>;
  if (!hasResult || prediction.points === null) return <span className={`${base} border-slate-300`}>Awaiting result</span>;
  return (
    <span className={`${base} border-slate-300`} data-testid="match-points">
      {prediction.points} {prediction.points === 1 ? 'point' : 'points'}
    </span>
  );
}
