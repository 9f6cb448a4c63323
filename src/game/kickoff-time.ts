import { isClockTime, isIsoDate } from './dates.js';
import { zonedToUtc } from './time.js';

/** A UTC offset as `±HH:MM` (what `"13:00 UTC-6"` publishes as `-06:00`). */
const OFFSET = /^[+-](?:0\d|1[0-4]):[0-5]\d$/;

export function isUtcOffset(value: string): boolean {
  return OFFSET.test(value);
}

/**
 * The UTC instant of a published kick-off: a local date and time either at a fixed offset from
 * UTC (`-06:00`, as the World Cup publishes each match) or in an IANA zone (`Europe/Paris`, whose
 * offset changes with summer time). Throws on an invalid date, time or offset.
 */
export function kickoffInstant(date: string, time: string, zoneOrOffset: string): string {
  if (!isUtcOffset(zoneOrOffset)) return zonedToUtc(date, time, zoneOrOffset);
  if (!isIsoDate(date) || !isClockTime(time)) throw new Error(`Not a date and time: ${date} ${time}`);
  return new Date(`${date}T${time}:00${zoneOrOffset}`).toISOString();
}
