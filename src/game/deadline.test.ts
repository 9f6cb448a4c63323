import { describe, expect, test } from 'vitest';
import { DateTime } from 'luxon';
import { DEADLINE_MESSAGE, isPredictionOpen, isUpcoming, predictionDeadline, predictionWindow } from './deadline.js';

const fixture = (kickoffAt: string | null, postponed = false) => ({ kickoffAt, postponed });
const at = (iso: string) => new Date(iso);
/** A Europe/London wall-clock time as the stored UTC instant. */
const london = (local: string) => DateTime.fromISO(local, { zone: 'Europe/London' }).toUTC().toISO()!;

describe('prediction deadline', () => {
  const ko = fixture('2025-08-16T14:00:00.000Z');

  test('is two hours before kick-off', () => {
    expect(predictionDeadline(ko)?.toISOString()).toBe('2025-08-16T12:00:00.000Z');
  });

  test('one second before the 2-hour mark is open', () => {
    expect(predictionWindow(ko, at('2025-08-16T11:59:59.000Z'))).toBe('open');
    expect(isPredictionOpen(ko, at('2025-08-16T11:59:59.999Z'))).toBe(true);
  });

  test('exactly at the 2-hour mark is closed', () => {
    expect(predictionWindow(ko, at('2025-08-16T12:00:00.000Z'))).toBe('closed');
  });

  test('one second after the 2-hour mark is closed', () => {
    expect(predictionWindow(ko, at('2025-08-16T12:00:01.000Z'))).toBe('closed');
    expect(isPredictionOpen(ko, at('2025-08-16T16:00:00.000Z'))).toBe(false);
  });

  test('postponed, with or without a time, takes no predictions', () => {
    expect(predictionWindow(fixture(null, true), at('2025-01-01T00:00:00Z'))).toBe('postponed');
    expect(predictionWindow(fixture(null), at('2025-01-01T00:00:00Z'))).toBe('postponed');
    expect(predictionWindow(fixture('2030-01-01T15:00:00Z', true), at('2025-01-01T00:00:00Z'))).toBe('postponed');
    expect(predictionDeadline(fixture(null, true))).toBeNull();
  });

  test('moving a kick-off moves the deadline', () => {
    const now = at('2025-08-16T13:00:00Z');
    expect(isPredictionOpen(fixture('2025-08-16T14:00:00Z'), now)).toBe(false);
    expect(isPredictionOpen(fixture('2025-08-17T14:00:00Z'), now)).toBe(true);
  });

  // Clocks go back on 26 Oct 2025 (02:00 BST → 01:00 GMT). A 02:30 GMT kick-off closes 2 real hours
  // earlier, at 00:30 UTC, which London reads as 01:30 BST (a wall-clock gap of only one hour).
  test('across the autumn change (BST → GMT)', () => {
    const kickoff = london('2025-10-26T02:30'); // GMT (after the change)
    expect(kickoff).toBe('2025-10-26T02:30:00.000Z');
    const f = fixture(kickoff);
    expect(predictionDeadline(f)?.toISOString()).toBe('2025-10-26T00:30:00.000Z');
    expect(DateTime.fromISO('2025-10-26T00:30:00Z').setZone('Europe/London').toFormat('HH:mm ZZZZ')).toBe(
      '01:30 GMT+1',
    );
    expect(isPredictionOpen(f, at('2025-10-26T00:29:59Z'))).toBe(true);
    expect(isPredictionOpen(f, at('2025-10-26T00:30:00Z'))).toBe(false);
    expect(isPredictionOpen(f, at('2025-10-26T00:30:01Z'))).toBe(false);
  });

  test('a 15:00 kick-off on the autumn change day closes at 13:00 GMT', () => {
    const f = fixture(london('2025-10-26T15:00'));
    expect(isPredictionOpen(f, at(london('2025-10-26T12:59:59')))).toBe(true);
    expect(isPredictionOpen(f, at(london('2025-10-26T13:00')))).toBe(false);
  });

  // Clocks go forward on 29 Mar 2026 (01:00 GMT → 02:00 BST): a 03:00 BST kick-off is 02:00 UTC,
  // so the deadline is 00:00 UTC (00:00 GMT), three wall-clock hours earlier.
  test('across the spring change (GMT → BST)', () => {
    const kickoff = london('2026-03-29T03:00');
    expect(kickoff).toBe('2026-03-29T02:00:00.000Z');
    const f = fixture(kickoff);
    expect(predictionDeadline(f)?.toISOString()).toBe('2026-03-29T00:00:00.000Z');
    expect(isPredictionOpen(f, at('2026-03-28T23:59:59Z'))).toBe(true);
    expect(isPredictionOpen(f, at('2026-03-29T00:00:00Z'))).toBe(false);
    expect(isPredictionOpen(f, at('2026-03-29T00:00:01Z'))).toBe(false);
  });

  test('a 16:30 BST kick-off on the spring change day closes at 14:30 BST (13:30 UTC)', () => {
    const f = fixture(london('2026-03-29T16:30'));
    expect(predictionDeadline(f)?.toISOString()).toBe('2026-03-29T13:30:00.000Z');
  });

  test('the message is the spec text', () => {
    expect(DEADLINE_MESSAGE).toBe(
      'Sorry, predictions for this match are no longer allowed. The deadline is 2 hours before kick-off.',
    );
  });
});

describe('upcoming versus past', () => {
  test('kick-off now or later is upcoming, earlier is past; no time is upcoming', () => {
    const now = at('2025-08-16T14:00:00Z');
    expect(isUpcoming({ kickoffAt: '2025-08-16T14:00:00.000Z' }, now)).toBe(true);
    expect(isUpcoming({ kickoffAt: '2025-08-16T13:59:59.000Z' }, now)).toBe(false);
    expect(isUpcoming({ kickoffAt: null }, now)).toBe(true);
  });
});

describe('a match moved after its deadline (decision record 0012)', () => {
  test('stays closed even when its new kick-off is far ahead', () => {
    const moved = {
      kickoffAt: '2025-09-30T14:00:00.000Z',
      postponed: false,
      predictionsLockedAt: '2025-08-20T12:00:00.000Z',
    };
    expect(predictionWindow(moved, at('2025-08-21T12:00:00.000Z'))).toBe('closed');
    expect(predictionWindow({ ...moved, predictionsLockedAt: null }, at('2025-08-21T12:00:00.000Z'))).toBe('open');
  });

  test('stays closed while postponed, too', () => {
    expect(
      predictionWindow(
        { kickoffAt: null, postponed: true, predictionsLockedAt: '2025-08-20T12:00:00.000Z' },
        at('2025-08-21T12:00:00.000Z'),
      ),
    ).toBe('closed');
  });
});
