import { describe, expect, test } from 'vitest';
import { finalTable, isLevel, splitByNameAfter } from './final-table.js';

const m = (home: string, away: string, homeScore: number, awayScore: number) => ({ home, away, homeScore, awayScore });

describe('finalTable', () => {
  test('3 points a win, 1 a draw; goals for, against and difference', () => {
    const table = finalTable(['A', 'B', 'C'], [m('A', 'B', 2, 0), m('B', 'C', 1, 1), m('C', 'A', 3, 1)]);
    expect(
      table.map((l) => [
        l.position,
        l.club,
        l.played,
        l.won,
        l.drawn,
        l.lost,
        l.goalsFor,
        l.goalsAgainst,
        l.goalDifference,
        l.points,
      ]),
    ).toEqual([
      [1, 'C', 2, 1, 1, 0, 4, 2, 2, 4],
      [2, 'A', 2, 1, 0, 1, 3, 3, 0, 3],
      [3, 'B', 2, 0, 1, 1, 1, 3, -2, 1],
    ]);
  });

  test('level on points: goal difference, then goals scored, then the name decide', () => {
    // B and C: 6 points and +1 each, B scored more. D and A: 3 points each, D's goal difference is better.
    const table = finalTable(
      ['A', 'B', 'C', 'D'],
      [
        m('A', 'B', 3, 2),
        m('B', 'C', 1, 0),
        m('C', 'A', 2, 1),
        m('D', 'A', 5, 0),
        m('B', 'D', 1, 0),
        m('C', 'D', 1, 0),
      ],
    );
    expect(table.map((l) => [l.club, l.points, l.goalDifference, l.goalsFor])).toEqual([
      ['B', 6, 1, 4],
      ['C', 6, 1, 3],
      ['D', 3, 3, 5],
      ['A', 3, -5, 4],
    ]);
    expect(splitByNameAfter(table, 1)).toBe(false);
    const level = finalTable(['Zeta', 'Alpha'], [m('Zeta', 'Alpha', 1, 1)]);
    expect(level.map((l) => l.club)).toEqual(['Alpha', 'Zeta']);
    expect(isLevel(level[0]!, level[1]!)).toBe(true);
    expect(splitByNameAfter(level, 1)).toBe(true);
  });

  test('a club without a match keeps its line at the bottom; a club not listed is added', () => {
    const table = finalTable(['A', 'B', 'Idle'], [m('A', 'B', 1, 0), m('B', 'Extra', 0, 2)]);
    expect(table.map((l) => l.club)).toEqual(['Extra', 'A', 'Idle', 'B']);
    expect(table.find((l) => l.club === 'Idle')).toMatchObject({ played: 0, points: 0, position: 3 });
  });

  test('splitByNameAfter only where the clubs either side are level on everything', () => {
    const table = finalTable(['A', 'B', 'C'], [m('A', 'B', 1, 0), m('A', 'C', 1, 0), m('B', 'C', 0, 0)]);
    expect(table.map((l) => l.club)).toEqual(['A', 'B', 'C']);
    expect(splitByNameAfter(table, 1)).toBe(false);
    expect(splitByNameAfter(table, 2)).toBe(true);
    expect(splitByNameAfter(table, 3)).toBe(false);
    expect(splitByNameAfter(table, 0)).toBe(false);
  });
});
