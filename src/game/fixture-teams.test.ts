import { describe, expect, test } from 'vitest';
import {
  bothTeamsKnown,
  SAME_TEAMS_MESSAGE,
  teamsAfterEdit,
  teamsFromFeed,
  type FixtureSides,
} from './fixture-teams.js';

const unknown = (label: string) => ({ team: label, label });
const club = (team: string) => ({ team, label: null });
const FINAL: FixtureSides = { home: unknown('W101'), away: unknown('W102') };
const HALF: FixtureSides = { home: club('Spain'), away: unknown('W102') };
const KNOWN: FixtureSides = { home: club('Spain'), away: club('France') };

describe('teamsAfterEdit', () => {
  test('a club fills a side and clears its placeholder; the other side may stay unknown', () => {
    expect(teamsAfterEdit(FINAL, { home: 'Spain', away: null })).toEqual({
      ok: true,
      sides: { home: club('Spain'), away: unknown('W102') },
      filled: ['home'],
    });
    const both = teamsAfterEdit(FINAL, { home: 'Spain', away: 'France' });
    expect(both).toMatchObject({ ok: true, filled: ['home', 'away'] });
    expect(both.ok && bothTeamsKnown(both.sides)).toBe(true);
  });

  test('both sides may stay unknown (only the kick-off changes)', () => {
    expect(teamsAfterEdit(FINAL, { home: null, away: '' })).toEqual({ ok: true, sides: FINAL, filled: [] });
  });

  test('a known side cannot become unknown, and a new fixture names both clubs', () => {
    expect(teamsAfterEdit(HALF, { home: null, away: 'France' })).toMatchObject({
      ok: false,
      field: 'homeTeam',
      code: 'team_required',
      message: 'Please select a home team',
    });
    expect(teamsAfterEdit(null, { home: 'Spain', away: null })).toMatchObject({ ok: false, field: 'awayTeam' });
  });

  test('the same club on both sides is refused, also when one side was filled before', () => {
    expect(teamsAfterEdit(HALF, { home: 'Spain', away: 'Spain' })).toMatchObject({
      ok: false,
      field: 'awayTeam',
      message: SAME_TEAMS_MESSAGE,
    });
  });

  test('changing a known club is an edit, not a fill', () => {
    expect(teamsAfterEdit(KNOWN, { home: 'Spain', away: 'Germany' })).toMatchObject({ ok: true, filled: [] });
  });
});

describe('teamsFromFeed', () => {
  test('fills only sides not known yet', () => {
    expect(teamsFromFeed(FINAL, { home: 'Spain', away: null })).toEqual({
      sides: { home: club('Spain'), away: unknown('W102') },
      filled: ['home'],
      disagrees: [],
    });
  });

  test('never replaces a known team: a different name is reported, not written', () => {
    expect(teamsFromFeed(KNOWN, { home: 'Germany', away: 'France' })).toEqual({
      sides: KNOWN,
      filled: [],
      disagrees: ['home'],
    });
    expect(teamsFromFeed(HALF, { home: 'Germany', away: 'France' })).toEqual({
      sides: { home: club('Spain'), away: club('France') },
      filled: ['away'],
      disagrees: ['home'],
    });
  });

  test('a fill that would make a club play itself is not made', () => {
    expect(teamsFromFeed(HALF, { home: 'Spain', away: 'Spain' })).toEqual({
      sides: HALF,
      filled: [],
      disagrees: ['away'],
    });
  });
});
