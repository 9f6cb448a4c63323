import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../src/server/db/index.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { buildSessionCookie } from '../src/server/test/factories.js';
import { startPostgres } from '../scripts/postgres-server.js';
import { freePort } from '../e2e/support/server.js';
import { generateWorld } from './generate.js';
import { load, median, percentile, rssMb, sseFanout, startApp, startHello, type LoadResult } from './tools.js';
import { routeBundleSizes } from './web.js';
import { benchImport } from './import.js';

/**
 * `npm run bench [-- --db sqlite|postgres|both] [--players N] [--seconds S]`
 * Builds the benchmark world, starts the production server on it, and measures each scenario
 * with autocannon on loopback beside a bare Fastify hello-world route measured in the same run.
 * Prints a table of figures beside their budgets; writes bench/results-<db>.json.
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DBS = arg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([arg('db', 'sqlite')] as Array<'sqlite' | 'postgres'>);
const PLAYERS = Number(arg('players', '10000'));
const SECONDS = Number(arg('seconds', '10'));
const SSE_CLIENTS = Number(arg('sse', '2000'));
const NOW = '2026-04-20T12:00:00Z'; // mid-run-in: most results in, a few rounds still open
const SECRET = crypto.randomBytes(32).toString('hex');

interface Row {
  scenario: string;
  connections?: number;
  rps?: number;
  p50?: number;
  p99?: number;
  value?: number;
  unit?: string;
  budget: string;
  ok?: boolean;
  ratio?: number;
  note?: string;
}

async function prepareDatabase(dialect: 'sqlite' | 'postgres'): Promise<{ url: string; cleanup(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-'));
    return { url: path.join(dir, 'bench.db'), cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const server = await startPostgres({ fast: false, maxConnections: 300 });
  const admin = new pg.Client({ connectionString: `${server.baseUrl}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE bench');
  await admin.end();
  return { url: `${server.baseUrl}/bench`, cleanup: () => server.stop() };
}

async function benchOne(dialect: 'sqlite' | 'postgres'): Promise<Row[]> {
  const rows: Row[] = [];
  const target = await prepareDatabase(dialect);
  const handle: DatabaseHandle = openDatabase(target.url);
  await migrateToLatest(handle);
  const t0 = performance.now();
  const world = await generateWorld(handle, { players: PLAYERS, openAfter: new Date(new Date(NOW).getTime() + 3 * 3600_000).toISOString(), playedBefore: NOW });
  const genMs = performance.now() - t0;
  const predictionCount = Number((await handle.db.selectFrom('predictions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  console.log(`[${dialect}] world: ${PLAYERS} players, ${predictionCount} predictions, built in ${(genMs / 1000).toFixed(1)} s`);

  const cookies: string[] = [];
  for (const id of world.playerIds.slice(0, 200)) cookies.push(await buildSessionCookie(handle.db, dialect, id, SECRET));
  const adminCookie = await buildSessionCookie(handle.db, dialect, world.adminId, SECRET);
  await handle.close();

  const hello = await startHello();
  const helloRes = await load({ name: 'hello', url: hello.url, connections: 50, seconds: SECONDS });
  hello.stop();
  rows.push({ scenario: 'Fastify hello-world (ceiling)', connections: 50, rps: helloRes.rps, p50: helloRes.p50, p99: helloRes.p99, budget: '—', ratio: 1 });

  const port = await freePort();
  // TRUST_PROXY: the SSE fan-out gives each client its own forwarded address, as real clients have (streams are capped per address).
  const app = await startApp({ PORT: String(port), DATABASE_URL: target.url, AUTH_SECRET: SECRET, SCORELINE_NOW: NOW, DATA_DIR: os.tmpdir(), TRUST_PROXY: '127.0.0.1' });
  rows.push({ scenario: 'Cold start to first 200', value: app.coldStartMs, unit: 'ms', budget: '—' });
  let peakRss = rssMb(app.pid);
  const sampler = setInterval(() => {
    try {
      peakRss = Math.max(peakRss, rssMb(app.pid));
    } catch {
      // process gone
    }
  }, 200);

  const rotate = (make: (i: number) => { method: 'GET' | 'PUT'; path: string; body?: string }) =>
    Array.from({ length: 200 }, (_, i) => {
      const r = make(i);
      return { method: r.method, path: r.path, body: r.body, headers: { cookie: cookies[i % cookies.length]!, 'content-type': 'application/json' } };
    });
  const scenario = async (name: string, connections: number, requests: ReturnType<typeof rotate>, budget: { p99?: number; rps?: number; ratio?: number; label: string }) => {
    const r: LoadResult = await load({ name, url: app.url, connections, seconds: SECONDS, requests });
    const ratio = r.rps / helloRes.rps;
    const ok = (budget.p99 === undefined || r.p99 <= budget.p99) && (budget.rps === undefined || r.rps >= budget.rps) && (budget.ratio === undefined || ratio >= budget.ratio) && r.non2xx === 0 && r.errors === 0;
    rows.push({ scenario: name, connections, rps: r.rps, p50: r.p50, p99: r.p99, budget: budget.label, ok, ratio, note: r.non2xx || r.errors ? `${r.non2xx} non-2xx, ${r.errors} errors` : `${(r.bytesPerReq / 1024).toFixed(1)} KB/resp` });
  };

  const members1k = (i: number) => i % 200; // the first 200 cookies are members of both big leagues
  void members1k;
  await scenario('League table, 1,000 members', 50, rotate(() => ({ method: 'GET', path: `/api/leagues/${world.league1k}/table?page=1&pageSize=50` })), { p99: 25, ratio: 0.4, label: 'p99 ≤ 25 ms, ≥ 40% of hello' });
  await scenario('League table, 10,000 members (page 1)', 50, rotate(() => ({ method: 'GET', path: `/api/leagues/${world.league10k}/table?page=1&pageSize=50` })), { p99: 50, label: 'p99 ≤ 50 ms, ≤ 100 KB' });
  await scenario(
    'Save prediction',
    50,
    rotate((i) => ({ method: 'PUT', path: `/api/predictions/${encodeURIComponent(world.openFixtureIds[i % world.openFixtureIds.length]!)}`, body: JSON.stringify({ homeScore: i % 5, awayScore: (i * 3) % 4 }) })),
    { p99: 20, rps: 3000, label: '≥ 3,000 req/s, p99 ≤ 20 ms' },
  );
  await scenario('Dashboard', 20, rotate(() => ({ method: 'GET', path: '/api/dashboard?tz=Europe%2FLondon' })), { p99: 30, label: 'p99 ≤ 30 ms' });
  await scenario('Statistics', 20, rotate(() => ({ method: 'GET', path: '/api/me/statistics?tz=Europe%2FLondon' })), { p99: 30, label: 'p99 ≤ 30 ms' });
  await scenario('Fixtures of a gameweek', 50, rotate((i) => ({ method: 'GET', path: `/api/fixtures?gameweek=${(i % 38) + 1}` })), { label: '—' });

  // Result saved with every player's prediction rescored (10,000 with the default world).
  const resultTimes: number[] = [];
  // Played matches (a final result may only be saved after kick-off): correcting a result rescores every prediction on it just the same.
  for (const fixtureId of world.playedFixtureIds.slice(-5)) {
    const started = performance.now();
    const res = await fetch(`${app.url}/api/admin/results/${encodeURIComponent(fixtureId)}`, { method: 'PUT', headers: { cookie: adminCookie, 'content-type': 'application/json' }, body: JSON.stringify({ homeScore: 2, awayScore: 1 }) });
    resultTimes.push(performance.now() - started);
    if (!res.ok) throw new Error(`saving a result answered ${res.status}: ${await res.text()}`);
  }
  const resultMs = median(resultTimes);
  rows.push({ scenario: `Result saved, ${PLAYERS.toLocaleString('en')} predictions rescored`, value: resultMs, unit: 'ms (median of 5)', budget: '≤ 100 ms', ok: resultMs <= 100 });

  // One event to many SSE clients: a cheap admin change (a gameweek's dates), so the figure is
  // the fan-out itself, measured from the moment the change is sent.
  const delays = await sseFanout(app.url, SSE_CLIENTS, async () => {
    const res = await fetch(`${app.url}/api/admin/gameweeks/38`, { method: 'PUT', headers: { cookie: adminCookie, 'content-type': 'application/json' }, body: JSON.stringify({ startDate: '2026-05-22', endDate: '2026-05-25' }) });
    if (!res.ok) throw new Error(`gameweek edit answered ${res.status}`);
  });
  const sseP99 = percentile(delays, 99);
  rows.push({ scenario: `One event to ${SSE_CLIENTS.toLocaleString('en')} SSE clients`, value: sseP99, unit: 'ms p99 delivery', budget: '≤ 250 ms (1,000 clients)', ok: sseP99 <= 250, note: `median ${median(delays).toFixed(0)} ms, from the change request to arrival` });
  clearInterval(sampler);
  rows.push({ scenario: 'Server resident memory, peak under load', value: peakRss, unit: 'MB', budget: '—' });
  await app.stop();
  await target.cleanup();
  return rows;
}

function printTable(dialect: string, rows: Row[]) {
  const fmt = (n: number | undefined, d = 0) => (n === undefined ? '' : n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d }));
  const lines = [
    `| scenario (${dialect}) | conn | req/s | p50 ms | p99 ms | value | budget | ok | × hello |`,
    '|---|---:|---:|---:|---:|---:|---|---|---:|',
    ...rows.map((r) =>
      `| ${r.scenario} | ${r.connections ?? ''} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.value !== undefined ? `${fmt(r.value, 1)} ${r.unit}` : ''} | ${r.budget} | ${r.ok === undefined ? '' : r.ok ? 'yes' : '**no**'} | ${r.ratio !== undefined ? r.ratio.toFixed(2) : ''} |${r.note ? ` ${r.note}` : ''}`,
    ),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  return lines.join('\n');
}

const out: string[] = [];
for (const dialect of DBS) {
  const rows = await benchOne(dialect);
  if (dialect === 'sqlite') {
    const imp = await benchImport();
    rows.splice(2, 0, { scenario: `Import the season (${imp.fixtures} fixtures, admin route)`, value: imp.ms, unit: 'ms', budget: '≤ 2,000 ms', ok: imp.ms <= imp.budgetMs });
  }
  out.push(printTable(dialect, rows));
  fs.writeFileSync(`bench/results-${dialect}.json`, JSON.stringify({ at: new Date().toISOString(), players: PLAYERS, seconds: SECONDS, rows }, null, 2));
}
if (fs.existsSync('dist/web/.vite/manifest.json')) {
  const sizes = routeBundleSizes();
  const lines = ['| route | JS loaded (gzip) | budget |', '|---|---:|---|', ...sizes.map((s) => `| ${s.route} | ${s.gzipKb.toFixed(1)} KB${s.onDemandKb ? ` (+${s.onDemandKb.toFixed(1)} KB on demand)` : ''} | ${s.route.startsWith('Landing (pre-rendered') ? '≤ 90 KB' : '≤ 200 KB'} |`)];
  console.log(lines.join('\n'));
  out.push(lines.join('\n'));
}
fs.writeFileSync('bench/last-run.md', `${out.join('\n\n')}\n`);
process.exit(0);
