import { execFileSync, fork, spawn, type ChildProcess } from 'node:child_process';
import fs from 'node:fs';
import http from 'node:http';
import autocannon from 'autocannon';

export interface LoadResult {
  name: string;
  connections: number;
  rps: number;
  p50: number;
  p99: number;
  non2xx: number;
  errors: number;
  bytesPerReq: number;
  /** Requests completed in the whole run. */
  total: number;
  /**
   * The load generator's CPU per request (ms, this process, user + system). On a machine the
   * server shares, every millisecond of it is one the server does not get, so a big body's rate
   * is partly the client's.
   */
  clientCpu?: number;
}

const processCpuMs = () => {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
};

/**
 * autocannon appends every chunk of every response body to a string (for its body checks and
 * request chaining, neither used here): UTF-8 decoding of each body, binary Brotli included, at
 * a cost per byte several times the server's cost to send it. A browser keeps the bytes. The
 * bytes are still counted (from the socket) and every response still parsed; only the string
 * is not built, for every row alike, hello-world included.
 */
const keepNoBodies = (client: unknown) => {
  (client as { pipelinedRequests: { addBody(data: unknown): void } }).pipelinedRequests.addBody = () => {};
};

/** One autocannon scenario; `requests` may rotate through many request shapes. */
export async function load(opts: {
  name: string;
  url: string;
  connections: number;
  seconds: number;
  requests?: autocannon.Request[];
  headers?: Record<string, string>;
  method?: 'GET' | 'PUT' | 'POST';
  body?: string;
}): Promise<LoadResult> {
  const cpuBefore = processCpuMs();
  const result = await autocannon({
    url: opts.url,
    connections: opts.connections,
    duration: opts.seconds,
    setupClient: keepNoBodies,
    ...(opts.headers ? { headers: opts.headers } : {}),
    ...(opts.method ? { method: opts.method } : {}),
    ...(opts.body ? { body: opts.body } : {}),
    ...(opts.requests ? { requests: opts.requests } : {}),
  });
  return {
    name: opts.name,
    connections: opts.connections,
    rps: result.requests.average,
    p50: result.latency.p50,
    p99: result.latency.p99,
    non2xx: result.non2xx,
    errors: result.errors,
    bytesPerReq: result.requests.total ? result.throughput.total / result.requests.total : 0,
    total: result.requests.total,
    clientCpu: result.requests.total ? (processCpuMs() - cpuBefore) / result.requests.total : undefined,
  };
}

export async function startHello(): Promise<{ url: string; pid: number; stop(): void }> {
  const child = fork(new URL('./hello-server.ts', import.meta.url).pathname, [], {
    execArgv: ['--import', 'tsx'],
    stdio: 'ignore',
  });
  const port = await new Promise<number>((resolve) => child.once('message', (m: { port: number }) => resolve(m.port)));
  return { url: `http://127.0.0.1:${port}/`, pid: child.pid!, stop: () => child.kill() };
}

/** The Node flags `npm run serve` (and so `npm start`) runs the server with (package.json, decision 0107). */
export function serveFlags(): string[] {
  const scripts = (JSON.parse(fs.readFileSync('package.json', 'utf8')) as { scripts: Record<string, string> }).scripts;
  const flags = /^node ((?:--\S+ )*)dist\/server\/main\.js$/.exec(scripts.serve ?? '');
  if (!flags) throw new Error('package.json: the serve script is not `node [flags] dist/server/main.js`');
  return flags[1]!.split(' ').filter(Boolean);
}

/** The production build of the server, as `npm start` runs it. Resolves at the first 200. */
export async function startApp(
  env: Record<string, string>,
): Promise<{ url: string; pid: number; coldStartMs: number; child: ChildProcess; stop(): Promise<void> }> {
  const started = performance.now();
  // BENCH_SERVER: another build of the server (an A/B comparison of two builds on the same world);
  // BENCH_NODE_ARGS: Node flags to try (e.g. heap sizes).
  const child = spawn(
    process.execPath,
    [
      ...serveFlags(),
      ...(process.env.BENCH_NODE_ARGS ?? '').split(' ').filter(Boolean),
      process.env.BENCH_SERVER ?? 'dist/server/main.js',
    ],
    {
      // Production refuses the development outbox; the benchmark sends no mail, so any SMTP address will do.
      env: {
        ...process.env,
        NODE_ENV: 'production',
        LOG_LEVEL: 'warn',
        SEED_SEASON: 'false',
        SMTP_URL: 'smtp://127.0.0.1:2525',
        ...env,
      },
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  const url = `http://127.0.0.1:${env.PORT}`;
  for (;;) {
    if (child.exitCode !== null) throw new Error('The server exited during start-up');
    const ok = await new Promise<boolean>((resolve) => {
      http
        .get(`${url}/api/health`, (res) => {
          res.resume();
          resolve(res.statusCode === 200);
        })
        .on('error', () => resolve(false));
    });
    if (ok) break;
    await new Promise((r) => setTimeout(r, 20));
  }
  const coldStartMs = performance.now() - started;
  return {
    url,
    pid: child.pid!,
    coldStartMs,
    child,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((r) => child.once('exit', r));
    },
  };
}

let clockTicks = 0;
/**
 * CPU time (user + system) a process has used so far, in ms, from /proc/<pid>/stat (Linux): the
 * server's own cost per request, whatever the load generator beside it takes.
 */
export function cpuMs(pid: number): number {
  if (!clockTicks) clockTicks = Number(execFileSync('getconf', ['CLK_TCK'], { encoding: 'utf8' }).trim()) || 100;
  const stat = fs.readFileSync(`/proc/${pid}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces) start at state; utime and stime are fields 14 and 15.
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return ((Number(fields[11]) + Number(fields[12])) / clockTicks) * 1000;
}

/**
 * CPU time (ms) of a process and its children, live and ended: the database server's share of
 * a request on PostgreSQL (the postmaster, its backends and its helpers). Ended children are in
 * the parent's cutime/cstime once reaped; live ones are read one by one.
 */
export function processTreeCpuMs(pid: number): number {
  if (!clockTicks) cpuMs(pid);
  const fieldsOf = (p: number | string) => {
    const stat = fs.readFileSync(`/proc/${p}/stat`, 'utf8');
    return stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  };
  const own = fieldsOf(pid);
  // utime, stime, cutime, cstime are fields 14–17 (11–14 after the state field).
  let ticks = Number(own[11]) + Number(own[12]) + Number(own[13]) + Number(own[14]);
  for (const entry of fs.readdirSync('/proc')) {
    if (!/^\d+$/.test(entry) || Number(entry) === pid) continue;
    try {
      const f = fieldsOf(entry);
      if (Number(f[1]) === pid) ticks += Number(f[11]) + Number(f[12]);
    } catch {
      // gone meanwhile
    }
  }
  return (ticks / clockTicks) * 1000;
}

/**
 * The same autocannon scenario on several instances at once, the connections shared out: the
 * rates add up; p50 and p99 are the larger of the instances' (autocannon reports percentiles,
 * not the samples, so the combined p99 is bounded from above).
 */
export async function loadOn(
  urls: readonly string[],
  opts: Omit<Parameters<typeof load>[0], 'url'>,
): Promise<LoadResult> {
  if (urls.length === 1) return load({ ...opts, url: urls[0]! });
  const cpuBefore = processCpuMs();
  const parts = await Promise.all(
    urls.map((url, i) =>
      load({
        ...opts,
        url,
        connections: Math.floor(opts.connections / urls.length) + (i < opts.connections % urls.length ? 1 : 0),
      }),
    ),
  );
  const total = parts.reduce((n, p) => n + p.total, 0);
  return {
    name: opts.name,
    connections: opts.connections,
    rps: parts.reduce((n, p) => n + p.rps, 0),
    p50: Math.max(...parts.map((p) => p.p50)),
    p99: Math.max(...parts.map((p) => p.p99)),
    non2xx: parts.reduce((n, p) => n + p.non2xx, 0),
    errors: parts.reduce((n, p) => n + p.errors, 0),
    bytesPerReq: total ? parts.reduce((n, p) => n + p.bytesPerReq * p.total, 0) / total : 0,
    total,
    clientCpu: total ? (processCpuMs() - cpuBefore) / total : undefined,
  };
}

/**
 * Live streams kept open beside a load (the pages of a match week have one each): every
 * `change` event's arrival time, per stream. Each stream comes from its own address and network.
 */
export async function openStreams(
  baseUrl: string,
  n: number,
  firstAddress: number,
): Promise<{ arrivals: number[][]; close(): void }> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: n + 10 });
  const arrivals: number[][] = [];
  const clients: http.ClientRequest[] = [];
  await Promise.all(
    Array.from(
      { length: n },
      (_, i) =>
        new Promise<void>((resolve, reject) => {
          const times: number[] = [];
          arrivals.push(times);
          const a = firstAddress + i;
          const req = http.get(
            `${baseUrl}/api/events`,
            { agent, headers: { 'x-forwarded-for': `10.${(a >> 8) & 255}.${a & 255}.1` } },
            (res) => {
              if (res.statusCode !== 200) reject(new Error(`live stream answered ${res.statusCode}`));
              let buffer = '';
              res.setEncoding('utf8');
              res.on('data', (chunk: string) => {
                buffer += chunk;
                if (buffer.includes(': connected')) resolve();
                let at: number;
                while ((at = buffer.indexOf('event: change')) >= 0) {
                  times.push(performance.now());
                  buffer = buffer.slice(at + 13);
                }
                if (buffer.length > 4096) buffer = buffer.slice(-64);
              });
              res.on('error', () => undefined);
            },
          );
          req.on('error', (err) => (times.length ? undefined : reject(err)));
          clients.push(req);
        }),
    ),
  );
  return {
    arrivals,
    close() {
      for (const c of clients) c.destroy();
      agent.destroy();
    },
  };
}
export function rssMb(pid: number): number {
  const status = fs.readFileSync(`/proc/${pid}/status`, 'utf8');
  const kb = Number(/VmRSS:\s+(\d+)/.exec(status)?.[1] ?? 0);
  return kb / 1024;
}

/**
 * Opens `n` SSE connections, triggers one change, and returns each client's delivery delay (ms)
 * from the moment the trigger was sent.
 */
export async function sseFanout(baseUrl: string, n: number, trigger: () => Promise<void>): Promise<number[]> {
  const agent = new http.Agent({ keepAlive: true, maxSockets: n + 10 });
  const clients: http.ClientRequest[] = [];
  const ready: Promise<void>[] = [];
  const arrivals: Promise<number>[] = [];
  let sentAt = 0;
  for (let i = 0; i < n; i++) {
    let resolveArrival!: (ms: number) => void;
    arrivals.push(new Promise((r) => (resolveArrival = r)));
    ready.push(
      new Promise<void>((resolveReady, reject) => {
        // One address and one /24 per client, as real browsers have (the server caps streams per
        // address and per network, security/stream-caps.ts; run with TRUST_PROXY).
        const forwardedFor = `10.${(i >> 8) & 255}.${i & 255}.1`;
        const req = http.get(
          `${baseUrl}/api/events`,
          { agent, headers: { 'x-forwarded-for': forwardedFor } },
          (res) => {
            let buffer = '';
            res.setEncoding('utf8');
            res.on('data', (chunk: string) => {
              buffer += chunk;
              if (buffer.includes(': connected')) resolveReady();
              if (sentAt && buffer.includes('event: change')) {
                resolveArrival(performance.now() - sentAt);
                buffer = '';
              }
            });
          },
        );
        req.on('error', reject);
        clients.push(req);
      }),
    );
  }
  await Promise.all(ready);
  sentAt = performance.now();
  await trigger();
  const delays = await Promise.race([
    Promise.all(arrivals),
    new Promise<number[]>((_, reject) => setTimeout(() => reject(new Error('SSE delivery timed out')), 30_000)),
  ]);
  for (const c of clients) c.destroy();
  agent.destroy();
  return delays;
}

/**
 * Makes every request of a rotation once, `concurrency` at a time: a scenario's steady state
 * starts with every player in it seen once (a player's first request after a change is measured
 * apart, as the cold rows). Stops after `maxMs` (a route that keeps nothing per player gains
 * nothing from more). Returns how many were made and how many failed (the row says so).
 */
export async function primeAll(
  baseUrl: string,
  requests: Array<{ method?: string; path?: string; body?: string; headers?: Record<string, string> }>,
  concurrency: number,
  maxMs = Infinity,
): Promise<{ made: number; failed: string[] }> {
  let next = 0;
  const failed: string[] = [];
  const until = performance.now() + maxMs;
  const worker = async () => {
    while (next < requests.length && performance.now() < until) {
      const r = requests[next++]!;
      try {
        const res = await fetch(`${baseUrl}${r.path ?? '/'}`, {
          method: r.method ?? 'GET',
          headers: r.headers,
          body: r.body,
          signal: AbortSignal.timeout(30_000),
        });
        await res.arrayBuffer();
        if (!res.ok) failed.push(`${r.method ?? 'GET'} ${r.path}: ${res.status}`);
      } catch (err) {
        failed.push(`${r.method ?? 'GET'} ${r.path}: ${(err as Error).message}`);
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(concurrency, requests.length) }, worker));
  return { made: Math.min(next, requests.length), failed };
}

/**
 * Waits until the processes are idle (under a tenth of a core each over a quarter second), at
 * most `maxMs`: requests a load generator gave up on are still being worked through, and the
 * next row must not pay for them. Returns how long it waited.
 */
export async function settle(pids: readonly number[], maxMs = 60_000): Promise<number> {
  const started = performance.now();
  for (;;) {
    const before = pids.map((p) => cpuMs(p));
    await new Promise((r) => setTimeout(r, 250));
    const busy = pids.some((p, i) => cpuMs(p) - before[i]! > 25);
    if (!busy || performance.now() - started > maxMs) return performance.now() - started;
  }
}

export function percentile(values: number[], p: number): number {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

export function median(values: number[]): number {
  return percentile(values, 50);
}
