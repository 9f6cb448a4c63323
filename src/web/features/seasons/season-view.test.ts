import { describe, expect, it } from 'vitest';
import type { Season, SeasonList } from '../../../contract/seasons';
import {
  chooseSeason,
  defaultSeason,
  leadOfPath,
  nextSeasonStart,
  searchWithSeason,
  seasonBreak,
  seasonLink,
  seasonOption,
  seasonParam,
  withSeason,
} from './season-view';

const competition = { id: 'premier-league', name: 'Premier League', code: 'PL', timeZone: 'Europe/London' };
const season = (id: string, phase: Season['phase'], over: Partial<Season> = {}): Season => ({
  id,
  label: id.replace('-', '/'),
  competition,
  phase,
  startDate: `20${id.slice(0, 2)}-08-15`,
  endDate: `20${id.slice(0, 2)}-05-24`.replace(/^20(\d\d)/, (_, y: string) => `20${Number(y) + 1}`),
  nextKickoff: phase === 'finished' ? null : `20${id.slice(0, 2)}-08-15T19:00:00.000Z`,
  fixtures: 380,
  results: phase === 'finished' ? 380 : 0,
  current: false,
  ...over,
});
const list = (current: string, ...seasons: Season[]): SeasonList => ({
  current,
  pinned: false,
  seasons: seasons.map((s) => ({ ...s, current: s.id === current })),
});

const past = season('2025-26', 'finished');
const playing = season('2026-27', 'in-progress');
const coming = season('2026-27', 'upcoming', { nextKickoff: '2026-08-21T19:00:00.000Z', startDate: '2026-08-21' });

describe('seasonParam', () => {
  it('reads ?season=, absent or blank meaning the current season', () => {
    expect(seasonParam(new URLSearchParams('season=2025-26&tab=results'))).toBe('2025-26');
    expect(seasonParam(new URLSearchParams('tab=results'))).toBeNull();
    expect(seasonParam(new URLSearchParams('season=%20'))).toBeNull();
  });
});

describe('chooseSeason', () => {
  const seasons = list('2026-27', playing, past);

  it('is the current season without a parameter, and not read-only while it is played', () => {
    expect(chooseSeason(null, seasons)).toEqual({
      kind: 'season',
      season: seasons.seasons[0],
      isCurrent: true,
      isDefault: true,
      readOnly: false,
    });
  });

  it('is a finished past season, read-only', () => {
    expect(chooseSeason('2025-26', seasons)).toMatchObject({
      kind: 'season',
      isCurrent: false,
      readOnly: true,
      season: { id: '2025-26' },
    });
  });

  it('says not found for an id no season has, and for "all" where it is not offered', () => {
    expect(chooseSeason('1999-00', seasons)).toEqual({ kind: 'not-found', id: '1999-00' });
    expect(chooseSeason('all', seasons)).toEqual({ kind: 'not-found', id: 'all' });
    expect(chooseSeason('all', seasons, { allowAll: true })).toEqual({ kind: 'all' });
  });

  it('waits for the seasons', () => {
    expect(chooseSeason('2025-26', undefined)).toEqual({ kind: 'loading' });
  });

  it('between seasons: the board leads with the next season, tables and statistics with the one just finished; ?season= still wins', () => {
    const between = list('2026-27', coming, past);
    expect(chooseSeason(null, between)).toMatchObject({
      kind: 'season',
      season: { id: '2026-27' },
      isCurrent: true,
      isDefault: true,
      readOnly: false,
    });
    expect(chooseSeason(null, between, { lead: 'standings' })).toMatchObject({
      kind: 'season',
      season: { id: '2025-26' },
      isCurrent: false,
      isDefault: true,
      readOnly: true,
    });
    expect(chooseSeason('2026-27', between, { lead: 'standings' })).toMatchObject({
      kind: 'season',
      season: { id: '2026-27' },
      isCurrent: true,
      isDefault: false,
    });
    expect(chooseSeason('2025-26', between, { lead: 'board' })).toMatchObject({
      kind: 'season',
      season: { id: '2025-26' },
      isDefault: false,
      readOnly: true,
    });
  });
});

describe('the season a screen leads with', () => {
  it('tables, the leaderboard, statistics and gameweek summaries are about what has been played; every other screen about what is next', () => {
    for (const path of ['/leaderboard', '/statistics', '/predictions/gameweek/38', '/leaderboard/'])
      expect(leadOfPath(path)).toBe('standings');
    for (const path of [
      '/predictions',
      '/dashboard',
      '/matches',
      '/admin',
      '/admin/results',
      '/leaderboards',
      '/statistics-old',
    ])
      expect(leadOfPath(path)).toBe('board');
  });

  it('is the current season, except on standings between seasons: the one just finished', () => {
    expect(defaultSeason(list('2026-27', playing, past), 'standings')?.id).toBe('2026-27');
    expect(defaultSeason(list('2026-27', coming, past), 'standings')?.id).toBe('2025-26');
    expect(defaultSeason(list('2026-27', coming, past), 'board')?.id).toBe('2026-27');
    // Before any season has been played, and after the last: the current one everywhere.
    expect(defaultSeason(list('2026-27', coming), 'standings')?.id).toBe('2026-27');
    const finished = season('2026-27', 'finished');
    expect(defaultSeason(list('2026-27', finished, past), 'standings')?.id).toBe('2026-27');
    expect(defaultSeason(undefined, 'board')).toBeNull();
  });

  it('looks only at the current season’s competition', () => {
    const cup = season('cup-2025-26', 'finished', {
      competition: { ...competition, id: 'cup' },
      endDate: '2026-06-30',
    });
    expect(defaultSeason(list('2026-27', coming, past, cup), 'standings')?.id).toBe('2025-26');
  });

  it('names the current season in the switcher as current while it is played, as next before it starts', () => {
    expect(seasonOption({ ...playing, current: true })).toBe('2026/27 (current)');
    expect(seasonOption({ ...coming, current: true })).toBe('2026/27 (next)');
    expect(seasonOption(past)).toBe('2025/26');
  });
});

describe('withSeason and searchWithSeason', () => {
  it('carries a chosen season onto links, keeping their own query', () => {
    expect(withSeason('/leaderboard', '2025-26')).toBe('/leaderboard?season=2025-26');
    expect(withSeason('/predictions?tab=results', '2025-26')).toBe('/predictions?tab=results&season=2025-26');
    expect(withSeason('/statistics', null)).toBe('/statistics');
  });

  it('carries "all" only onto the leaderboard (the other screens show one season)', () => {
    expect(withSeason('/leaderboard', 'all')).toBe('/leaderboard?season=all');
    expect(withSeason('/predictions', 'all')).toBe('/predictions');
  });

  it('keeps the season on links to the season-scoped screens only', () => {
    const search = new URLSearchParams('season=2025-26&tab=results');
    expect(seasonLink('/statistics', search)).toBe('/statistics?season=2025-26');
    expect(seasonLink('/leaderboard', search)).toBe('/leaderboard?season=2025-26');
    expect(seasonLink('/dashboard', search)).toBe('/dashboard');
    expect(seasonLink('/predictions', new URLSearchParams('tab=results'))).toBe('/predictions');
  });

  it('drops the parameter when the current season is chosen, keeps the rest of the query', () => {
    const search = new URLSearchParams('tab=results&season=2025-26');
    expect(searchWithSeason(search, '2026-27', '2026-27').toString()).toBe('tab=results');
    expect(searchWithSeason(search, null, '2026-27').toString()).toBe('tab=results');
    expect(searchWithSeason(new URLSearchParams('tab=results'), '2025-26', '2026-27').toString()).toBe(
      'tab=results&season=2025-26',
    );
    expect(search.toString()).toBe('tab=results&season=2025-26');
  });
});

describe('seasonBreak', () => {
  it('is nothing while a season is being played', () => {
    expect(seasonBreak(list('2026-27', playing, past))).toBeNull();
  });

  it('names the season just over and the next one, once one has finished and the next has not started', () => {
    expect(seasonBreak(list('2026-27', coming, past))).toEqual({
      over: { ...past, current: false },
      next: { ...coming, current: true },
    });
  });

  it('has no next season when the current one is finished and nothing is scheduled', () => {
    const finished = season('2026-27', 'finished');
    expect(seasonBreak(list('2026-27', finished, past))).toEqual({ over: { ...finished, current: true }, next: null });
  });

  it('finds a scheduled season after a finished current one (pinned)', () => {
    const pinnedOld = season('2025-26', 'finished');
    expect(seasonBreak(list('2025-26', coming, pinnedOld))?.next?.id).toBe('2026-27');
  });

  it('is nothing before the very first season starts (no season is over)', () => {
    expect(seasonBreak(list('2026-27', coming))).toBeNull();
  });

  it('names the most recently finished season when several are over', () => {
    const older = season('2024-25', 'finished');
    expect(seasonBreak(list('2026-27', coming, past, older))?.over.id).toBe('2025-26');
  });

  it('leaves the next season out when it has no fixtures yet', () => {
    const empty = season('2026-27', 'upcoming', { nextKickoff: null, startDate: null, endDate: null, fixtures: 0 });
    expect(seasonBreak(list('2026-27', empty, past))).toEqual({ over: { ...past, current: false }, next: null });
  });
});

describe('nextSeasonStart', () => {
  it('is the first kick-off, else the first date at midday UTC, else unknown', () => {
    expect(nextSeasonStart(coming)).toBe('2026-08-21T19:00:00.000Z');
    expect(nextSeasonStart({ ...coming, nextKickoff: null })).toBe('2026-08-21T12:00:00.000Z');
    expect(nextSeasonStart({ ...coming, nextKickoff: null, startDate: null })).toBeNull();
  });
});
