import { LRUCache } from 'lru-cache';
import { closedSince, summarisePicks, type PickSummary } from '../../../game/pick-shares.js';
import type { ChangeType } from '../../../contract/events.js';
import type { EventBus, LiveEvent } from '../../realtime/bus.js';
import type { ShareFixture } from './repository.js';

/**
 * The pick shares of matches whose deadline has passed, kept in memory (decision record 0061).
 * Picks cannot change after a deadline, so an entry holds until something else changes what it
 * counts:
 * - the fixture: entries are keyed by the fixture's `updatedAt`, which every write of a fixture
 *   moves (an edit, an import, a postponement), so a moved match is counted afresh whatever
 *   events arrive or are lost;
 * - whose picks: a league's entries go with every membership change (joins, leaves, removals),
 *   every entry with a deleted account (its predictions go) and with `live.resumed` (the event
 *   listener reconnected: events may have been missed); PICK_SHARES_STALE_ON;
 * - the moments after a deadline: a save that began before the deadline may commit a moment
 *   after it, so for `SETTLE_MS` after closing an entry lives only `SETTLE_TTL_MS`.
 * A safety-net TTL bounds anything no event announces. Requests for the same entries share one
 * read; a read that an event overtook is answered but not kept. Bounded by bytes.
 */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const EVERYONE_TTL_MS = 10 * 60_000;
const LEAGUE_TTL_MS = 60_000;
export const SETTLE_MS = 60_000;
const SETTLE_TTL_MS = 5_000;
/** Which changes make which summaries stale: the leagues' (who is counted), or all. */
export const PICK_SHARES_STALE_ON: Record<ChangeType, 'leagues' | 'all' | null> = {
  'membership.changed': 'leagues',
  'account.deleted': 'all',
  'live.resumed': 'all',
  // A fixture's own changes move its `updatedAt`, which keys its entries.
  'fixtures.changed': null,
  'results.changed': null,
  'live-score.changed': null,
  'season.created': null,
  'gameweeks.changed': null,
  'current-season.changed': null,
  // Only picks before the deadline are saved; the summaries are of matches past it.
  'prediction.saved': null,
  'league.changed': null,
  'removed-players.changed': null,
  'invites.changed': null,
  'team-name.changed': null,
  'bonus-questions.changed': null,
  'bonus.settled': null,
  'session.changed': null,
  'reminders.changed': null,
  'calendar.changed': null,
  'contact-messages.changed': null,
  'feed.changed': null,
};

/** A summary's bytes, roughly: its JSON as UTF-16 plus an allowance for the objects. */
const roughBytes = (s: PickSummary) => 512 + JSON.stringify(s).length * 2;

type Load = (fixtureIds: string[]) => Promise<Map<string, PickSummary>>;

/** `perf`: the clock of the entries' lifetimes (tests); the server's game clock is `now` in `get`. */
export function createPickSharesCache(bus: EventBus, opts: { maxBytes?: number; perf?: { now: () => number } } = {}) {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const store = () =>
    new LRUCache<string, PickSummary>({
      maxSize: Math.max(1, Math.floor(maxBytes / 2)),
      sizeCalculation: (v, k) => roughBytes(v) + k.length * 2,
      ttl: EVERYONE_TTL_MS,
      // A test's clock is read every time (lru-cache otherwise keeps a reading for a millisecond).
      ...(opts.perf ? { perf: opts.perf, ttlResolution: 0 } : {}),
    });
  // Everyone's and the leagues' apart, so membership changes leave everyone's alone.
  const everyone = store();
  const leagues = store();
  const generations = { everyone: 0, leagues: 0 };
  const pending = new Map<string, { generation: number; promise: Promise<PickSummary> }>();

  const clearLeagues = () => {
    generations.leagues++;
    leagues.clear();
  };
  const clearAll = () => {
    clearLeagues();
    generations.everyone++;
    everyone.clear();
  };
  const onEvent = (event: LiveEvent) => {
    const stale = PICK_SHARES_STALE_ON[event.type];
    if (stale === 'all') clearAll();
    else if (stale === 'leagues') clearLeagues();
  };
  const unsubscribe = bus.subscribe(onEvent);

  const generationOf = (leagueId: string | null) => (leagueId === null ? generations.everyone : generations.leagues);
  const keyOf = (leagueId: string | null, f: ShareFixture) =>
    `${leagueId === null ? '*' : `L:${leagueId}`}|${f.id}|${f.updatedAt}`;
  const ttlOf = (leagueId: string | null, f: ShareFixture, now: Date) => {
    const since = closedSince(f, now);
    if (since !== null && now.getTime() - since.getTime() < SETTLE_MS) return SETTLE_TTL_MS;
    return leagueId === null ? EVERYONE_TTL_MS : LEAGUE_TTL_MS;
  };

  return {
    /**
     * The summaries of `fixtures` (each past its deadline: the caller checked) in one scope
     * (`leagueId` null: every player), from memory where held; the rest read by one `load`.
     */
    async get(
      leagueId: string | null,
      fixtures: readonly ShareFixture[],
      now: Date,
      load: Load,
    ): Promise<Map<string, PickSummary>> {
      const kept = leagueId === null ? everyone : leagues;
      const out = new Map<string, PickSummary>();
      const waits: Array<Promise<unknown>> = [];
      const missing: ShareFixture[] = [];
      for (const f of fixtures) {
        const key = keyOf(leagueId, f);
        const hit = kept.get(key);
        if (hit) {
          out.set(f.id, hit);
          continue;
        }
        const inFlight = pending.get(key);
        if (inFlight && inFlight.generation === generationOf(leagueId))
          waits.push(inFlight.promise.then((s) => out.set(f.id, s)));
        else missing.push(f);
      }
      if (missing.length > 0) {
        const started = generationOf(leagueId);
        const read = load(missing.map((f) => f.id));
        const shares = missing.map((f) => {
          const promise = read.then((got) => got.get(f.id) ?? summarisePicks([]));
          // Awaited below; a failed read must not also count as unhandled for those nobody else waits on.
          promise.catch(() => undefined);
          pending.set(keyOf(leagueId, f), { generation: started, promise });
          return { f, promise };
        });
        try {
          for (const { f, promise } of shares) {
            const summary = await promise;
            out.set(f.id, summary);
            if (started === generationOf(leagueId))
              kept.set(keyOf(leagueId, f), summary, { ttl: ttlOf(leagueId, f, now) });
          }
        } finally {
          for (const { f, promise } of shares)
            if (pending.get(keyOf(leagueId, f))?.promise === promise) pending.delete(keyOf(leagueId, f));
        }
      }
      await Promise.all(waits);
      return out;
    },
    close: unsubscribe,
    /** Entries and estimated bytes held (tests). */
    stats: () => ({ entries: everyone.size + leagues.size, bytes: everyone.calculatedSize + leagues.calculatedSize }),
  };
}
export type PickSharesCache = ReturnType<typeof createPickSharesCache>;
