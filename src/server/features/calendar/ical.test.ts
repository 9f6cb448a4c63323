import { describe, expect, test } from 'vitest';
import ical, { type VEvent } from 'node-ical';
import { buildCalendar, wantsAlarm, type CalendarFixture } from './ical.js';

const base: CalendarFixture = {
  id: 'Arsenal_FC_vs_Chelsea_FC_2025-08-16',
  homeTeam: 'Arsenal FC',
  awayTeam: 'Chelsea FC',
  kickoffAt: '2025-08-16T14:00:00.000Z',
  postponed: false,
  gameweek: 1,
  createdAt: '2025-07-01T10:00:00.000Z',
  updatedAt: '2025-07-01T10:00:00.000Z',
  result: null,
  prediction: null,
};
const now = new Date('2025-08-10T09:00:00.000Z');

function events(text: string): VEvent[] {
  return Object.values(ical.sync.parseICS(text)).filter((c): c is VEvent => c?.type === 'VEVENT');
}

describe('buildCalendar', () => {
  test('is valid iCalendar with one two-hour event per fixture and an alarm an hour before the deadline, which the event mentions', () => {
    const text = buildCalendar({
      fixtures: [base],
      now,
      publicUrl: 'https://scoreline.example',
      host: 'scoreline.example',
    });
    expect(text).toMatch(/^BEGIN:VCALENDAR\r\n/);
    const [e] = events(text);
    expect(e).toBeDefined();
    expect(e!.uid).toBe('Arsenal_FC_vs_Chelsea_FC_2025-08-16@scoreline.example');
    expect(e!.summary).toBe('Arsenal v Chelsea');
    expect(new Date(e!.start!).toISOString()).toBe('2025-08-16T14:00:00.000Z');
    expect(new Date(e!.end!).toISOString()).toBe('2025-08-16T16:00:00.000Z');
    expect(String(e!.sequence)).toBe('0');
    expect(text).toContain('BEGIN:VALARM');
    // Predictions close 2 hours before kick-off: the alarm rings an hour before that, not at it.
    expect(text).toContain('TRIGGER:-PT3H');
    expect(text).not.toContain('TRIGGER:-PT2H');
    const alarms = Object.values(e!.alarms ?? {}) as Array<{ description?: string }>;
    expect(alarms.map((a) => a.description)).toEqual(['Predictions for Arsenal v Chelsea close in 1 hour']);
    expect(e!.description).toContain('https://scoreline.example/predictions');
    expect(e!.description).toContain('Reminder 1 hour before predictions close (3 hours before kick-off).');
  });

  test('a moved fixture keeps its UID and gets a higher SEQUENCE and a new LAST-MODIFIED', () => {
    const first = events(
      buildCalendar({ fixtures: [base], now, publicUrl: 'https://x.example', host: 'x.example' }),
    )[0]!;
    const moved = { ...base, kickoffAt: '2025-08-17T16:30:00.000Z', updatedAt: '2025-08-12T08:00:00.000Z' };
    const second = events(
      buildCalendar({ fixtures: [moved], now, publicUrl: 'https://x.example', host: 'x.example' }),
    )[0]!;
    expect(second.uid).toBe(first.uid);
    expect(Number(second.sequence)).toBeGreaterThan(Number(first.sequence));
    expect(new Date(second.lastmodified!).toISOString()).toBe('2025-08-12T08:00:00.000Z');
    expect(new Date(second.start!).toISOString()).toBe('2025-08-17T16:30:00.000Z');
  });

  test('postponed matches are cancelled, matches without a time are left out, finished ones show the score', () => {
    const text = buildCalendar({
      fixtures: [
        { ...base, id: 'a', postponed: true },
        { ...base, id: 'b', kickoffAt: null, postponed: true },
        {
          ...base,
          id: 'c',
          result: { homeScore: 2, awayScore: 1, final: true },
          prediction: { homeScore: 1, awayScore: 0 },
        },
      ],
      now,
      publicUrl: 'https://x.example',
      host: 'x.example',
    });
    const list = events(text);
    expect(list.map((e) => e.uid).sort()).toEqual(['a@x.example', 'c@x.example']);
    const a = list.find((e) => e.uid === 'a@x.example')!;
    expect(a.status).toBe('CANCELLED');
    expect(a.summary).toBe('Postponed: Arsenal v Chelsea');
    const c = list.find((e) => e.uid === 'c@x.example')!;
    expect(c.summary).toBe('Arsenal 2-1 Chelsea');
    expect(c.description).toContain('Your prediction: 1 - 0');
    // Only upcoming matches get a deadline alarm, and only they mention one.
    expect(text.match(/BEGIN:VALARM/g)).toBeNull();
    expect(c.description).not.toContain('Reminder');
  });

  test('the alarm rings only for a match still without a pick whose predictions are still open', () => {
    const text = buildCalendar({
      fixtures: [
        { ...base, id: 'open' },
        { ...base, id: 'picked', prediction: { homeScore: 1, awayScore: 1 } },
        // Kick-off in 90 minutes: its deadline passed half an hour ago.
        { ...base, id: 'closed', kickoffAt: '2025-08-10T10:30:00.000Z' },
        { ...base, id: 'played', kickoffAt: '2025-08-09T14:00:00.000Z' },
      ],
      now,
      publicUrl: 'https://x.example',
      host: 'x.example',
    });
    const list = events(text);
    expect(list).toHaveLength(4);
    const withAlarm = list.filter((e) => Object.keys(e.alarms ?? {}).length > 0).map((e) => e.uid);
    expect(withAlarm).toEqual(['open@x.example']);
    expect(text.match(/BEGIN:VALARM/g)).toHaveLength(1);
    // Only the event with the alarm says it has one.
    for (const e of list) expect(String(e.description).includes('Reminder')).toBe(e.uid === 'open@x.example');
  });

  test('an event of another competition names it and the round; the Premier League says its gameweek as before', () => {
    const wc = {
      ...base,
      homeTeam: 'Spain',
      awayTeam: 'Argentina',
      gameweek: 23,
      competition: { name: 'World Cup', season: '2026' },
    };
    const text = buildCalendar({
      fixtures: [
        base,
        { ...wc, id: 'final', stage: 'final' },
        { ...wc, id: 'group', stage: 'group', group: 'Group A' },
        {
          ...wc,
          id: 'qf',
          competition: { name: 'Champions League', season: '2025/26' },
          stage: 'quarter-finals',
          leg: 1,
        },
      ],
      now,
      publicUrl: 'https://x.example',
      host: 'x.example',
    });
    const byUid = new Map(events(text).map((e) => [e.uid, e]));
    const pl = byUid.get('Arsenal_FC_vs_Chelsea_FC_2025-08-16@x.example')!;
    expect(pl.summary).toBe('Arsenal v Chelsea');
    expect(String(pl.description).split('\n')[0]).toBe('Premier League, Gameweek 1');
    const final = byUid.get('final@x.example')!;
    expect(final.summary).toBe('Spain v Argentina (World Cup, Final)');
    expect(String(final.description).split('\n')[0]).toBe('World Cup 2026 · Final');
    expect(byUid.get('group@x.example')!.summary).toBe('Spain v Argentina (World Cup, Group A)');
    const qf = byUid.get('qf@x.example')!;
    expect(qf.summary).toBe('Spain v Argentina (Champions League, Quarter-finals · 1st leg)');
    expect(String(qf.description).split('\n')[0]).toBe('Champions League 2025/26 · Quarter-finals · 1st leg');
  });

  test('a match whose teams are not known shows its placeholders and rings no alarm: it takes no pick yet', () => {
    const f: CalendarFixture = {
      ...base,
      id: 'r32',
      homeTeam: 'Winner Group A',
      awayTeam: 'Runner-up Group B',
      homeLabel: 'Winner Group A',
      awayLabel: 'Runner-up Group B',
      competition: { name: 'World Cup', season: '2026' },
      stage: 'round-of-32',
    };
    expect(wantsAlarm(f, now)).toBe(false);
    expect(wantsAlarm({ ...f, homeTeam: 'Spain', homeLabel: null, awayTeam: 'Japan', awayLabel: null }, now)).toBe(
      true,
    );
    const text = buildCalendar({ fixtures: [f], now, publicUrl: 'https://x.example', host: 'x.example' });
    const [e] = events(text);
    expect(e!.summary).toBe('Winner Group A v Runner-up Group B (World Cup, Round of 32)');
    expect(e!.description).toContain('Predictions open once both teams are known');
    expect(text).not.toContain('BEGIN:VALARM');
  });

  test('a result after extra time says so: the 90-minute score is not the match score', () => {
    const text = buildCalendar({
      fixtures: [
        {
          ...base,
          id: 'final',
          homeTeam: 'Spain',
          awayTeam: 'Argentina',
          competition: { name: 'World Cup', season: '2026' },
          stage: 'final',
          result: {
            homeScore: 1,
            awayScore: 1,
            final: true,
            extraTime: { homeScore: 2, awayScore: 2 },
            penalties: { homeScore: 4, awayScore: 3 },
          },
        },
        { ...base, id: 'plain', result: { homeScore: 3, awayScore: 0, final: true, extraTime: null } },
      ],
      now,
      publicUrl: 'https://x.example',
      host: 'x.example',
    });
    const byUid = new Map(events(text).map((e) => [e.uid, e]));
    expect(byUid.get('final@x.example')!.summary).toBe('Spain v Argentina, 2-2 a.e.t., 4-3 pens (World Cup, Final)');
    expect(byUid.get('plain@x.example')!.summary).toBe('Arsenal 3-0 Chelsea');
  });

  test('the calendar takes the name it is given', () => {
    const text = buildCalendar({
      fixtures: [base],
      now,
      publicUrl: 'https://x.example',
      host: 'x.example',
      name: 'Scoreline fixtures: World Cup',
    });
    expect(text).toContain('X-WR-CALNAME:Scoreline fixtures: World Cup');
  });

  test('wantsAlarm: the last moment is the deadline itself', () => {
    const kickoff = Date.parse(base.kickoffAt!);
    const deadline = kickoff - 2 * 3_600_000;
    expect(wantsAlarm(base, new Date(deadline - 1))).toBe(true);
    expect(wantsAlarm(base, new Date(deadline))).toBe(false);
    expect(wantsAlarm({ ...base, kickoffAt: null }, now)).toBe(false);
    expect(wantsAlarm({ ...base, postponed: true }, now)).toBe(false);
  });
});
