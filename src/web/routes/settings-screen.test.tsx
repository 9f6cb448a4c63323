// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn screen in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { QueryClient, QueryClientProvider } from '@tanstack/react-query';
import { MemoryRouter } from 'react-router';
import { expect, test } from 'vitest';
import type { Me } from '../../contract/account';
import { meKey } from '../lib/session';
import Settings, { PASSWORD_NOTE } from './Settings';

const me: Me = {
  id: 'u1',
  email: 'me@example.com',
  name: 'Me',
  username: '',
  teamName: 'Data FC',
  teamNameNotice: null,
  role: 'player',
  emailVerified: true,
  createdAt: '2025-08-01T10:00:00.000Z',
};

test('Settings has no Logout of its own (the header’s, with its confirmation, is the one) and says the password is hashed', () => {
  const client = new QueryClient();
  client.setQueryData(meKey, me);
  const html = renderToStaticMarkup(
    <QueryClientProvider client={client}>
      <MemoryRouter>
        <Settings />
      </MemoryRouter>
    </QueryClientProvider>,
  );
  expect(html).toContain('Account Information');
  expect(html).not.toMatch(/>\s*Logout\s*</);
  expect(html).not.toMatch(/encrypt/i);
  expect(PASSWORD_NOTE).toMatch(/hash/);
  expect(html).toContain(PASSWORD_NOTE);
});
