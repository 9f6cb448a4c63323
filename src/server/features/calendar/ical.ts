import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import { displayTeamName } from '../../../game/clubs.js';
import { DEADLINE_MS } from '../../../game/limits.js';

/** How long a match event lasts in the calendar (90 minutes, half-time and stoppage). */
export const MATCH_DURATION_MS = 2 * 60 * 60 * 1000;
/** The alarm rings this long before predictions close: at the deadline itself it would be too late to predict. */
export const ALARM_BEFORE_DEADLINE_MS = 60 * 60 * 1000;
/** What the event says about its alarm (the alarm's own text says the same). */
export const ALARM_NOTE = 'Reminder 1 hour before predictions close (3 hours before kick-off).';

export interface CalendarFixture {
  id: string;
  homeTeam: string;
  awayTeam: string;
  kickoffAt: string | null;
  postponed: boolean;
  gameweek: number | null;
  createdAt: string;
  updatedAt: string;
  result: { homeScore: number; awayScore: number; final: boolean } | null;
  prediction: { homeScore: number; awayScore: number } | null;
}

/**
 * A fixture gets the deadline alarm only while the alarm can still help: the player has no pick
 * for it yet and its predictions are still open. A reminder to predict a match already predicted,
 * or one whose deadline is behind us, is noise (calendar apps refresh the feed and drop it).
 */
export function wantsAlarm(f: CalendarFixture, now: Date): boolean {
  if (!f.kickoffAt || f.postponed || f.result?.final || f.prediction) return false;
  return new Date(f.kickoffAt).getTime() - DEADLINE_MS > now.getTime();
}

/**
 * A player's private iCalendar feed: one event per fixture that has a kick-off time, lasting
 * two hours; a match still to predict (`wantsAlarm`) has an alarm an hour before the prediction
 * deadline (3 hours before kick-off), which the event's description mentions. The UID is
 * stable per fixture, and SEQUENCE/LAST-MODIFIED follow the fixture's updatedAt, so calendar
 * apps move an event when its match is rescheduled. Postponed matches are marked cancelled.
 */
export function buildCalendar(opts: {
  fixtures: readonly CalendarFixture[];
  now: Date;
  publicUrl: string;
  host: string;
}): string {
  const cal = ical({
    name: 'Scoreline fixtures',
    prodId: { company: 'Scoreline', product: 'Fixtures', language: 'EN' },
    ttl: 60 * 60,
  });
  const predictUrl = `${opts.publicUrl}/predictions`;
  for (const f of opts.fixtures) {
    if (!f.kickoffAt) continue;
    const start = new Date(f.kickoffAt);
    const home = displayTeamName(f.homeTeam);
    const away = displayTeamName(f.awayTeam);
    const final = f.result?.final ? f.result : null;
    const summary = f.postponed
      ? `Postponed: ${home} v ${away}`
      : final
        ? `${home} ${final.homeScore}-${final.awayScore} ${away}`
        : `${home} v ${away}`;
    const alarm = wantsAlarm(f, opts.now);
    const lines = [
      f.gameweek ? `Premier League, Gameweek ${f.gameweek}` : 'Premier League',
      f.prediction
        ? `Your prediction: ${f.prediction.homeScore} - ${f.prediction.awayScore}`
        : `Predictions close 2 hours before kick-off: ${predictUrl}`,
      ...(alarm ? [ALARM_NOTE] : []),
    ];
    const created = new Date(f.createdAt).getTime();
    const updated = new Date(f.updatedAt).getTime();
    const event = cal.createEvent({
      id: `${f.id}@${opts.host}`,
      start,
      end: new Date(start.getTime() + MATCH_DURATION_MS),
      summary,
      description: lines.join('\n'),
      url: predictUrl,
      stamp: opts.now,
      lastModified: new Date(updated),
      // Seconds since the fixture was created: grows every time the admin changes it.
      sequence: Math.max(0, Math.floor((updated - created) / 1000)),
      status: f.postponed ? ICalEventStatus.CANCELLED : ICalEventStatus.CONFIRMED,
    });
    if (alarm) {
      event.createAlarm({
        type: ICalAlarmType.display,
        // Seconds before the event's start (kick-off).
        trigger: (DEADLINE_MS + ALARM_BEFORE_DEADLINE_MS) / 1000,
        description: `Predictions for ${home} v ${away} close in 1 hour`,
      });
    }
  }
  return cal.toString();
}
