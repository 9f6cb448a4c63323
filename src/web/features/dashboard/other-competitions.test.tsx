// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn card in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import type { Dashboard } from '../../../contract/dashboard';
import type { SeasonList } from '../../../contract/seasons';
import { seasonsKey } from '../seasons/api';
import { OtherCompetitions } from './OtherCompetitions';

const NOW = new Date('2026-06-11T12:00:00.000Z');
const wc = { id: 'world-cup', name: 'FIFA World Cup', code: 'WC', timeZone: 'America/New_York' };
const seasons: SeasonList = {
  current: '2025-26',
  pinned: false,
  seasons: [
    {
      id: 'world-cup-2026',
      label: '2026',
      competition: wc,
      phase: 'in-progress',
      startDate: '2026-06-11',
      endDate: '2026-07-19',
      nextKickoff: null,
      fixtures: 104,
      results: 0,
      current: true,
    },
  ],
};

const draw = (elsewhere: Dashboard['elsewhere']) => {
  const client = new QueryClient();
  client.setQueryData(seasonsKey, seasons);
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <OtherCompetitions d={{ elsewhere } as Dashboard} now={NOW} />
      </MemoryRouter>
    </QueryClientProvider>,
  );
};

test('the next deadline of another competition the player plays, with the way to its board', () => {
  const html = draw([
    {
      seasonId: 'world-cup-2026',
      competitionId: 'world-cup',
      gameweek: 1,
      open: 2,
      predicted: 1,
      deadline: '2026-06-11T17:00:00.000Z',
    },
  ]);
  expect(html.replace(/<[^>]+>/g, '')).toContain(
    'World Cup 2026 · Gameweek 1: 1 of 2 open matches predicted · the first closes in 5 h',
  );
  expect(html).toContain('href="/predictions?season=world-cup-2026&amp;gameweek=1"');
  expect(html).toContain('aria-label="Predict: World Cup 2026"');
  // Nothing open elsewhere, or its deadline passed: no card at all.
  expect(draw([])).toBe('');
  expect(draw(undefined)).toBe('');
});
