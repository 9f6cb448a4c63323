import { MedalIcon, TrophyIcon } from './icons';

/** Rank with a trophy for first and medals for second and third, as on the Leaderboard screen. */
export function RankMark({ rank }: { rank: number }) {
  if (rank === 1) return <TrophyIcon className="h-6 w-6 text-amber-500" label="1" />;
  if (rank === 2) return <MedalIcon className="h-6 w-6 text-slate-400" label="2" />;
  if (rank === 3) return <MedalIcon className="h-6 w-6 text-amber-700" label="3" />;
  return <span className="inline-block w-6 text-center font-bold text-slate-900">{rank}</span>;
}
