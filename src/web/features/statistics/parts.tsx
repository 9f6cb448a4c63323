/** Rank colours: 1 yellow, up to 3 green, up to 5 blue. */
export function rankColour(rank: number | null): string {
  if (rank === null) return 'bg-slate-100 text-slate-600 border-slate-200';
  if (rank === 1) return 'bg-yellow-100 text-yellow-900 border-yellow-300';
  if (rank <= 3) return 'bg-green-100 text-green-900 border-green-300';
  if (rank <= 5) return 'bg-blue-100 text-blue-900 border-blue-300';
  return 'bg-slate-50 text-slate-800 border-slate-200';
}

/** A horizontal bar with a label and a value (percentage of `max`). */
export function Bar({
  label,
  value,
  max,
  display,
  colour = 'bg-brand-600',
}: {
  label: string;
  value: number;
  max: number;
  display: string;
  colour?: string;
}) {
  const pct = max > 0 ? Math.min(100, (value / max) * 100) : 0;
  return (
    <div>
      <div className="mb-1 flex justify-between text-sm">
        <span className="font-medium text-slate-800">{label}</span>
        <span className="text-slate-700">{display}</span>
      </div>
      <div className="h-2.5 w-full overflow-hidden rounded-full bg-slate-200" aria-hidden="true">
        <div className={`h-full rounded-full ${colour}`} style={{ width: `${pct}%` }} />
      </div>
    </div>
  );
}

/** One gameweek of the rank history as words: a rank and points, a missed gameweek, or one with no results yet. */
export function rankEntryText(h: { rank: number | null; points: number; players: number }): {
  rank: string;
  points: string;
} {
  if (h.rank !== null) return { rank: `#${h.rank}`, points: `${h.points} ${h.points === 1 ? 'pt' : 'pts'}` };
  // Points only where the player was ranked: "— 0 pts" would read as a score of nought.
  return h.players === 0 ? { rank: '—', points: 'No results yet' } : { rank: '—', points: 'Not played' };
}
