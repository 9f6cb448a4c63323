// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn screen in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import type { Me } from '../../contract/account';
import { meKey } from '../lib/session';
import { contactInfoKey } from '../features/contact/api';
import Contact from './Contact';

const me: Me = {
  id: 'u1',
  email: 'fan@example.com',
  name: 'Fan',
  username: '',
  teamName: 'Big Screen FC',
  teamNameNotice: null,
  role: 'player',
  emailVerified: true,
  createdAt: '2025-08-01T10:00:00.000Z',
};

function draw(user: Me | null, supportEmail: string | null): string {
  const client = new QueryClient();
  client.setQueryData(meKey, user);
  client.setQueryData(contactInfoKey, { supportEmail });
  return renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Contact />
      </MemoryRouter>
    </QueryClientProvider>,
  );
}

test('a signed-out visitor gets the form, not a sign-in redirect, and is asked for the address they signed up with', () => {
  const html = draw(null, 'help@scoreline.test');
  expect(html).toContain('Send Message');
  expect(html).toContain('id="contact-email"');
  expect(html).toContain('use the address you signed up with');
  expect(html).toContain('You are not signed in');
});

test('a verified player is told their account’s address is the reply address and comes with the message', () => {
  const html = draw(me, 'help@scoreline.test');
  expect(html).toContain('It starts as your account&#x27;s address');
  expect(html).toContain('Your team name and account address come with your message');
});

test('the support address shows only when the site has one configured', () => {
  expect(draw(me, 'help@scoreline.test')).toContain('href="mailto:help@scoreline.test"');
  const none = draw(me, null);
  expect(none).not.toContain('Email Support');
  expect(none).not.toContain('mailto:');
});
