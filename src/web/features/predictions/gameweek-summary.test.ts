import { describe, expect, test } from 'vitest';
import type { BoardMatch } from '../../../contract/predictions';
import { tallyGameweek, tallyLine } from './gameweek-summary';

let n = 0;
function match(over: {
  status?: BoardMatch['fixture']['status'];
  window?: BoardMatch['window'];
  deadline?: string | null;
  result?: [number, number] | null;
  pick?: [number, number] | null;
  points?: number | null;
}): BoardMatch {
  n += 1;
  const status = over.status ?? 'finished';
  return {
    fixture: {
      id: `f${n}`,
      seasonId: '2026-27',
      homeTeam: 'Arsenal FC',
      awayTeam: 'Chelsea FC',
      kickoffAt: status === 'postponed' ? null : '2026-11-28T15:00:00.000Z',
      localDate: '2026-11-28',
      localTime: '15:00',
      gameweek: 12,
      league: 'Premier League',
      status,
      result: over.result ? { homeScore: over.result[0], awayScore: over.result[1], final: true } : null,
    },
    deadline: over.deadline === undefined ? '2026-11-28T13:00:00.000Z' : over.deadline,
    window: over.window ?? 'closed',
    prediction: over.pick
      ? {
          fixtureId: `f${n}`,
          homeScore: over.pick[0],
          awayScore: over.pick[1],
          predictedAt: '2026-11-27T10:00:00.000Z',
          points: over.points ?? null,
          outcome: over.points == null ? null : over.points === 3 ? 'exact' : over.points === 1 ? 'outcome' : 'wrong',
          banker: false,
          qualifier: null,
        }
      : null,
  };
}

describe('a gameweek at a glance', () => {
  test('open: how many are predicted, and the soonest deadline among the open ones', () => {
    const t = tallyGameweek([
      match({ status: 'upcoming', window: 'open', deadline: '2026-12-02T18:00:00.000Z', pick: [1, 0] }),
      match({ status: 'upcoming', window: 'open', deadline: '2026-12-01T18:00:00.000Z' }),
      match({ status: 'postponed', window: 'postponed', deadline: null }),
    ]);
    expect(t).toMatchObject({
      matches: 2,
      predicted: 1,
      results: 0,
      points: 0,
      nextDeadline: '2026-12-01T18:00:00.000Z',
    });
    expect(tallyLine(t)).toBe('1 of 2 predicted');
  });

  test('played: picks, points and how many results are in', () => {
    const t = tallyGameweek([
      match({ result: [2, 1], pick: [2, 1], points: 3 }),
      match({ result: [0, 0], pick: [1, 1], points: 1 }),
      match({ result: [1, 0], pick: [0, 1], points: 0 }),
      match({ status: 'awaiting', pick: [3, 3] }),
      match({ status: 'awaiting' }),
    ]);
    expect(t).toMatchObject({ matches: 5, predicted: 4, results: 3, points: 4, scored: 3, nextDeadline: null });
    expect(tallyLine(t)).toBe('4 of 5 predicted · 4 points · 3 of 5 results in');
  });

  test('every result in: the points alone; one point is singular', () => {
    expect(
      tallyLine(tallyGameweek([match({ result: [1, 1], pick: [0, 0], points: 1 }), match({ result: [1, 0] })])),
    ).toBe('1 of 2 predicted · 1 point');
  });
});
