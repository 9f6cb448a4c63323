import { expect, test } from 'vitest';
import { deriveStatus, isOverByClock, liveSince } from './fixture-status.js';

const kickoff = '2025-08-16T14:00:00.000Z';
const f = { kickoffAt: kickoff, postponed: 0 };
const before = new Date('2025-08-16T13:59:59.999Z');
const atKickoff = new Date(kickoff);
const later = new Date('2025-08-16T18:00:00.000Z');
const inPlay = new Date('2025-08-16T15:30:00.000Z');
const lastLiveMs = new Date('2025-08-16T16:14:59.999Z');
const windowEnd = new Date('2025-08-16T16:15:00.000Z');

test('upcoming before kick-off, live from the kick-off instant for 2 h 15 min, then awaiting its result', () => {
  expect(deriveStatus(f, null, before)).toBe('upcoming');
  expect(deriveStatus(f, null, atKickoff)).toBe('live');
  expect(deriveStatus(f, null, inPlay)).toBe('live');
  expect(deriveStatus(f, null, lastLiveMs)).toBe('live');
  expect(deriveStatus(f, null, windowEnd)).toBe('awaiting');
  expect(deriveStatus(f, null, later)).toBe('awaiting');
  // Months later, still awaiting: never "live" for days.
  expect(deriveStatus(f, null, new Date('2026-11-23T12:00:00Z'))).toBe('awaiting');
});

test('a provisional in-play score keeps the match live within the window; a final result finishes it', () => {
  expect(deriveStatus(f, { final: 0 }, inPlay)).toBe('live');
  expect(deriveStatus(f, { final: false }, inPlay)).toBe('live');
  expect(deriveStatus(f, { final: 0 }, later)).toBe('awaiting');
  expect(deriveStatus(f, { final: 1 }, later)).toBe('finished');
  expect(deriveStatus(f, { final: true }, atKickoff)).toBe('finished');
});

test('postponed when the admin says so or when there is no kick-off time, whatever the clock', () => {
  expect(deriveStatus({ kickoffAt: kickoff, postponed: 1 }, null, later)).toBe('postponed');
  expect(deriveStatus({ kickoffAt: kickoff, postponed: true }, { final: 1 }, later)).toBe('postponed');
  expect(deriveStatus({ kickoffAt: null, postponed: 0 }, null, later)).toBe('postponed');
});

test('a rescheduled match (postponed cleared, new kick-off) is upcoming again', () => {
  const moved = { kickoffAt: '2025-09-20T14:00:00.000Z', postponed: 0 };
  expect(deriveStatus(moved, null, later)).toBe('upcoming');
});

test('over by the clock three hours after kick-off', () => {
  expect(isOverByClock(kickoff, new Date('2025-08-16T16:59:59.999Z'))).toBe(false);
  expect(isOverByClock(kickoff, new Date('2025-08-16T17:00:00.000Z'))).toBe(true);
  expect(liveSince(new Date('2025-08-16T16:15:00.000Z'))).toBe(kickoff);
});
