import { DateTime } from 'luxon';
import { isClockTime, isIsoDate } from './dates.js';

/** The season data's clock: UK local time (GMT in winter, BST in summer). */
export const UK_ZONE = 'Europe/London';

// The pure checks live in dates.ts (the web imports them); re-exported for server code.
export { isClockTime, isIsoDate } from './dates.js';

/**
 * The UTC instant of a Europe/London wall-clock date and time, as an ISO string
 * (`2025-08-15` `20:00` → `2025-08-15T19:00:00.000Z`). Throws on an invalid date or time.
 * A time skipped by the spring change (01:xx on the last Sunday of March) moves forward an hour,
 * and an ambiguous autumn time resolves to its first (BST) occurrence, as luxon does.
 */
export function londonToUtc(date: string, time: string): string {
  return zonedToUtc(date, time, UK_ZONE);
}

/** The same for any IANA time zone (a competition's own clock). */
export function zonedToUtc(date: string, time: string, zone: string): string {
  if (!isIsoDate(date) || !isClockTime(time)) throw new Error(`Not a date and time: ${date} ${time}`);
  const dt = DateTime.fromISO(`${date}T${time}`, { zone });
  if (!dt.isValid) throw new Error(`Not a date and time in ${zone}: ${date} ${time}`);
  return dt.toUTC().toISO({ suppressMilliseconds: false })!;
}

/** The Europe/London calendar date of an instant (`YYYY-MM-DD`): "today" for game rules. */
export function londonDate(instant: Date | string): string {
  return zonedDate(instant, UK_ZONE);
}

/** The calendar date of an instant in a time zone (`YYYY-MM-DD`). */
export function zonedDate(instant: Date | string, zone: string): string {
  const dt = typeof instant === 'string' ? DateTime.fromISO(instant) : DateTime.fromJSDate(instant);
  return dt.setZone(zone).toISODate()!;
}

/** A calendar day in a time zone: its first instant, the next day's (epoch ms), and its date. */
export interface ZonedDay {
  from: number;
  to: number;
  date: string;
}

/**
 * The calendar day of `now` in an IANA zone. A day is worked out once per zone and kept until `now`
 * leaves it (at most one entry per zone the caller allows, so the memory is bounded by the zone
 * list): luxon's zone arithmetic per request was a sixth of the Live Matches route's CPU.
 */
export function zonedDay(zone: string, now: Date): ZonedDay {
  const t = now.getTime();
  const kept = zonedDays.get(zone);
  if (kept && t >= kept.from && t < kept.to) return kept;
  const start = DateTime.fromMillis(t, { zone }).startOf('day');
  const day = { from: start.toMillis(), to: start.plus({ days: 1 }).toMillis(), date: start.toISODate()! };
  zonedDays.set(zone, day);
  return day;
}
const zonedDays = new Map<string, ZonedDay>();

/** `zonedDate` of an ISO instant, remembered (a few thousand at most: the next match day of each zone asked for). */
export function zonedDateKept(instant: string, zone: string): string {
  const key = `${zone} ${instant}`;
  let date = keptDates.get(key);
  if (date === undefined) {
    if (keptDates.size >= 4096) keptDates.clear();
    keptDates.set(key, (date = zonedDate(instant, zone)));
  }
  return date;
}
const keptDates = new Map<string, string>();
