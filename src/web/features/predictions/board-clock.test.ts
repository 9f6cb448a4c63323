import { expect, test } from 'vitest';
import type { Board, BoardMatch } from '../../../contract/predictions';
import { boardInstants, matchesAt, openAt, statesAt } from './board-clock';

const match = (id: string, kickoffAt: string, window: 'open' | 'closed' = 'open'): BoardMatch =>
  ({
    fixture: { id, gameweek: 15, kickoffAt, status: 'upcoming', result: null },
    deadline: new Date(Date.parse(kickoffAt) - 2 * 3_600_000).toISOString(),
    window,
    prediction: null,
  }) as unknown as BoardMatch;
const board: Board = {
  now: '2026-12-12T12:59:00.000Z',
  season: '2026-27',
  gameweek: 15,
  openingGameweek: 15,
  nextOpen: { gameweek: 15, deadline: '2026-12-12T13:00:00.000Z' },
  changesAt: '2026-12-12T13:00:00.000Z',
  gameweeks: [14, 15, 16],
  gameweekStates: [
    { gameweek: 14, state: 'played' },
    { gameweek: 15, state: 'open' },
    { gameweek: 16, state: 'open' },
  ],
  matches: [match('a', '2026-12-12T15:00:00.000Z'), match('b', '2026-12-12T15:00:00.000Z')],
};
const at = (iso: string) => new Date(iso);

test('the header follows the clock from one answer: open, closed at the deadline, in play at kick-off, played at full time', () => {
  expect(statesAt(board, at('2026-12-12T12:59:59.999Z')).state).toBe('open');
  const closed = statesAt(board, at('2026-12-12T13:00:00.000Z'));
  expect(closed.state).toBe('closed');
  expect(closed.options.find((o) => o.gameweek === 15)).toEqual({ gameweek: 15, state: 'closed' });
  expect(closed.options.find((o) => o.gameweek === 16)).toEqual({ gameweek: 16, state: 'open' });
  expect(statesAt(board, at('2026-12-12T15:00:00.000Z')).state).toBe('live');
  expect(statesAt(board, at('2026-12-12T17:15:00.000Z')).state).toBe('played');
});

test('a match is open until its deadline; the server’s closed window counts (a match moved after its deadline)', () => {
  expect(openAt(board.matches[0]!, at('2026-12-12T12:59:59.999Z'))).toBe(true);
  expect(openAt(board.matches[0]!, at('2026-12-12T13:00:00.000Z'))).toBe(false);
  expect(openAt(match('c', '2026-12-20T15:00:00.000Z', 'closed'), at('2026-12-12T13:00:00.000Z'))).toBe(false);
  expect(matchesAt(board.matches, at('2026-12-12T13:00:00.000Z')).every((m) => m.window === 'closed')).toBe(true);
});

test('the board is asked for again at the deadline, the kick-off, the full time and the server’s changesAt', () => {
  const { refetch } = boardInstants(board, at('2026-12-12T12:59:00.000Z'));
  for (const iso of ['2026-12-12T13:00:00.000Z', '2026-12-12T15:00:00.000Z', '2026-12-12T17:15:00.000Z'])
    expect(refetch).toContain(Date.parse(iso));
});
