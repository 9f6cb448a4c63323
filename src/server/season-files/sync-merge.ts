import type { SeasonMatch } from '../../game/season.js';
import { matchKey, matchStored, pairKey, type IncomingMatch } from './sync-plan.js';
import type { ExistingFixture } from './sync-types.js';

/**
 * The three-way merge of a feed run (docs/decisions/0018-feed-three-way-merge.md): what the
 * feed said last time it was applied (the snapshot), what it says now, and what is stored. A
 * field the feed has not changed since its snapshot is not the feed's news: if the stored value
 * differs, someone else (the admin) changed it, and the feed must not undo that. Only what the
 * feed itself changed is applied. Results are not merged: the admin's result always wins anyway
 * (decision 0014), and a feed or file result is a fact that replaces an earlier one.
 */

/** What the feed said about one match when it was last applied. */
export interface SnapshotEntry {
  date: string;
  time: string | null;
  postponed: boolean;
  round: number;
}

/**
 * A season's snapshot: by club pair (`pairKey`), as the planner matches; in a knockout season by
 * pair and stage (`matchKey`), since a pair may meet in the league phase and again in a knockout round.
 */
export type FeedSnapshot = Record<string, SnapshotEntry>;

export function snapshotOf(matches: readonly IncomingMatch[], knockout = false): FeedSnapshot {
  const out: FeedSnapshot = {};
  for (const m of matches)
    out[matchKey(m.home, m.away, m.stage, knockout)] = {
      date: m.date,
      time: m.postponed ? null : m.time,
      postponed: Boolean(m.postponed) || m.time === null,
      round: m.round,
    };
  return out;
}

export interface MergeResult<M extends SeasonMatch = SeasonMatch> {
  /** The feed's matches with the fields it did not change set to what is stored. */
  matches: M[];
  /** One line per field kept as stored (for the run's report). */
  kept: string[];
}

/**
 * Sets, on each incoming match, the schedule and the round to the stored ones where the feed's
 * value is still the one in the snapshot (the feed did not change it) and the stored one differs
 * (someone else did). Without a snapshot of a match (first run, or a new match) the feed's value
 * stands, as the planner would apply it.
 */
export function mergeWithSnapshot<M extends IncomingMatch>(
  incoming: readonly M[],
  snapshot: FeedSnapshot | null,
  stored: readonly ExistingFixture[],
  knockout = false,
): MergeResult<M> {
  if (!snapshot) return { matches: [...incoming], kept: [] };
  const byPair = new Map<string, ExistingFixture>();
  for (const f of [...stored].sort((a, b) => (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))) {
    const key = pairKey(f.homeTeam, f.awayTeam);
    if (!byPair.has(key)) byPair.set(key, f);
  }
  // A knockout season's pair may meet twice: each match is compared with the fixture the planner pairs it with.
  const paired = knockout ? matchStored(stored, incoming, true) : null;
  // A snapshot written before knockout seasons were keyed by stage has pair keys: used for a pair the file has once.
  const pairCount = new Map<string, number>();
  for (const m of incoming) pairCount.set(pairKey(m.home, m.away), (pairCount.get(pairKey(m.home, m.away)) ?? 0) + 1);
  const kept: string[] = [];
  const matches = incoming.map((m, i) => {
    const older =
      knockout && pairCount.get(pairKey(m.home, m.away)) === 1 ? snapshot[pairKey(m.home, m.away)] : undefined;
    const before = snapshot[matchKey(m.home, m.away, m.stage, knockout)] ?? older;
    const f = paired ? paired[i] : byPair.get(pairKey(m.home, m.away));
    if (!before || !f) return m;
    const out: M = { ...m };
    const nowTime = m.postponed ? null : m.time;
    const feedSame =
      before.date === m.date &&
      before.time === nowTime &&
      before.postponed === (Boolean(m.postponed) || m.time === null);
    const storedPostponed = Boolean(f.postponed) || f.localTime === null;
    const storedSame =
      f.localDate === m.date &&
      f.localTime === nowTime &&
      storedPostponed === (Boolean(m.postponed) || m.time === null);
    if (feedSame && !storedSame) {
      out.date = f.localDate;
      out.time = storedPostponed ? null : f.localTime;
      if (storedPostponed) out.postponed = true;
      else delete out.postponed;
      kept.push(
        `${m.home} v ${m.away}: kept the kick-off set here (${f.localDate}${storedPostponed ? ', postponed' : ` ${f.localTime}`}); the feed still has ${m.date}${nowTime ? ` ${nowTime}` : ', postponed'}.`,
      );
    }
    // A knockout file's round numbers are its own: the planner never moves a match by them.
    if (!knockout && before.round === m.round && f.gameweek !== null && f.gameweek !== m.round) {
      out.round = f.gameweek;
      kept.push(`${m.home} v ${m.away}: kept Gameweek ${f.gameweek} set here; the feed still has Gameweek ${m.round}.`);
    }
    return out;
  });
  return { matches, kept };
}
