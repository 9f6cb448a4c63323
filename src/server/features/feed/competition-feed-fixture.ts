import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, expect } from 'vitest';
import type { TestApp } from '../../test/harness.js';
import { buildSessionCookie, buildUser } from '../../test/factories.js';

// What the competition feed tests share: a real HTTP server on 127.0.0.1 serving the file a test
// gives it, the app's settings that let a feed be read from there, an admin whose season reads
// that feed, and the admin's sync.

/** The app's settings for a feed on 127.0.0.1, given up after `timeoutSeconds`. */
export const feedEnv = (timeoutSeconds: number) => ({
  FEED_ALLOW_PRIVATE_ADDRESSES: 'true',
  FEED_TIMEOUT_SECONDS: String(timeoutSeconds),
});

/** The feed server of a test file: started before its tests, closed after them. */
export function feedServer() {
  let body = '';
  let url = '';
  const sockets = new Set<Socket>();
  const server = http.createServer((_req, res) => {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': Buffer.byteLength(body) });
    res.end(body);
  });
  server.on('connection', (s) => {
    sockets.add(s);
    s.on('close', () => sockets.delete(s));
  });
  beforeAll(async () => {
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    url = `http://127.0.0.1:${(server.address() as AddressInfo).port}/season.json`;
  });
  afterAll(async () => {
    for (const s of sockets) s.destroy();
    await new Promise((r) => server.close(r));
  });
  return {
    /** The file every request gets from now on. */
    serve(text: string) {
      body = text;
    },
    get url() {
      return url;
    },
  };
}

/** An admin's session cookie, the season's feed set to `feedUrl` by that admin. */
export async function feedAdmin(t: TestApp, seasonId: string, feedUrl: string) {
  const { db, handle, config } = t.app.deps;
  const a = await buildUser(db, handle.dialect, { role: 'admin' });
  const admin = await buildSessionCookie(db, handle.dialect, a.id, config.AUTH_SECRET);
  const set = await t.request({
    method: 'PUT',
    url: `/api/admin/seasons/${seasonId}/feed`,
    cookie: admin,
    payload: { feedUrl },
  });
  expect(set.statusCode, set.body).toBe(200);
  return admin;
}

/** The admin syncs the season's feed now; its run. */
export async function syncFeed(t: TestApp, admin: string, seasonId: string) {
  const res = await t.request({ method: 'POST', url: `/api/admin/seasons/${seasonId}/feed/sync`, cookie: admin });
  expect(res.statusCode, res.body).toBe(200);
  return res.json().run as { outcome: string; message: string; changes: string[] };
}

/** Every fixture and result as stored, as one text, for before/after comparisons. */
export async function fixturesAndResults(t: TestApp) {
  const { db } = t.app.deps;
  const [fixtures, results] = await Promise.all([
    db.selectFrom('fixtures').selectAll().orderBy('id').execute(),
    db.selectFrom('results').selectAll().orderBy('fixtureId').execute(),
  ]);
  return JSON.stringify({ fixtures, results });
}
