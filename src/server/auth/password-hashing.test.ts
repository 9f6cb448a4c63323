import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { dropDatabase, freshDatabase } from '../test/databases.js';
import { ORIGIN, signUpBody } from '../test/accounts.js';
import { TEST_HASH_PREFIX, testPasswordHashing } from '../test/password-hashing.js';
import { productionPasswordHashing } from './password-hashing.js';

/**
 * The API tests hash passwords cheaply (test/password-hashing.ts, decision 0071). These tests
 * prove the server itself never does: built as main.ts builds it, it stores full-cost scrypt
 * hashes, and it never accepts a hash made the cheap way.
 */
describe('password hashing', () => {
  test('a server built as main.ts builds it stores scrypt at full cost (N 16384, r 16)', async () => {
    const handle = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      LOG_LEVEL: 'silent',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_URL: ORIGIN,
      SEED_SEASON: 'false',
    });
    // No passwordHashing: what main.ts passes.
    const app = await buildApp({ config, handle, logger: false });
    try {
      const body = signUpBody({ email: 'cost@example.com' });
      const res = await app.inject({
        method: 'POST',
        url: '/api/auth/sign-up/email',
        payload: body,
        headers: { origin: ORIGIN },
        remoteAddress: '10.71.0.1',
      });
      expect(res.statusCode, res.body).toBe(200);
      const { password: stored } = await handle.db
        .selectFrom('account')
        .innerJoin('user', 'user.id', 'account.userId')
        .select('account.password')
        .where('user.email', '=', 'cost@example.com')
        .executeTakeFirstOrThrow();
      const [salt, key, ...rest] = String(stored).split(':');
      expect(rest).toEqual([]);
      const full = crypto.scryptSync(body.password.normalize('NFKC'), salt!, 64, {
        N: 16384,
        r: 16,
        p: 1,
        maxmem: 64 * 1024 * 1024,
      });
      expect(key).toBe(full.toString('hex'));
    } finally {
      await app.close();
      await dropDatabase(handle);
    }
  });

  test('production never accepts a cheap test hash, even of the right password', async () => {
    const hash = await testPasswordHashing.hash('correct-horse-42');
    expect(hash.startsWith(`${TEST_HASH_PREFIX}:`)).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'correct-horse-42' })).toBe(true);
    expect(await testPasswordHashing.verify({ hash, password: 'correct-horse-43' })).toBe(false);
    expect(await productionPasswordHashing.verify({ hash, password: 'correct-horse-42' })).toBe(false);
  });
});
