import { describe, expect, test } from 'vitest';
import {
  isClockTime,
  isIsoDate,
  londonDate,
  londonToUtc,
  zonedDate,
  zonedDateKept,
  zonedDay,
  zonedToUtc,
} from './time.js';

describe('londonToUtc', () => {
  test('British Summer Time is UTC+1 (season opener)', () => {
    expect(londonToUtc('2025-08-15', '20:00')).toBe('2025-08-15T19:00:00.000Z');
  });

  test('the autumn change on 2025-10-26: the day before is BST, the day itself after 02:00 is GMT', () => {
    expect(londonToUtc('2025-10-25', '15:00')).toBe('2025-10-25T14:00:00.000Z');
    expect(londonToUtc('2025-10-26', '14:00')).toBe('2025-10-26T14:00:00.000Z');
    expect(londonToUtc('2025-10-26', '16:30')).toBe('2025-10-26T16:30:00.000Z');
    expect(londonToUtc('2025-10-27', '20:00')).toBe('2025-10-27T20:00:00.000Z');
  });

  test('the spring change on 2026-03-29: the day before is GMT, the day itself after 01:00 is BST', () => {
    expect(londonToUtc('2026-03-28', '15:00')).toBe('2026-03-28T15:00:00.000Z');
    expect(londonToUtc('2026-03-29', '14:00')).toBe('2026-03-29T13:00:00.000Z');
    expect(londonToUtc('2026-04-10', '20:00')).toBe('2026-04-10T19:00:00.000Z');
  });

  test('midnight-crossing: an early-morning UK time can fall on the previous UTC day', () => {
    expect(londonToUtc('2025-08-16', '00:30')).toBe('2025-08-15T23:30:00.000Z');
  });

  test('refuses impossible dates and times', () => {
    expect(() => londonToUtc('2025-02-30', '15:00')).toThrow();
    expect(() => londonToUtc('2025-08-15', '24:00')).toThrow();
    expect(() => londonToUtc('15/08/2025', '15:00')).toThrow();
  });
});

describe('date and time checks', () => {
  test('isIsoDate', () => {
    expect(isIsoDate('2025-08-15')).toBe(true);
    expect(isIsoDate('2025-13-01')).toBe(false);
    expect(isIsoDate('2025-8-1')).toBe(false);
  });
  test('isClockTime', () => {
    expect(isClockTime('19:45')).toBe(true);
    expect(isClockTime('7:45')).toBe(false);
    expect(isClockTime('19.45')).toBe(false);
  });
});

describe('londonDate', () => {
  test('late UTC evening in summer is already the next UK day', () => {
    expect(londonDate('2025-08-15T23:30:00Z')).toBe('2025-08-16');
    expect(londonDate(new Date('2025-12-15T23:30:00Z'))).toBe('2025-12-15');
  });
});

describe('the 2026/27 clock changes and other zones', () => {
  test('2026-10-25 (autumn) and 2027-03-28 (spring) in London', () => {
    expect(londonToUtc('2026-10-24', '12:30')).toBe('2026-10-24T11:30:00.000Z');
    expect(londonToUtc('2026-10-25', '14:00')).toBe('2026-10-25T14:00:00.000Z');
    expect(londonToUtc('2027-03-27', '15:00')).toBe('2027-03-27T15:00:00.000Z');
    expect(londonToUtc('2027-03-28', '16:30')).toBe('2027-03-28T15:30:00.000Z');
  });

  test('any IANA zone: a competition keeps its own clock', () => {
    expect(zonedToUtc('2026-11-28', '15:30', 'Europe/Berlin')).toBe('2026-11-28T14:30:00.000Z');
    expect(zonedDate('2026-11-28T23:30:00.000Z', 'Europe/Berlin')).toBe('2026-11-29');
    expect(() => zonedToUtc('2026-11-28', '15:30', 'Mars/Olympus')).toThrow();
  });
});

describe('zonedDay and zonedDateKept', () => {
  test('the day of an instant in a zone, its bounds, across a clock change and from one day to the next', () => {
    // 25 October 2026: the UK's autumn change, a 25-hour day.
    const day = zonedDay('Europe/London', new Date('2026-10-25T12:00:00Z'));
    expect(day).toEqual({
      from: Date.parse('2026-10-24T23:00:00Z'),
      to: Date.parse('2026-10-26T00:00:00Z'),
      date: '2026-10-25',
    });
    // Kept while the instant stays in the day, and worked out again once it leaves it.
    expect(zonedDay('Europe/London', new Date('2026-10-25T23:59:59Z'))).toBe(day);
    expect(zonedDay('Europe/London', new Date('2026-10-26T00:00:00Z')).date).toBe('2026-10-26');
    expect(zonedDay('Europe/London', new Date('2026-10-24T22:59:59Z')).date).toBe('2026-10-24');
    expect(zonedDay('Asia/Tokyo', new Date('2026-10-25T16:00:00Z')).date).toBe('2026-10-26');
    expect(zonedDay('America/Los_Angeles', new Date('2026-10-25T06:00:00Z')).date).toBe('2026-10-24');
  });

  test('a remembered date is the date', () => {
    for (const [instant, zone] of [
      ['2026-11-28T23:30:00.000Z', 'Europe/London'],
      ['2026-11-28T23:30:00.000Z', 'Asia/Kolkata'],
      ['2026-11-28T03:30:00.000Z', 'America/New_York'],
    ] as const) {
      expect(zonedDateKept(instant, zone)).toBe(zonedDate(instant, zone));
      expect(zonedDateKept(instant, zone)).toBe(zonedDate(instant, zone));
    }
  });
});
