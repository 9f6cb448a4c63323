/**
 * Shared ranks (src/game/ranking.ts: 1-2-2-4) for one page of a longer ordered list, without
 * the rows before it: the first row's rank is 1 + the players with more points (`above`), and
 * each next row keeps the rank of the one before when level on points, else takes its position.
 */
export function rankPage<T extends { points: number }>(
  rows: readonly T[],
  offset: number,
  above: number,
): Array<T & { rank: number; position: number }> {
  let rank = above + 1;
  return rows.map((row, i) => {
    const position = offset + i + 1;
    if (i > 0 && row.points !== rows[i - 1]!.points) rank = position;
    return { ...row, rank, position };
  });
}
