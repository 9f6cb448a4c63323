import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import lighthouse from 'lighthouse';
import * as chromeLauncher from 'chrome-launcher';
import { openDatabase } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { buildSessionCookie, buildUser } from '../src/server/test/factories.js';
import { freePort } from '../e2e/support/server.js';
import { startApp } from './tools.js';

/**
 * `npm run bench:lighthouse`: Lighthouse (mobile, the default form factor) on the landing page and
 * a player's dashboard, served by the production build with the season loaded. Budgets:
 * performance ≥ 95, accessibility 100, best practices ≥ 95.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-lh-'));
const dbFile = path.join(dir, 'scoreline.db');
const secret = crypto.randomBytes(32).toString('hex');
const port = await freePort();
const app = await startApp({
  PORT: String(port),
  DATABASE_URL: dbFile,
  AUTH_SECRET: secret,
  DATA_DIR: dir,
  SEED_SEASON: 'true',
  SCORELINE_NOW: '2025-10-20T12:00:00Z',
});

const handle = openDatabase(dbFile);
await migrateToLatest(handle);
const player = await buildUser(handle.db, 'sqlite', { teamName: 'Lighthouse FC' });
const cookie = await buildSessionCookie(handle.db, 'sqlite', player.id, secret);
await handle.close();

const chrome = await chromeLauncher.launch({
  chromePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
  chromeFlags: [
    '--headless',
    '--no-sandbox',
    '--disable-gpu',
    '--disable-background-networking',
    '--disable-component-update',
    '--disable-sync',
    '--no-first-run',
  ],
});

const pages = [
  { name: 'Landing (/)', url: `${app.url}/`, headers: {} as Record<string, string> },
  {
    name: 'Dashboard (/dashboard)',
    url: `${app.url}/dashboard`,
    headers: { Cookie: cookie } as Record<string, string>,
  },
];
const rows: string[] = ['| page | performance | accessibility | best practices |', '|---|---:|---:|---:|'];
let failed = false;
for (const p of pages) {
  const result = await lighthouse(p.url, {
    port: chrome.port,
    output: 'json',
    logLevel: 'error',
    onlyCategories: ['performance', 'accessibility', 'best-practices'],
    extraHeaders: p.headers,
  });
  if (result!.lhr.runtimeError)
    console.log(
      `${p.name}: Lighthouse runtime error: ${result!.lhr.runtimeError.code} ${result!.lhr.runtimeError.message}`,
    );
  const consoleErrors = result!.lhr.audits['errors-in-console']?.details as
    { items?: Array<{ description?: string; url?: string }> } | undefined;
  for (const item of consoleErrors?.items ?? [])
    console.log(`${p.name}: console error: ${item.description ?? ''} ${item.url ?? ''}`);
  const c = result!.lhr.categories;
  const score = (k: string) => Math.round((c[k]?.score ?? 0) * 100);
  const perf = score('performance');
  const a11y = score('accessibility');
  const bp = score('best-practices');
  if (perf < 95 || a11y < 100 || bp < 95) failed = true;
  rows.push(`| ${p.name} | ${perf} | ${a11y} | ${bp} |`);
  const problems = Object.values(result!.lhr.audits)
    .filter(
      (a) =>
        a.score !== null &&
        a.score < 0.9 &&
        a.scoreDisplayMode !== 'informative' &&
        a.scoreDisplayMode !== 'notApplicable',
    )
    .map((a) => `  - ${a.id}: ${a.title}${a.displayValue ? ` (${a.displayValue})` : ''}`);
  if (problems.length) console.log(`${p.name} — audits below 0.9:\n${problems.join('\n')}`);
}
chrome.kill();
await app.stop();
fs.rmSync(dir, { recursive: true, force: true });
console.log(`\n${rows.join('\n')}\n`);
fs.writeFileSync('bench/lighthouse-last-run.md', `${rows.join('\n')}\n`);
process.exit(failed ? 1 : 0);
