// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn list in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import type { Fixture } from '../../../contract/fixtures';
import type { BoardMatch, Prediction } from '../../../contract/predictions';
import { UpcomingMatches } from './UpcomingMatches';
import { matchRows } from './match-day-list';

// A Saturday of match day: one match finished at 12:30's game, one in play, one at 17:30 to come.
const NOW = new Date('2026-11-28T14:00:00.000Z');

const fixture = (id: string, kickoffAt: string, over: Partial<Fixture> = {}): Fixture => ({
  id,
  seasonId: 's2026',
  homeTeam: 'Arsenal FC',
  awayTeam: 'Chelsea FC',
  kickoffAt,
  localDate: kickoffAt.slice(0, 10),
  localTime: kickoffAt.slice(11, 16),
  gameweek: 13,
  league: 'Premier League',
  status: 'upcoming',
  result: null,
  ...over,
});

const pick = (fixtureId: string, over: Partial<Prediction> = {}): Prediction => ({
  fixtureId,
  homeScore: 2,
  awayScore: 1,
  predictedAt: '2026-11-27T10:00:00.000Z',
  points: null,
  outcome: null,
  banker: false,
  qualifier: null,
  ...over,
});

const finished = fixture('early', '2026-11-28T10:30:00.000Z', {
  status: 'finished',
  result: { homeScore: 2, awayScore: 1, final: true },
});
const live = fixture('live', '2026-11-28T13:30:00.000Z', {
  status: 'live',
  result: { homeScore: 1, awayScore: 0, final: false },
});
const later = fixture('later', '2026-11-28T17:30:00.000Z');
const tomorrow = fixture('sunday', '2026-11-29T14:00:00.000Z');

const board: BoardMatch[] = [
  { fixture: finished, deadline: finished.kickoffAt, window: 'closed', prediction: pick('early', { points: 3 }) },
  { fixture: live, deadline: live.kickoffAt, window: 'closed', prediction: null },
  {
    fixture: later,
    deadline: later.kickoffAt,
    window: 'open',
    prediction: pick('later', { homeScore: 0, awayScore: 0 }),
  },
  { fixture: tomorrow, deadline: tomorrow.kickoffAt, window: 'open', prediction: null },
];

const draw = (b: BoardMatch[] | undefined, upcoming: Fixture[]) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter>
        <UpcomingMatches gameweek={13} matches={upcoming} board={b} isAdmin={false} now={NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );

test("on match day each of today's matches shows its status, my pick or none, and points once scored", () => {
  // The dashboard's own list keeps the live and later matches; the board adds this morning's finished one.
  const html = draw(board, [live, later, tomorrow]);
  const items = html.split('<li ').slice(1);
  expect(items).toHaveLength(4);
  const [early, inPlay, toCome] = items as [string, string, string, string];
  expect(early).toContain('data-status="finished"');
  expect(early).toContain('Full time 2–1');
  expect(early).toMatch(/Your pick <span[^>]*>2–1<\/span>/);
  expect(early).toContain('+3 pts');
  expect(inPlay).toContain('In play 1–0');
  expect(inPlay).toContain('No pick');
  expect(inPlay).not.toContain('upcoming-points');
  expect(toCome).toContain('data-status="upcoming"');
  expect(toCome).toMatch(/Your pick <span[^>]*>0–0<\/span>/);
  expect(toCome).not.toContain('upcoming-points');
});

test("everyone's picks are offered only for matches past their deadline, linked to the board's gameweek", () => {
  const items = draw(board, [live, later, tomorrow]).split('<li ').slice(1);
  expect(items[0]).toContain('How everyone picked');
  expect(items[0]).toContain('href="/predictions?gameweek=13"');
  expect(items[1]).toContain('How everyone picked');
  expect(items[2]).not.toContain('How everyone picked');
  expect(items[3]).not.toContain('How everyone picked');
});

test('before the board is read (or away from match day) the list says nothing about picks', () => {
  const html = draw(undefined, [later, tomorrow]);
  expect(html).not.toContain('upcoming-pick');
  expect(html).not.toContain('No pick');
  expect(html).toContain('Upcoming Matches - Gameweek 13');
});

test("the match-day rows: the dashboard's own list, filled up to five with today's played matches, latest first", () => {
  const yesterday = fixture('friday', '2026-11-27T20:00:00.000Z', {
    status: 'finished',
    result: { homeScore: 0, awayScore: 0, final: true },
  });
  const earlier = fixture('earliest', '2026-11-28T10:00:00.000Z', {
    status: 'finished',
    result: { homeScore: 0, awayScore: 1, final: true },
  });
  const withPast = [
    ...board,
    { fixture: yesterday, deadline: yesterday.kickoffAt, window: 'closed' as const, prediction: null },
    { fixture: earlier, deadline: earlier.kickoffAt, window: 'closed' as const, prediction: null },
  ];
  // Room for all of today's played matches, never yesterday's.
  expect(matchRows([later], withPast, NOW).map((r) => r.fixture.id)).toEqual(['earliest', 'early', 'live', 'later']);
  // One place left: the latest started match of today takes it; a full list stays as the dashboard said.
  const four = ['a', 'b', 'c', 'd'].map((id) => fixture(id, '2026-11-28T19:00:00.000Z'));
  expect(matchRows(four, withPast, NOW).map((r) => r.fixture.id)).toEqual(['live', 'a', 'b', 'c', 'd']);
  expect(matchRows([later, ...four], withPast, NOW).map((r) => r.fixture.id)).toEqual(['later', 'a', 'b', 'c', 'd']);
});
