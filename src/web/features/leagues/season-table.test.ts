import { describe, expect, it } from 'vitest';
import type { Season } from '../../../contract/seasons';
import { seasonTableTitle } from './season-table';

const season = (phase: Season['phase']): Season => ({
  id: '2025-26',
  label: '2025/26',
  competition: { id: 'premier-league', name: 'Premier League', code: 'PL', timeZone: 'Europe/London' },
  phase,
  startDate: '2025-08-15',
  endDate: '2026-05-24',
  nextKickoff: null,
  fixtures: 380,
  results: 380,
  current: false,
});

describe('seasonTableTitle', () => {
  it('calls a finished season’s table its final table, and names the all-seasons total', () => {
    expect(seasonTableTitle({ kind: 'season', season: season('finished'), isCurrent: false, readOnly: true })).toBe(
      '2025/26 final table',
    );
    expect(seasonTableTitle({ kind: 'season', season: season('in-progress'), isCurrent: true, readOnly: false })).toBe(
      '2025/26 season',
    );
    expect(seasonTableTitle({ kind: 'all' })).toBe('All seasons: every season’s points added up');
    expect(seasonTableTitle({ kind: 'loading' })).toBe('');
  });
});
