import { describe, expect, test } from 'vitest';
import type { Season } from '../../../contract/seasons';
import { defaultSeason, seasonOptionName, seasonsByCompetition } from './season-view';

const competitions = {
  pl: { id: 'premier-league', name: 'Premier League', code: 'PL', timeZone: 'Europe/London' },
  cl: { id: 'champions-league', name: 'UEFA Champions League', code: 'CL', timeZone: 'Europe/Paris' },
  wc: { id: 'world-cup', name: 'FIFA World Cup', code: 'WC', timeZone: 'America/New_York' },
};
const season = (id: string, label: string, c: keyof typeof competitions, over: Partial<Season> = {}): Season => ({
  id,
  label,
  competition: competitions[c],
  phase: 'finished',
  startDate: null,
  endDate: null,
  nextKickoff: null,
  fixtures: 10,
  results: 10,
  current: false,
  ...over,
});

const list = [
  season('world-cup-2026', '2026', 'wc', { current: true }),
  season('2026-27', '2026/27', 'pl', { current: true, phase: 'in-progress' }),
  season('champions-league-2025-26', '2025/26', 'cl', { current: true }),
  season('2025-26', '2025/26', 'pl'),
];

describe('the season switcher across competitions', () => {
  test('groups the seasons by competition, the Premier League first, each named with its competition', () => {
    const groups = seasonsByCompetition(list);
    expect(groups.map((g) => [g.name, g.seasons.map(seasonOptionName)])).toEqual([
      ['Premier League', ['Premier League 2026/27 (current)', 'Premier League 2025/26']],
      ['Champions League', ['Champions League 2025/26']],
      ['World Cup', ['World Cup 2026']],
    ]);
  });

  test('a screen without ?season= leads with the Premier League; a league leads with its own competition', () => {
    const seasons = { seasons: list, current: '2026-27', pinned: false };
    expect(defaultSeason(seasons, 'board')?.id).toBe('2026-27');
    expect(defaultSeason(seasons, 'standings')?.id).toBe('2026-27');
    expect(defaultSeason(seasons, 'board', 'world-cup')?.id).toBe('world-cup-2026');
    expect(defaultSeason(seasons, 'board', 'euros')).toBeNull();
  });
});
