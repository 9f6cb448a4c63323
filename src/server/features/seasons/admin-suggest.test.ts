import { describe, expect, test } from 'vitest';
import { clubSlug, seasonIdFor, suggestClub } from './admin-suggest.js';

describe('what the seasons screen proposes', () => {
  test('a season id and label from the first date: a season starts in the second half of a year', () => {
    expect(seasonIdFor('2027-08-14')).toEqual({ id: '2027-28', label: '2027/28' });
    expect(seasonIdFor('2027-07-01')).toEqual({ id: '2027-28', label: '2027/28' });
    expect(seasonIdFor('2028-02-01')).toEqual({ id: '2027-28', label: '2027/28' });
    expect(seasonIdFor('2099-09-01')).toEqual({ id: '2099-00', label: '2099/00' });
  });

  test('a new club: short name without FC/AFC, three letters, grey and white', () => {
    expect(suggestClub('Coventry City FC')).toEqual({
      name: 'Coventry City FC',
      shortName: 'Coventry City',
      code: 'COV',
      primaryColour: '#475569',
      secondaryColour: '#FFFFFF',
      pattern: 'plain',
    });
    expect(suggestClub('Hull City AFC')).toMatchObject({ shortName: 'Hull City', code: 'HUL' });
    expect(suggestClub('1. FC Köln')).toMatchObject({ shortName: '1. FC Köln', code: 'FCK' });
    expect(suggestClub('FC')).toMatchObject({ shortName: 'FC', code: 'FCX' });
  });

  test('club ids are slugs', () => {
    expect(clubSlug('Brighton & Hove Albion FC')).toBe('brighton-hove-albion-fc');
    expect(clubSlug('Ünïcode Ünited')).toBe('unicode-united');
    expect(clubSlug('!!!')).toBe('club');
  });
});
