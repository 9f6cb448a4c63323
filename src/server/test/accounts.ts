import http from 'node:http';
import type { LightMyRequestResponse } from 'fastify';
import { devOutboxKey } from '../mail/dev-outbox-routes.js';
import type { TestApp } from './harness.js';

/**
 * Account flows through the real /api/auth bridge, for the security tests: sign up, read the
 * development outbox (from this machine, as a developer would) and follow the mailed links.
 * Each caller passes its own client address, because Better Auth's per-address limiter is shared
 * by every app in the test process.
 */
export const ORIGIN = 'http://localhost:3000';
export const PASSWORD = 'kick-off-at-three';

export function signUpBody(overrides: Record<string, unknown> = {}) {
  return {
    name: 'Ada Lovelace',
    teamName: 'Analytical FC',
    email: 'ada@example.com',
    password: PASSWORD,
    ...overrides,
  };
}

/** The session cookie(s) a response sets, as a Cookie header ('' when none). */
export function cookieOf(res: LightMyRequestResponse): string {
  const raw = res.headers['set-cookie'];
  const list = Array.isArray(raw) ? raw : raw ? [raw] : [];
  return list
    .map((c) => c.split(';')[0] ?? '')
    .filter((c) => !/=$/.test(c))
    .join('; ');
}

export interface OutboxMail {
  to: string;
  subject: string;
  text: string;
  html: string | null;
}

export function accountClient(t: TestApp, ip: string) {
  const post = (url: string, payload: unknown, cookie?: string, headers: Record<string, string> = {}) =>
    t.request({
      method: 'POST',
      url,
      payload: payload as object,
      cookie,
      headers: { origin: ORIGIN, ...headers },
      remoteAddress: ip,
    });
  const get = (url: string, cookie?: string) => t.request({ method: 'GET', url, cookie, remoteAddress: ip });
  async function mails(): Promise<OutboxMail[]> {
    // Account mails leave after the answer (auth/account-mail.ts): wait until they have.
    await t.app.deps.auth.accountMail.idle();
    // The outbox is read from this machine (loopback) with the server's key, as the developer reading it would.
    const res = await t.request({ method: 'GET', url: '/dev/mail.json', query: { key: devOutboxKey(t.app) ?? '' } });
    if (res.statusCode !== 200) throw new Error(`outbox: ${res.statusCode} ${res.body}`);
    return (res.json() as { messages: OutboxMail[] }).messages;
  }
  async function linkIn(to: string, subject: RegExp): Promise<URL> {
    const mail = (await mails()).find((m) => m.to === to && subject.test(m.subject));
    if (!mail) throw new Error(`no mail to ${to} matching ${subject}`);
    const href = /https?:\/\/\S+/.exec(mail.text)?.[0];
    if (!href) throw new Error('no link in the mail');
    return new URL(href);
  }
  async function signUp(overrides: Record<string, unknown> = {}) {
    const res = await post('/api/auth/sign-up/email', signUpBody(overrides));
    return { res, cookie: cookieOf(res) };
  }
  /**
   * Asks for the verification mail and follows its link with `cookie` (the sign-up's claim cookie
   * verifies at once; without it the link leads to the confirm screen); returns the link's response.
   */
  async function verify(email: string, cookie?: string) {
    const sent = await post('/api/auth/send-verification-email', { email, callbackURL: '/verified' }, cookie);
    if (sent.statusCode !== 200) throw new Error(`send-verification-email: ${sent.statusCode} ${sent.body}`);
    const link = await linkIn(email, /verify/i);
    return get(link.pathname + link.search, cookie);
  }
  /** Signs up and verifies from the same browser; the signed-in session cookie of the new player. */
  async function signUpVerified(overrides: Record<string, unknown> = {}) {
    const email = String(overrides.email ?? signUpBody().email);
    const { res, cookie } = await signUp(overrides);
    if (res.statusCode !== 200) throw new Error(`sign-up: ${res.statusCode} ${res.body}`);
    const link = await linkIn(email, /verify/i);
    const verified = await get(link.pathname + link.search, cookie);
    if (verified.statusCode !== 302 || !cookieOf(verified).includes('session_token'))
      throw new Error(`verify: ${verified.statusCode} ${String(verified.headers.location)}`);
    return cookieOf(verified)
      .split('; ')
      .filter((c) => c.includes('session_token'))
      .join('; ');
  }
  const me = (cookie: string) => get('/api/me', cookie);
  return { post, get, mails, linkIn, signUp, signUpVerified, verify, me };
}

/**
 * A request over a real socket with the path exactly as given: `inject` normalises dot segments
 * the way a browser would, but an attacker's client sends `/api/auth/./sign-in/email` as is.
 */
export async function rawRequest(
  t: TestApp,
  opts: { method: string; path: string; body?: unknown; headers?: Record<string, string> },
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- mirrors inject's json(), which tests read freely
): Promise<{ statusCode: number; headers: Record<string, string | string[] | undefined>; body: string; json(): any }> {
  if (!t.app.server.listening) await t.app.listen({ port: 0, host: '127.0.0.1' });
  const { port } = t.app.server.address() as { port: number };
  const payload = opts.body === undefined ? undefined : JSON.stringify(opts.body);
  return new Promise((resolve, reject) => {
    const req = http.request(
      {
        host: '127.0.0.1',
        port,
        method: opts.method,
        path: opts.path,
        headers: {
          host: `localhost:${port}`,
          origin: ORIGIN,
          ...(payload ? { 'content-type': 'application/json' } : {}),
          ...opts.headers,
        },
      },
      (res) => {
        let body = '';
        res.setEncoding('utf8');
        res.on('data', (d: string) => (body += d));
        res.on('end', () =>
          resolve({ statusCode: res.statusCode ?? 0, headers: res.headers, body, json: () => JSON.parse(body) }),
        );
      },
    );
    req.on('error', reject);
    req.end(payload);
  });
}
