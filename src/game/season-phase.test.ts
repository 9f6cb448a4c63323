import { describe, expect, test } from 'vitest';
import { currentSeason, seasonPhase, type SeasonCandidate } from './season-phase.js';

const s2025: SeasonCandidate = { id: '2025-26', startDate: '2025-08-15', firstKickoff: '2025-08-15T19:00:00.000Z', lastKickoff: '2026-05-24T15:00:00.000Z' };
const s2026: SeasonCandidate = { id: '2026-27', startDate: '2026-08-21', firstKickoff: '2026-08-21T19:00:00.000Z', lastKickoff: '2027-05-30T15:00:00.000Z' };
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
