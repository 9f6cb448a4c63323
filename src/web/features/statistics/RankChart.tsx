import { Bar, CartesianGrid, ComposedChart, Legend, Line, ResponsiveContainer, Tooltip, XAxis, YAxis } from 'recharts';
import type { Statistics } from '../../../contract/statistics';

/**
 * Rank (line, 1 at the top) and points (bars) per gameweek. This module is the only place that
 * imports the chart library, and it is loaded with React.lazy from the statistics screen only.
 */
export default function RankChart({ history }: { history: Statistics['rankHistory'] }) {
  // No bar where the player was not ranked: a gameweek they missed, or one with no results yet.
  const data = history.map((h) => ({ gw: `GW${h.gameweek}`, rank: h.rank, points: h.rank === null ? null : h.points }));
  const worst = Math.max(2, ...history.map((h) => h.rank ?? 1));
  const step = Math.ceil(worst / 6);
  const rankTicks = Array.from({ length: Math.floor((worst - 1) / step) + 1 }, (_, i) => 1 + i * step);
  return (
    <div className="h-64 w-full sm:h-72" data-testid="rank-chart">
      <ResponsiveContainer width="100%" height="100%">
        <ComposedChart data={data} margin={{ top: 8, right: 4, bottom: 0, left: 4 }}>
          <CartesianGrid strokeDasharray="3 3" stroke="#e2e8f0" />
          <XAxis dataKey="gw" tick={{ fontSize: 12, fill: '#334155' }} />
          <YAxis
            yAxisId="rank"
            reversed
            allowDecimals={false}
            domain={[1, worst]}
            ticks={rankTicks}
            interval={0}
            width={36}
            tickFormatter={(v: number) => `#${v}`}
            tick={{ fontSize: 12, fill: '#334155' }}
          />
          <YAxis
            yAxisId="points"
            orientation="right"
            allowDecimals={false}
            width={32}
            tick={{ fontSize: 12, fill: '#334155' }}
          />
          {/* Left axis: rank (#1 at the top); right axis: points. */}
          <Tooltip />
          <Legend wrapperStyle={{ fontSize: 12 }} />
          <Bar
            yAxisId="points"
            dataKey="points"
            name="Points"
            fill="#86efac"
            radius={[4, 4, 0, 0]}
            isAnimationActive={false}
          />
          <Line
            yAxisId="rank"
            type="linear"
            dataKey="rank"
            name="Rank"
            stroke="#15803d"
            strokeWidth={2}
            dot={{ r: 4 }}
            connectNulls
            isAnimationActive={false}
          />
        </ComposedChart>
      </ResponsiveContainer>
    </div>
  );
}
