// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn screen in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import { LandingPage } from '../features/landing/LandingPage';
import Login from './Login';

/** The contact form is open to visitors: someone who cannot sign in is pointed at it. */
const contactLink = /Trouble signing in\?\s*<a[^>]*href="\/contact"[^>]*>Contact us<\/a>/;

test('the Login screen links to /contact for trouble signing in', () => {
  const html = renderToStaticMarkup(
    <QueryClientProvider client={new QueryClient()}>
      <MemoryRouter initialEntries={['/login']}>
        <Login />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(html).toMatch(contactLink);
});

test('the landing page’s footer links to /contact, pre-rendered as a plain link', () => {
  // As scripts/prerender-landing.tsx draws it: no router, the landing's plain anchors.
  const html = renderToStaticMarkup(<LandingPage signedIn={false} />);
  const footer = html.slice(html.indexOf('<footer'));
  expect(footer).toMatch(contactLink);
});
