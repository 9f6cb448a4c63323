import { describe, expect, test } from 'vitest';
import { isQuietAt, pushReminderAction, pushReminderFor } from './push-reminders.js';

const deadline = new Date('2025-08-16T12:00:00.000Z');
const at = (iso: string) => new Date(iso);

describe('push reminder times', () => {
  test('24 hours, then 1 hour before the deadline; nothing earlier or after', () => {
    expect(pushReminderFor(deadline, at('2025-08-15T11:59:00.000Z'))).toBeNull();
    expect(pushReminderFor(deadline, at('2025-08-15T12:00:00.000Z'))).toBe(24);
    expect(pushReminderFor(deadline, at('2025-08-16T10:59:00.000Z'))).toBe(24);
    expect(pushReminderFor(deadline, at('2025-08-16T11:00:00.000Z'))).toBe(1);
    expect(pushReminderFor(deadline, at('2025-08-16T11:59:59.000Z'))).toBe(1);
    expect(pushReminderFor(deadline, deadline)).toBeNull();
  });
});

describe('quiet hours', () => {
  const q = { start: '22:00', end: '07:00', zone: 'Europe/London' };
  test('wrap past midnight, in the player zone (BST in August)', () => {
    expect(isQuietAt(at('2025-08-15T21:00:00.000Z'), q)).toBe(true); // 22:00 BST
    expect(isQuietAt(at('2025-08-15T20:59:00.000Z'), q)).toBe(false);
    expect(isQuietAt(at('2025-08-16T05:59:00.000Z'), q)).toBe(true); // 06:59 BST
    expect(isQuietAt(at('2025-08-16T06:00:00.000Z'), q)).toBe(false); // 07:00 BST
    expect(isQuietAt(at('2025-08-15T21:00:00.000Z'), { ...q, zone: 'America/New_York' })).toBe(false);
  });
  test('a span within a day, and none', () => {
    const day = { start: '13:00', end: '14:00', zone: 'UTC' };
    expect(isQuietAt(at('2025-08-16T13:30:00.000Z'), day)).toBe(true);
    expect(isQuietAt(at('2025-08-16T14:00:00.000Z'), day)).toBe(false);
    expect(isQuietAt(at('2025-08-16T13:30:00.000Z'), { start: null, end: null, zone: null })).toBe(false);
  });
  test('hold in quiet hours, except the last-chance reminder of a deadline not yet pushed about', () => {
    expect(pushReminderAction({ hours: 24, quiet: false, earlierSent: false })).toBe('send');
    expect(pushReminderAction({ hours: 24, quiet: true, earlierSent: false })).toBe('hold');
    expect(pushReminderAction({ hours: 1, quiet: true, earlierSent: true })).toBe('hold');
    expect(pushReminderAction({ hours: 1, quiet: true, earlierSent: false })).toBe('send');
  });
});
