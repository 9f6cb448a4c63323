import { afterEach, beforeEach, describe, expect, test, vi } from 'vitest';
import type { Me } from '../../contract/account';
import { fetchMe, replacingSession } from './session';

/**
 * Who is signed in is not asked while a call is replacing the session cookie (a password change):
 * the server announces the change before that call's answer, with the new cookie, has arrived.
 */
const player: Me = {
  id: 'u1',
  email: 'jo@example.com',
  name: 'Jo',
  username: '',
  teamName: 'Journey Men',
  teamNameNotice: null,
  role: 'player',
  emailVerified: true,
  createdAt: '2026-08-01T10:00:00.000Z',
};

/** The browser's session cookie, and the sessions the server still knows. */
let jar: string;
let live: Set<string>;
/** Each request as `path cookie`. */
let asked: string[];

const answer = (body: unknown, status = 200) =>
  new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });

beforeEach(() => {
  jar = 'old';
  live = new Set(['old']);
  asked = [];
  vi.stubGlobal('fetch', async (path: string) => {
    asked.push(`${path} ${jar}`);
    const signedIn = live.has(jar);
    if (path === '/api/auth/get-session')
      return answer(signedIn ? { session: { userId: player.id }, user: player } : null);
    if (path === '/api/me')
      return signedIn ? answer({ user: player }) : answer({ error: { code: 'unauthorized', message: 'Sign in' } }, 401);
    throw new Error(`unexpected request ${path}`);
  });
});
afterEach(() => {
  vi.unstubAllGlobals();
});

/** A password change: the server ends the old session at once; its answer brings the new cookie later. */
function passwordChange() {
  // Committed on the server (and announced): the old session is gone, the new one exists.
  const committed = () => {
    live.delete('old');
    live.add('new');
  };
  let arrive!: () => void;
  let refuse!: () => void;
  const done = replacingSession(
    () =>
      new Promise<void>((resolve, reject) => {
        arrive = () => {
          committed();
          jar = 'new';
          resolve();
        };
        refuse = () => reject(new Error('Current password is incorrect'));
      }),
  );
  return { done, arrive, refuse, committed };
}

const settle = () => new Promise((resolve) => setTimeout(resolve, 0));

describe('the session query during a password change', () => {
  test('asked as the change is announced, it waits for the new cookie and finds the player still signed in', async () => {
    const change = passwordChange();
    change.committed();
    const me = fetchMe();
    await settle();
    // Asked now, with the old cookie, the answer would be "nobody".
    expect(asked).toEqual([]);
    change.arrive();
    await change.done;
    expect(await me).toEqual(player);
    expect(asked).toEqual(['/api/auth/get-session new', '/api/me new']);
  });

  test('a change that is refused lets it ask with the cookie that still holds', async () => {
    const change = passwordChange();
    const me = fetchMe();
    await settle();
    expect(asked).toEqual([]);
    change.refuse();
    await expect(change.done).rejects.toThrow('Current password is incorrect');
    expect(await me).toEqual(player);
    expect(asked).toEqual(['/api/auth/get-session old', '/api/me old']);
  });

  test('with no change under way it asks at once, and a session that ended is nobody', async () => {
    live.clear();
    expect(await fetchMe()).toBeNull();
    expect(asked).toEqual(['/api/auth/get-session old']);
  });
});
