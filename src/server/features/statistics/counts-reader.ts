import type { ChangeType } from '../../../contract/events.js';
import type { DB } from '../../db/index.js';
import { afterPendingIo } from '../../event-loop.js';
import type { EventBus } from '../../realtime/bus.js';
import { finalResultsByGameweek, gameweekCounts, lastCountedGameweek } from './repository.js';
import { createCountsPacker, SEASON_TOTAL, type SeasonCounts } from './season-counts.js';

/**
 * Reads a season's tier counts (season-counts.ts), after a result only the parts it moved: the
 * season's total and the gameweeks whose final results differ from those the last read saw
 * (decision 0104). A result used to cost a read of every gameweek, and every table, position and
 * statistic asked after it waited for all of them.
 *
 * Only a final result scores, so between two reads a gameweek's counts move only with its final
 * results, unless a change moves fixtures or deletes picks: those are announced
 * (`BASES_STALE_ON`) and make the next read whole. The results are read before the counts, so a
 * result saved in between shows as a difference next time. A read is whole at least every
 * `FULL_READ_MS` (a script writing the counts beside the server, announced by nothing).
 */
export const BASES_STALE_ON: Record<ChangeType, boolean> = {
  // The results' text says which gameweeks moved.
  'results.changed': false,
  'live-score.changed': false,
  // Fixtures moved between gameweeks or seasons, or deleted with their picks.
  'fixtures.changed': true,
  'gameweeks.changed': true,
  'season.created': true,
  // Events may have been missed.
  'live.resumed': true,
  // A player's picks and rows are gone.
  'account.deleted': true,
  // An open pick scores nothing yet; a banker is set only on open picks.
  'prediction.saved': false,
  'current-season.changed': false,
  'membership.changed': false,
  'league.changed': false,
  'removed-players.changed': false,
  'invites.changed': false,
  'team-name.changed': false,
  'bonus-questions.changed': false,
  'bonus.settled': false,
  'session.changed': false,
  'reminders.changed': false,
  'calendar.changed': false,
  'contact-messages.changed': false,
  'feed.changed': false,
};

const FULL_READ_MS = 60_000;

/** The last read of a season: its counts, the final results it saw and when it was last read whole. */
interface Basis {
  counts: SeasonCounts;
  results: Map<number | null, string>;
  wholeAt: number;
}

export function createCountsReader(db: () => DB, bus: EventBus, opts: { now?: () => number } = {}) {
  const now = opts.now ?? (() => performance.now());
  const bases = new Map<string, Basis>();
  // A read under way when a change announced makes it unsafe to build on is answered but not kept as a basis.
  let generation = 0;
  const unsubscribe = bus.subscribe((event) => {
    if (!BASES_STALE_ON[event.type]) return;
    generation++;
    bases.clear();
  });

  return {
    async read(seasonId: string): Promise<SeasonCounts> {
      const started = generation;
      const results = await finalResultsByGameweek(db(), seasonId);
      const basis = bases.get(seasonId);
      const kept = new Map<number, Int32Array>();
      if (basis && now() - basis.wholeAt < FULL_READ_MS) {
        for (const [gameweek, packed] of basis.counts.byGameweek)
          if (gameweek !== SEASON_TOTAL && basis.results.get(gameweek) === results.get(gameweek))
            kept.set(gameweek, packed);
      }
      const packer = createCountsPacker(kept.size > 0 ? { slots: basis!.counts.slots, byGameweek: kept } : undefined);
      const last = await lastCountedGameweek(db(), seasonId);
      // The season's total first, then each gameweek: a part at a time, so the season's rows are
      // never all held as objects at once (decision 0104).
      for (let gameweek = SEASON_TOTAL; gameweek <= last; gameweek++) {
        if (kept.has(gameweek)) continue;
        packer.add(await gameweekCounts(db(), seasonId, gameweek));
        // SQLite answers each read at once, so the reads would run as one task and every request
        // would wait for all of them: requests that arrived meanwhile are served between two
        // reads (decision 0104).
        await afterPendingIo();
      }
      const counts = packer.done();
      if (started === generation)
        bases.set(seasonId, { counts, results, wholeAt: kept.size > 0 ? basis!.wholeAt : now() });
      return counts;
    },
    close: unsubscribe,
  };
}
export type CountsReader = ReturnType<typeof createCountsReader>;
