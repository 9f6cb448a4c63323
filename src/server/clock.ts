/**
 * The only source of "now" on the server. With SCORELINE_NOW the clock starts at that instant
 * and runs on in real time, so a finished season (2025/26) can be played as if it were live.
 */
export interface Clock {
  now(): Date;
  nowIso(): string;
}

export function createClock(startAt?: string | Date): Clock {
  if (!startAt) {
    return { now: () => new Date(), nowIso: () => new Date().toISOString() };
  }
  const offset = new Date(startAt).getTime() - Date.now();
  const now = () => new Date(Date.now() + offset);
  return { now, nowIso: () => now().toISOString() };
}

/** A clock tests can move by hand. */
export function createManualClock(
  startAt: string | Date,
): Clock & { set(at: string | Date): void; advance(ms: number): void } {
  let current = new Date(startAt).getTime();
  return {
    now: () => new Date(current),
    nowIso: () => new Date(current).toISOString(),
    set: (at) => {
      current = new Date(at).getTime();
    },
    advance: (ms) => {
      current += ms;
    },
  };
}
