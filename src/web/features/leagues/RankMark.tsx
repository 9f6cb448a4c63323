/** Rank with a trophy for first and medals for second and third (spec §2 Leaderboard). */
export function RankMark({ rank }: { rank: number }) {
  const mark = rank === 1 ? '🏆' : rank === 2 ? '🥈' : rank === 3 ? '🥉' : null;
  return (
    <span className="inline-flex w-10 items-center justify-center gap-1 font-bold text-slate-900">
      {mark ? (
        <>
          <span aria-hidden="true" className="text-xl">
            {mark}
          </span>
          <span className="sr-only">{rank}</span>
        </>
      ) : (
        rank
      )}
    </span>
  );
}
