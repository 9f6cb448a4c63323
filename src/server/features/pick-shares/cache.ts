import { closedSince, summarisePicks, type PickSummary } from '../../../game/pick-shares.js';
import { tag, type ReadModel } from '../../read-model/index.js';
import type { ShareFixture } from './repository.js';

/**
 * The pick shares of matches whose deadline has passed, kept in the read model (decision record
 * 0061). Picks cannot change after a deadline, so an entry holds until something else changes what
 * it counts:
 * - the fixture: entries are keyed by the fixture's `updatedAt`, which every write of a fixture
 *   moves (an edit, an import, a postponement), so a moved match is counted afresh whatever
 *   changes arrive or are lost;
 * - whose picks: a league's entries carry its members as a tag (joins, leaves, removals), every
 *   entry its season's picks (a deleted account takes its predictions): read-model/changes.ts;
 * - the moments after a deadline: a save that began before the deadline may commit a moment
 *   after it, so for `SETTLE_MS` after closing an entry lives only `SETTLE_TTL_MS`.
 * A safety-net lifetime bounds anything no change announces. Requests for the same entries share
 * one read; a read that a change overtook is answered but not kept. Bounded by bytes.
 */
const DEFAULT_MAX_BYTES = 16 * 1024 * 1024;
const EVERYONE_TTL_MS = 10 * 60_000;
const LEAGUE_TTL_MS = 60_000;
export const SETTLE_MS = 60_000;
const SETTLE_TTL_MS = 5_000;

/** A summary's bytes, roughly: its JSON as UTF-16 plus an allowance for the objects. */
const roughBytes = (s: PickSummary) => 512 + JSON.stringify(s).length * 2;

type Load = (fixtureIds: string[]) => Promise<Map<string, PickSummary>>;

/** `perf`: the clock of the entries' lifetimes (tests); the server's game clock is `now` in `get`. */
export function createPickSharesCache(
  readModel: ReadModel,
  opts: { maxBytes?: number; perf?: { now: () => number } } = {},
) {
  const maxBytes = opts.maxBytes ?? DEFAULT_MAX_BYTES;
  const shelf = (name: string) =>
    readModel.shelf<PickSummary>(name, {
      ttlMs: EVERYONE_TTL_MS,
      maxBytes: Math.max(1, Math.floor(maxBytes / 2)),
      bytes: roughBytes,
      ...(opts.perf ? { now: opts.perf.now } : {}),
    });
  // Everyone's and the leagues' apart, so the leagues' many entries never crowd out everyone's.
  const everyone = shelf('pick-shares');
  const leagues = shelf('league-pick-shares');

  const keyOf = (leagueId: string | null, f: ShareFixture) =>
    `${leagueId === null ? '*' : `L:${leagueId}`}|${f.id}|${f.updatedAt}`;
  const tagsOf = (leagueId: string | null, f: ShareFixture) =>
    leagueId === null ? [tag.seasonPicks(f.seasonId)] : [tag.leagueMembers(leagueId), tag.seasonPicks(f.seasonId)];
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
      const items = fixtures.map((f) => ({
        key: keyOf(leagueId, f),
        tags: tagsOf(leagueId, f),
        ttlMs: ttlOf(leagueId, f, now),
      }));
      const summaries = await kept.getMany(items, async (indexes) => {
        const got = await load(indexes.map((i) => fixtures[i]!.id));
        return indexes.map((i) => got.get(fixtures[i]!.id) ?? summarisePicks([]));
      });
      return new Map(fixtures.map((f, i) => [f.id, summaries[i]!]));
    },
    /** Entries and estimated bytes held (tests). */
    stats: () => {
      const [a, b] = [everyone.stats(), leagues.stats()];
      return { entries: a.entries + b.entries, bytes: a.bytes + b.bytes };
    },
  };
}
export type PickSharesCache = ReturnType<typeof createPickSharesCache>;
