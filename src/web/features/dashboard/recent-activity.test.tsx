// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn list in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import type { Activity } from '../../../contract/dashboard';
import { RecentActivity } from './RecentActivity';

const item = (over: Partial<Activity>): Activity => ({
  fixtureId: 'f1',
  homeTeam: 'Liverpool FC',
  awayTeam: 'AFC Bournemouth',
  homeScore: 2,
  awayScore: 1,
  predictedAt: '2025-08-10T10:00:00.000Z',
  state: 'pending',
  result: null,
  points: null,
  ...over,
});

const draw = (items: Activity[]) =>
  renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <RecentActivity items={items} />
    </QueryClientProvider>,
  );

test('a pick with its result in shows the result and the points it earned', () => {
  const html = draw([
    item({ fixtureId: 'a', state: 'right', result: { homeScore: 3, awayScore: 1 }, points: 1 }),
    item({ fixtureId: 'b', state: 'wrong', result: { homeScore: 0, awayScore: 0 }, points: 0 }),
  ]);
  expect(html).toContain('Your pick: 2-1');
  expect(html).toMatch(/Result 3-1 ·.*\+1 pt</);
  expect(html).toMatch(/Result 0-0 ·.*\+0 pts</);
});

test('a pick still waiting for its result shows only the pick', () => {
  const html = draw([item({})]);
  expect(html).toContain('Your pick: 2-1');
  expect(html).not.toContain('Result');
});
