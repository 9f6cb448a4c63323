import { describe, expect, test } from 'vitest';
import { currentSeason, leadingSeason, seasonPhase, type PhasedSeason, type SeasonCandidate } from './season-phase.js';

const s2025: SeasonCandidate = {
  id: '2025-26',
  startDate: '2025-08-15',
  firstKickoff: '2025-08-15T19:00:00.000Z',
  lastKickoff: '2026-05-24T15:00:00.000Z',
};
const s2026: SeasonCandidate = {
  id: '2026-27',
  startDate: '2026-08-21',
  firstKickoff: '2026-08-21T19:00:00.000Z',
  lastKickoff: '2027-05-30T15:00:00.000Z',
};
const at = (iso: string) => new Date(iso);

describe('season phase by the clock', () => {
  test('upcoming before the first kick-off, in progress from it, finished three hours after the last kick-off', () => {
    expect(seasonPhase(s2025, at('2025-08-15T18:59:59.999Z'))).toBe('upcoming');
    expect(seasonPhase(s2025, at('2025-08-15T19:00:00.000Z'))).toBe('in-progress');
    expect(seasonPhase(s2025, at('2026-05-24T17:59:59.999Z'))).toBe('in-progress');
    expect(seasonPhase(s2025, at('2026-05-24T18:00:00.000Z'))).toBe('finished');
  });
  test('a season without any scheduled match is upcoming', () => {
    expect(seasonPhase({ firstKickoff: null, lastKickoff: null }, at('2030-01-01T00:00:00Z'))).toBe('upcoming');
  });
});

describe('the current season', () => {
  test('today (23 November 2026): 2026/27, in progress; on 14 August 2025: 2025/26, the next to start', () => {
    expect(currentSeason([s2025, s2026], at('2026-11-23T12:00:00Z'))?.id).toBe('2026-27');
    expect(currentSeason([s2026, s2025], at('2025-08-14T12:00:00Z'))?.id).toBe('2025-26');
  });
  test('between seasons: the next upcoming one; after the last season: the most recently finished one', () => {
    expect(currentSeason([s2025, s2026], at('2026-06-15T12:00:00Z'))?.id).toBe('2026-27');
    expect(currentSeason([s2025, s2026], at('2027-07-01T12:00:00Z'))?.id).toBe('2026-27');
    expect(currentSeason([s2025], at('2027-07-01T12:00:00Z'))?.id).toBe('2025-26');
  });
  test('a season with no fixtures yet counts as upcoming, after the ones with a date', () => {
    const empty: SeasonCandidate = { id: '2027-28', startDate: null, firstKickoff: null, lastKickoff: null };
    expect(currentSeason([s2025, empty], at('2026-11-23T12:00:00Z'))?.id).toBe('2027-28');
    expect(currentSeason([s2026, empty], at('2026-06-01T12:00:00Z'))?.id).toBe('2026-27');
    expect(currentSeason([empty, s2026], at('2026-11-23T12:00:00Z'))?.id).toBe('2026-27');
  });
  test('two seasons in progress at once: the one that started last', () => {
    const late = { ...s2025, lastKickoff: '2026-09-01T14:00:00.000Z' };
    expect(currentSeason([late, s2026], at('2026-08-25T12:00:00Z'))?.id).toBe('2026-27');
  });
  test('a pinned season wins whatever the clock says; a pin to a season that is gone is ignored', () => {
    expect(currentSeason([s2025, s2026], at('2026-11-23T12:00:00Z'), '2025-26')?.id).toBe('2025-26');
    expect(currentSeason([s2025, s2026], at('2026-11-23T12:00:00Z'), 'gone')?.id).toBe('2026-27');
  });
  test('no seasons, no current season', () => {
    expect(currentSeason([], at('2026-11-23T12:00:00Z'))).toBeNull();
  });
});

describe('the season a screen leads with', () => {
  /** Both built-in seasons as the rule sees them at `now`, and the current one. */
  const lead = (
    now: string,
    lead: 'board' | 'standings',
    seasons: SeasonCandidate[] = [s2025, s2026],
    pinned: string | null = null,
  ) => {
    const phased = seasons.map((s) => ({
      ...s,
      endDate: s.lastKickoff?.slice(0, 10) ?? null,
      phase: seasonPhase(s, at(now)),
    }));
    const current = currentSeason(phased, at(now), pinned);
    return leadingSeason(lead, phased, current)?.id;
  };

  test('between seasons (30 May 2026): the board offers 2026/27, tables and statistics lead with 2025/26 until 2026/27 kicks off', () => {
    expect(lead('2026-05-30T12:00:00Z', 'board')).toBe('2026-27');
    expect(lead('2026-05-30T12:00:00Z', 'standings')).toBe('2025-26');
    // From the final whistle of 2025/26's last match (kick-off + 3 h)…
    expect(lead('2026-05-24T17:59:59.999Z', 'standings')).toBe('2025-26');
    expect(lead('2026-05-24T18:00:00.000Z', 'standings')).toBe('2025-26');
    // …to the first kick-off of 2026/27, when both screens move on together.
    expect(lead('2026-08-21T18:59:59.999Z', 'standings')).toBe('2025-26');
    expect(lead('2026-08-21T19:00:00.000Z', 'standings')).toBe('2026-27');
    expect(lead('2026-08-21T19:00:00.000Z', 'board')).toBe('2026-27');
  });

  test('in season both lead with the season being played', () => {
    expect(lead('2026-11-28T17:10:00Z', 'board')).toBe('2026-27');
    expect(lead('2026-11-28T17:10:00Z', 'standings')).toBe('2026-27');
  });

  test('before any season has been played, and after the last one, both lead with the current season', () => {
    expect(lead('2025-08-14T12:00:00Z', 'standings')).toBe('2025-26');
    expect(lead('2027-07-01T12:00:00Z', 'standings')).toBe('2026-27');
    expect(lead('2027-07-01T12:00:00Z', 'board')).toBe('2026-27');
  });

  test('an empty next season the admin created: the board follows the current (empty) season, the standings the one just played', () => {
    const empty: SeasonCandidate = { id: '2027-28', startDate: null, firstKickoff: null, lastKickoff: null };
    expect(lead('2027-07-01T12:00:00Z', 'board', [s2025, s2026, empty])).toBe('2027-28');
    expect(lead('2027-07-01T12:00:00Z', 'standings', [s2025, s2026, empty])).toBe('2026-27');
  });

  test('a pinned season wins for the board; standings still lead with a season that has been played', () => {
    // The admin pinned 2026/27 while 2025/26 is still being played: the standings are 2025/26's.
    expect(lead('2026-04-01T12:00:00Z', 'board', [s2025, s2026], '2026-27')).toBe('2026-27');
    expect(lead('2026-04-01T12:00:00Z', 'standings', [s2025, s2026], '2026-27')).toBe('2025-26');
    // Pinned to the finished 2025/26 in November 2026: it leads everywhere.
    expect(lead('2026-11-28T12:00:00Z', 'standings', [s2025, s2026], '2025-26')).toBe('2025-26');
  });

  test('of several finished seasons, the one that ended last; nothing at all without seasons', () => {
    const older: PhasedSeason = { id: '2024-25', phase: 'finished', startDate: '2024-08-16', endDate: '2025-05-25' };
    const last: PhasedSeason = { id: '2025-26', phase: 'finished', startDate: '2025-08-15', endDate: '2026-05-24' };
    const next: PhasedSeason = { id: '2026-27', phase: 'upcoming', startDate: '2026-08-21', endDate: '2027-05-30' };
    expect(leadingSeason('standings', [last, older, next], next)?.id).toBe('2025-26');
    expect(leadingSeason('standings', [older, last, next], next)?.id).toBe('2025-26');
    expect(leadingSeason('standings', [], null)).toBeNull();
  });
});
