import { afterEach, expect, test, vi } from 'vitest';
import { formatDateTime, formatKickoffTime } from './format';

afterEach(() => {
  vi.unstubAllGlobals();
});

/** Formats as a viewer in the United States (whose locale defaults to the 12-hour clock) would see. */
function asUsViewer() {
  const Real = Intl.DateTimeFormat;
  vi.stubGlobal('Intl', {
    ...Intl,
    DateTimeFormat: function (_locales?: string | string[], opts?: Intl.DateTimeFormatOptions) {
      return new Real('en-US', { ...opts, timeZone: 'UTC' });
    },
  });
}

test('a date with its time (bonus locks, admin messages) is on the 24-hour clock, like kick-off times', () => {
  asUsViewer();
  const iso = '2025-08-23T14:05:00.000Z';
  expect(formatKickoffTime(iso)).toBe('14:05');
  const full = formatDateTime(iso);
  expect(full).toContain('14:05');
  expect(full).not.toMatch(/AM|PM/i);
});

test('midnight is 00:00, never 24:00', () => {
  asUsViewer();
  expect(formatKickoffTime('2025-08-23T00:30:00.000Z')).toBe('00:30');
  expect(formatDateTime('2025-08-23T00:30:00.000Z')).toContain('00:30');
});
