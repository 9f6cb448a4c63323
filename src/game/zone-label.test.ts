import { expect, test } from 'vitest';
import { wallClockIn, zoneAbbreviation, zoneLabel } from './zone-label.js';

test('each competition’s zone has a name a person reads', () => {
  expect(zoneLabel('Europe/London')).toBe('UK time');
  expect(zoneLabel('Europe/Paris')).toBe('Paris time');
  expect(zoneLabel('America/Mexico_City')).toBe('Mexico City time');
  expect(zoneLabel('UTC')).toBe('UTC');
});

test('the abbreviation follows summer time', () => {
  expect(zoneAbbreviation('Europe/Paris', new Date('2026-02-17T20:00:00Z'))).toBe('CET');
  expect(zoneAbbreviation('Europe/Paris', new Date('2026-04-07T19:00:00Z'))).toBe('CEST');
  expect(zoneAbbreviation('Europe/London', new Date('2025-08-15T19:00:00Z'))).toBe('BST');
  expect(zoneAbbreviation('UTC', new Date('2026-07-19T19:00:00Z'))).toBe('UTC');
  expect(zoneAbbreviation('Not/AZone', new Date('2026-07-19T19:00:00Z'))).toBe('');
});

test('an instant’s wall clock in a zone, across midnight and summer time', () => {
  expect(wallClockIn('Europe/Paris', new Date('2026-05-30T16:00:00Z'))).toEqual({ date: '2026-05-30', time: '18:00' });
  expect(wallClockIn('Europe/London', new Date('2025-12-31T23:30:00Z'))).toEqual({ date: '2025-12-31', time: '23:30' });
  expect(wallClockIn('Europe/Paris', new Date('2025-12-31T23:30:00Z'))).toEqual({ date: '2026-01-01', time: '00:30' });
  expect(wallClockIn('UTC', new Date('2026-07-19T19:00:00Z'))).toEqual({ date: '2026-07-19', time: '19:00' });
});
