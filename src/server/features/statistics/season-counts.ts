import { pointsFromCounts, SCORING_TIERS, type ScoringRule, type TierCounts } from '../../../game/scoring.js';
import type { GameweekTotal } from '../../../game/rank-history.js';

/**
 * Every player's tier counts per gameweek of a season (the points aggregate's rows, gameweek > 0),
 * packed as numbers: the one read after a result from which any rule's points are worked out in
 * memory. Each league rule used to cost its own query over its members' rows (150–260 ms for a
 * league of 1,000 or 10,000 on SQLite, blocking the server), and the standard totals another
 * (decision 0078).
 */
export interface SeasonCounts {
  /** Each player's slot (players with at least one row). */
  slots: Map<string, number>;
  /** Per gameweek: `COLUMNS` numbers per slot (the tiers, then their bankers), `ABSENT` in the first without a row. */
  byGameweek: Map<number, Int32Array>;
}

/** One aggregate row as read: the player, the gameweek and the tier counts. */
export interface CountsRow {
  userId: string;
  gameweek: number;
  counts: TierCounts;
}

const TIERS = SCORING_TIERS.length;
const COLUMNS = TIERS * 2;
/** The first number of a slot without a row in that gameweek (counts are never negative). */
const ABSENT = -1;

export function packCounts(rows: readonly CountsRow[]): SeasonCounts {
  const slots = new Map<string, number>();
  for (const r of rows) if (!slots.has(r.userId)) slots.set(r.userId, slots.size);
  const byGameweek = new Map<number, Int32Array>();
  for (const r of rows) {
    let packed = byGameweek.get(r.gameweek);
    if (!packed) {
      packed = new Int32Array(slots.size * COLUMNS);
      for (let s = 0; s < slots.size; s++) packed[s * COLUMNS] = ABSENT;
      byGameweek.set(r.gameweek, packed);
    }
    const at = slots.get(r.userId)! * COLUMNS;
    SCORING_TIERS.forEach((t, i) => {
      packed[at + i] = r.counts[t];
      packed[at + TIERS + i] = r.counts.banker[t];
    });
  }
  return { slots, byGameweek };
}

/** A rule and whether bankers count double in it (a league's scoring). */
export interface Scoring {
  rule: ScoringRule;
  bankersAllowed: boolean;
}

/** What each tier's count and each banker's count is worth under a scoring (points are linear in the counts). */
function weightsOf({ rule, bankersAllowed }: Scoring): Int32Array {
  const unit = (t: (typeof SCORING_TIERS)[number]) =>
    pointsFromCounts(
      { exact: 0, difference: 0, outcome: 0, [t]: 1, banker: { exact: 0, difference: 0, outcome: 0 } },
      rule,
      bankersAllowed,
    );
  const bankerUnit = (t: (typeof SCORING_TIERS)[number]) =>
    pointsFromCounts(
      { exact: 0, difference: 0, outcome: 0, banker: { exact: 0, difference: 0, outcome: 0, [t]: 1 } },
      rule,
      bankersAllowed,
    );
  return Int32Array.from([...SCORING_TIERS.map(unit), ...SCORING_TIERS.map(bankerUnit)]);
}

/** Each player's points in one gameweek under a scoring (undefined: no row there), the weights worked out once. */
export function gameweekPoints(
  counts: SeasonCounts,
  gameweek: number,
  scoring: Scoring,
): (userId: string) => number | undefined {
  const packed = counts.byGameweek.get(gameweek);
  const weights = weightsOf(scoring);
  return (userId) => {
    const slot = counts.slots.get(userId);
    if (!packed || slot === undefined || packed[slot * COLUMNS] === ABSENT) return undefined;
    return dot(packed, slot * COLUMNS, weights);
  };
}

function dot(packed: Int32Array, at: number, weights: Int32Array): number {
  let sum = 0;
  for (let i = 0; i < COLUMNS; i++) sum += packed[at + i]! * weights[i]!;
  return sum;
}

/**
 * Every listed player's points per gameweek under a scoring, one total per row they have (the
 * input of `indexTotals`): everyone's under the standard rule, or a league's members' under its own.
 */
export function totalsUnder(counts: SeasonCounts, scoring: Scoring, userIds?: readonly string[]): GameweekTotal[] {
  const weights = weightsOf(scoring);
  const players = userIds ?? [...counts.slots.keys()];
  const out: GameweekTotal[] = [];
  for (const userId of players) {
    const slot = counts.slots.get(userId);
    if (slot === undefined) continue;
    for (const [gameweek, packed] of counts.byGameweek) {
      if (packed[slot * COLUMNS] === ABSENT) continue;
      out.push({ userId, gameweek, points: dot(packed, slot * COLUMNS, weights) });
    }
  }
  return out;
}

/** Bytes the packed counts hold, roughly. */
export function seasonCountsBytes(counts: SeasonCounts): number {
  let bytes = 0;
  for (const packed of counts.byGameweek.values()) bytes += 64 + packed.byteLength;
  for (const id of counts.slots.keys()) bytes += 64 + id.length * 2;
  return bytes;
}
