import { describe, expect, test } from 'vitest';
import { decodePredictionsCursor, encodePredictionsCursor, myPredictionsQuery } from './predictions.js';

/** The own-predictions list's cursor (docs/decisions/0103-predictions-list-paged.md): opaque, URL-safe, checked. */
describe('the predictions cursor', () => {
  test('round-trips any fixture id, and is safe in a URL as it is', () => {
    for (const fixtureId of ['ARS_CHE', 'AtléticoMadrid_vs_Malmö FF_2025-09-16', '北京国安_vs_😀', 'a"b\\c/d+e=f']) {
      const c = { predictedAt: '2025-08-13T10:00:00.000Z', fixtureId };
      const cursor = encodePredictionsCursor(c);
      expect(cursor).toMatch(/^[A-Za-z0-9_-]+$/);
      expect(decodePredictionsCursor(cursor)).toEqual(c);
    }
  });

  test('refuses what it did not give out', () => {
    const b64 = (v: unknown) => btoa(JSON.stringify(v)).replace(/=+$/, '');
    for (const bad of [
      '',
      'not a cursor',
      b64(['2025-08-13T10:00:00Z', 'x']),
      b64(['2025-08-13T10:00:00.000Z', '']),
      b64(['2025-08-13T10:00:00.000Z', 7]),
      b64(['2025-08-13T10:00:00.000Z', 'x', 'y']),
      btoa('\xff\xfe'),
      'A'.repeat(401),
    ])
      expect(decodePredictionsCursor(bad), bad).toBeNull();
  });

  test('the query: limit 1 to the maximum, that by default; a cursor only if it decodes', () => {
    expect(myPredictionsQuery.parse({})).toEqual({ limit: 40 });
    expect(myPredictionsQuery.parse({ limit: '7', gameweek: '3' })).toEqual({ limit: 7, gameweek: 3 });
    expect(myPredictionsQuery.safeParse({ limit: '41' }).success).toBe(false);
    expect(myPredictionsQuery.safeParse({ cursor: 'nope' }).success).toBe(false);
  });
});
