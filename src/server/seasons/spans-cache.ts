import type { DB } from '../db/index.js';
import type { ChangeType } from '../../contract/events.js';
import type { EventBus } from '../realtime/bus.js';
import { listSeasonSpans, type SeasonSpanRow } from './repository.js';

/**
 * Every season's span (first and last kick-off, the pinned season), kept in memory: nearly every
 * request resolves "the current season" from it, and reading it was the largest database cost of a
 * cached league table or dashboard (decision 0107). What a span depends on changes
 * only with fixtures or seasons, whose routes publish their change after the commit (on
 * PostgreSQL from every instance; SPANS_STALE_ON); `live.resumed` (the listener reconnected)
 * drops it too. The phase and the current season are still worked out per request from the clock
 * (seasons/service.ts), so only data is cached, never time.
 *
 * A read under way when an event arrives is answered but not kept (a generation counter), and
 * requests arriving meanwhile share one read. Entries also expire after `ttlMs`: a safety net for a
 * change nothing announced (a script writing fixtures beside the server).
 */
export interface SeasonSpans {
  spans(): Promise<SeasonSpanRow[]>;
  clear(): void;
  close(): void;
}

const DEFAULT_TTL_MS = 5_000;

/** Which changes move a span: it reads the seasons, their fixtures' kick-offs and the pinned season. */
export const SPANS_STALE_ON: Record<ChangeType, boolean> = {
  'fixtures.changed': true,
  'season.created': true,
  'current-season.changed': true,
  'live.resumed': true,
  // A result or a score moves no kick-off.
  'results.changed': false,
  'live-score.changed': false,
  'gameweeks.changed': false,
  'prediction.saved': false,
  'membership.changed': false,
  'league.changed': false,
  'removed-players.changed': false,
  'invites.changed': false,
  'team-name.changed': false,
  'bonus-questions.changed': false,
  'bonus.settled': false,
  'account.deleted': false,
  'session.changed': false,
  'reminders.changed': false,
  'calendar.changed': false,
  'contact-messages.changed': false,
  'feed.changed': false,
};

export function createSeasonSpans(
  db: () => DB,
  bus: EventBus,
  opts: { ttlMs?: number; now?: () => number } = {},
): SeasonSpans {
  const ttlMs = opts.ttlMs ?? DEFAULT_TTL_MS;
  const now = opts.now ?? (() => performance.now());
  let value: { at: number; spans: SeasonSpanRow[] } | null = null;
  let pending: Promise<SeasonSpanRow[]> | null = null;
  let generation = 0;
  const clear = () => {
    generation++;
    value = null;
    pending = null;
  };
  const unsubscribe = bus.subscribe((event) => {
    if (SPANS_STALE_ON[event.type]) clear();
  });
  const held = () => (value && now() - value.at < ttlMs ? value.spans : null);
  return {
    spans() {
      const fresh = held();
      if (fresh) return Promise.resolve(fresh);
      if (pending) return pending;
      const started = generation;
      const read = listSeasonSpans(db()).then(
        (spans) => {
          if (started === generation) {
            value = { at: now(), spans };
            pending = null;
          }
          return spans;
        },
        (err: unknown) => {
          if (started === generation) pending = null;
          throw err;
        },
      );
      pending = read;
      return read;
    },
    clear,
    close: unsubscribe,
  };
}
