import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { createManualClock } from '../clock.js';
import { loadConfig } from '../config.js';
import { writeSqliteBackup } from '../db/backup.js';
import { openDatabase } from '../db/index.js';
import { accountClient } from '../test/accounts.js';
import { dropDatabase, freshDatabase, testDialect } from '../test/databases.js';
import { createTestApp, type TestApp } from '../test/harness.js';

/**
 * Someone who can read the data folder, a backup or the log must not get a
 * usable link. Data files are 0600 and folders 0700; reset tokens are stored hashed
 * (verification links are signed, never stored); token query parameters and token paths are
 * redacted in the access log.
 */
let t: TestApp | undefined;
const tmpDirs: string[] = [];
afterEach(async () => {
  await t?.close();
  t = undefined;
  for (const d of tmpDirs.splice(0)) fs.rmSync(d, { recursive: true, force: true });
});
const mode = (p: string) => fs.statSync(p).mode & 0o777;
function tmp(): string {
  const d = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-perm-'));
  tmpDirs.push(d);
  return d;
}

describe('files at rest', () => {
  it.skipIf(testDialect() === 'postgres')(
    'the SQLite database, its WAL and shared-memory files and its folder are private to the server',
    async () => {
      const dir = path.join(tmp(), 'data');
      const file = path.join(dir, 'scoreline.db');
      const handle = openDatabase(file);
      await handle.db.schema.createTable('probe').addColumn('x', 'text').execute();
      await handle.db
        .insertInto('probe' as never)
        .values({ x: 'secret' } as never)
        .execute();
      expect(mode(dir)).toBe(0o700);
      for (const f of [file, `${file}-wal`, `${file}-shm`]) expect(mode(f), f).toBe(0o600);
      const backup = path.join(dir, 'backup.db');
      await writeSqliteBackup(handle, backup);
      expect(mode(backup)).toBe(0o600);
      await handle.close();
    },
  );

  it.skipIf(testDialect() === 'postgres')(
    'an existing database readable by others is made private when opened',
    async () => {
      const dir = tmp();
      const file = path.join(dir, 'old.db');
      fs.writeFileSync(file, '');
      fs.chmodSync(file, 0o644);
      const handle = openDatabase(file);
      await handle.db.schema.createTable('probe').addColumn('x', 'text').execute();
      expect(mode(file)).toBe(0o600);
      await handle.close();
    },
  );

  it('the generated auth secret and the data folder it creates are private', () => {
    const dir = path.join(tmp(), 'fresh-data');
    loadConfig({ DATA_DIR: dir, NODE_ENV: 'test' });
    expect(mode(dir)).toBe(0o700);
    expect(mode(path.join(dir, 'auth-secret'))).toBe(0o600);
  });
});

describe('tokens in the database', () => {
  it('a reset token is stored hashed: the database holds nothing that makes the link work', async () => {
    t = await createTestApp();
    const c = accountClient(t, '10.11.8.1');
    await c.signUp();
    expect(
      (await c.post('/api/auth/request-password-reset', { email: 'ada@example.com', redirectTo: '/reset-password' }))
        .statusCode,
    ).toBe(200);
    const link = await c.linkIn('ada@example.com', /reset/i);
    const token = link.pathname.split('/').pop()!;
    expect(token.length).toBeGreaterThan(10);
    const rows = await t.app.deps.db.selectFrom('verification').selectAll().execute();
    expect(rows.length).toBeGreaterThan(0);
    for (const r of rows) expect(JSON.stringify(r)).not.toContain(token);
    // The mailed link itself still works.
    const reset = await c.post('/api/auth/reset-password', { newPassword: 'brand-new-pass', token });
    expect(reset.statusCode).toBe(200);
  });
});

describe('the access log', () => {
  it('never records a reset, verification, calendar or unsubscribe token', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk: Buffer, _enc, done) {
        lines.push(chunk.toString());
        done();
      },
    });
    const handle = await freshDatabase();
    const config = loadConfig({
      NODE_ENV: 'test',
      AUTH_SECRET: 'test-secret-test-secret-test-secret-0123456789',
      PUBLIC_URL: 'http://localhost:3000',
      SEED_SEASON: 'false',
      LOG_LEVEL: 'info',
    });
    const app = await buildApp({
      config,
      clock: createManualClock('2025-08-01T12:00:00Z'),
      handle,
      logger: { level: 'info', stream },
    });
    try {
      const secret = 'SECRETTOKEN1234567890';
      for (const url of [
        `/api/auth/reset-password/${secret}?callbackURL=%2Freset-password`,
        `/api/auth/verify-email?token=${secret}&callbackURL=%2Fverified`,
        `/api/calendar/${secret}.ics`,
        `/api/reminders/unsubscribe?token=${secret}`,
        `/reset-password?token=${secret}`,
        `/api/fixtures?Token=${secret}`,
      ]) {
        await app.inject({ method: 'GET', url });
      }
      const log = lines.join('');
      expect(log).toContain('/api/calendar/');
      expect(log).toContain('[redacted]');
      expect(log).not.toContain(secret);
    } finally {
      await app.close();
      await dropDatabase(handle);
    }
  });
});
