/**
 * How long until a prediction deadline, as a fan reads it on a card: "closes in 3 h 12 min",
 * "closes in 1 day 4 h", "closes in 2 days". Minutes are rounded down, so the text never
 * promises more time than is left; null once the deadline has passed.
 */
const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

export function deadlineCountdown(deadline: Date | string | null, now: Date): string | null {
  if (deadline === null) return null;
  const left = new Date(deadline).getTime() - now.getTime();
  if (!Number.isFinite(left) || left <= 0) return null;
  if (left < MINUTE) return 'closes in under a minute';
  if (left < HOUR) return `closes in ${Math.floor(left / MINUTE)} min`;
  if (left < DAY) {
    const hours = Math.floor(left / HOUR);
    const minutes = Math.floor((left % HOUR) / MINUTE);
    return minutes === 0 ? `closes in ${hours} h` : `closes in ${hours} h ${minutes} min`;
  }
  const days = Math.floor(left / DAY);
  if (days === 1) {
    const hours = Math.floor((left % DAY) / HOUR);
    return hours === 0 ? 'closes in 1 day' : `closes in 1 day ${hours} h`;
  }
  return `closes in ${days} days`;
}

/** Whether a deadline falls within the next `withinMs` (the dashboard's 24-hour nudge). */
export function deadlineWithin(deadline: Date | string | null, now: Date, withinMs: number): boolean {
  if (deadline === null) return false;
  const left = new Date(deadline).getTime() - now.getTime();
  return left > 0 && left <= withinMs;
}
