/**
 * Budget: importing the 380 fixtures of the built-in season takes ≤ 2 s on SQLite, measured
 * through the real admin route the screen calls (batches of 40, in sequence, as the UI does).
 *
 *   npx tsx bench/import.ts
 */
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildApp } from '../src/server/app.js';
import { createManualClock } from '../src/server/clock.js';
import { loadConfig } from '../src/server/config.js';
import { openDatabase } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';

export const IMPORT_BUDGET_MS = 2000;

export async function benchImport(
  opts: { batch?: number } = {},
): Promise<{ ms: number; fixtures: number; budgetMs: number }> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-import-'));
  const handle = openDatabase(path.join(dir, 'bench.db'));
  await migrateToLatest(handle);
  const config = loadConfig({
    NODE_ENV: 'test',
    LOG_LEVEL: 'silent',
    AUTH_SECRET: crypto.randomBytes(32).toString('hex'),
    SEED_SEASON: 'false',
    DATA_DIR: dir,
  });
  const app = await buildApp({ config, handle, clock: createManualClock('2025-08-01T12:00:00Z'), logger: false });
  try {
    await app.ready();
    const admin = await buildUser(handle.db, 'sqlite', { role: 'admin' });
    const cookie = await buildSessionCookie(handle.db, 'sqlite', admin.id, config.AUTH_SECRET);
    const limit = opts.batch ?? 40;
    // One signed-in admin request first, so the timing is the import and not the first request's warm-up.
    await app.inject({ method: 'GET', url: '/api/admin/gameweeks', headers: { cookie } });
    const started = performance.now();
    let offset: number | null = 0;
    while (offset !== null) {
      const res: Awaited<ReturnType<typeof app.inject>> = await app.inject({
        method: 'POST',
        url: '/api/admin/fixtures/import-season',
        headers: { cookie },
        payload: { offset, limit },
      });
      if (res.statusCode !== 200) throw new Error(`Import failed: ${res.statusCode} ${res.body}`);
      offset = (res.json() as { nextOffset: number | null }).nextOffset;
    }
    const ms = performance.now() - started;
    const count = await handle.db
      .selectFrom('fixtures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(count.n) !== 380) throw new Error(`Expected 380 fixtures, found ${count.n}`);
    return { ms: Math.round(ms), fixtures: Number(count.n), budgetMs: IMPORT_BUDGET_MS };
  } finally {
    await app.close();
    await handle.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const r = await benchImport();
  console.log(
    `Import of ${r.fixtures} fixtures on SQLite: ${r.ms} ms (budget ${r.budgetMs} ms) ${r.ms <= r.budgetMs ? 'OK' : 'OVER BUDGET'}`,
  );
  if (r.ms > r.budgetMs) process.exitCode = 1;
}
