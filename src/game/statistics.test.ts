import { describe, expect, it } from 'vitest';
import {
  computeFavoriteTeams,
  computeHomeAwayBias,
  computePredictionTiming,
  computeStatistics,
  computeStreaks,
  computeTotals,
  computeWeekdayAccuracy,
  playerAchievements,
  weekdayIn,
  type PredictionRecord,
} from './statistics.js';
import type { PredictionOutcome } from './scoring.js';

const HOUR = 3600_000;
let n = 0;
/** A prediction made 48 h before a kick-off on `day`; outcome decides points (3/1/0). */
function rec(p: Partial<PredictionRecord> & { outcome?: PredictionOutcome | null } = {}): PredictionRecord {
  n += 1;
  const kickoffAt =
    p.kickoffAt === undefined ? new Date(Date.UTC(2025, 7, 16, 14) + n * HOUR).toISOString() : p.kickoffAt;
  const outcome = p.outcome === undefined ? null : p.outcome;
  return {
    fixtureId: p.fixtureId ?? `f${String(n).padStart(4, '0')}`,
    homeTeam: p.homeTeam ?? 'Arsenal FC',
    awayTeam: p.awayTeam ?? 'Chelsea FC',
    kickoffAt,
    predictedAt:
      p.predictedAt ?? new Date(new Date(kickoffAt ?? '2025-08-16T14:00:00Z').getTime() - 48 * HOUR).toISOString(),
    homeScore: p.homeScore ?? 1,
    awayScore: p.awayScore ?? 0,
    outcome,
    points:
      p.points !== undefined
        ? p.points
        : outcome === 'exact'
          ? 3
          : outcome === 'outcome'
            ? 1
            : outcome === 'wrong'
              ? 0
              : null,
  };
}
const seq = (...outcomes: Array<PredictionOutcome | null>) => outcomes.map((outcome) => rec({ outcome }));

describe('totals', () => {
  it('counts an empty history as zeros', () => {
    expect(computeTotals([])).toEqual({
      totalPredictions: 0,
      scoredPredictions: 0,
      correctPredictions: 0,
      exactScores: 0,
      correctOutcomes: 0,
      totalPoints: 0,
      successRate: 0,
      averagePointsPerPrediction: 0,
    });
  });

  it('splits exact scores and right outcomes, and leaves pending predictions out of the rate', () => {
    const t = computeTotals(seq('exact', 'outcome', 'outcome', 'wrong', 'wrong', 'wrong', null, null));
    expect(t.totalPredictions).toBe(8);
    expect(t.scoredPredictions).toBe(6);
    expect(t.exactScores).toBe(1);
    expect(t.correctOutcomes).toBe(2);
    expect(t.correctPredictions).toBe(3);
    expect(t.totalPoints).toBe(5);
    expect(t.successRate).toBe(50);
    expect(t.averagePointsPerPrediction).toBe(0.83);
  });

  it('rounds the success rate to one decimal', () => {
    expect(computeTotals(seq('exact', 'wrong', 'wrong')).successRate).toBe(33.3);
    expect(computeTotals(seq('exact', 'outcome', 'wrong')).successRate).toBe(66.7);
  });
});

describe('streaks', () => {
  it('a wrong prediction resets the current streak; the best one is kept', () => {
    expect(computeStreaks(seq('exact', 'outcome', 'outcome', 'wrong', 'exact'))).toEqual({
      bestStreak: 3,
      currentStreak: 1,
    });
  });

  it('a history ending in a wrong one has no current streak', () => {
    expect(computeStreaks(seq('outcome', 'wrong'))).toEqual({ bestStreak: 1, currentStreak: 0 });
  });

  it('pending predictions neither extend nor break a streak', () => {
    expect(computeStreaks(seq('exact', null, 'outcome', null))).toEqual({ bestStreak: 2, currentStreak: 2 });
  });

  it('follows kick-off order, not the order the rows arrive or were predicted in', () => {
    const early = rec({
      kickoffAt: '2025-08-16T11:30:00.000Z',
      outcome: 'wrong',
      predictedAt: '2025-08-16T09:00:00.000Z',
    });
    const late = rec({
      kickoffAt: '2025-08-17T15:00:00.000Z',
      outcome: 'exact',
      predictedAt: '2025-08-10T09:00:00.000Z',
    });
    const middle = rec({ kickoffAt: '2025-08-16T14:00:00.000Z', outcome: 'outcome' });
    expect(computeStreaks([late, early, middle])).toEqual({ bestStreak: 2, currentStreak: 2 });
    const wrongLast = rec({ kickoffAt: '2025-08-18T19:00:00.000Z', outcome: 'wrong' });
    expect(computeStreaks([wrongLast, late, early, middle])).toEqual({ bestStreak: 2, currentStreak: 0 });
  });
});

describe('weekday accuracy in the viewer’s zone', () => {
  // Friday 23:30 in London (BST) is Saturday 08:30 in Tokyo and Friday 15:30 in Los Angeles.
  const lateFriday = rec({ kickoffAt: '2025-08-15T22:30:00.000Z', outcome: 'exact' });
  const saturday = rec({ kickoffAt: '2025-08-16T14:00:00.000Z', outcome: 'wrong' });

  it('names the weekday an instant falls on in a zone', () => {
    expect(weekdayIn('2025-08-15T22:30:00.000Z', 'Europe/London')).toBe('Friday');
    expect(weekdayIn('2025-08-15T22:30:00.000Z', 'Asia/Tokyo')).toBe('Saturday');
    expect(weekdayIn('2025-08-15T22:30:00.000Z', 'UTC')).toBe('Friday');
  });

  it('puts a late-Friday kick-off on Friday in London and on Saturday in Tokyo', () => {
    const london = computeWeekdayAccuracy([lateFriday, saturday], 'Europe/London');
    expect(london.map((d) => d.day)).toEqual([
      'Monday',
      'Tuesday',
      'Wednesday',
      'Thursday',
      'Friday',
      'Saturday',
      'Sunday',
    ]);
    expect(london.find((d) => d.day === 'Friday')).toEqual({
      day: 'Friday',
      predictions: 1,
      correct: 1,
      accuracy: 100,
    });
    expect(london.find((d) => d.day === 'Saturday')).toEqual({
      day: 'Saturday',
      predictions: 1,
      correct: 0,
      accuracy: 0,
    });

    const tokyo = computeWeekdayAccuracy([lateFriday, saturday], 'Asia/Tokyo');
    expect(tokyo.find((d) => d.day === 'Friday')!.predictions).toBe(0);
    expect(tokyo.find((d) => d.day === 'Saturday')).toEqual({
      day: 'Saturday',
      predictions: 2,
      correct: 1,
      accuracy: 50,
    });
  });

  it('ignores predictions without a result', () => {
    const pending = rec({ kickoffAt: '2025-08-18T19:00:00.000Z', outcome: null });
    expect(computeWeekdayAccuracy([pending], 'Europe/London').every((d) => d.predictions === 0)).toBe(true);
  });
});

describe('home/away bias and favourite teams', () => {
  it('counts predicted home wins, away wins and draws', () => {
    const r = [
      rec({ homeScore: 2, awayScore: 1 }),
      rec({ homeScore: 0, awayScore: 3 }),
      rec({ homeScore: 1, awayScore: 1 }),
      rec({ homeScore: 0, awayScore: 0 }),
    ];
    expect(computeHomeAwayBias(r)).toEqual({ home: 1, away: 1, draw: 2 });
  });

  it('ranks teams by predictions (ties alphabetically), with accuracy over those with results', () => {
    const r = [
      rec({ homeTeam: 'Liverpool FC', awayTeam: 'AFC Bournemouth', outcome: 'exact' }),
      rec({ homeTeam: 'Everton FC', awayTeam: 'Liverpool FC', outcome: 'wrong' }),
      rec({ homeTeam: 'Liverpool FC', awayTeam: 'Everton FC', outcome: null }),
      rec({ homeTeam: 'Fulham FC', awayTeam: 'AFC Bournemouth', outcome: 'outcome' }),
    ];
    expect(computeFavoriteTeams(r)).toEqual([
      { team: 'Liverpool FC', predictions: 3, accuracy: 50 },
      { team: 'AFC Bournemouth', predictions: 2, accuracy: 100 },
      { team: 'Everton FC', predictions: 2, accuracy: 0 },
    ]);
  });

  it('gives a team no accuracy (null, not 0) while none of its predicted matches has a result', () => {
    const r = [
      rec({ homeTeam: 'Liverpool FC', awayTeam: 'Everton FC', outcome: null }),
      rec({ homeTeam: 'Everton FC', awayTeam: 'Fulham FC', outcome: 'wrong' }),
    ];
    expect(computeFavoriteTeams(r)).toEqual([
      { team: 'Everton FC', predictions: 2, accuracy: 0 },
      { team: 'Fulham FC', predictions: 1, accuracy: 0 },
      { team: 'Liverpool FC', predictions: 1, accuracy: null },
    ]);
  });
});

describe('prediction timing', () => {
  const at = (hoursBefore: number) => {
    const kickoffAt = '2025-08-16T14:00:00.000Z';
    return rec({ kickoffAt, predictedAt: new Date(Date.parse(kickoffAt) - hoursBefore * HOUR).toISOString() });
  };

  it('early is strictly more than 24 hours before kick-off', () => {
    expect(computePredictionTiming([at(24)]).early).toBe(0);
    expect(computePredictionTiming([at(24 + 1 / 60)]).early).toBe(1);
  });

  it('last minute is the last 2 hours before the deadline (which is 2 hours before kick-off)', () => {
    // Exactly 2 hours before the deadline: not last minute; a minute later: last minute.
    expect(computePredictionTiming([at(4)]).lastMinute).toBe(0);
    expect(computePredictionTiming([at(4 - 1 / 60)]).lastMinute).toBe(1);
    // At the deadline itself (exactly 2 hours before kick-off): last minute.
    expect(computePredictionTiming([at(2)]).lastMinute).toBe(1);
  });

  it('averages hours before kick-off to one decimal, skipping matches without a kick-off', () => {
    const t = computePredictionTiming([at(2), at(30), at(3.25), rec({ kickoffAt: null })]);
    expect(t).toEqual({ early: 1, lastMinute: 2, averageHours: 11.8 });
    expect(computePredictionTiming([])).toEqual({ early: 0, lastMinute: 0, averageHours: 0 });
  });
});

describe('achievements', () => {
  const base = {
    totalPredictions: 0,
    exactScores: 0,
    correctPredictions: 0,
    totalPoints: 0,
    bestStreak: 0,
    successRate: 0,
  };
  const earned = (list: { id: string; earned: boolean }[]) => list.filter((a) => a.earned).map((a) => a.id);

  it('one set of badges, each at its threshold and not one below', () => {
    expect(earned(playerAchievements(base))).toEqual([]);
    expect(earned(playerAchievements({ ...base, totalPredictions: 1 }))).toEqual(['first-prediction']);
    expect(earned(playerAchievements({ ...base, exactScores: 1, correctPredictions: 2, totalPoints: 9 }))).toEqual([
      'perfect-score',
    ]);
    expect(earned(playerAchievements({ ...base, correctPredictions: 3, totalPoints: 10 }))).toEqual([
      'hat-trick',
      'high-scorer',
    ]);
    const below = {
      totalPredictions: 49,
      exactScores: 4,
      correctPredictions: 0,
      totalPoints: 99,
      bestStreak: 4,
      successRate: 59.9,
    };
    expect(earned(playerAchievements(below))).toEqual(['first-prediction', 'perfect-score', 'high-scorer']);
    const at = {
      totalPredictions: 50,
      exactScores: 5,
      correctPredictions: 0,
      totalPoints: 100,
      bestStreak: 5,
      successRate: 60,
    };
    expect(earned(playerAchievements(at))).toEqual([
      'first-prediction',
      'perfect-score',
      'high-scorer',
      'sharpshooter',
      'hot-streak',
      'veteran-predictor',
      'accuracy-expert',
      'point-master',
    ]);
  });

  it('has no placeholder a player cannot earn: every badge not earned says what earns it', () => {
    const all = playerAchievements(base);
    expect(all).toHaveLength(9);
    for (const a of all) expect(a.description).not.toMatch(/coming soon/i);
  });
});

describe('computeStatistics', () => {
  it('puts it all together for a hand-made history', () => {
    const history = [
      ...Array.from({ length: 5 }, () => rec({ outcome: 'exact', homeScore: 2, awayScore: 1 })),
      rec({ outcome: 'wrong', homeScore: 0, awayScore: 0 }),
      rec({ outcome: 'outcome', homeScore: 0, awayScore: 2 }),
      rec({ outcome: null }),
    ];
    const s = computeStatistics(history, 'Europe/London');
    expect(s.totalPredictions).toBe(8);
    expect(s.totalPoints).toBe(16);
    expect(s.successRate).toBe(85.7);
    expect(s.bestStreak).toBe(5);
    expect(s.currentStreak).toBe(1);
    expect(s.homeAwayBias).toEqual({ home: 6, away: 1, draw: 1 });
    expect(s.achievements.filter((a) => a.earned).map((a) => a.name)).toEqual([
      'First Prediction',
      'Perfect Score',
      'Hat Trick',
      'High Scorer',
      'Sharpshooter',
      'Hot Streak',
      'Accuracy Expert',
    ]);
    expect(s.achievements).toEqual(playerAchievements({ ...s }));
  });
});
