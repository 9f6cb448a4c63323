import { predictionWindow } from '../../../game/deadline';
import type { PickShares } from '../../../contract/pick-shares';
import type { Fixture } from '../../../contract/fixtures';

/** The longest wait before asking again (a timer cannot wait for days, and a fixture may move meanwhile). */
export const LONGEST_WAIT_MS = 60 * 60_000;
/** Asked a moment after a deadline, so the server's clock has certainly passed it. */
export const AFTER_DEADLINE_MS = 1_000;

/**
 * How long until the earliest hidden match's picks open, judged by the server's clock (`now` in
 * the answer, received `receivedAt` by this browser's clock, which is `clientNow` now); false
 * when none opens at a known time. Never less than AFTER_DEADLINE_MS, never more than
 * LONGEST_WAIT_MS.
 */
export function nextOpeningIn(
  shares: readonly PickShares[],
  serverNow: string,
  receivedAt: number,
  clientNow: number,
): number | false {
  const opens = shares.flatMap((s) => (!s.available && s.opensAt ? [Date.parse(s.opensAt)] : []));
  if (opens.length === 0) return false;
  const serverNowMs = Date.parse(serverNow) + (clientNow - receivedAt);
  const wait = Math.min(...opens) - serverNowMs + AFTER_DEADLINE_MS;
  return Math.min(LONGEST_WAIT_MS, Math.max(AFTER_DEADLINE_MS, wait));
}

/**
 * Whether a card shows how its match was picked: once predictions are closed by the server's
 * word (`window`, which knows a match moved after its deadline) or by the clock on screen. A
 * postponed match without a passed deadline shows nothing (the server would not answer either).
 */
export function picksClosed(window: string, fixture: Pick<Fixture, 'kickoffAt' | 'status'>, now: Date): boolean {
  if (window === 'closed') return true;
  if (fixture.status === 'postponed') return false;
  return predictionWindow({ kickoffAt: fixture.kickoffAt, postponed: false }, now) === 'closed';
}
