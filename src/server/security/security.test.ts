import http from 'node:http';
import { afterEach, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser, DEFAULT_PASSWORD } from '../test/factories.js';
import { buildFixture } from '../test/factories-season.js';

const SECRET = 'test-secret-test-secret-test-secret-0123456789';
let t: TestApp | undefined;
afterEach(async () => {
  await t?.close();
  t = undefined;
});

/** Every object anywhere in a JSON value. */
function* objects(value: unknown): Generator<Record<string, unknown>> {
  if (Array.isArray(value)) for (const v of value) yield* objects(v);
  else if (value && typeof value === 'object') {
    yield value as Record<string, unknown>;
    for (const v of Object.values(value)) yield* objects(v);
  }
}

describe('security', () => {
  it('sends pages a Content-Security-Policy without inline scripts, and other hardening headers', async () => {
    t = await createTestApp();
    for (const url of ['/', '/dashboard', '/assets/missing.js']) {
      const res = await t.request({ method: 'GET', url });
      const csp = String(res.headers['content-security-policy']);
      const scriptSrc = /script-src ([^;]+)/.exec(csp)?.[1] ?? '';
      expect(scriptSrc, url).toContain("'self'");
      expect(scriptSrc).not.toContain('unsafe-inline');
      expect(scriptSrc).not.toContain('unsafe-eval');
      expect(csp).toContain("object-src 'none'");
      expect(csp).toContain("frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['cross-origin-opener-policy']).toBe('same-origin');
    }
  });

  it('sends API answers the strictest policy (nothing may run or load) and the headers that matter for data', async () => {
    t = await createTestApp();
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const cookie = await buildSessionCookie(t.app.deps.db, t.app.deps.handle.dialect, user.id, SECRET);
    for (const [url, status] of [
      ['/api/health', 200],
      ['/api/me', 200],
      ['/api/me', 401],
      ['/api/no-such-route', 404],
    ] as const) {
      const res = await t.request({ method: 'GET', url, cookie: status === 401 ? undefined : cookie });
      expect(res.statusCode, url).toBe(status);
      expect(res.headers['content-security-policy']).toBe("default-src 'none'; frame-ancestors 'none'");
      expect(res.headers['x-content-type-options']).toBe('nosniff');
      expect(res.headers['x-frame-options']).toBe('DENY');
      expect(res.headers['cross-origin-resource-policy']).toBe('same-origin');
    }
  });

  it('asks browsers for HTTPS only (HSTS) on every answer when served over https', async () => {
    t = await createTestApp({ env: { PUBLIC_URL: 'https://scoreline.example' } });
    for (const url of ['/api/health', '/']) {
      const res = await t.request({ method: 'GET', url, headers: { host: 'scoreline.example' } });
      expect(String(res.headers['strict-transport-security']), url).toMatch(/max-age=\d+/);
    }
  });

  it('issues session cookies that are httpOnly and SameSite=Lax (and Secure behind https)', async () => {
    for (const publicUrl of ['http://localhost:3000', 'https://scoreline.example']) {
      t = await createTestApp({ env: { PUBLIC_URL: publicUrl } });
      const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
      const res = await t.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email: user.email, password: DEFAULT_PASSWORD },
        headers: { origin: publicUrl },
      });
      expect(res.statusCode).toBe(200);
      const cookie = [res.headers['set-cookie']].flat().find((c) => String(c).includes('session_token'));
      expect(cookie).toMatch(/HttpOnly/i);
      expect(cookie).toMatch(/SameSite=Lax/i);
      if (publicUrl.startsWith('https')) expect(cookie).toMatch(/Secure/);
      await t.close();
      t = undefined;
    }
  });

  it('refuses state-changing requests from another site, and changes nothing', async () => {
    t = await createTestApp();
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect, { teamName: 'Before' });
    const cookie = await buildSessionCookie(t.app.deps.db, t.app.deps.handle.dialect, user.id, SECRET);
    for (const headers of [{ origin: 'https://evil.example' }, { 'sec-fetch-site': 'cross-site' }]) {
      const res = await t.request({
        method: 'PUT',
        url: '/api/me/team-name',
        cookie,
        payload: { teamName: 'Hacked' },
        headers,
      });
      expect(res.statusCode).toBe(403);
    }
    const row = await t.app.deps.db
      .selectFrom('user')
      .select('teamName')
      .where('id', '=', user.id)
      .executeTakeFirstOrThrow();
    expect(row.teamName).toBe('Before');
    // The same request from our own pages works.
    const ok = await t.request({
      method: 'PUT',
      url: '/api/me/team-name',
      cookie,
      payload: { teamName: 'After' },
      headers: { origin: 'http://localhost:3000', 'sec-fetch-site': 'same-origin' },
    });
    expect(ok.statusCode).toBe(200);
  });

  it('throttles repeated wrong passwords per account and address, without revealing whether the account exists', async () => {
    t = await createTestApp();
    const user = await buildUser(t.app.deps.db, t.app.deps.handle.dialect);
    const attempt = (email: string, ip: string) =>
      t!.request({
        method: 'POST',
        url: '/api/auth/sign-in/email',
        payload: { email, password: 'wrong-password-1' },
        remoteAddress: ip,
      });
    const existing = await attempt(user.email, '10.1.0.1');
    const unknown = await attempt('nobody-here@example.com', '10.1.0.2');
    expect(existing.statusCode).toBe(unknown.statusCode);
    expect(existing.json()).toEqual(unknown.json());
    // Failures from one address lock this account for that address (other addresses: sign-in-throttle.test.ts).
    let last = existing;
    for (let i = 0; i < 5; i++) last = await attempt(user.email, '10.1.0.1');
    expect(last.statusCode).toBe(429);
    expect((last.json() as { error: { message: string } }).error.message).toMatch(/Too many attempts/);
    // An unknown address is throttled the same way, so the 429 reveals nothing either.
    let lastUnknown = unknown;
    for (let i = 0; i < 5; i++) lastUnknown = await attempt('nobody-here@example.com', '10.1.0.2');
    expect(lastUnknown.statusCode).toBe(429);
    expect(lastUnknown.json()).toEqual(last.json());
  });

  it("never shows another player's pick before the deadline, through any GET route or the event stream", async () => {
    t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
    const { db, handle } = t.app.deps;
    const fixture = await buildFixture(db, { kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 });
    const [alice, bob] = [await buildUser(db, handle.dialect), await buildUser(db, handle.dialect)];
    const aliceCookie = await buildSessionCookie(db, handle.dialect, alice.id, SECRET);
    const bobCookie = await buildSessionCookie(db, handle.dialect, bob.id, SECRET);
    // Both in one league, so every league view is open to Bob.
    const created = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: aliceCookie,
      payload: { name: 'Canary' },
    });
    const { league } = created.json() as { league: { id: string; code: string } };
    expect(
      (await t.request({ method: 'POST', url: '/api/leagues/join', cookie: bobCookie, payload: { code: league.code } }))
        .statusCode,
    ).toBe(200);

    // Bob listens to the event stream while Alice saves an unusual canary score.
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const port = (t.app.server.address() as { port: number }).port;
    let streamed = '';
    const waiting: Array<{ text: string; resolve: () => void }> = [];
    /** Resolves once the stream has carried `text` (its opening bytes: ''). */
    const streamHas = (text: string) =>
      new Promise<void>((resolve) =>
        streamed && streamed.includes(text) ? resolve() : waiting.push({ text, resolve }),
      );
    const stream = http.get(`http://127.0.0.1:${port}/api/events`, { headers: { cookie: bobCookie } }, (res) => {
      res.setEncoding('utf8');
      res.on('data', (c: string) => {
        streamed += c;
        for (const w of waiting.splice(0)) (streamed.includes(w.text) ? w.resolve : () => waiting.push(w))();
      });
    });
    await streamHas('');
    const saved = await t.request({
      method: 'PUT',
      url: `/api/predictions/${fixture.id}`,
      cookie: aliceCookie,
      payload: { homeScore: 17, awayScore: 13 },
    });
    expect(saved.statusCode).toBe(200);
    // A change for every stream, published after the save (one no cache acts on): once Bob's
    // stream carries it, anything the save sent him has arrived before it.
    await t.app.deps.bus.publish({ type: 'contact-messages.changed' });
    await streamHas('contact-messages.changed');
    stream.destroy();
    expect(streamed).not.toMatch(/\b17\b[^\n]*\b13\b/);

    const canary = (body: string) => {
      try {
        return [...objects(JSON.parse(body))].some((o) => o.homeScore === 17 && o.awayScore === 13);
      } catch {
        return body.includes('17 - 13') || body.includes('17-13');
      }
    };
    const urls = t.app.routeList
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/') && r.url !== '/api/events')
      .map((r) =>
        r.url
          .replace(':fixtureId', fixture.id)
          .replace(':id', league.id)
          .replace(':userId', alice.id)
          .replace(':gameweek', '3')
          .replace(':file', 'x.ics')
          .replace('*', 'get-session'),
      );
    const leaks: string[] = [];
    for (const url of urls) {
      for (const query of ['', '?gameweek=3']) {
        const res = await t.request({ method: 'GET', url: url + query, cookie: bobCookie });
        if (canary(res.body)) leaks.push(url + query);
      }
    }
    expect(leaks).toEqual([]);
    // The canary is really there for its owner, so the search above would have found it.
    const own = await t.request({ method: 'GET', url: '/api/predictions', cookie: aliceCookie });
    expect(canary(own.body)).toBe(true);
  });

  it('never shows how a match was picked before its deadline, in any scope, not even how many picked it', async () => {
    t = await createTestApp({ now: '2025-08-20T12:00:00Z' });
    const { db, handle } = t.app.deps;
    const fixture = await buildFixture(db, { kickoffAt: '2025-08-30T14:00:00.000Z', gameweek: 3 });
    const [alice, bob] = [await buildUser(db, handle.dialect), await buildUser(db, handle.dialect)];
    const aliceCookie = await buildSessionCookie(db, handle.dialect, alice.id, SECRET);
    const bobCookie = await buildSessionCookie(db, handle.dialect, bob.id, SECRET);
    // A league of two: its shares would be Alice's pick itself.
    const created = await t.request({
      method: 'POST',
      url: '/api/leagues',
      cookie: aliceCookie,
      payload: { name: 'Pair' },
    });
    const { league } = created.json() as { league: { id: string; code: string } };
    expect(
      (await t.request({ method: 'POST', url: '/api/leagues/join', cookie: bobCookie, payload: { code: league.code } }))
        .statusCode,
    ).toBe(200);
    expect(
      (
        await t.request({
          method: 'PUT',
          url: `/api/predictions/${fixture.id}`,
          cookie: aliceCookie,
          payload: { homeScore: 17, awayScore: 13 },
        })
      ).statusCode,
    ).toBe(200);

    const urls = t.app.routeList
      .filter((r) => r.method === 'GET' && r.url.startsWith('/api/pick-shares'))
      .flatMap((r) => {
        const url = r.url.includes(':fixtureId')
          ? r.url.replace(':fixtureId', fixture.id) + '?'
          : `${r.url}?gameweek=3&`;
        return [url, `${url}league=${league.id}`];
      });
    expect(urls).toHaveLength(4);
    /** Every number anywhere in an answer but the gameweek: a count, a percentage, a score. */
    const figures = (body: string) =>
      [...objects(JSON.parse(body))].flatMap((o) =>
        Object.entries(o).filter(([k, v]) => typeof v === 'number' && k !== 'gameweek'),
      );
    for (const cookie of [bobCookie, aliceCookie]) {
      for (const url of urls) {
        const res = await t.request({ method: 'GET', url, cookie });
        expect(res.statusCode, url).toBe(200);
        expect(figures(res.body), url).toEqual([]);
        expect(res.body, url).toContain('"available":false');
      }
    }
    // At the deadline the same requests show the pick, so the check above would have seen it.
    t.clock.set('2025-08-30T12:00:00.000Z');
    for (const url of urls) {
      const res = await t.request({ method: 'GET', url, cookie: bobCookie });
      expect(
        [...objects(res.json())].some((o) => o.homeScore === 17 && o.awayScore === 13),
        url,
      ).toBe(true);
    }
  });
});
