import fc from 'fast-check';
import { sql } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';
import { buildSessionCookie, buildUser } from '../test/factories.js';
import { buildFixture } from '../test/factories-season.js';

/**
 * Property-based fuzzing of every JSON route that changes state: wrong types, huge strings,
 * unicode, missing and extra fields, out-of-range numbers. Whatever arrives, the answer is never
 * a 5xx nor a stack trace, and a refused request (4xx) changes no table.
 */
const SECRET = 'test-secret-test-secret-test-secret-0123456789';
const TABLES = ['user', 'fixtures', 'results', 'predictions', 'gameweeks', 'leagues', 'leagueMembers'] as const;

const anyValue = fc.oneof(
  fc.string({ maxLength: 40 }),
  fc.string({ unit: 'grapheme', maxLength: 40 }),
  fc.constantFrom(
    '',
    ' ',
    '<script>alert(1)</script>',
    '"; DROP TABLE user; --',
    '\u0000',
    '💥'.repeat(30),
    'x'.repeat(100_000),
  ),
  fc.integer(),
  fc.constantFrom(-1, 0, 1, 2, 20, 21, 99, 100, 1e308, -0, Number.MAX_SAFE_INTEGER),
  fc.double(),
  fc.boolean(),
  fc.constant(null),
  fc.array(fc.integer(), { maxLength: 3 }),
  fc.dictionary(fc.string({ maxLength: 5 }), fc.integer(), { maxKeys: 3 }),
);
const FIELDS = [
  'name',
  'username',
  'teamName',
  'email',
  'password',
  'homeScore',
  'awayScore',
  'homeTeam',
  'awayTeam',
  'date',
  'time',
  'code',
  'description',
  'competition',
  'privacy',
  'message',
  'startDate',
  'endDate',
  'gameweek',
  'currentPassword',
  'newPassword',
  'enabled',
  'windows',
  'fixtures',
  'matches',
];
const body = fc.oneof(
  fc.dictionary(fc.constantFrom(...FIELDS), anyValue, { maxKeys: 6 }),
  fc.dictionary(fc.string({ maxLength: 8 }), anyValue, { maxKeys: 4 }),
  anyValue,
);

let t: TestApp;
let adminCookie: string;
let playerCookie: string;
let fixtureId: string;

async function counts(): Promise<Record<string, number>> {
  const out: Record<string, number> = {};
  for (const table of TABLES) {
    const r = await sql<{ n: number }>`select count(*) as n from ${sql.table(table)}`.execute(t.app.deps.db);
    out[table] = Number(r.rows[0]?.n ?? 0);
  }
  return out;
}

beforeAll(async () => {
  t = await createTestApp({ now: '2025-08-10T12:00:00Z' });
  const { db, handle } = t.app.deps;
  const admin = await buildUser(db, handle.dialect, { role: 'admin' });
  const player = await buildUser(db, handle.dialect);
  adminCookie = await buildSessionCookie(db, handle.dialect, admin.id, SECRET);
  playerCookie = await buildSessionCookie(db, handle.dialect, player.id, SECRET);
  fixtureId = (await buildFixture(db, { kickoffAt: '2025-08-16T14:00:00.000Z' })).id;
});
afterAll(async () => {
  await t?.close();
});

describe('fuzzing every state-changing JSON route', () => {
  it('never answers 5xx or leaks internals, and a refusal stores nothing', async () => {
    const targets = t.app.routeList
      .filter((r) => ['POST', 'PUT', 'PATCH', 'DELETE'].includes(r.method))
      // Better Auth's own routes are exercised by the auth tests; sign-up is fuzzed below.
      .filter((r) => !r.url.startsWith('/api/auth/'));
    expect(targets.length).toBeGreaterThan(0);
    for (const route of targets) {
      const url = route.url
        .replace(':fixtureId', fixtureId)
        .replace(/:(\w+)/g, (_m, name: string) => (name === 'id' ? fixtureId : 'zz-unknown'));
      await fc.assert(
        fc.asyncProperty(body, fc.constantFrom(adminCookie, playerCookie, ''), async (payload, cookie) => {
          const before = await counts();
          const res = await t.request({
            method: route.method as 'POST',
            url,
            cookie: cookie || undefined,
            payload: JSON.stringify(payload),
            headers: { 'content-type': 'application/json' },
          });
          expect(
            res.statusCode,
            `${route.method} ${route.url} → ${res.statusCode} ${res.body.slice(0, 200)}`,
          ).toBeLessThan(500);
          expect(res.body).not.toMatch(/\n\s+at .+\(.+:\d+:\d+\)/);
          if (res.statusCode >= 400)
            expect(await counts(), `${route.method} ${route.url} changed data on ${res.statusCode}`).toEqual(before);
        }),
        { numRuns: 25 },
      );
    }
  }, 180_000); // one property per state-changing route: grows with the API, and shares the machine with other suites

  it('sign-up refuses malformed input without creating an account', async () => {
    await fc.assert(
      fc.asyncProperty(body, async (payload) => {
        const before = await counts();
        const res = await t.request({
          method: 'POST',
          url: '/api/auth/sign-up/email',
          payload: JSON.stringify(payload),
          headers: { 'content-type': 'application/json' },
        });
        expect(res.statusCode).toBeLessThan(500);
        if (res.statusCode >= 400) expect(await counts()).toEqual(before);
      }),
      { numRuns: 60 },
    );
  });
});
