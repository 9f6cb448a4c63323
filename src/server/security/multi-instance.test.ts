import http from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../app.js';
import { createManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { dropDatabase, freshDatabaseUrl, testDialect } from '../test/databases.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { buildFixture } from '../test/factories-season.js';

/**
 * Two server instances on one PostgreSQL: live events cross instances (LISTEN/NOTIFY), joins
 * racing across both give one membership, and league codes never collide.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const onPostgres = testDialect() === 'postgres';

let url: string;
let handles: DatabaseHandle[] = [];
let apps: FastifyInstance[] = [];

beforeAll(async () => {
  if (!onPostgres) return;
  url = await freshDatabaseUrl();
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
  apps = [
    await buildApp({ config, clock, handle: handles[0], logger: false }),
    await buildApp({ config, clock, handle: handles[1], logger: false }),
  ];
  for (const app of apps) await app.ready();
});
afterAll(async () => {
  for (const app of apps) await app.close();
  if (handles[1]) await handles[1].close();
  if (handles[0]) await dropDatabase(handles[0]);
});

describe.skipIf(!onPostgres)('two instances on one PostgreSQL', () => {
  it('a result saved through one instance reaches an SSE client of the other', async () => {
    const [a, b] = apps as [FastifyInstance, FastifyInstance];
    const db = handles[0]!.db;
    const admin = await buildUser(db, 'postgres', { role: 'admin' });
    const cookie = await buildSessionCookie(db, 'postgres', admin.id, SECRET);
    const fixture = await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z' });
    await b.listen({ port: 0, host: '127.0.0.1' });
    const port = (b.server.address() as { port: number }).port;

    const received = new Promise<string>((resolve, reject) => {
      const req = http.get(`http://127.0.0.1:${port}/api/events`, (res) => {
        let buf = '';
        res.setEncoding('utf8');
        res.on('data', (chunk: string) => {
          buf += chunk;
          if (buf.includes(': connected') && !buf.includes('sent')) {
            buf += 'sent';
            void a.inject({
              method: 'PUT',
              url: `/api/admin/results/${fixture.id}`,
              headers: { cookie },
              payload: { homeScore: 2, awayScore: 0 },
            });
          }
          const m = /event: change\ndata: (.+)\n/.exec(buf);
          if (m) {
            req.destroy();
            resolve(m[1]!);
          }
        });
      });
      req.on('error', reject);
      setTimeout(() => reject(new Error('no event within 10 s')), 10_000);
    });
    // The change names the fixture's gameweek (the read models of both instances drop only it).
    expect(JSON.parse(await received)).toEqual({ type: 'results.changed', seasonId: '2025-26', gameweeks: [1] });
  });

  it('20 concurrent joins across both instances give one membership each', async () => {
    const db = handles[0]!.db;
    const creator = await buildUser(db, 'postgres');
    const creatorCookie = await buildSessionCookie(db, 'postgres', creator.id, SECRET);
    const created = await apps[0]!.inject({
      method: 'POST',
      url: '/api/leagues',
      headers: { cookie: creatorCookie },
      payload: { name: 'Race' },
    });
    expect(created.statusCode).toBe(201);
    const { league } = created.json() as { league: { id: string; code: string } };
    const players = await Promise.all(Array.from({ length: 5 }, () => buildUser(db, 'postgres')));
    const cookies = await Promise.all(players.map((p) => buildSessionCookie(db, 'postgres', p.id, SECRET)));
    const joins = Array.from({ length: 20 }, (_, i) =>
      apps[i % 2]!.inject({
        method: 'POST',
        url: '/api/leagues/join',
        headers: { cookie: cookies[i % cookies.length]! },
        payload: { code: league.code.toLowerCase() },
      }),
    );
    const statuses = (await Promise.all(joins)).map((r) => r.statusCode);
    expect(statuses.every((s) => s === 200)).toBe(true);
    const rows = await db.selectFrom('leagueMembers').select(['userId']).where('leagueId', '=', league.id).execute();
    expect(rows).toHaveLength(players.length + 1);
    expect(new Set(rows.map((r) => r.userId)).size).toBe(players.length + 1);
  });

  it('league codes never collide when both instances create leagues at once', async () => {
    const db = handles[0]!.db;
    // Twenty players, ten leagues each: one player may only create so many (ROUTE_LIMITS.createLeague).
    const cookies: string[] = [];
    for (let i = 0; i < 20; i++)
      cookies.push(await buildSessionCookie(db, 'postgres', (await buildUser(db, 'postgres')).id, SECRET));
    const results = await Promise.all(
      Array.from({ length: 200 }, (_, i) =>
        apps[i % 2]!.inject({
          method: 'POST',
          url: '/api/leagues',
          headers: { cookie: cookies[i % 20]! },
          payload: { name: `League ${i}` },
        }),
      ),
    );
    expect(results.every((r) => r.statusCode === 201)).toBe(true);
    const codes = results.map((r) => (r.json() as { league: { code: string } }).league.code);
    expect(new Set(codes).size).toBe(200);
  });
});
