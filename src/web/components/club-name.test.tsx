// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn name in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { expect, test } from 'vitest';
import { ClubName } from './ClubName';
import { clubsKey } from '../features/seasons/api';
import { ALL_SEASONS, type ClubInfo } from '../../contract/seasons';

const clubs: ClubInfo[] = [
  {
    id: 'newcastle',
    name: 'Newcastle United FC',
    shortName: 'Newcastle',
    code: 'NEW',
    primaryColour: '#241F20',
    secondaryColour: '#FFFFFF',
    pattern: 'stripes',
  },
];

function draw(node: React.ReactNode): string {
  const client = new QueryClient();
  client.setQueryData(clubsKey(ALL_SEASONS), clubs);
  return renderToStaticMarkup(<QueryClientProvider client={client}>{node}</QueryClientProvider>);
}

test('in a compact spot the short name shows at every width, the full one is read and shown as a tooltip', () => {
  const html = draw(<ClubName team="Newcastle United FC" fit="short" wrap />);
  expect(html).toContain('title="Newcastle United"');
  expect(html).toMatch(/<span aria-hidden="true">Newcastle<\/span>/);
  expect(html).toMatch(/<span class="sr-only">Newcastle United<\/span>/);
  // Wrapping, not cut with an ellipsis.
  expect(html).not.toContain('truncate');
  expect(html).toContain('break-words');
});

test('by default the short name is for phones and the full one shows from the sm breakpoint', () => {
  const html = draw(<ClubName team="Newcastle United FC" />);
  expect(html).toMatch(/<span class="sm:hidden">Newcastle<\/span>/);
  expect(html).toMatch(/<span class="hidden sm:inline">Newcastle United<\/span>/);
});

test('in cards laid out in two columns from lg, the short name shows there and on phones, the full one between and on wide screens', () => {
  const html = draw(<ClubName team="Newcastle United FC" fit="columns" wrap />);
  expect(html).toMatch(/<span class="sm:hidden lg:inline 2xl:hidden">Newcastle<\/span>/);
  expect(html).toMatch(/<span class="hidden sm:inline lg:hidden 2xl:inline">Newcastle United<\/span>/);
  expect(html).not.toContain('truncate');
});

test('a club without a short name shows its full name once', () => {
  const html = draw(<ClubName team="Arsenal FC" fit="short" />);
  expect(html).toMatch(/>Arsenal<\/span>$/);
  expect(html.match(/Arsenal/g)).toHaveLength(1);
});
