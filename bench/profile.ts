import crypto from 'node:crypto';
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import autocannon from 'autocannon';
import { openDatabase } from '../src/server/db/index.js';
import { buildSessionCookie } from '../src/server/test/factories.js';
import { freePort } from '../e2e/support/server.js';
import { sqliteWorld } from './world-cache.js';
import { serveFlags } from './tools.js';
import { MATCH_WEEK_NOW } from './saturday.js';

/**
 * `npx tsx bench/profile.ts <path> [players] [GET|PUT]`: a CPU profile of the production server
 * under load on one route, on the match-week world of `npm run bench` (bench/saturday.ts), the
 * first `players` players (default 1,000) taking turns after one request each, printed as the
 * functions with the most self time (for finding hot spots). In the path, `:fixture` stands for an
 * open fixture (one per player in turn) and `:league1k` for the league of the first 1,000 players.
 */
const route = process.argv[2] ?? '/api/dashboard';
const players = Number(process.argv[3] ?? '1000');
const method = (process.argv[4] ?? 'GET') as 'GET' | 'PUT';
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-prof-'));
const dbFile = path.join(dir, 'p.db');
const secret = crypto.randomBytes(32).toString('hex');
const { world } = await sqliteWorld(dbFile, { players: 10000, now: MATCH_WEEK_NOW });
const handle = openDatabase(dbFile);
const cookies: string[] = [];
for (const id of world.playerIds.slice(0, players))
  cookies.push(await buildSessionCookie(handle.db, 'sqlite', id, secret));
await handle.close();

const port = await freePort();
const child = spawn(process.execPath, [...serveFlags(), '--cpu-prof', `--cpu-prof-dir=${dir}`, 'dist/server/main.js'], {
  env: {
    ...process.env,
    NODE_ENV: 'production',
    SMTP_URL: 'smtp://127.0.0.1:2525',
    LOG_LEVEL: 'warn',
    PORT: String(port),
    DATABASE_URL: dbFile,
    AUTH_SECRET: secret,
    SCORELINE_NOW: MATCH_WEEK_NOW,
    DATA_DIR: dir,
    SEED_SEASON: 'false',
  },
  stdio: 'inherit',
});
await new Promise((r) => setTimeout(r, 1500));
const requests = cookies.map((cookie, i) => ({
  method,
  path: route
    .replace(':fixture', encodeURIComponent(world.openFixtureIds[i % world.openFixtureIds.length]!))
    .replace(':league1k', world.league1k),
  headers: { cookie, 'content-type': 'application/json' },
  body: method === 'PUT' ? JSON.stringify({ homeScore: i % 4, awayScore: 1 }) : undefined,
}));
// Every player's first request fills their caches: one pass first (each player once; autocannon's
// connections would each start at the first player), so the profile is mostly the steady state.
for (let i = 0; i < requests.length; i += 50)
  await Promise.all(
    requests.slice(i, i + 50).map((r) => fetch(`http://127.0.0.1:${port}${r.path}`, { ...r, method: r.method })),
  );
const r = await autocannon({ url: `http://127.0.0.1:${port}`, connections: 20, duration: 6, requests });
console.log(`${route}: ${r.requests.average} req/s, p99 ${r.latency.p99} ms, non2xx ${r.non2xx}`);
child.kill('SIGINT');
await new Promise((res) => child.once('exit', res));
const file = fs.readdirSync(dir).find((f) => f.endsWith('.cpuprofile'))!;
// PROFILE_OUT keeps the whole profile (for inclusive times, or Chrome's profiler).
if (process.env.PROFILE_OUT) fs.copyFileSync(path.join(dir, file), process.env.PROFILE_OUT);
const prof = JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as {
  nodes: Array<{ id: number; callFrame: { functionName: string; url: string; lineNumber: number } }>;
  samples: number[];
  timeDeltas: number[];
};
const self = new Map<number, number>();
prof.samples.forEach((id, i) => self.set(id, (self.get(id) ?? 0) + (prof.timeDeltas[i] ?? 0)));
const byFn = new Map<string, number>();
for (const n of prof.nodes) {
  const key = `${n.callFrame.functionName || '(anon)'} ${n.callFrame.url.replace(/^.*node_modules\//, '').replace(/^file:\/\/\/work\/main\//, '')}:${n.callFrame.lineNumber}`;
  byFn.set(key, (byFn.get(key) ?? 0) + (self.get(n.id) ?? 0));
}
const total = [...byFn.values()].reduce((a, b) => a + b, 0);
for (const [k, v] of [...byFn.entries()].sort((a, b) => b[1] - a[1]).slice(0, 25))
  console.log(`${((v / total) * 100).toFixed(1).padStart(5)}%  ${k}`);
if (process.env.PROFILE_KEEP) fs.copyFileSync(path.join(dir, file), process.env.PROFILE_KEEP);
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
