import http from 'node:http';
import { percentile } from './tools.js';

/**
 * A load generator of virtual browsers, for what autocannon cannot model: pages and a match
 * week's mix. Each browser loads one page after another, each page as the web app loads it: in
 * waves, the requests of a wave in parallel over the browser's own keep-alive connections (at
 * most six, as a browser opens per host), each with the cookie and address of the player the
 * browser is at that moment. It measures every request (by its route's label) and every page
 * (from its first request to its last answer). Closed loop: a browser starts its next page when
 * the last one is done, so the server runs at the load the browsers can put on it.
 */
export interface PageRequest {
  /** What the row calls it (the route, without ids): requests are counted per label. */
  label: string;
  method: 'GET' | 'PUT' | 'POST' | 'DELETE';
  path: string;
  body?: string;
  /** The session to send: the player's (default), the admin's, or none. */
  as?: 'player' | 'admin' | 'none';
}

/** One page load (or one action on a page): its waves in order, the requests of a wave at once. */
export interface Visit {
  page: string;
  waves: PageRequest[][];
}

export interface Player {
  cookie: string;
  address: string;
}

export interface Tally {
  count: number;
  p50: number;
  p99: number;
  max: number;
  /** Mean answer size in bytes (body). */
  bytes: number;
}

export interface LoaderResult {
  seconds: number;
  requests: number;
  rps: number;
  p50: number;
  p99: number;
  pages: number;
  non2xx: number;
  errors: number;
  /** The first few refusals and failures, to say why a row failed. */
  problems: string[];
  byLabel: Map<string, Tally>;
  byPage: Map<string, Tally>;
}

class Samples {
  private readonly values: number[] = [];
  private bytes = 0;
  add(ms: number, bytes = 0) {
    this.values.push(ms);
    this.bytes += bytes;
  }
  tally(): Tally {
    return {
      count: this.values.length,
      p50: percentile(this.values, 50),
      p99: percentile(this.values, 99),
      max: this.values.reduce((a, b) => Math.max(a, b), 0),
      bytes: this.values.length ? this.bytes / this.values.length : 0,
    };
  }
  get all() {
    return this.values;
  }
}

interface Answer {
  status: number;
  bytes: number;
  ms: number;
  body?: string;
}

function send(
  url: URL,
  agent: http.Agent,
  req: PageRequest,
  headers: Record<string, string>,
  keepBody: boolean,
): Promise<Answer> {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const r = http.request(
      {
        host: url.hostname,
        port: url.port,
        method: req.method,
        path: req.path,
        agent,
        headers: req.body
          ? { ...headers, 'content-type': 'application/json', 'content-length': String(Buffer.byteLength(req.body)) }
          : headers,
      },
      (res) => {
        let bytes = 0;
        const chunks: Buffer[] = [];
        res.on('data', (c: Buffer) => {
          bytes += c.length;
          if (keepBody) chunks.push(c);
        });
        res.on('end', () =>
          resolve({
            status: res.statusCode ?? 0,
            bytes,
            ms: performance.now() - started,
            body: keepBody ? Buffer.concat(chunks).toString('utf8') : undefined,
          }),
        );
        res.on('error', reject);
      },
    );
    r.on('error', reject);
    // A request still unanswered after this counts as an error (autocannon gives up after 10 s; pages may wait longer).
    r.setTimeout(30_000, () => r.destroy(new Error('no answer within 30 s')));
    r.end(req.body);
  });
}

/**
 * Runs `browsers` virtual browsers for `seconds`. Browser `b` talks to `urls[b % urls.length]`
 * (two instances share the load that way) and asks `next(b)` what to load next and as whom.
 * `admin` is the session of requests marked `as: 'admin'`.
 */
export async function runBrowsers(opts: {
  urls: readonly string[];
  browsers: number;
  seconds: number;
  /** What browser `b` loads next, as whom; null: that browser is done. */
  next: (browser: number) => { player: Player; visit: Visit } | null;
  admin?: Player;
}): Promise<LoaderResult> {
  const all = new Samples();
  const labels = new Map<string, Samples>();
  const pages = new Map<string, Samples>();
  const problems: string[] = [];
  let non2xx = 0;
  let errors = 0;
  const started = performance.now();
  const until = started + opts.seconds * 1000;
  const note = (what: string) => {
    if (problems.length < 5) problems.push(what);
  };

  const browser = async (b: number) => {
    const url = new URL(opts.urls[b % opts.urls.length]!);
    const agent = new http.Agent({ keepAlive: true, maxSockets: 6 });
    try {
      while (performance.now() < until) {
        const step = opts.next(b);
        if (!step) break;
        const { player, visit } = step;
        const pageStarted = performance.now();
        let failed = false;
        for (const wave of visit.waves) {
          await Promise.all(
            wave.map(async (req) => {
              const who = req.as === 'admin' ? opts.admin : req.as === 'none' ? undefined : player;
              const headers: Record<string, string> = {
                'accept-encoding': 'gzip, deflate, br',
                ...(who ? { cookie: who.cookie, 'x-forwarded-for': who.address } : {}),
              };
              try {
                const answer = await send(url, agent, req, headers, false);
                all.add(answer.ms, answer.bytes);
                let s = labels.get(req.label);
                if (!s) labels.set(req.label, (s = new Samples()));
                s.add(answer.ms, answer.bytes);
                if (answer.status < 200 || answer.status >= 300) {
                  non2xx++;
                  failed = true;
                  note(`${req.method} ${req.path}: ${answer.status}`);
                }
              } catch (err) {
                errors++;
                failed = true;
                note(`${req.method} ${req.path}: ${(err as Error).message}`);
              }
            }),
          );
        }
        if (!failed) {
          let s = pages.get(visit.page);
          if (!s) pages.set(visit.page, (s = new Samples()));
          s.add(performance.now() - pageStarted);
        }
      }
    } finally {
      agent.destroy();
    }
  };
  await Promise.all(Array.from({ length: opts.browsers }, (_, b) => browser(b)));
  const seconds = (performance.now() - started) / 1000;
  const t = all.tally();
  return {
    seconds,
    requests: t.count,
    rps: t.count / seconds,
    p50: t.p50,
    p99: t.p99,
    pages: [...pages.values()].reduce((n, s) => n + s.all.length, 0),
    non2xx,
    errors,
    problems,
    byLabel: new Map([...labels].map(([k, s]) => [k, s.tally()])),
    byPage: new Map([...pages].map(([k, s]) => [k, s.tally()])),
  };
}

/** One request outside the load (the admin's result saves beside it), timed. */
export async function timedRequest(base: string, req: PageRequest, who: Player | undefined): Promise<Answer> {
  const agent = new http.Agent({ keepAlive: false });
  try {
    return await send(
      new URL(base),
      agent,
      req,
      {
        'accept-encoding': 'gzip, deflate, br',
        ...(who ? { cookie: who.cookie, 'x-forwarded-for': who.address } : {}),
      },
      true,
    );
  } finally {
    agent.destroy();
  }
}
