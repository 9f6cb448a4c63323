import { weekdayOf } from '../../game/dates.js';
import type { IncomingSource, Schedule, Score, SyncCounts } from './sync-types.js';

/**
 * The sentences a sync plan shows the admin and writes to the log. Dates are the competition's
 * local ones as published (the file's own clock), without the year: a season's weekday, day and
 * month are unambiguous.
 */

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];

/** `Sat 28 Nov 15:00`, or `Sat 28 Nov` without a time. */
export function localWhen(date: string, time: string | null): string {
  const day = `${weekdayOf(date)} ${Number(date.slice(8, 10))} ${MONTHS[Number(date.slice(5, 7)) - 1] ?? '?'}`;
  return time ? `${day} ${time}` : day;
}

const when = (s: Schedule) => localWhen(s.localDate, s.postponed ? null : s.localTime);
export const scoreText = (s: Score) => `${s.homeScore}-${s.awayScore}`;

export function describeSchedule(
  match: string,
  what: 'moved' | 'postponed' | 'rescheduled',
  from: Schedule,
  to: Schedule,
  locks: boolean,
): string {
  const text =
    what === 'postponed'
      ? `${match} postponed (was ${when(from)})`
      : what === 'rescheduled'
        ? `${match} rescheduled for ${when(to)} (was postponed)`
        : from.postponed
          ? `${match} (postponed) moved from ${when(from)} to ${when(to)}`
          : `${match} moved from ${when(from)} to ${when(to)}`;
  return locks ? `${text}; its deadline had passed, so its predictions stay closed` : text;
}

export function describeRound(match: string, from: number | null, to: number): string {
  return from === null ? `${match} put in Matchday ${to}` : `${match} moved from Matchday ${from} to Matchday ${to}`;
}

export function describeResult(
  match: string,
  what: 'new' | 'final' | 'correction',
  to: Score,
  from: Score | null,
): string {
  if (what === 'final' && from) return `Final result ${scoreText(to)} for ${match} (was ${scoreText(from)} in play)`;
  if (what === 'correction' && from) return `Result of ${match} corrected from ${scoreText(from)} to ${scoreText(to)}`;
  return `Result ${scoreText(to)} for ${match}`;
}

export function describeConflict(match: string, source: IncomingSource, incoming: Score, admin: Score): string {
  return `Conflict on ${match}: the ${source} says ${scoreText(incoming)}, the admin entered ${scoreText(admin)} (the admin's result stays)`;
}

export function describeAdd(match: string, gameweek: number, s: Schedule, result: Score | null): string {
  const at = s.postponed ? `${when(s)}, postponed` : when(s);
  return `New fixture ${match}, Matchday ${gameweek}, ${at}${result ? `, result ${scoreText(result)}` : ''}`;
}

export function describeEarlyResult(match: string, score: Score, kickoff: Schedule): string {
  const why = kickoff.kickoffAt === null ? 'it has no kick-off time' : `it has not kicked off (${when(kickoff)})`;
  return `Result ${scoreText(score)} for ${match} ignored: ${why}`;
}

export function describePlayedMove(match: string, source: IncomingSource, to: Schedule): string {
  const says = to.postponed ? 'says it is postponed' : `says ${when(to)}`;
  return `${match} has a final result, so its kick-off was kept (the ${source} ${says})`;
}

export function describeHeldMove(
  match: string,
  source: IncomingSource,
  from: Schedule,
  to: Schedule,
  score: Score | null,
): string {
  const was = from.postponed || from.kickoffAt === null ? 'postponed' : when(from);
  const withScore = score ? ` with a result of ${scoreText(score)}` : '';
  return `${match}: the ${source} moves it from ${was} to ${when(to)}${withScore}, past its deadline before it has been played; it waits for the admin's confirmation`;
}

export function describeRejectedMove(match: string, source: IncomingSource, to: Schedule): string {
  return `${match} stays where it is: the admin rejected the move to ${when(to)} that the ${source} still proposes`;
}

export function describeKeptPostponement(match: string, source: IncomingSource, to: Schedule): string {
  return `${match} stays postponed: the ${source} still has it on its original date (${when(to)})`;
}

export function describeMissing(match: string, source: IncomingSource, gameweek: number | null): string {
  return `${match}${gameweek === null ? '' : ` (Matchday ${gameweek})`} is not in the ${source}; kept`;
}

export function describeDuplicate(match: string, source: IncomingSource, id: string, matchedTo: string): string {
  return `${match} is stored twice: the ${source} was matched to ${matchedTo}; ${id} was left alone`;
}

const plural = (n: number, one: string, many = `${one}s`) => `${n} ${n === 1 ? one : many}`;

/** `2 moved, 10 results; 1 conflict for the admin; 2 fixtures not in the file (kept)`, or `No changes.` */
export function summarise(c: SyncCounts, source: IncomingSource): string {
  const done = [
    c.added && plural(c.added, 'new fixture'),
    c.moved && `${c.moved} moved`,
    c.postponed && `${c.postponed} postponed`,
    c.rescheduled && `${c.rescheduled} rescheduled`,
    c.rounds && plural(c.rounds, 'round change'),
    c.results - c.corrections && plural(c.results - c.corrections, 'result'),
    c.corrections && plural(c.corrections, 'correction'),
  ].filter(Boolean);
  const notes = [
    c.conflicts && `${plural(c.conflicts, 'conflict')} for the admin`,
    c.held && `${plural(c.held, 'move')} waiting for the admin's confirmation`,
    c.skipped && `${plural(c.skipped, 'item')} held back`,
    c.missing && `${plural(c.missing, 'fixture')} not in the ${source} (kept)`,
    c.duplicates && `${plural(c.duplicates, 'duplicate fixture')} left alone`,
  ].filter(Boolean);
  const head = done.length ? done.join(', ') : 'No changes';
  return notes.length ? `${head}; ${notes.join('; ')}.` : `${head}.`;
}
