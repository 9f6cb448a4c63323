/**
 * Date and time strings as the season data and the forms write them, checked without a date
 * library (the web bundles this; luxon stays on the server, in time.ts).
 */
const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const TIME = /^([01]\d|2[0-3]):[0-5]\d$/;

/** A real calendar date as `YYYY-MM-DD` (2025-02-30 is not). */
export function isIsoDate(value: string): boolean {
  const m = DATE.exec(value);
  if (!m) return false;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const probe = new Date(0);
  probe.setUTCFullYear(y, mo - 1, d);
  return probe.getUTCFullYear() === y && probe.getUTCMonth() === mo - 1 && probe.getUTCDate() === d;
}

/** A 24-hour clock time as `HH:MM`. */
export function isClockTime(value: string): boolean {
  return TIME.test(value);
}
