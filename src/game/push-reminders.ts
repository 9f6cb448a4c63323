import { DateTime } from 'luxon';

/**
 * Push reminders of missing picks (decision 0111): 24 hours and 1 hour before a prediction
 * deadline, and the quiet hours a player may set in their own time zone.
 */
export type PushReminderHours = 24 | 1;
export const PUSH_REMINDER_HOURS: readonly PushReminderHours[] = [24, 1];
const HOUR_MS = 60 * 60 * 1000;

/**
 * The push reminder due for a deadline at `now`: the narrowest of 24 h and 1 h whose window
 * (from that long before the deadline up to the deadline) holds `now`; null outside both or after
 * the deadline. Taking the narrowest means a scheduler that was down never sends both at once.
 */
export function pushReminderFor(deadline: Date, now: Date): PushReminderHours | null {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return null;
  if (left <= HOUR_MS) return 1;
  if (left <= 24 * HOUR_MS) return 24;
  return null;
}

/** Minutes since midnight of an 'HH:MM' time. */
const minutesOf = (hhmm: string) => Number(hhmm.slice(0, 2)) * 60 + Number(hhmm.slice(3, 5));

/**
 * Whether `now` falls in quiet hours from `start` to `end` (wall-clock 'HH:MM' in `zone`, end
 * excluded); a span past midnight (22:00–07:00) wraps. No quiet hours, or an unknown zone: false.
 */
export function isQuietAt(
  now: Date,
  quiet: { start: string | null; end: string | null; zone: string | null },
): boolean {
  if (!quiet.start || !quiet.end || !quiet.zone) return false;
  const local = DateTime.fromJSDate(now, { zone: quiet.zone });
  if (!local.isValid) return false;
  const m = local.hour * 60 + local.minute;
  const s = minutesOf(quiet.start);
  const e = minutesOf(quiet.end);
  return s < e ? m >= s && m < e : m >= s || m < e;
}

/**
 * What to do with a due reminder. Outside quiet hours: send. Inside, the reminder is held (the
 * scheduler asks again each minute, so it goes when quiet hours end if its window is still
 * open); except the 1-hour reminder of a deadline the player has had no push about, which goes
 * anyway: it is the last chance to pick, and a missed deadline costs the player points.
 */
export function pushReminderAction(opts: {
  hours: PushReminderHours;
  quiet: boolean;
  earlierSent: boolean;
}): 'send' | 'hold' {
  if (!opts.quiet) return 'send';
  return opts.hours === 1 && !opts.earlierSent ? 'send' : 'hold';
}
