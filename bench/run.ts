import crypto from 'node:crypto';
import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { openDatabase } from '../src/server/db/index.js';
import { buildSessionCookie } from '../src/server/test/factories.js';
import { freePort } from '../e2e/support/server.js';
import type { World } from './generate.js';
import { postgresWorld, sqliteWorld } from './world-cache.js';
import { cpuMs, load, median, percentile, primeAll, rssMb, sseFanout, startApp, startHello, type LoadResult } from './tools.js';
import { routeBundleSizes } from './web.js';
import { benchImport } from './import.js';

/**
 * `npm run bench [-- --db sqlite|postgres|both] [--players N] [--seconds S] [--runs R] [--only a,b] [--fresh]`
 * Builds (or copies from its cache) the benchmark world: 10,000 players predicting every match of
 * two seasons. Starts the production server on it and measures each scenario with autocannon on
 * loopback beside a bare Fastify hello-world route measured in the same run, plus the server's own
 * CPU time per request (from /proc: the load generator shares the cores). Prints every row beside
 * its budget; writes bench/results-<db>.json and bench/last-run.md; exits 1 when a budget is
 * missed. `--only` runs the scenarios whose names contain one of the words (quick checks).
 */
const args = process.argv.slice(2);
const arg = (name: string, fallback: string) => {
  const i = args.indexOf(`--${name}`);
  return i >= 0 && args[i + 1] ? args[i + 1]! : fallback;
};
const DBS = arg('db', 'both') === 'both' ? (['sqlite', 'postgres'] as const) : ([arg('db', 'sqlite')] as Array<'sqlite' | 'postgres'>);
const PLAYERS = Number(arg('players', '10000'));
const SECONDS = Number(arg('seconds', '5'));
/** Measured runs per load scenario; figures are their medians. */
const RUNS = Math.max(1, Number(arg('runs', '3')));
const SSE_CLIENTS = Number(arg('sse', '2000'));
const ONLY = arg('only', '').split(',').map((w) => w.trim().toLowerCase()).filter(Boolean);
const FRESH = args.includes('--fresh');
/** Today in the project's story: 2025/26 finished, 2026/27 current, Gameweek 12 open. */
const NOW = '2026-11-23T12:00:00Z';
const SECRET = crypto.randomBytes(32).toString('hex');
const wanted = (name: string) => ONLY.length === 0 || ONLY.some((w) => name.toLowerCase().includes(w));

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
  /** Server CPU milliseconds per request (user + system, from /proc). */
  cpu?: number;
  /** A budget as a share of hello-world's requests per second. */
  minRatio?: number;
  /** For a ratio budget: the median of each measured run's ratio to the hello-world runs just before and after it. */
  pairedRatio?: number;
  note?: string;
}

async function prepareDatabase(dialect: 'sqlite' | 'postgres'): Promise<{ url: string; world: World; cleanup(): Promise<void> }> {
  if (dialect === 'sqlite') {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-bench-'));
    const url = path.join(dir, 'bench.db');
    const built = await sqliteWorld(url, { players: PLAYERS, now: NOW, fresh: FRESH });
    console.log(`[sqlite] world ${built.cached ? 'copied from the cache' : 'built and cached'} in ${(built.ms / 1000).toFixed(1)} s`);
    return { url, world: built.world, cleanup: async () => fs.rmSync(dir, { recursive: true, force: true }) };
  }
  const built = await postgresWorld({ players: PLAYERS, now: NOW, fresh: FRESH });
  console.log(`[postgres] world ${built.cached ? 'copied from the cache' : 'built and cached'} in ${(built.ms / 1000).toFixed(1)} s`);
  return { url: built.url, world: built.world, cleanup: built.cleanup };
}

async function benchOne(dialect: 'sqlite' | 'postgres'): Promise<Row[]> {
  const rows: Row[] = [];
  const target = await prepareDatabase(dialect);
  // The world was just copied (gigabytes): let the disk take it before anything is measured, so
  // the kernel's write-back of the copy does not land inside a scenario.
  const syncStarted = performance.now();
  execFileSync('sync');
  console.log(`[${dialect}] copy written to disk in ${((performance.now() - syncStarted) / 1000).toFixed(1)} s`);
  const { world } = target;
  const handle = openDatabase(target.url);
  const predictionCount = Number((await handle.db.selectFrom('predictions').select((eb) => eb.fn.countAll().as('n')).executeTakeFirstOrThrow()).n);
  console.log(`[${dialect}] world: ${PLAYERS} players, ${predictionCount} predictions over two seasons`);
  const cookies: string[] = [];
  for (const id of world.playerIds.slice(0, 200)) cookies.push(await buildSessionCookie(handle.db, dialect, id, SECRET));
  const adminCookie = await buildSessionCookie(handle.db, dialect, world.adminId, SECRET);
  const lastGameweek = await handle.db.selectFrom('gameweeks').selectAll().where('seasonId', '=', world.currentSeason).orderBy('gameweek', 'desc').executeTakeFirstOrThrow();
  await handle.close();

  // The ceiling is measured at the start, around each measured run of the scenario whose budget is a
  // ratio (that row's ratio is the median of each run's ratio to its neighbours), and at the end;
  // other rows are divided by the median of all of them. On shared cores one hello-world run varies
  // by a quarter from the next, and the neighbouring measurement is the fairest comparison.
  const hello = await startHello();
  await load({ name: 'hello (warm-up)', url: hello.url, connections: 50, seconds: Math.min(2, SECONDS) });
  const helloRuns: Array<LoadResult & { cpu?: number }> = [];
  const measureHello = async () => {
    const before = cpuMs(hello.pid);
    const r = await load({ name: 'hello', url: hello.url, connections: 50, seconds: SECONDS });
    helloRuns.push({ ...r, cpu: r.total ? (cpuMs(hello.pid) - before) / r.total : undefined });
    return r;
  };
  await measureHello();
  const helloRow: Row = { scenario: 'Fastify hello-world (ceiling)', connections: 50, budget: '—', ratio: 1 };
  rows.push(helloRow);

  const port = await freePort();
  // TRUST_PROXY: the SSE fan-out gives each client its own forwarded address, as real clients have (streams are capped per address).
  const app = await startApp({ PORT: String(port), DATABASE_URL: target.url, AUTH_SECRET: SECRET, SCORELINE_NOW: NOW, DATA_DIR: os.tmpdir(), TRUST_PROXY: '127.0.0.1' });
  rows.push({ scenario: 'Cold start to first 200', value: app.coldStartMs, unit: 'ms', budget: '—' });
  // The server measured as production runs it after a sign-in: Better Auth has answered once (on
  // Node 20 that left async hooks on for good, decision 0035). The benchmark's players hold
  // ready-made cookies, so one call through Better Auth does what the first sign-in would.
  const authCall = await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie: cookies[0]! } });
  if (authCall.status !== 200) throw new Error(`Better Auth's get-session answered ${authCall.status}`);
  await authCall.arrayBuffer();
  let peakRss = rssMb(app.pid);
  /** What was running when the peak was sampled (the row's note says, so a regression points at its cause). */
  let phase = 'start-up';
  let peakPhase = phase;
  const sampler = setInterval(() => {
    try {
      const now = rssMb(app.pid);
      if (now > peakRss) {
        peakRss = now;
        peakPhase = phase;
      }
    } catch {
      // process gone
    }
  }, 200);

  const rotate = (make: (i: number) => { method: 'GET' | 'PUT'; path: string; body?: string }) =>
    Array.from({ length: 200 }, (_, i) => {
      const r = make(i);
      return { method: r.method, path: r.path, body: r.body, headers: { cookie: cookies[i % cookies.length]!, 'content-type': 'application/json' } };
    });
  const scenario = async (name: string, connections: number, requests: ReturnType<typeof rotate>, budget: { p99?: number; rps?: number; ratio?: number; kb?: number; label: string }) => {
    if (!wanted(name)) return;
    phase = name;
    // Steady state: each player's first request after a change fills the caches (reported apart
    // as the cold rows below), so every request of the rotation is made once first (after the
    // saves, all 200 players' figures are to be refilled: on PostgreSQL that took the first 10
    // seconds of the next scenario); then a short unmeasured warm-up, as JIT warm-up. Then RUNS
    // measured runs; each figure is the median of the runs (one run on shared cores varies by a
    // quarter from the next).
    await primeAll(app.url, requests, connections);
    await load({ name: `${name} (warm-up)`, url: app.url, connections, seconds: Math.min(2, SECONDS), requests });
    const runs: Array<LoadResult & { cpu?: number }> = [];
    // A ratio budget compares each run with hello-world measured just before and just after it
    // (decision 0032): the host's speed drifts over minutes, and its neighbours are the fairest ceiling.
    const paired = budget.ratio !== undefined;
    const ratios: number[] = [];
    let helloBefore = paired ? await measureHello() : undefined;
    for (let i = 0; i < RUNS; i++) {
      const cpuBefore = cpuMs(app.pid);
      const r: LoadResult = await load({ name, url: app.url, connections, seconds: SECONDS, requests });
      runs.push({ ...r, cpu: r.total ? (cpuMs(app.pid) - cpuBefore) / r.total : undefined });
      if (helloBefore) {
        const helloAfter = await measureHello();
        ratios.push(r.rps / ((helloBefore.rps + helloAfter.rps) / 2));
        helloBefore = helloAfter;
      }
    }
    const mid = (pick: (r: LoadResult & { cpu?: number }) => number | undefined) => median(runs.flatMap((r) => (pick(r) === undefined ? [] : [pick(r)!])));
    const r = { rps: mid((x) => x.rps), p50: mid((x) => x.p50), p99: mid((x) => x.p99), cpu: mid((x) => x.cpu), kb: mid((x) => x.bytesPerReq) / 1024 };
    const non2xx = runs.reduce((n, x) => n + x.non2xx, 0);
    const errors = runs.reduce((n, x) => n + x.errors, 0);
    const ok =
      (budget.p99 === undefined || r.p99 <= budget.p99) &&
      (budget.rps === undefined || r.rps >= budget.rps) &&
      (budget.kb === undefined || r.kb <= budget.kb) &&
      non2xx === 0 &&
      errors === 0;
    const each = RUNS > 1 ? `; runs: ${runs.map((x) => `${Math.round(x.rps).toLocaleString('en')} req/s p99 ${x.p99}`).join(', ')}` : '';
    const besideHello = paired ? `; × the hello-world runs beside each: ${ratios.map((x) => x.toFixed(2)).join(', ')}` : '';
    // The ratio and its budget are settled once every hello-world run is in (below).
    rows.push({
      scenario: name,
      connections,
      rps: r.rps,
      p50: r.p50,
      p99: r.p99,
      budget: budget.label,
      ok,
      minRatio: budget.ratio,
      pairedRatio: paired ? median(ratios) : undefined,
      cpu: r.cpu,
      note: non2xx || errors ? `${non2xx} non-2xx, ${errors} errors` : `${r.kb.toFixed(1)} KB/resp${each}${besideHello}`,
    });
  };

  const current = world.currentSeason;
  /** A single request's latency with nothing cached for its player (the first read after a change), median of `n` players. */
  const cold = async (name: string, path: string, from: number, n = 20) => {
    if (!wanted(name)) return;
    phase = name;
    const times: number[] = [];
    for (const cookie of cookies.slice(from, from + n)) {
      const started = performance.now();
      const res = await fetch(`${app.url}${path}`, { headers: { cookie } });
      await res.arrayBuffer();
      times.push(performance.now() - started);
    }
    rows.push({ scenario: name, value: median(times), unit: `ms (median of ${n})`, budget: '—', note: `max ${Math.max(...times).toFixed(0)} ms, one request at a time` });
  };
  // Before anything is cached: the first statistics request also reads the season's totals of every player.
  await cold('Statistics, first request of a player (cold)', '/api/me/statistics?tz=Europe%2FLondon', 180);
  await cold('Dashboard, first request of a player (cold)', '/api/dashboard?tz=Europe%2FLondon', 180);
  await scenario('League table, 1,000 members', 50, rotate(() => ({ method: 'GET', path: `/api/leagues/${world.league1k}/table?page=1&pageSize=50` })), { p99: 25, ratio: 0.4, label: 'p99 ≤ 25 ms, ≥ 40% of hello' });
  await scenario('League table, 1,000 members, goal-difference rule', 50, rotate(() => ({ method: 'GET', path: `/api/leagues/${world.league1kGoalDifference}/table?page=1&pageSize=50` })), { p99: 25, label: 'p99 ≤ 25 ms' });
  await scenario('League table, 10,000 members (page 1)', 50, rotate(() => ({ method: 'GET', path: `/api/leagues/${world.league10k}/table?page=1&pageSize=50` })), { p99: 50, kb: 100, label: 'p99 ≤ 50 ms, ≤ 100 KB' });
  await scenario('League table, 10,000 members, all seasons', 50, rotate(() => ({ method: 'GET', path: `/api/leagues/${world.league10k}/table?season=all&page=1&pageSize=50` })), { label: '—' });
  await scenario(
    'Save prediction',
    50,
    rotate((i) => ({ method: 'PUT', path: `/api/predictions/${encodeURIComponent(world.openFixtureIds[i % world.openFixtureIds.length]!)}`, body: JSON.stringify({ homeScore: i % 5, awayScore: (i * 3) % 4 }) })),
    dialect === 'sqlite' ? { p99: 20, rps: 3000, label: '≥ 3,000 req/s, p99 ≤ 20 ms' } : { label: '— (budget is SQLite\'s)' },
  );
  await scenario('Dashboard', 20, rotate(() => ({ method: 'GET', path: '/api/dashboard?tz=Europe%2FLondon' })), { p99: 30, label: 'p99 ≤ 30 ms' });
  await scenario('Statistics', 20, rotate(() => ({ method: 'GET', path: '/api/me/statistics?tz=Europe%2FLondon' })), { p99: 30, label: 'p99 ≤ 30 ms' });
  await scenario('Statistics, past season', 20, rotate(() => ({ method: 'GET', path: `/api/me/statistics?tz=Europe%2FLondon&season=${world.pastSeason}` })), { p99: 30, label: 'p99 ≤ 30 ms' });
  await scenario('Fixtures of a gameweek', 50, rotate((i) => ({ method: 'GET', path: `/api/fixtures?season=${current}&gameweek=${(i % 38) + 1}` })), { label: '—' });

  // A result saved with every player's prediction scored (10,000 with the default world): the
  // most a result can rescore. Played matches (a final result may only be saved after kick-off)
  // have their result cleared first (not measured: every prediction back to pending), so the save
  // scores each one from nothing; clearing rescores as many and is reported beside it.
  if (wanted('result')) {
    phase = 'results';
    const resultTimes: number[] = [];
    const clearTimes: number[] = [];
    const admin = (method: 'PUT' | 'DELETE', fixtureId: string) =>
      fetch(`${app.url}/api/admin/results/${encodeURIComponent(fixtureId)}`, {
        method,
        headers: method === 'PUT' ? { cookie: adminCookie, 'content-type': 'application/json' } : { cookie: adminCookie },
        body: method === 'PUT' ? JSON.stringify({ homeScore: 2, awayScore: 1 }) : undefined,
      });
    for (const fixtureId of world.playedFixtureIds.slice(-5)) {
      let started = performance.now();
      const cleared = await admin('DELETE', fixtureId);
      clearTimes.push(performance.now() - started);
      if (!cleared.ok) throw new Error(`clearing a result answered ${cleared.status}: ${await cleared.text()}`);
      started = performance.now();
      const res = await admin('PUT', fixtureId);
      resultTimes.push(performance.now() - started);
      if (!res.ok) throw new Error(`saving a result answered ${res.status}: ${await res.text()}`);
      const { scored } = (await res.json()) as { scored: number };
      if (scored !== PLAYERS) throw new Error(`saving a result scored ${scored} predictions, not ${PLAYERS}`);
    }
    const resultMs = median(resultTimes);
    rows.push({
      scenario: `Result saved, ${PLAYERS.toLocaleString('en')} predictions rescored`,
      value: resultMs,
      unit: 'ms (median of 5)',
      budget: '≤ 100 ms',
      ok: resultMs <= 100,
      note: `each: ${resultTimes.map((t) => t.toFixed(0)).join(', ')} ms; clearing a result (as many back to pending): median ${median(clearTimes).toFixed(0)} ms`,
    });
  }

  // One event to many SSE clients: a cheap admin change (the current season's last gameweek,
  // saved with its own dates), so the figure is the fan-out itself, measured from the moment the change is sent.
  if (wanted('sse') || wanted('event')) {
    phase = 'event to SSE clients';
    const delays = await sseFanout(app.url, SSE_CLIENTS, async () => {
      const res = await fetch(`${app.url}/api/admin/gameweeks/${lastGameweek.gameweek}?season=${current}`, { method: 'PUT', headers: { cookie: adminCookie, 'content-type': 'application/json' }, body: JSON.stringify({ startDate: lastGameweek.startDate, endDate: lastGameweek.endDate }) });
      if (!res.ok) throw new Error(`gameweek edit answered ${res.status}`);
    });
    const sseP99 = percentile(delays, 99);
    rows.push({ scenario: `One event to ${SSE_CLIENTS.toLocaleString('en')} SSE clients`, value: sseP99, unit: 'ms p99 delivery', budget: '≤ 250 ms', ok: sseP99 <= 250, note: `median ${median(delays).toFixed(0)} ms, from the change request to arrival` });
  }
  clearInterval(sampler);
  await measureHello();
  hello.stop();
  const byRps = [...helloRuns].sort((a, b) => a.rps - b.rps);
  const ceiling = byRps[Math.floor((byRps.length - 1) / 2)]!;
  Object.assign(helloRow, { rps: ceiling.rps, p50: ceiling.p50, p99: ceiling.p99, cpu: median(helloRuns.flatMap((h) => (h.cpu === undefined ? [] : [h.cpu]))), note: `median of ${helloRuns.length} runs: ${helloRuns.map((h) => Math.round(h.rps).toLocaleString('en')).join(', ')} req/s` });
  for (const row of rows) {
    if (row.rps === undefined || row === helloRow) continue;
    row.ratio = row.pairedRatio ?? row.rps / ceiling.rps;
    if (row.minRatio !== undefined && row.ratio < row.minRatio) row.ok = false;
  }
  rows.push({ scenario: 'Server resident memory, peak under load', value: peakRss, unit: 'MB', budget: '≤ 400 MB', ok: peakRss <= 400, note: `during: ${peakPhase}` });
  await app.stop();
  await target.cleanup();
  return rows;
}

function printTable(dialect: string, rows: Row[]) {
  const fmt = (n: number | undefined, d = 0) => (n === undefined ? '' : n.toLocaleString('en', { maximumFractionDigits: d, minimumFractionDigits: d }));
  const lines = [
    `| scenario (${dialect}) | conn | req/s | p50 ms | p99 ms | value | budget | ok | × hello | server CPU ms/req |`,
    '|---|---:|---:|---:|---:|---:|---|---|---:|---:|',
    ...rows.map((r) =>
      `| ${r.scenario} | ${r.connections ?? ''} | ${fmt(r.rps)} | ${fmt(r.p50, 1)} | ${fmt(r.p99, 1)} | ${r.value !== undefined ? `${fmt(r.value, 1)} ${r.unit}` : ''} | ${r.budget} | ${r.ok === undefined ? '' : r.ok ? 'yes' : '**no**'} | ${r.ratio !== undefined ? r.ratio.toFixed(2) : ''} | ${r.cpu !== undefined ? r.cpu.toFixed(3) : ''} |${r.note ? ` ${r.note}` : ''}`,
    ),
  ];
  console.log(`\n${lines.join('\n')}\n`);
  return lines.join('\n');
}

const out: string[] = [];
const missed: string[] = [];
for (const dialect of DBS) {
  const rows = await benchOne(dialect);
  if (dialect === 'sqlite' && wanted('import')) {
    const imp = await benchImport();
    rows.splice(2, 0, { scenario: `Import the season (${imp.fixtures} fixtures, admin route)`, value: imp.ms, unit: 'ms', budget: '≤ 2,000 ms', ok: imp.ms <= imp.budgetMs });
  }
  out.push(printTable(dialect, rows));
  for (const r of rows) if (r.ok === false) missed.push(`${dialect}: ${r.scenario}`);
  fs.writeFileSync(`bench/results-${dialect}.json`, JSON.stringify({ at: new Date().toISOString(), players: PLAYERS, seconds: SECONDS, rows }, null, 2));
}
if (fs.existsSync('dist/web/.vite/manifest.json')) {
  const sizes = routeBundleSizes();
  const lines = ['| route | JS loaded (gzip) | budget |', '|---|---:|---|', ...sizes.map((s) => `| ${s.route} | ${s.gzipKb.toFixed(1)} KB${s.onDemandKb ? ` (+${s.onDemandKb.toFixed(1)} KB on demand)` : ''} | ${s.route.startsWith('Landing (pre-rendered') ? '≤ 90 KB' : '≤ 200 KB'} |`)];
  console.log(lines.join('\n'));
  out.push(lines.join('\n'));
}
const machine = `${os.cpus().length} cores, node ${process.version}, ${new Date().toISOString()}, command: npm run bench -- ${args.join(' ')}`;
fs.writeFileSync('bench/last-run.md', `${machine}\n\n${out.join('\n\n')}\n`);
if (missed.length) {
  console.log(`\nBudgets missed:\n${missed.map((m) => `- ${m}`).join('\n')}`);
  process.exit(1);
}
console.log('\nEvery budget met.');
process.exit(0);
