// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn bar in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { expect, test } from 'vitest';
import { ordinal } from '../../lib/ordinal';
import { ProgressBar } from './parts';
import { performanceText } from './performance';

test('each Performance bar says what its target is', () => {
  expect(performanceText({ id: 'points', label: 'Points', value: 17, goal: 50 })).toEqual({
    figure: '17 · target 50',
    target: 'Target: 50 points this season.',
  });
  expect(performanceText({ id: 'streak', label: 'Prediction Streak', value: 3, goal: 10 }).target).toBe(
    'Target: 10 right predictions in a row (your current run).',
  );
  expect(performanceText({ id: 'success', label: 'Success Rate', value: 75, goal: 100 }).figure).toBe('75%');
  const html = renderToStaticMarkup(
    <ProgressBar label="Points" value={17} goal={50} figure="17 · target 50" hint="Target: 50 points this season." />,
  );
  expect(html).toContain('17 · target 50');
  expect(html).toContain('Target: 50 points this season.');
  expect(html).not.toContain('17/50');
  expect(html).toMatch(/aria-describedby="[^"]+"/);
});

test('places read as people say them', () => {
  expect([1, 2, 3, 4, 11, 12, 13, 21, 22, 23, 101, 111].map(ordinal)).toEqual([
    '1st',
    '2nd',
    '3rd',
    '4th',
    '11th',
    '12th',
    '13th',
    '21st',
    '22nd',
    '23rd',
    '101st',
    '111th',
  ]);
});

test('Your League Positions says the place in words, and lets a long name wrap instead of cutting it', async () => {
  const { QueryClient, QueryClientProvider } = await import('@tanstack/react-query');
  const { MemoryRouter } = await import('react-router');
  const { LeaguePositions } = await import('./LeaguePositions');
  const { positionsKey } = await import('./api');
  const client = new QueryClient();
  client.setQueryData(positionsKey, {
    season: '2025-26',
    positions: [
      {
        leagueId: 'a',
        name: 'The Extremely Long Office League Name',
        position: 1,
        memberCount: 5,
        points: 40,
        change: 'up',
      },
      { leagueId: 'b', name: 'Pub', position: 12, memberCount: 30, points: 20, change: 'same' },
    ],
  });
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <LeaguePositions />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(html).toContain('1st of 5 members');
  expect(html).toContain('12th of 30 members');
  expect(html).not.toMatch(/class="truncate[^"]*">The Extremely Long/);
  expect(html).toMatch(/break-words[^"]*">The Extremely Long/);
});
