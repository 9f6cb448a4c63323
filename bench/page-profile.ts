import { execFileSync, spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { freePort } from '../e2e/support/server.js';
import { signedInSqliteWorld } from './world-cache.js';
import { cpuMs, load, primeAll, startApp } from './tools.js';

/**
 * `npx tsx bench/page-profile.ts [processes] [seconds]`: where the server's CPU goes on the cached
 * 1,000-member league table page (SQLite world of `npm run bench`), kernel included. Each process
 * is the built server (`npm run build` first) with V8's perf map; it answers the page at 50
 * connections while `perf record -e cpu-clock -g` samples it. Every sample is counted once, at its
 * innermost frame that belongs to a group below (the socket write in the kernel, Node's HTTP
 * code, Fastify, our guard...), so a builtin or library frame counts for the code that called it.
 * Prints each group's share and its microseconds per page (perf's own cost inflates the
 * microseconds by a fifth or so; the shares hold). Needs `perf` (Debian's linux-perf) and
 * cpu-clock sampling, which works where hardware counters do not.
 */
const PROCESSES = Number(process.argv[2] ?? '2');
const SECONDS = Number(process.argv[3] ?? '6');
const NOW = '2026-11-23T12:00:00Z';
const SAMPLE_HZ = 4000;

try {
  execFileSync('perf', ['--version'], { stdio: 'ignore' });
} catch {
  throw new Error('perf is missing: apt-get install linux-perf');
}

/** Our functions on the page's path, by group (bundled names are kept by esbuild). */
const OURS: Array<[string, string[]]> = [
  ['ours: the session guard (cookie, session cache, role)', ['authGuardHook', 'admit', 'known', 'sessionCookieValue', 'authorize', 'resolve', 'lookup', 'read', 'verifySignedToken', 'get']],
  ['ours: the table handler (season, cached table, the viewer’s kept parts, the write call)', ['tablePage', 'sendTablePage', 'pageBody', 'writeJsonParts', 'viewerRowJson', 'resolveSeasonHeld', 'seasonIn', 'resolveAt', 'held', 'tableScope', 'pageKey']],
  ['ours: the app-wide hooks (Host, cross-site, security headers, request counts)', ['countRequest', 'countResponse', 'setSecurityHeaders', 'requireOwnHost', 'refuseCrossSite']],
];
const ourFunction = (frame: string, names: string[]) => {
  const m = /JS:[*^~+]?(\S*) file:\/\/\/.*\/dist\/server\/serve\.js:/.exec(frame);
  return m !== null && names.includes(m[1]!);
};
const GROUPS: Array<[string, (frame: string) => boolean]> = [
  ['kernel: the socket write; on loopback it also delivers to the client and wakes it', (f) => /\b(do_writev|sock_write_iter)\b/.test(f)],
  ['kernel: the socket read', (f) => /\b(ksys_read|sock_read_iter)\b/.test(f)],
  ['kernel: other system calls, epoll', (f) => /\b(entry_SYSCALL_64\S*|do_syscall_64|do_epoll_wait)\b/.test(f)],
  ...OURS.map(([name, names]): [string, (f: string) => boolean] => [name, (f) => ourFunction(f, names)]),
  ['zod: the route’s params and query', (f) => /node_modules\/(zod|fastify-type-provider-zod)\/|fastify\/lib\/validation\.js/.test(f)],
  ['Fastify: routing, hooks, request and reply objects, the per-request logger', (f) => /node_modules\/(fastify|find-my-way|pino|fast-querystring|avvio)\//.test(f)],
  ['Node: HTTP parsing (llhttp)', (f) => /llhttp|node::\(anonymous namespace\)::Parser::/.test(f)],
  ['Node: HTTP server, response writing, streams, ticks', (f) => /node:(_http|internal\/streams|internal\/process|events|net|internal\/stream_base|internal\/timers|timers|internal\/async_hooks)/.test(f)],
  ['V8: garbage collection', (f) => /Heap::|Scaveng|MarkCompact|Sweep|ConcurrentMarking/.test(f)],
];
const OTHER = 'V8 builtins and runtime called from the above, libc';

function classify(script: string): Map<string, number> {
  const counts = new Map<string, number>();
  for (const sample of script.split('\n\n')) {
    const frames = sample.split('\n').slice(1).map((l) => l.trim()).filter(Boolean);
    if (frames.length === 0) continue;
    let group = OTHER;
    outer: for (const frame of frames) {
      for (const [name, test] of GROUPS) {
        if (test(frame)) {
          group = name;
          break outer;
        }
      }
    }
    counts.set(group, (counts.get(group) ?? 0) + 1);
  }
  return counts;
}

const { dir, url, world, secret, cookies } = await signedInSqliteWorld('scoreline-page-profile-', NOW);
const tablePath = `/api/leagues/${world.league1k}/table?page=1&pageSize=50`;
const requests = cookies.map((cookie) => ({ method: 'GET' as const, path: tablePath, headers: { cookie } }));
process.env.BENCH_NODE_ARGS = '--perf-basic-prof-only-functions';
for (let p = 0; p < PROCESSES; p++) {
  const app = await startApp({ PORT: String(await freePort()), DATABASE_URL: url, AUTH_SECRET: secret, SCORELINE_NOW: NOW, DATA_DIR: dir });
  // As production after its first sign-in (see bench/run.ts): one call through Better Auth.
  const auth = await fetch(`${app.url}/api/auth/get-session`, { headers: { cookie: cookies[0]! } });
  if (auth.status !== 200) throw new Error(`get-session answered ${auth.status}`);
  await auth.arrayBuffer();
  await primeAll(app.url, requests, 50);
  await load({ name: 'warm-up', url: app.url, connections: 50, seconds: 2, requests });
  const cpuBefore = cpuMs(app.pid);
  const plain = await load({ name: 'page', url: app.url, connections: 50, seconds: 4, requests });
  const plainCpu = ((cpuMs(app.pid) - cpuBefore) / plain.total) * 1000;
  const data = path.join(dir, `perf-${p}.data`);
  const perf = spawn('perf', ['record', '-e', 'cpu-clock', '-F', String(SAMPLE_HZ), '-g', '-p', String(app.pid), '-o', data], { stdio: 'ignore' });
  await new Promise((r) => setTimeout(r, 300));
  const profiled = await load({ name: 'page (profiled)', url: app.url, connections: 50, seconds: SECONDS, requests });
  perf.kill('SIGINT');
  await new Promise((r) => perf.once('exit', r));
  await app.stop();
  if (plain.non2xx || profiled.non2xx) throw new Error('the page answered other than 200');
  const script = execFileSync('perf', ['script', '-i', data], { encoding: 'utf8', maxBuffer: 1024 * 1024 * 1024, stdio: ['ignore', 'pipe', 'ignore'] });
  const counts = classify(script);
  const total = [...counts.values()].reduce((a, b) => a + b, 0);
  const usPerPage = (n: number) => ((n * 1e6) / SAMPLE_HZ / profiled.total).toFixed(2);
  console.log(`\nprocess ${p + 1}: ${plainCpu.toFixed(1)} µs of CPU per page unprofiled; ${total} samples over ${profiled.total} pages while profiled`);
  console.log('| where | share | µs per page (profiled) |\n|---|---:|---:|');
  for (const [name, n] of [...counts.entries()].sort((a, b) => b[1] - a[1])) console.log(`| ${name} | ${((100 * n) / total).toFixed(1)} % | ${usPerPage(n)} |`);
  fs.rmSync(data, { force: true });
  // The symbol map V8 wrote for perf (named after the server's pid).
  fs.rmSync(`/tmp/perf-${app.pid}.map`, { force: true });
}
fs.rmSync(dir, { recursive: true, force: true });
process.exit(0);
