import { pointsFromCounts, SCORING_TIERS, type ScoringRule, type TierCounts } from '../../game/scoring.js';
import { indexTables, NO_SCORE, type TotalsIndex } from '../../game/rank-history.js';

/**
 * Every player's tier counts per gameweek of a season and in the season (the points aggregate's rows),
 * packed as numbers: the one read after a result from which any rule's points are worked out in
 * memory. Each league rule used to cost its own query over its members' rows (on SQLite, blocking
 * the server for every big league), and the standard totals another
 * (decision 0104).
 */
export interface SeasonCounts {
  /** Each player's slot (players with at least one row). */
  slots: Map<string, number>;
  /**
   * Per gameweek: `COLUMNS` numbers per slot (the tiers, then their bankers, then the ties whose
   * team through the player named right), `ABSENT` in the first without a row. Gameweek 0 is the season's total (fixtures without a gameweek included), read
   * as its own row: the league tables of the season rank it.
   */
  byGameweek: Map<number, Int32Array>;
}

/** One aggregate row as read: the player, the gameweek and the tier counts. */
export interface CountsRow {
  userId: string;
  gameweek: number;
  counts: TierCounts;
}

const TIERS = SCORING_TIERS.length;
/**
 * The last number of a slot: the ties the player named the team through right. The kept counts
 * (the points aggregate) never hold these; only a league with qualifier points sees them, moved on
 * top (leagues/qualifier-counts.ts).
 */
const QUALIFIERS = TIERS * 2;
const COLUMNS = TIERS * 2 + 1;
/** The first number of a slot without a row in that gameweek (counts are never negative). */
const ABSENT = -1;

/**
 * Packs a season's rows a part at a time (a gameweek's rows per read), so a season is never held
 * as one array of row objects: a past season has a row per player and gameweek, and as objects
 * they swelled the heap for a moment after each result, long enough to raise the server's memory.
 * A player first seen in a later part gets the next slot; the arrays of earlier gameweeks are then
 * shorter than the slots, and a slot beyond an array had no row there.
 */
export function createCountsPacker(from?: SeasonCounts) {
  // Starting from earlier counts (the gameweeks they hold are kept, not read again): their players
  // keep their slots, and their arrays are shared, never written (a gameweek read here gets its own).
  const slots = new Map<string, number>(from?.slots);
  const byGameweek = new Map<number, Int32Array>(from?.byGameweek);
  return {
    add(rows: readonly CountsRow[]): void {
      for (const r of rows) if (!slots.has(r.userId)) slots.set(r.userId, slots.size);
      for (const r of rows) {
        let packed = byGameweek.get(r.gameweek);
        if (!packed || packed.length < slots.size * COLUMNS) {
          const grown = new Int32Array(slots.size * COLUMNS);
          for (let at = packed?.length ?? 0; at < grown.length; at += COLUMNS) grown[at] = ABSENT;
          if (packed) grown.set(packed);
          packed = grown;
          byGameweek.set(r.gameweek, packed);
        }
        const at = slots.get(r.userId)! * COLUMNS;
        SCORING_TIERS.forEach((t, i) => {
          packed[at + i] = r.counts[t];
          packed[at + TIERS + i] = r.counts.banker[t];
        });
      }
    },
    done: (): SeasonCounts => ({ slots, byGameweek }),
  };
}

/** A season's rows packed at once (tests, small seasons). */
export function packCounts(rows: readonly CountsRow[]): SeasonCounts {
  const packer = createCountsPacker();
  packer.add(rows);
  return packer.done();
}

/** Whether a slot has a row in a gameweek's packed counts (a slot beyond the array has none). */
const present = (packed: Int32Array, slot: number) =>
  slot * COLUMNS < packed.length && packed[slot * COLUMNS] !== ABSENT;

/** A rule, whether bankers count double in it, and what naming the team through a tie is worth (a league's scoring). */
export interface Scoring {
  rule: ScoringRule;
  bankersAllowed: boolean;
  /** Points per tie whose team through the player named right (none when left out). */
  qualifierPoints?: number;
}

/** What each tier's count and each banker's count is worth under a scoring (points are linear in the counts). */
function weightsOf({ rule, bankersAllowed, qualifierPoints = 0 }: Scoring): Int32Array {
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
  return Int32Array.from([...SCORING_TIERS.map(unit), ...SCORING_TIERS.map(bankerUnit), qualifierPoints]);
}

/** The gameweek under which the counts keep the season's total. */
export const SEASON_TOTAL = 0;

/** Each player's exact scores in one gameweek (SEASON_TOTAL: the season; undefined: no row there). */
export function gameweekExact(counts: SeasonCounts, gameweek: number): (userId: string) => number | undefined {
  const packed = counts.byGameweek.get(gameweek);
  const exactAt = SCORING_TIERS.indexOf('exact');
  return (userId) => {
    const slot = counts.slots.get(userId);
    if (!packed || slot === undefined || !present(packed, slot)) return undefined;
    return packed[slot * COLUMNS + exactAt];
  };
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
    if (!packed || slot === undefined || !present(packed, slot)) return undefined;
    return dot(packed, slot * COLUMNS, weights);
  };
}

function dot(packed: Int32Array, at: number, weights: Int32Array): number {
  let sum = 0;
  for (let i = 0; i < COLUMNS; i++) sum += packed[at + i]! * weights[i]!;
  return sum;
}

/**
 * Every listed player's points per gameweek under a scoring, indexed for ranking: everyone's under
 * the standard rule, or a league's members' under its own. Written straight into the index's
 * arrays (a gameweek where none of them has a row has no table).
 */
export function indexUnder(counts: SeasonCounts, scoring: Scoring, userIds?: readonly string[]): TotalsIndex {
  const weights = weightsOf(scoring);
  // Everyone: the counts' own slots; a subset: its players in the order given, once each.
  let slots = counts.slots;
  let source: (slot: number) => number | undefined = (slot) => slot;
  if (userIds) {
    slots = new Map();
    const from: number[] = [];
    for (const id of userIds) {
      const slot = counts.slots.get(id);
      if (slot === undefined || slots.has(id)) continue;
      slots.set(id, slots.size);
      from.push(slot);
    }
    source = (slot) => from[slot];
  }
  const points = new Map<number, Int32Array>();
  for (const [gameweek, packed] of counts.byGameweek) {
    // The season's total is not a gameweek of the rank history.
    if (gameweek === SEASON_TOTAL) continue;
    let table: Int32Array | undefined;
    for (let slot = 0; slot < slots.size; slot++) {
      const at = source(slot)!;
      if (!present(packed, at)) continue;
      table ??= new Int32Array(slots.size).fill(NO_SCORE);
      table[slot] = dot(packed, at * COLUMNS, weights);
    }
    if (table) points.set(gameweek, table);
  }
  return indexTables(slots, points);
}

/** Bytes the packed counts hold, roughly. */
export function seasonCountsBytes(counts: SeasonCounts): number {
  let bytes = 0;
  for (const packed of counts.byGameweek.values()) bytes += 64 + packed.byteLength;
  for (const id of counts.slots.keys()) bytes += 64 + id.length * 2;
  return bytes;
}

/**
 * One pick moving between tiers in a player's gameweek (`by`: +1 into `tier`, -1 out of it), or
 * (`tier: 'qualifier'`) one tie whose team through the player named right.
 */
export interface CountsChange {
  userId: string;
  gameweek: number;
  tier: (typeof SCORING_TIERS)[number] | 'qualifier';
  banker: boolean;
  by: number;
}

/**
 * The counts with some picks moved between tiers: how a league that scores knockout matches
 * after extra time sees a season (its few matches that went to extra time tiered again,
 * leagues/extra-time-counts.ts). Only the gameweeks a change lands in get new arrays; the others
 * are shared, never written. A banker's change moves its banker count too.
 */
export function countsWith(counts: SeasonCounts, changes: readonly CountsChange[]): SeasonCounts {
  if (changes.length === 0) return counts;
  const slots = new Map(counts.slots);
  for (const c of changes) if (!slots.has(c.userId)) slots.set(c.userId, slots.size);
  const byGameweek = new Map(counts.byGameweek);
  const copied = new Set<number>();
  for (const c of changes) {
    let packed = byGameweek.get(c.gameweek);
    if (!copied.has(c.gameweek)) {
      const grown = new Int32Array(slots.size * COLUMNS);
      for (let at = packed?.length ?? 0; at < grown.length; at += COLUMNS) grown[at] = ABSENT;
      if (packed) grown.set(packed);
      byGameweek.set(c.gameweek, (packed = grown));
      copied.add(c.gameweek);
    }
    const at = slots.get(c.userId)! * COLUMNS;
    if (packed![at] === ABSENT) packed!.fill(0, at, at + COLUMNS);
    if (c.tier === 'qualifier') {
      packed![at + QUALIFIERS] = packed![at + QUALIFIERS]! + c.by;
      continue;
    }
    const i = SCORING_TIERS.indexOf(c.tier);
    packed![at + i] = packed![at + i]! + c.by;
    if (c.banker) packed![at + TIERS + i] = packed![at + TIERS + i]! + c.by;
  }
  return { slots, byGameweek };
}
