import { fork } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';
import { freePort } from '../e2e/support/server.js';
import { signedInSqliteWorld } from './world-cache.js';
import { cpuMs, load, median, primeAll, startHello } from './tools.js';

/**
 * `npx tsx bench/subtract.ts [processes] [runs]`: where a cached league table page's server CPU
 * goes, by subtraction. One server process (bench/subtract-server.ts: the real app plus three
 * routes answering the page's exact bytes with less and less of our work before the write) is
 * loaded route by route, taking turns, `runs` times each; then the next process. Comparing routes
 * inside one process cancels the spread from one process to the next (a third on this machine
 * kind), which comparing builds (bench/ab.ts) cannot. A bare Fastify hello-world is measured in
 * each process's round for scale. Prints each median of server CPU per request.
 *
 * The server is bundled as `npm run build` bundles the real one (scripts/build-server.mjs), next to
 * it in dist/server, and run with plain Node: run from source through tsx, every closure a request
 * creates would also pay for esbuild's name-keeping helper, which production never runs.
 * SUBTRACT_NODE_ARGS passes Node flags to the server (e.g. `--cpu-prof --cpu-prof-dir=/tmp/p`).
 */
const PROCESSES = Number(process.argv[2] ?? '3');
const RUNS = Number(process.argv[3] ?? '3');
const SECONDS = 3;
const NOW = '2026-11-23T12:00:00Z';
const { dir, url, world, secret: SECRET, cookies } = await signedInSqliteWorld('scoreline-subtract-', NOW);

const query = '?page=1&pageSize=50';
const routes = [
  { name: 'kept bytes, public (nothing of ours before the write)', path: `/api/bench/kept/${world.league1k}${query}` },
  { name: 'kept bytes behind the session guard', path: `/api/bench/kept-guarded/${world.league1k}${query}` },
  { name: "kept bytes, guard and the table's zod schemas", path: `/api/bench/kept-validated/${world.league1k}${query}` },
  { name: 'the league table page (1,000 members)', path: `/api/leagues/${world.league1k}/table${query}` },
];
const requestsOf = (p: string) => cookies.map((cookie) => ({ method: 'GET' as const, path: p, headers: { cookie } }));
const cpu = new Map<string, number[]>(routes.map((r) => [r.name, []]));
const helloCpu: number[] = [];

const serverFile = path.resolve('dist/server/bench-subtract.js');
await build({ entryPoints: ['bench/subtract-server.ts'], outfile: serverFile, bundle: true, platform: 'node', format: 'esm', target: 'node24', packages: 'external', logLevel: 'warning' });

const hello = await startHello();
for (let p = 0; p < PROCESSES; p++) {
  const port = await freePort();
  const child = fork(serverFile, [], {
    execArgv: (process.env.SUBTRACT_NODE_ARGS ?? '').split(' ').filter(Boolean),
    stdio: ['ignore', 'ignore', 'inherit', 'ipc'],
    env: {
      ...process.env,
      NODE_ENV: 'production',
      LOG_LEVEL: 'warn',
      SEED_SEASON: 'false',
      SMTP_URL: 'smtp://127.0.0.1:2525',
      PORT: String(port),
      DATABASE_URL: url,
      AUTH_SECRET: SECRET,
      SCORELINE_NOW: NOW,
      DATA_DIR: dir,
      BENCH_LEAGUE: world.league1k,
      BENCH_COOKIE: cookies[0]!,
    },
  });
  await new Promise<void>((resolve, reject) => {
    child.once('message', () => resolve());
    child.once('exit', (code) => reject(new Error(`bench/subtract-server.ts exited (${code})`)));
  });
  const base = `http://127.0.0.1:${port}`;
  // As production after its first sign-in (see bench/run.ts): one call through Better Auth.
  const auth = await fetch(`${base}/api/auth/get-session`, { headers: { cookie: cookies[0]! } });
  if (auth.status !== 200) throw new Error(`get-session answered ${auth.status}`);
  await auth.arrayBuffer();
  for (const r of routes) {
    await primeAll(base, requestsOf(r.path), 50);
    await load({ name: 'warm-up', url: base, connections: 50, seconds: 2, requests: requestsOf(r.path) });
  }
  const h0 = cpuMs(hello.pid);
  const h = await load({ name: 'hello', url: hello.url, connections: 50, seconds: SECONDS });
  helloCpu.push((cpuMs(hello.pid) - h0) / h.total);
  for (let run = 0; run < RUNS; run++) {
    for (const r of run % 2 ? [...routes].reverse() : routes) {
      const before = cpuMs(child.pid!);
      const res = await load({ name: r.name, url: base, connections: 50, seconds: SECONDS, requests: requestsOf(r.path) });
      if (res.non2xx || res.errors) throw new Error(`${r.name}: ${res.non2xx} non-2xx, ${res.errors} errors`);
      const each = (cpuMs(child.pid!) - before) / res.total;
      cpu.get(r.name)!.push(each);
      console.log(`process ${p + 1}, run ${run + 1}: ${r.name}: ${Math.round(res.rps)} req/s, ${each.toFixed(3)} ms CPU per request`);
    }
  }
  child.kill('SIGTERM');
  await new Promise((r) => child.once('exit', r));
}
hello.stop();
const helloMedian = median(helloCpu);
console.log(`\n| route (same bytes, one corked write) | server CPU ms per request, median of ${PROCESSES * RUNS} | × hello-world |`);
console.log('|---|---:|---:|');
console.log(`| Fastify hello-world (separate process) | ${helloMedian.toFixed(3)} | 1.0 |`);
for (const r of routes) {
  const m = median(cpu.get(r.name)!);
  console.log(`| ${r.name} | ${m.toFixed(3)} | ${(m / helloMedian).toFixed(1)} |`);
}
fs.rmSync(dir, { recursive: true, force: true });
fs.rmSync(serverFile, { force: true });
process.exit(0);
