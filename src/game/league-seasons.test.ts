import { describe, expect, test } from 'vitest';
import { firstSeasonOf, notInSeasonMessage, seasonsOfLeague } from './league-seasons.js';

const seasons = [
  { id: '2026-27', label: '2026/27', lastKickoff: '2027-05-23T15:00:00.000Z', endDate: '2027-05-23' },
  { id: '2025-26', label: '2025/26', lastKickoff: '2026-05-24T15:00:00.000Z', endDate: '2026-05-24' },
  { id: '2024-25', label: '2024/25', lastKickoff: '2025-05-25T15:00:00.000Z', endDate: '2025-05-25' },
];
const november2026 = { createdAt: '2026-11-03T10:00:00.000Z' };

describe('the seasons a league has a table of', () => {
  test('a league made in November 2026 has only 2026/27, its first season', () => {
    expect(seasonsOfLeague(november2026, seasons).map((s) => s.id)).toEqual(['2026-27']);
    expect(firstSeasonOf(november2026, seasons)?.label).toBe('2026/27');
  });

  test('a league made in January 2025 has every season from 2024/25 on', () => {
    const old = { createdAt: '2025-01-03T10:00:00.000Z' };
    expect(seasonsOfLeague(old, seasons).map((s) => s.id)).toEqual(['2026-27', '2025-26', '2024-25']);
    expect(firstSeasonOf(old, seasons)?.id).toBe('2024-25');
  });

  test('a season with no end yet is one a new league plays in; the web has only the end date', () => {
    const web = [
      { id: '2027-28', label: '2027/28', endDate: null },
      { id: '2025-26', label: '2025/26', endDate: '2026-05-24' },
    ];
    expect(seasonsOfLeague(november2026, web).map((s) => s.id)).toEqual(['2027-28']);
    expect(firstSeasonOf(november2026, web)?.id).toBe('2027-28');
  });

  test('the message names the season asked for and the league’s first one', () => {
    expect(notInSeasonMessage('2025/26', { label: '2026/27' })).toBe(
      'This league did not exist in 2025/26: its first season is 2026/27.',
    );
    expect(notInSeasonMessage('2025/26', null)).toBe(
      'This league did not exist in 2025/26, so it has no table for it.',
    );
  });
});
