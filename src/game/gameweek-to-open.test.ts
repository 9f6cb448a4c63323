import { describe, expect, test } from 'vitest';
import {
  gameweekState,
  gameweekStates,
  gameweekInProgress,
  gameweekToOpen,
  LEAD_WITHOUT_RESULT_MS,
  nextOpenGameweek,
  nextOpening,
  steadyOpeningWindow,
  steadyStatesWindow,
  type GameweekFixture,
} from './gameweek-to-open.js';

/**
 * A season shaped like 2026/27 around its twelfth round: Gameweek 11 on Saturday 21 November,
 * Gameweek 12 on Saturday 28 November, Gameweek 13 midweek on Wednesday 2 December, Gameweek 14
 * on Saturday 5 December; every kick-off of a round at the same time, ten matches each.
 */
const round = (gameweek: number, kickoffAt: string, n = 10, extra: Partial<GameweekFixture> = {}): GameweekFixture[] =>
  Array.from({ length: n }, () => ({ gameweek, kickoffAt, postponed: false, ...extra }));
const season = (): GameweekFixture[] => [
  ...round(11, '2026-11-21T15:00:00.000Z'),
  ...round(12, '2026-11-28T15:00:00.000Z'),
  ...round(13, '2026-12-02T20:00:00.000Z'),
  ...round(14, '2026-12-05T15:00:00.000Z'),
];
const at = (iso: string) => new Date(iso);

describe('gameweekToOpen', () => {
  test('match day, Saturday 28 November 17:10: Gameweek 12 is in play without results, so it leads; Gameweek 13 is the next open', () => {
    expect(gameweekToOpen(season(), at('2026-11-28T17:10:00Z'))).toBe(12);
    expect(nextOpenGameweek(season(), at('2026-11-28T17:10:00Z'))).toBe(13);
  });

  test('Thursday 26 November: Gameweek 11 is all played, Gameweek 12 is open', () => {
    expect(gameweekToOpen(season(), at('2026-11-26T10:00:00Z'))).toBe(12);
  });

  test('inside the two hours before kick-off nothing of Gameweek 12 is open any more, but it leads: match day leads with today', () => {
    expect(gameweekToOpen(season(), at('2026-11-28T12:59:59Z'))).toBe(12);
    expect(gameweekInProgress(season(), at('2026-11-28T12:59:59Z'))).toBeNull();
    expect(gameweekToOpen(season(), at('2026-11-28T13:00:00Z'))).toBe(12);
    expect(gameweekInProgress(season(), at('2026-11-28T13:00:00Z'))).toBe(12);
    expect(nextOpenGameweek(season(), at('2026-11-28T13:00:00Z'))).toBe(13);
  });

  test('before the season: its first gameweek', () => {
    expect(gameweekToOpen(season(), at('2026-08-01T00:00:00Z'))).toBe(11);
    expect(
      gameweekToOpen(
        [...round(2, '2026-08-29T14:00:00Z'), ...round(1, '2026-08-22T14:00:00Z')],
        at('2026-08-01T00:00:00Z'),
      ),
    ).toBe(1);
  });

  test('after the last match: the last gameweek played', () => {
    expect(gameweekToOpen(season(), at('2027-06-01T00:00:00Z'))).toBe(14);
  });

  test('a gameweek whose first match kicked off while others are still open stays in front', () => {
    const fixtures = [
      ...round(12, '2026-11-28T15:00:00.000Z', 9),
      { gameweek: 12, kickoffAt: '2026-11-30T20:00:00.000Z', postponed: false },
      ...round(13, '2026-12-02T20:00:00.000Z'),
    ];
    expect(gameweekToOpen(fixtures, at('2026-11-28T17:10:00Z'))).toBe(12);
    expect(nextOpenGameweek(fixtures, at('2026-11-28T17:10:00Z'))).toBe(12);
    // Monday's match inside its deadline: it is being played, Gameweek 13 is the next open.
    expect(gameweekToOpen(fixtures, at('2026-11-30T18:00:00Z'))).toBe(12);
    expect(nextOpenGameweek(fixtures, at('2026-11-30T18:00:00Z'))).toBe(13);
  });

  test('postponed matches take no predictions: a gameweek whose only unplayed match is postponed does not hold the board', () => {
    const fixtures = [
      ...round(12, '2026-11-28T15:00:00.000Z', 9, { finished: true }),
      { gameweek: 12, kickoffAt: null, postponed: true },
      ...round(13, '2026-12-02T20:00:00.000Z'),
    ];
    expect(gameweekToOpen(fixtures, at('2026-11-28T17:10:00Z'))).toBe(13);
    // Flagged postponed while keeping its old time: still no predictions.
    const flagged = [
      ...round(12, '2026-11-28T15:00:00.000Z', 9, { finished: true }),
      { gameweek: 12, kickoffAt: '2026-11-30T20:00:00.000Z', postponed: 1 },
      ...round(13, '2026-12-02T20:00:00.000Z'),
    ];
    expect(gameweekToOpen(flagged, at('2026-11-28T17:10:00Z'))).toBe(13);
  });

  test('a postponed match rearranged for later leads only once it is the next to close', () => {
    const fixtures = [...season(), { gameweek: 5, kickoffAt: '2026-12-09T19:45:00.000Z', postponed: false }];
    expect(nextOpenGameweek(fixtures, at('2026-11-28T17:10:00Z'))).toBe(13);
    expect(gameweekToOpen(fixtures, at('2026-11-29T17:10:00Z'))).toBe(13);
    expect(nextOpenGameweek(fixtures, at('2026-12-06T10:00:00Z'))).toBe(5);
    expect(gameweekToOpen(fixtures, at('2026-12-07T10:00:00Z'))).toBe(5);
  });

  test('a match moved after its deadline stays closed and does not count as open', () => {
    const fixtures = [
      ...round(12, '2026-11-28T15:00:00.000Z', 9, { finished: true }),
      {
        gameweek: 12,
        kickoffAt: '2026-11-30T20:00:00.000Z',
        postponed: false,
        predictionsLockedAt: '2026-11-28T14:00:00.000Z',
      },
      ...round(13, '2026-12-02T20:00:00.000Z'),
    ];
    expect(nextOpenGameweek(fixtures, at('2026-11-28T17:10:00Z'))).toBe(13);
    // Its own deadline still to come (Monday 18:00): it does not hold Gameweek 12 in front before then.
    expect(gameweekToOpen(fixtures, at('2026-11-28T17:10:00Z'))).toBe(13);
    expect(gameweekToOpen(fixtures, at('2026-11-30T18:00:00Z'))).toBe(12);
  });

  test('two gameweeks closing at the same instant: the lower one', () => {
    const fixtures = [...round(14, '2026-12-05T15:00:00.000Z', 1), ...round(13, '2026-12-05T15:00:00.000Z', 1)];
    expect(gameweekToOpen(fixtures, at('2026-12-01T00:00:00Z'))).toBe(13);
  });

  test('nothing open and nothing played, only postponed matches: the lowest gameweek; no fixtures at all: null', () => {
    expect(
      gameweekToOpen(
        [
          { gameweek: 7, kickoffAt: null, postponed: true },
          { gameweek: 3, kickoffAt: null, postponed: true },
        ],
        at('2026-11-28T17:10:00Z'),
      ),
    ).toBe(3);
    expect(gameweekToOpen([], at('2026-11-28T17:10:00Z'))).toBeNull();
  });

  test('the season’s remaining matches all inside their deadline: the gameweek about to be played', () => {
    expect(gameweekToOpen(season(), at('2026-12-05T14:00:00Z'))).toBe(14);
  });
});

describe('match day leads with today (decision record 0108)', () => {
  /** Gameweek 15: ten matches at 15:00 on Saturday 12 December; Gameweek 16 on Saturday 19 December. */
  const world = (results: number) => [
    ...Array.from({ length: 10 }, (_, i) => ({
      gameweek: 15,
      kickoffAt: '2026-12-12T15:00:00.000Z',
      postponed: false,
      finished: i < results,
    })),
    ...round(16, '2026-12-19T15:00:00.000Z'),
  ];
  const lead = (results: number, iso: string) => ({
    lead: gameweekToOpen(world(results), at(iso)),
    inProgress: gameweekInProgress(world(results), at(iso)),
    nextOpen: nextOpenGameweek(world(results), at(iso)),
  });

  test('before the first deadline: that gameweek, open', () => {
    expect(lead(0, '2026-12-12T12:59:59.999Z')).toEqual({ lead: 15, inProgress: null, nextOpen: 15 });
  });

  test('from the first deadline until the last result: that gameweek in progress, the next open one second', () => {
    // 13:03, two hours before ten matches kick off: today's matches lead.
    expect(lead(0, '2026-12-12T13:00:00.000Z')).toEqual({ lead: 15, inProgress: 15, nextOpen: 16 });
    expect(lead(0, '2026-12-12T13:03:00.000Z')).toEqual({ lead: 15, inProgress: 15, nextOpen: 16 });
    // In play, at full time, and with nine results of ten.
    expect(lead(0, '2026-12-12T16:00:00.000Z')).toEqual({ lead: 15, inProgress: 15, nextOpen: 16 });
    expect(lead(9, '2026-12-12T17:30:00.000Z')).toEqual({ lead: 15, inProgress: 15, nextOpen: 16 });
  });

  test('the next open gameweek comes with the deadline that makes it next', () => {
    expect(nextOpening(world(0), at('2026-12-12T13:03:00Z'))).toEqual({
      gameweek: 16,
      deadline: '2026-12-19T13:00:00.000Z',
    });
    expect(nextOpening(world(0), at('2027-01-01T00:00:00Z'))).toBeNull();
  });

  test('after the last result: the next open gameweek', () => {
    expect(lead(10, '2026-12-12T17:30:00.000Z')).toEqual({ lead: 16, inProgress: null, nextOpen: 16 });
  });

  test('a result that never comes holds the lead only for a day after kick-off', () => {
    const end = Date.parse('2026-12-12T15:00:00.000Z') + LEAD_WITHOUT_RESULT_MS;
    expect(lead(9, new Date(end - 1).toISOString()).lead).toBe(15);
    expect(lead(9, new Date(end).toISOString())).toEqual({ lead: 16, inProgress: null, nextOpen: 16 });
  });

  test('two gameweeks held at once: the one whose match closed last', () => {
    const fixtures = [...world(0), { gameweek: 5, kickoffAt: '2026-12-12T12:30:00.000Z', postponed: false }];
    expect(gameweekInProgress(fixtures, at('2026-12-12T12:00:00Z'))).toBe(5);
    expect(gameweekInProgress(fixtures, at('2026-12-12T13:03:00Z'))).toBe(15);
  });

  test('the steady window ends at the first deadline and at the end of a hold without a result', () => {
    expect(new Date(steadyOpeningWindow(world(0), at('2026-12-10T10:00:00Z')).until).toISOString()).toBe(
      '2026-12-12T13:00:00.000Z',
    );
    expect(new Date(steadyOpeningWindow(world(9), at('2026-12-12T17:30:00Z')).until).toISOString()).toBe(
      '2026-12-13T15:00:00.000Z',
    );
  });
});

describe('gameweekState', () => {
  const now = at('2026-11-28T17:10:00Z');
  test('match day: 11 played, 12 live, 13 and 14 open', () => {
    expect(gameweekStates(season(), now)).toEqual([
      { gameweek: 11, state: 'played' },
      { gameweek: 12, state: 'live' },
      { gameweek: 13, state: 'open' },
      { gameweek: 14, state: 'open' },
    ]);
  });

  test('between the deadline and kick-off a gameweek is closed; after the live window it is played, result or not', () => {
    expect(gameweekState(round(12, '2026-11-28T15:00:00.000Z'), at('2026-11-28T14:00:00Z'))).toBe('closed');
    expect(gameweekState(round(12, '2026-11-28T15:00:00.000Z'), at('2026-11-28T17:15:00Z'))).toBe('played');
  });

  test('final results end the live state before the clock does', () => {
    expect(gameweekState(round(12, '2026-11-28T15:00:00.000Z', 10, { finished: true }), now)).toBe('played');
  });

  test('one open match keeps the gameweek open; only postponed matches make it postponed', () => {
    expect(
      gameweekState(
        [
          ...round(12, '2026-11-28T15:00:00.000Z', 9),
          { gameweek: 12, kickoffAt: '2026-11-30T20:00:00.000Z', postponed: false },
        ],
        now,
      ),
    ).toBe('open');
    expect(gameweekState([{ gameweek: 12, kickoffAt: null, postponed: true }], now)).toBe('postponed');
    expect(
      gameweekState(
        [...round(12, '2026-11-21T15:00:00.000Z', 9), { gameweek: 12, kickoffAt: null, postponed: true }],
        now,
      ),
    ).toBe('played');
  });
});

describe('steadyOpeningWindow', () => {
  test('the answer holds between two instants (a deadline, the end of a hold without a result), and changes only at one', () => {
    const fixtures = season();
    const now = at('2026-11-28T17:10:00Z');
    const { from, until } = steadyOpeningWindow(fixtures, now);
    expect(new Date(from).toISOString()).toBe('2026-11-28T13:00:00.000Z');
    // Gameweek 12 has no results: it leads for a day after its kick-off.
    expect(new Date(until).toISOString()).toBe('2026-11-29T15:00:00.000Z');
    // Everywhere inside the window the rule answers the same; at its end it moves on.
    for (const t of [from, (from + until) / 2, until - 1]) {
      expect(gameweekToOpen(fixtures, new Date(t))).toBe(12);
      expect(nextOpenGameweek(fixtures, new Date(t))).toBe(13);
    }
    expect(gameweekToOpen(fixtures, new Date(until))).toBe(13);
    // With Gameweek 12's results in, the next instant is Gameweek 13's deadline.
    const played = fixtures.map((f) => (f.gameweek <= 12 ? { ...f, finished: true } : f));
    expect(new Date(steadyOpeningWindow(played, now).until).toISOString()).toBe('2026-12-02T18:00:00.000Z');
    expect(gameweekToOpen(played, at('2026-12-02T17:59:59.999Z'))).toBe(13);
    expect(nextOpenGameweek(played, at('2026-12-02T18:00:00.000Z'))).toBe(14);
  });

  test('postponed matches have no instant; a locked match keeps its deadline (its hold starts there); with none at all the window is endless', () => {
    expect(
      steadyOpeningWindow([{ gameweek: 1, kickoffAt: null, postponed: true }], at('2026-11-28T17:10:00Z')),
    ).toEqual({ from: -Infinity, until: Infinity });
    const fixtures: GameweekFixture[] = [
      { gameweek: 1, kickoffAt: null, postponed: true },
      {
        gameweek: 1,
        kickoffAt: '2026-11-30T20:00:00.000Z',
        postponed: false,
        predictionsLockedAt: '2026-11-28T14:00:00.000Z',
      },
    ];
    expect(new Date(steadyOpeningWindow(fixtures, at('2026-11-28T17:10:00Z')).until).toISOString()).toBe(
      '2026-11-30T18:00:00.000Z',
    );
  });
});

describe('steadyStatesWindow', () => {
  test('the states hold between two instants that move one (a deadline, a kick-off, the end of a live window), and change at the next', () => {
    const fixtures = season();
    const now = at('2026-11-28T16:10:00Z');
    const { from, until } = steadyStatesWindow(fixtures, now);
    // Gameweek 12 kicked off at 15:00 and is live until its live window ends at 17:15.
    expect(new Date(from).toISOString()).toBe('2026-11-28T15:00:00.000Z');
    expect(new Date(until).toISOString()).toBe('2026-11-28T17:15:00.000Z');
    const states = gameweekStates(fixtures, now);
    for (const t of [from, (from + until) / 2, until - 1])
      expect(gameweekStates(fixtures, new Date(t))).toEqual(states);
    expect(gameweekStates(fixtures, new Date(until))).not.toEqual(states);
  });

  test('a deadline moves a state: the window ends there', () => {
    const fixtures = season();
    const { until } = steadyStatesWindow(fixtures, at('2026-11-28T10:00:00Z'));
    expect(new Date(until).toISOString()).toBe('2026-11-28T13:00:00.000Z');
    expect(gameweekStates(fixtures, new Date(until - 1))).not.toEqual(gameweekStates(fixtures, new Date(until)));
  });

  test('postponed matches have no instant; a locked match keeps its kick-off and live window but not its deadline', () => {
    expect(steadyStatesWindow([{ gameweek: 1, kickoffAt: null, postponed: true }], at('2026-11-28T17:10:00Z'))).toEqual(
      { from: -Infinity, until: Infinity },
    );
    const locked: GameweekFixture[] = [
      {
        gameweek: 1,
        kickoffAt: '2026-11-30T20:00:00.000Z',
        postponed: false,
        predictionsLockedAt: '2026-11-28T14:00:00.000Z',
      },
    ];
    expect(new Date(steadyStatesWindow(locked, at('2026-11-28T17:10:00Z')).until).toISOString()).toBe(
      '2026-11-30T20:00:00.000Z',
    );
  });
});
