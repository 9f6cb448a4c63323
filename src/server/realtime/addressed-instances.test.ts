import { afterAll, beforeAll, describe, expect, test, vi } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { dropDatabase, freshDatabaseUrl, testDialect } from '../test/databases.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { testPasswordHashing } from '../test/password-hashing.js';
import { listening, openStream, seen, streamsCaughtUp, type OpenStream } from './stream-test-kit.js';

/**
 * Two server instances on one PostgreSQL (decision 0101): a league's change made through one
 * instance reaches its members' streams on the other, and no one else's there; a session ended
 * through one instance ends its streams on the other.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const onPostgres = testDialect() === 'postgres';

let handles: DatabaseHandle[] = [];
let apps: FastifyInstance[] = [];
const open: OpenStream[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  const url = await freshDatabaseUrl();
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: SECRET,
    PUBLIC_URL: 'http://localhost:3000',
    SEED_SEASON: 'false',
    DATABASE_URL: url,
  });
  const clock = createManualClock('2025-08-20T12:00:00Z');
  handles = [openDatabase(url, { poolSize: 5 }), openDatabase(url, { poolSize: 5 })];
  apps = [];
  for (const handle of handles) {
    const app = await buildApp({ config, clock, handle, logger: false, passwordHashing: testPasswordHashing });
    await app.ready();
    apps.push(app);
  }
});
afterAll(async () => {
  for (const s of open) s.close();
  for (const app of apps) await app.close();
  if (handles[1]) await handles[1].close();
  if (handles[0]) await dropDatabase(handles[0]);
});

async function player() {
  const db = handles[0]!.db;
  const u = await buildUser(db, 'postgres');
  return { ...u, cookie: await buildSessionCookie(db, 'postgres', u.id, SECRET) };
}
async function stream(app: FastifyInstance, cookie?: string) {
  const s = await openStream(await listening(app), cookie);
  open.push(s);
  return s;
}

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  test('a rename through one instance reaches its members’ streams on the other, and nobody else’s', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const [alice, bob, carol] = [await player(), await player(), await player()];
    const created = await a.inject({
      method: 'POST',
      url: '/api/leagues',
      headers: { cookie: alice.cookie },
      payload: { name: 'Across' },
    });
    const league = created.json().league as { id: string; code: string };
    const joined = await b.inject({
      method: 'POST',
      url: '/api/leagues/join',
      headers: { cookie: bob.cookie },
      payload: { code: league.code },
    });
    expect(joined.statusCode).toBe(200);
    const [bobs, carols, visitors] = [await stream(b, bob.cookie), await stream(b, carol.cookie), await stream(b)];

    const renamed = await a.inject({
      method: 'PATCH',
      url: `/api/leagues/${league.id}`,
      headers: { cookie: alice.cookie },
      payload: { name: 'Across, renamed' },
    });
    expect(renamed.statusCode).toBe(200);
    await vi.waitFor(() => expect(seen(bobs)).toEqual([{ type: 'league.changed', oldCode: null }]), {
      timeout: 10_000,
    });
    // Sent through the same instance after the rename: it arrives after it (NOTIFY keeps commit order).
    await streamsCaughtUp(a, [bobs, carols, visitors]);
    expect(seen(carols)).toEqual([]);
    expect(seen(visitors)).toEqual([]);
  });

  test('signing out through one instance ends the session’s stream on the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const [dana, erin] = [await player(), await player()];
    const [danas, erins] = [await stream(b, dana.cookie), await stream(b, erin.cookie)];
    const out = await a.inject({
      method: 'POST',
      url: '/api/auth/sign-out',
      headers: { cookie: dana.cookie, origin: 'http://localhost:3000' },
      payload: {},
    });
    expect(out.statusCode).toBe(200);
    await danas.ended;
    await streamsCaughtUp(a, [erins]);
    expect(erins.isEnded()).toBe(false);
  });
});
