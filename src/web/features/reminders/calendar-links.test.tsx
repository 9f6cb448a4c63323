// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn parts in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import type { CompetitionList } from '../../../contract/seasons';
import { seasonsKey } from '../seasons/api';
import { CompetitionLinks } from './RemindersAndCalendar';
import { competitionFeedLinks } from './calendar-links';

const url = 'https://scoreline.example/api/calendar/abc.ics';

function draw(competitions: Pick<CompetitionList['competitions'][number], 'id' | 'name' | 'current'>[]) {
  const client = new QueryClient();
  client.setQueryData([...seasonsKey, 'competitions'], { competitions });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <CompetitionLinks url={url} />
    </QueryClientProvider>,
  );
}

test('Settings offers a labelled link per competition to copy', () => {
  const html = draw([
    { id: 'premier-league', name: 'Premier League', current: '2025-26' },
    { id: 'world-cup', name: 'FIFA World Cup', current: 'world-cup-2026' },
  ]);
  expect(html).toContain('World Cup only');
  expect(html).toContain(`value="${url}?competition=world-cup"`);
  expect(html).toContain('aria-label="Copy the World Cup link"');
  expect(html).toContain('for="calendar-url-world-cup"');
});

test('nothing extra with one competition', () => {
  expect(draw([{ id: 'premier-league', name: 'Premier League', current: '2025-26' }])).toBe('');
});

test('competitionFeedLinks: one link per known competition with a current season', () => {
  expect(
    competitionFeedLinks(url, [
      { id: 'premier-league', name: 'Premier League', current: '2025-26' },
      { id: 'world-cup', name: 'FIFA World Cup', current: 'world-cup-2026' },
      { id: 'champions-league', name: 'UEFA Champions League', current: null },
      { id: 'some-cup', name: 'Some Cup', current: 'some-cup-2026' },
    ]),
  ).toEqual([
    { id: 'premier-league', name: 'Premier League', url: `${url}?competition=premier-league` },
    { id: 'world-cup', name: 'World Cup', url: `${url}?competition=world-cup` },
  ]);
  expect(competitionFeedLinks(url, [{ id: 'premier-league', name: 'Premier League', current: '2025-26' }])).toEqual([]);
});
