import { describe, expect, it } from 'vitest';
import { currentSeasonLabel } from './season-label';

describe('currentSeasonLabel', () => {
  it('is the current season’s label', () => {
    const body = {
      current: '2026-27',
      pinned: false,
      seasons: [
        { id: '2026-27', label: '2026/27' },
        { id: '2025-26', label: '2025/26' },
      ],
    };
    expect(currentSeasonLabel(body)).toBe('2026/27');
  });

  it('is undefined for anything unexpected, so the page names no season', () => {
    expect(currentSeasonLabel(null)).toBeUndefined();
    expect(currentSeasonLabel({ error: { code: 'internal' } })).toBeUndefined();
    expect(currentSeasonLabel({ current: '2027-28', seasons: [{ id: '2026-27', label: '2026/27' }] })).toBeUndefined();
    expect(currentSeasonLabel({ current: '2026-27', seasons: [{ id: '2026-27', label: 7 }] })).toBeUndefined();
    expect(
      currentSeasonLabel({ current: '2026-27', seasons: [{ id: '2026-27', label: 'x'.repeat(33) }] }),
    ).toBeUndefined();
  });
});
