import { describe, expect, test } from 'vitest';
import { INSTANTS_KEPT, instantMs, instantsKept } from './instant.js';

describe('instantMs', () => {
  test('is Date.parse, for instants in any offset and invalid text alike', () => {
    for (const iso of [
      '2026-11-28T15:00:00.000Z',
      '2026-11-28T15:00:00Z',
      '2026-03-29T01:30:00+01:00',
      '1970-01-01T00:00:00.000Z',
      'not a date',
    ]) {
      expect(Object.is(instantMs(iso), Date.parse(iso))).toBe(true);
      expect(Object.is(instantMs(iso), Date.parse(iso))).toBe(true);
    }
  });

  test('remembers a bounded number of instants, whatever it is asked', () => {
    const start = Date.UTC(2026, 0, 1);
    for (let i = 0; i < INSTANTS_KEPT * 2 + 7; i++) {
      const iso = new Date(start + i * 60_000).toISOString();
      expect(instantMs(iso)).toBe(start + i * 60_000);
      expect(instantsKept()).toBeLessThanOrEqual(INSTANTS_KEPT);
    }
  });
});
