import { describe, expect, it } from 'vitest';
import { landingFigures } from './public-figures';

describe('the landing page’s figures from /api/public-figures', () => {
  it('takes the counted figures', () => {
    expect(
      landingFigures({
        season: { id: '2025-26', label: '2025/26' },
        figures: { players: 12, predictions: 3400, results: 57 },
      }),
    ).toEqual({ players: 12, predictions: 3400, results: 57 });
  });

  it('shows nothing for no figures or anything unexpected (never a made-up number)', () => {
    for (const body of [
      null,
      'text',
      {},
      { figures: null },
      { figures: { players: 12, predictions: 3400 } },
      { figures: { players: '12', predictions: 3400, results: 57 } },
      { figures: { players: -1, predictions: 3400, results: 57 } },
      { figures: { players: 1.5, predictions: 3400, results: 57 } },
      { figures: { players: Number.POSITIVE_INFINITY, predictions: 3400, results: 57 } },
    ]) {
      expect(landingFigures(body), JSON.stringify(body)).toBeUndefined();
    }
  });
});
