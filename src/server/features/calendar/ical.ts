import ical, { ICalAlarmType, ICalEventStatus } from 'ical-generator';
import { displayTeamName } from '../../../game/clubs.js';
import { DEADLINE_MS } from '../../../game/limits.js';
import { resultText, roundName, type ResultFacts } from '../../../game/match-wording.js';

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
  result: (ResultFacts & { final: boolean }) | null;
  prediction: { homeScore: number; awayScore: number } | null;
  /**
   * Its competition and season when that is not the Premier League: the event names them, with
   * the match's round (`stage`, `group`, `leg`). Absent for the Premier League, whose events
   * say only their gameweek, as they always have.
   */
  competition?: { name: string; season: string } | null;
  stage?: string | null;
  group?: string | null;
  leg?: number | null;
  /** A side's placeholder while its team is not known yet ("Winner Group A"): the event shows it. */
  homeLabel?: string | null;
  awayLabel?: string | null;
}

/** Both teams known: a match shown by a placeholder takes no prediction yet (decision 0116). */
const teamsKnown = (f: CalendarFixture) => !f.homeLabel && !f.awayLabel;

/** Where the event's match is played, after its teams: "World Cup, Final"; null for the Premier League. */
export function matchContext(f: CalendarFixture): string | null {
  if (!f.competition) return null;
  const round = roundName(f);
  return round ? `${f.competition.name}, ${round}` : f.competition.name;
}

/** The event description's first line: "Premier League, Gameweek 5", "World Cup 2026 · Final". */
function competitionLine(f: CalendarFixture): string {
  if (!f.competition) return f.gameweek ? `Premier League, Gameweek ${f.gameweek}` : 'Premier League';
  const round = roundName(f);
  const name = `${f.competition.name} ${f.competition.season}`;
  return round ? `${name} · ${round}` : name;
}

/**
 * A fixture gets the deadline alarm only while the alarm can still help: the player has no pick
 * for it yet and its predictions are still open. A reminder to predict a match already predicted,
 * or one whose deadline is behind us, is noise (calendar apps refresh the feed and drop it). A
 * match whose teams are not known yet takes no pick, so it rings only once they are.
 */
export function wantsAlarm(f: CalendarFixture, now: Date): boolean {
  if (!f.kickoffAt || f.postponed || f.result?.final || f.prediction || !teamsKnown(f)) return false;
  return new Date(f.kickoffAt).getTime() - DEADLINE_MS > now.getTime();
}

/**
 * A player's private iCalendar feed: one event per fixture that has a kick-off time, lasting
 * two hours; a match still to predict (`wantsAlarm`) has an alarm an hour before the prediction
 * deadline (3 hours before kick-off), which the event's description mentions. The UID is
 * stable per fixture, and SEQUENCE/LAST-MODIFIED follow the fixture's updatedAt, so calendar
 * apps move an event when its match is rescheduled. Postponed matches are marked cancelled.
 * An event of another competition than the Premier League names it and the match's round
 * (`matchContext`); a side not known yet shows its placeholder. `name` is the calendar's name.
 */
export function buildCalendar(opts: {
  fixtures: readonly CalendarFixture[];
  now: Date;
  publicUrl: string;
  host: string;
  name?: string;
}): string {
  const cal = ical({
    name: opts.name ?? 'Scoreline fixtures',
    prodId: { company: 'Scoreline', product: 'Fixtures', language: 'EN' },
    ttl: 60 * 60,
  });
  const predictUrl = `${opts.publicUrl}/predictions`;
  for (const f of opts.fixtures) {
    if (!f.kickoffAt) continue;
    const start = new Date(f.kickoffAt);
    const home = f.homeLabel ?? displayTeamName(f.homeTeam);
    const away = f.awayLabel ?? displayTeamName(f.awayTeam);
    const final = f.result?.final ? f.result : null;
    const match = f.postponed
      ? `Postponed: ${home} v ${away}`
      : final
        ? // After extra time the score is not the 90 minutes' one: "Spain v Argentina, 1-0 a.e.t.".
          final.extraTime
          ? `${home} v ${away}, ${resultText(final)}`
          : `${home} ${resultText(final)} ${away}`
        : `${home} v ${away}`;
    const context = matchContext(f);
    const summary = context ? `${match} (${context})` : match;
    const alarm = wantsAlarm(f, opts.now);
    const lines = [
      competitionLine(f),
      f.prediction
        ? `Your prediction: ${f.prediction.homeScore} - ${f.prediction.awayScore}`
        : teamsKnown(f)
          ? `Predictions close 2 hours before kick-off: ${predictUrl}`
          : `Predictions open once both teams are known: ${predictUrl}`,
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
