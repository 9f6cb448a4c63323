/** Dates and times in the viewer's own time zone (kick-offs are stored as UTC instants). */
export function formatKickoffDate(
  iso: string,
  opts: Intl.DateTimeFormatOptions = { weekday: 'short', day: 'numeric', month: 'short' },
): string {
  return new Intl.DateTimeFormat(undefined, opts).format(new Date(iso));
}

/**
 * Every clock time on screen is on the 24-hour clock, whatever the viewer's locale would pick, so a
 * kick-off, a bonus question's lock and a message's time read alike. `hourCycle` rather than
 * `hour12: false`: the latter lets some engines write midnight as "24:00".
 */
const CLOCK = { hour: '2-digit', minute: '2-digit', hourCycle: 'h23' } as const;

export function formatKickoffTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, CLOCK).format(new Date(iso));
}

/** A date with its time (a lock, a message sent, a feed run), on the same 24-hour clock. */
export function formatDateTime(iso: string): string {
  return new Intl.DateTimeFormat(undefined, {
    day: 'numeric',
    month: 'short',
    year: 'numeric',
    ...CLOCK,
  }).format(new Date(iso));
}

/** 'YYYY-MM-DD' → 'DD-MM-YYYY' (the gameweek screen's day-month-year format). */
export function dayMonthYear(date: string): string {
  const [y, m, d] = date.split('-');
  return `${d}-${m}-${y}`;
}

/** The viewer's IANA time zone ("today" and weekday statistics are the viewer's own); London if unknown. */
export function viewerTimeZone(): string {
  try {
    return Intl.DateTimeFormat().resolvedOptions().timeZone || 'Europe/London';
  } catch {
    return 'Europe/London';
  }
}
