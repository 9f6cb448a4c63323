import { describe, expect, test } from 'vitest';
import {
  competitionSeasonName,
  gameweekStages,
  ninetyNote,
  resultLabel,
  resultText,
  roundText,
  showsContext,
  teamsKnown,
} from './match-facts';

const competition = (id: string, name: string) => ({ id, name, code: id, timeZone: 'Europe/London' });

describe('what a screen says about a match', () => {
  test('a competition and season by their everyday names', () => {
    expect(competitionSeasonName({ label: '2026', competition: competition('world-cup', 'FIFA World Cup') })).toBe(
      'World Cup 2026',
    );
    expect(
      competitionSeasonName({
        label: '2025/26',
        competition: competition('champions-league', 'UEFA Champions League'),
      }),
    ).toBe('Champions League 2025/26');
    expect(
      competitionSeasonName({ label: '2025/26', competition: competition('premier-league', 'Premier League') }),
    ).toBe('Premier League 2025/26');
    // A competition we have no short name for keeps its own.
    expect(competitionSeasonName({ label: '2027', competition: competition('copa', 'Copa América') })).toBe(
      'Copa América 2027',
    );
  });

  test('a round: its group, its stage, its leg; nothing in a league season', () => {
    expect(roundText({ stage: 'group', group: 'Group A', leg: null })).toBe('Group A');
    expect(roundText({ stage: 'quarter-finals', group: null, leg: 1 })).toBe('Quarter-finals · 1st leg');
    expect(roundText({ stage: 'semi-finals', group: null, leg: 2 })).toBe('Semi-finals · 2nd leg');
    expect(roundText({ stage: 'final', group: null, leg: null })).toBe('Final');
    expect(roundText({ stage: 'league', group: null, leg: null })).toBeNull();
    expect(roundText({})).toBeNull();
    expect(gameweekStages([{ stage: 'round-of-16' }, { stage: 'round-of-16' }, { stage: 'final' }, {}])).toEqual([
      'Round of 16',
      'Final',
    ]);
  });

  test('results after 90 minutes, after extra time, and on penalties', () => {
    const plain = { homeScore: 2, awayScore: 1, final: true };
    expect(resultText(plain)).toBe('2-1');
    expect(resultText(plain, ' - ')).toBe('2 - 1');
    expect(ninetyNote(plain)).toBeNull();
    expect(resultLabel(plain)).toBe('Result 2-1');
    const aet = { homeScore: 0, awayScore: 0, final: true, extraTime: { homeScore: 1, awayScore: 0 } };
    expect(resultText(aet)).toBe('1-0 a.e.t.');
    expect(ninetyNote(aet)).toBe('0-0 after 90 minutes');
    const pens = { ...aet, extraTime: { homeScore: 1, awayScore: 1 }, penalties: { homeScore: 4, awayScore: 3 } };
    expect(resultText(pens)).toBe('1-1 a.e.t., 4-3 pens');
    expect(resultLabel(pens)).toBe('Result 1-1 after extra time, 0-0 after 90 minutes, 4-3 on penalties');
  });

  test('a match shown by placeholders is not predictable; lists say the competition where it is not obvious', () => {
    expect(teamsKnown({ homeLabel: 'Winner Group A', awayLabel: null })).toBe(false);
    expect(teamsKnown({ homeLabel: null, awayLabel: null })).toBe(true);
    expect(teamsKnown({})).toBe(true);
    expect(showsContext({ league: 'Premier League' })).toBe(false);
    expect(showsContext({ league: 'FIFA World Cup', stage: 'final' })).toBe(true);
  });
});
