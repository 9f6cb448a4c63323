import { useEffect, useRef, useSyncExternalStore } from 'react';
import { nextInstant } from '../../game/clock-instants';

/**
 * The page's one clock (decision record 0108): "now" by the server's clock (SCORELINE_NOW aware),
 * as this device's clock plus the offset learnt from the latest answer that carried the server's
 * `now`. Every screen reads it; every part that shows something that moves at a deadline, a
 * kick-off or a full time says which instants it cares about, and the clock wakes the page exactly
 * at the next of them, so what it shows changes at that instant, without a reload and without
 * polling. A slow tick stays as a safety net for a timer the browser delayed (a sleeping device).
 */

/** The server's clock minus this device's, in ms. */
let offset = 0;
/** This device's time when the answer that set `offset` arrived (an older answer does not move it back). */
let offsetAt = -Infinity;
let version = 0;
const listeners = new Set<() => void>();
/** The instants each mounted reader waits for, in server time. */
const waits = new Set<{ instants: readonly number[] }>();
let timer: ReturnType<typeof setTimeout> | undefined;
const SAFETY_TICK_MS = 60_000;

/** Now by the server's clock, in epoch ms. */
export const pageNowMs = (): number => Date.now() + offset;

function emit() {
  checkWatches();
  version++;
  for (const l of listeners) l();
  schedule();
}

function schedule() {
  if (timer !== undefined) clearTimeout(timer);
  timer = undefined;
  if (listeners.size === 0) return;
  const now = pageNowMs();
  const next = nextInstant(
    (function* () {
      for (const w of waits) yield* w.instants;
    })(),
    now,
  );
  const delay = next === null ? SAFETY_TICK_MS : Math.min(next - now, SAFETY_TICK_MS);
  timer = setTimeout(emit, Math.max(0, delay));
}

/**
 * Learns the server's clock from an answer's `now`, received at `receivedAt` (this device's
 * Date.now(), by default now). Returns whether the offset moved (callers outside React notify).
 */
function learn(serverNow: string, receivedAt: number): boolean {
  const server = Date.parse(serverNow);
  if (!Number.isFinite(server) || receivedAt < offsetAt) return false;
  offsetAt = receivedAt;
  const next = server - receivedAt;
  if (next === offset) return false;
  offset = next;
  return true;
}

/** Called with every answer that carries the server's `now`, as it arrives (a query function). */
export function followServerNow(serverNow: string, receivedAt: number = Date.now()): void {
  if (learn(serverNow, receivedAt)) emit();
}

function subscribe(l: () => void) {
  listeners.add(l);
  if (listeners.size === 1) schedule();
  return () => {
    listeners.delete(l);
    if (listeners.size === 0) schedule();
  };
}

const toMs = (at: number | string | null | undefined): number | null =>
  at == null ? null : typeof at === 'number' ? at : Date.parse(at);

/**
 * Now by the server's clock; the component renders again at each of `instants` (epoch ms or ISO
 * strings; past ones and nulls are ignored) and at every instant another reader waits for.
 */
export function usePageClock(instants: ReadonlyArray<number | string | null | undefined> = []): Date {
  useSyncExternalStore(
    subscribe,
    () => version,
    () => version,
  );
  const list = instants.map(toMs).filter((t): t is number => t !== null && Number.isFinite(t));
  const key = list.join(',');
  useEffect(() => {
    const entry = { instants: key ? key.split(',').map(Number) : [] };
    waits.add(entry);
    schedule();
    return () => {
      waits.delete(entry);
      schedule();
    };
  }, [key]);
  return new Date(pageNowMs());
}

/** What waits to be called once the clock passes one of its instants. */
interface Watch {
  instants: readonly number[];
  /** The clock's reading the watch has already accounted for. */
  seen: number;
  onPass: () => void;
}
const watches = new Set<Watch>();

/** Calls each watch whose instant the clock has passed since it last looked. */
function checkWatches() {
  const now = pageNowMs();
  for (const w of watches) {
    const from = w.seen;
    w.seen = Math.max(from, now);
    if (w.instants.some((at) => at > from && at <= now)) w.onPass();
  }
}

/**
 * Calls `onPass` once the page's clock passes one of `instants` (a deadline, a kick-off, a full
 * time, the server's `changesAt`) after `since` (the server's `now` in the answer shown, so an
 * answer kept in the cache from before such an instant is asked for again as soon as it is shown):
 * the place to ask the server again for what the instant changed (which gameweek leads, the next
 * open one). The component renders again at each instant. Returns now.
 */
export function useAtInstants(
  instants: ReadonlyArray<number | string | null | undefined>,
  since: string | undefined,
  onPass: () => void,
): Date {
  const now = usePageClock(instants);
  const call = useRef(onPass);
  useEffect(() => {
    call.current = onPass;
  });
  const list = instants.map(toMs).filter((t): t is number => t !== null && Number.isFinite(t));
  const key = list.join(',');
  const from = since === undefined ? NaN : Date.parse(since);
  useEffect(() => {
    const w: Watch = {
      instants: key ? key.split(',').map(Number) : [],
      seen: Number.isFinite(from) ? from : pageNowMs(),
      onPass: () => call.current(),
    };
    watches.add(w);
    checkWatches();
    return () => {
      watches.delete(w);
    };
  }, [key, from]);
  return now;
}

/** For tests: back to a clock that knows nothing of the server. */
export function resetPageClock(): void {
  offset = 0;
  offsetAt = -Infinity;
  emit();
}
