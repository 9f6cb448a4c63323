import { describe, expect, test } from 'vitest';
import type { Dashboard } from '../../../contract/dashboard';
import { dashboardInstants, nextUpCards } from './next-up';

/** Gameweek 15: two matches at 15:00 on Saturday 12 December (deadline 13:00); Gameweek 16 a week later. */
const fixture = (id: string, kickoffAt: string) => ({
  id,
  seasonId: '2026-27',
  gameweek: 15,
  homeTeam: 'Arsenal FC',
  awayTeam: 'Chelsea FC',
  kickoffAt,
  status: 'upcoming' as const,
  result: null,
});
const base = (over: Partial<Dashboard> = {}): Dashboard =>
  ({
    now: '2026-12-12T12:59:00.000Z',
    season: { id: '2026-27', label: '2026/27', phase: 'in-progress' },
    newcomer: false,
    tiles: { totalPredictions: 1, successRate: 0, totalPoints: 0, exactScores: 0 },
    gameweek: 15,
    gameweekState: 'open',
    picks: { matches: 2, predicted: 1 },
    open: [
      { fixtureId: 'a', deadline: '2026-12-12T13:00:00.000Z', predicted: true },
      { fixtureId: 'b', deadline: '2026-12-12T13:00:00.000Z', predicted: false },
    ],
    upcoming: [fixture('a', '2026-12-12T15:00:00.000Z'), fixture('b', '2026-12-12T15:00:00.000Z')],
    nextOpen: null,
    changesAt: '2026-12-12T13:00:00.000Z',
    recentActivity: [],
    achievements: [],
    performance: [],
    ...over,
  }) as Dashboard;
const at = (iso: string) => new Date(iso);

describe('nextUpCards', () => {
  test('before the deadline: the open gameweek, amber within a day for the match without a pick', () => {
    const { lead, second } = nextUpCards(base(), at('2026-12-12T12:59:00.000Z'));
    expect(lead).toMatchObject({ kind: 'open', gameweek: 15, urgent: 1, urgentCloses: 'closes in 1 min' });
    expect(second).toBeNull();
  });

  test('at the deadline, from the same answer: match day leads, kicking off at 15:00', () => {
    expect(nextUpCards(base(), at('2026-12-12T13:00:00.000Z')).lead).toMatchObject({
      kind: 'match-day',
      gameweek: 15,
      phase: 'kicks-off',
      firstKickoff: '2026-12-12T15:00:00.000Z',
      picks: '1 of 2 predicted',
    });
  });

  test('the next answer brings the next open gameweek second; at kick-off the lead is in play, then waits for results', () => {
    const d = base({
      gameweekState: 'closed',
      open: [],
      nextOpen: {
        gameweek: 16,
        picks: { matches: 10, predicted: 0 },
        open: [{ fixtureId: 'c', deadline: '2026-12-19T13:00:00.000Z', predicted: false }],
      },
    });
    const cards = nextUpCards(d, at('2026-12-12T13:00:00.000Z'));
    expect(cards.second).toMatchObject({ kind: 'open', gameweek: 16, closes: 'closes in 7 days', urgent: 0 });
    expect(nextUpCards(d, at('2026-12-12T15:00:00.000Z')).lead).toMatchObject({ phase: 'in-play' });
    expect(nextUpCards(d, at('2026-12-12T17:15:00.000Z')).lead).toMatchObject({ phase: 'results' });
  });

  test('with nothing open and nothing being played: no card', () => {
    expect(nextUpCards(base({ gameweekState: 'played', open: [], upcoming: [] }), at('2027-06-01T00:00:00Z'))).toEqual({
      lead: null,
      second: null,
    });
  });
});

test('dashboardInstants: the answer is asked for again at the deadline, kick-off, full time and changesAt', () => {
  const { refetch, wake } = dashboardInstants(base(), at('2026-12-12T12:58:30.000Z'));
  for (const iso of ['2026-12-12T13:00:00.000Z', '2026-12-12T15:00:00.000Z', '2026-12-12T17:15:00.000Z'])
    expect(refetch).toContain(Date.parse(iso));
  // The countdown's next step (from "closes in 1 min" to "under a minute") wakes the page too.
  expect(wake).toContain(Date.parse('2026-12-12T12:59:00.001Z'));
});
