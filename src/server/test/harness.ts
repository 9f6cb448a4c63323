import type { FastifyInstance, InjectOptions, LightMyRequestResponse } from 'fastify';
import { buildApp } from '../app.js';
import { createManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { dropDatabase, freshDatabase } from './databases.js';
import type { BuildOptions } from '../app.js';
import type { DatabaseHandle } from '../db/index.js';
import { buildOtherSeason } from './factories-season.js';
import { testPasswordHashing } from './password-hashing.js';

export interface TestApp {
  app: FastifyInstance;
  clock: ReturnType<typeof createManualClock>;
  /** `inject` with an optional session cookie; JSON bodies are sent as JSON. */
  request(opts: InjectOptions & { cookie?: string }): Promise<LightMyRequestResponse>;
  close(): Promise<void>;
}

/**
 * The real app on a fresh real database (SQLite, or PostgreSQL when TEST_DB=postgres),
 * with a manual clock. Nothing is mocked; passwords are hashed with the cheap test scrypt
 * (test/password-hashing.ts, decision 0071). The database holds the test world's other season
 * (factories-season.ts OTHER_SEASON) unless `otherSeason: false`.
 */
export async function createTestApp(
  opts: {
    now?: string;
    env?: Record<string, string>;
    services?: boolean;
    security?: BuildOptions['security'];
    otherSeason?: boolean;
    /** An existing, migrated database (a migration test's); it is left open and kept on close. */
    handle?: DatabaseHandle;
  } = {},
): Promise<TestApp> {
  const handle = opts.handle ?? (await freshDatabase());
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
    PUBLIC_URL: 'http://localhost:3000',
    SEED_SEASON: 'false',
    ...opts.env,
  });
  const clock = createManualClock(opts.now ?? '2025-08-01T12:00:00Z');
  const app = await buildApp({
    config,
    clock,
    handle,
    logger: false,
    services: opts.services ?? false,
    security: opts.security,
    passwordHashing: testPasswordHashing,
  });
  await app.ready();
  if (opts.otherSeason !== false) await buildOtherSeason(app.deps.db);
  return {
    app,
    clock,
    request({ cookie, headers, ...rest }) {
      return app.inject({ ...rest, headers: { ...(cookie ? { cookie } : {}), ...headers } });
    },
    async close() {
      await app.close();
      if (!opts.handle) await dropDatabase(handle);
    },
  };
}
