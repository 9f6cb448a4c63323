import { expect, test } from 'vitest';
import { fixtureId } from './fixture-id.js';

test('home and away without whitespace, joined by _vs_, then the date', () => {
  expect(fixtureId('Liverpool FC', 'AFC Bournemouth', '2025-08-15')).toBe('LiverpoolFC_vs_AFCBournemouth_2025-08-15');
  expect(fixtureId('Brighton & Hove Albion FC', 'Fulham FC', '2025-08-16')).toBe(
    'Brighton&HoveAlbionFC_vs_FulhamFC_2025-08-16',
  );
});

test('every kind of whitespace is removed, so spacing differences give the same id', () => {
  expect(fixtureId(' West  Ham\tUnited FC ', 'Chelsea FC', '2025-08-22')).toBe(
    fixtureId('West Ham United FC', 'ChelseaFC', '2025-08-22'),
  );
});

test('the same pairing on another date, or reversed, is another fixture', () => {
  const a = fixtureId('Arsenal FC', 'Chelsea FC', '2025-09-01');
  expect(fixtureId('Arsenal FC', 'Chelsea FC', '2026-03-01')).not.toBe(a);
  expect(fixtureId('Chelsea FC', 'Arsenal FC', '2025-09-01')).not.toBe(a);
});
