import { expect, test } from 'vitest';
import { deriveStatus } from './fixture-status.js';

const kickoff = '2025-08-16T14:00:00.000Z';
const f = { kickoffAt: kickoff, postponed: 0 };
const before = new Date('2025-08-16T13:59:59.999Z');
const atKickoff = new Date(kickoff);
const later = new Date('2025-08-16T18:00:00.000Z');

test('upcoming before kick-off, live from the kick-off instant', () => {
  expect(deriveStatus(f, null, before)).toBe('upcoming');
  expect(deriveStatus(f, null, atKickoff)).toBe('live');
  expect(deriveStatus(f, null, later)).toBe('live');
});

test('a provisional in-play score keeps the match live; a final result finishes it', () => {
  expect(deriveStatus(f, { final: 0 }, later)).toBe('live');
  expect(deriveStatus(f, { final: false }, later)).toBe('live');
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
