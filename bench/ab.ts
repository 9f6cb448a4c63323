import fs from 'node:fs';
import http from 'node:http';
import path from 'node:path';
import { freePort } from '../e2e/support/server.js';
import { signedInSqliteWorld } from './world-cache.js';
import { MATCH_WEEK_NOW } from './saturday.js';
import { cpuMs, load, median, primeAll, startApp, startHello } from './tools.js';

/**
 * `npx tsx bench/ab.ts <server.js> <server.js> [rounds]`: two builds of the server compared on the
 * cached 1,000-member league table (SQLite world of `npm run bench`). A fresh server process per
 * round, the builds taking turns, because one process keeps its own rate and the next may sit a
 * third lower. Each round measures hello-world just before and just after the table. Better Auth
 * is called once first, as production's first sign-in would. Prints each round, then the
 * medians: server CPU per page, ratio to hello-world, and the promises a page creates (counted by
 * an async hook in a separate pass, so that figure does not depend on timing). Build the other
 * version with `node scripts/build-server.mjs` in a `git worktree` (docs/performance.md).
 */
const [a, b] = process.argv.slice(2, 4);
if (!a || !b) throw new Error('usage: npx tsx bench/ab.ts <server.js> <server.js> [rounds]');
const ROUNDS = Number(process.argv[4] ?? '5');
// The world of `npm run bench` (its cache is shared): the match-week afternoon.
const NOW = MATCH_WEEK_NOW;
const { dir, url, world, secret: SECRET, cookies } = await signedInSqliteWorld('scoreline-ab-', NOW);
const tablePath = `/api/leagues/${world.league1k}/table?page=1&pageSize=50`;
const requests = cookies.map((cookie) => ({ method: 'GET' as const, path: tablePath, headers: { cookie } }));
const counter = path.join(dir, 'count-promises.mjs');
fs.writeFileSync(
  counter,
  `import { createHook } from 'node:async_hooks'; import fs from 'node:fs'; let n = 0;
createHook({ init(_id, type) { if (type === 'PROMISE') n++; } }).enable();
process.on('SIGUSR2', () => fs.writeFileSync(${JSON.stringify(path.join(dir, 'promises-'))} + process.pid, String(n)));`,
);

async function server(build: string, nodeArgs = '') {
  process.env.BENCH_SERVER = build;
  process.env.BENCH_NODE_ARGS = nodeArgs;
  const app = await startApp({
    PORT: String(await freePort()),
    DATABASE_URL: url,
    AUTH_SECRET: SECRET,
    SCORELINE_NOW: NOW,
    DATA_DIR: dir,
  });
  const auth = await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie: cookies[0]! } });
  if (auth.status !== 200) throw new Error(`get-session answered ${auth.status}`);
  await auth.arrayBuffer();
  return app;
}

async function promisesPerPage(build: string): Promise<number> {
  const app = await server(build, `--import=${counter}`);
  const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });
  const get = () =>
    new Promise<void>((resolve, reject) =>
      http.get(`${app.url}${tablePath}`, { agent, headers: { cookie: cookies[0]! } }, (res) => {
        res.resume();
        res.on('end', () =>
          res.statusCode === 200 ? resolve() : reject(new Error(`table answered ${res.statusCode}`)),
        );
      }),
    );
  const count = async () => {
    process.kill(app.pid, 'SIGUSR2');
    const file = path.join(dir, `promises-${app.pid}`);
    for (let i = 0; i < 100 && !fs.existsSync(file); i++) await new Promise((r) => setTimeout(r, 20));
    await new Promise((r) => setTimeout(r, 50));
    const n = Number(fs.readFileSync(file, 'utf8'));
    fs.rmSync(file);
    return n;
  };
  for (let i = 0; i < 50; i++) await get();
  const before = await count();
  for (let i = 0; i < 1000; i++) await get();
  const after = await count();
  agent.destroy();
  await app.stop();
  return (after - before) / 1000;
}

const hello = await startHello();
await load({ name: 'hello (warm-up)', url: hello.url, connections: 50, seconds: 2 });
const results = new Map<string, { ratio: number[]; cpu: number[] }>([
  [a, { ratio: [], cpu: [] }],
  [b, { ratio: [], cpu: [] }],
]);
for (let round = 0; round < ROUNDS; round++) {
  for (const build of [a, b]) {
    const app = await server(build);
    await primeAll(app.url, requests, 50);
    await load({ name: 'warm-up', url: app.url, connections: 50, seconds: 2, requests });
    const before = await load({ name: 'hello', url: hello.url, connections: 50, seconds: 5 });
    const cpuBefore = cpuMs(app.pid);
    const table = await load({ name: 'table', url: app.url, connections: 50, seconds: 5, requests });
    const cpu = (cpuMs(app.pid) - cpuBefore) / table.total;
    const after = await load({ name: 'hello', url: hello.url, connections: 50, seconds: 5 });
    if (table.non2xx || table.errors) throw new Error(`${build}: ${table.non2xx} non-2xx, ${table.errors} errors`);
    const ratio = table.rps / ((before.rps + after.rps) / 2);
    results.get(build)!.ratio.push(ratio);
    results.get(build)!.cpu.push(cpu);
    console.log(
      `round ${round + 1} ${build}: table ${Math.round(table.rps)} req/s (p99 ${table.p99} ms), hello ${Math.round(before.rps)} / ${Math.round(after.rps)}, ratio ${ratio.toFixed(2)}, CPU ${cpu.toFixed(3)} ms/page`,
    );
    await app.stop();
  }
}
hello.stop();
for (const [build, r] of results) {
  console.log(
    `${build}: ratio median ${median(r.ratio).toFixed(2)} (${r.ratio.map((x) => x.toFixed(2)).join(', ')}), CPU median ${median(r.cpu).toFixed(3)} ms/page, ${(await promisesPerPage(build)).toFixed(2)} promises per page`,
  );
}
fs.rmSync(dir, { recursive: true, force: true });
