import http, { type ClientRequest, type IncomingMessage } from 'node:http';
import https from 'node:https';
import { addAbortSignal } from 'node:stream';
import { promisify } from 'node:util';
import zlib from 'node:zlib';
import { feedUrlProblem } from '../../contract/feed.js';
import { ipLiteral, isPrivateAddress, PRIVATE_ADDRESS_CODE, publicOnlyLookup } from './feed-address.js';
import { parseSeasonFileOffThread, PARSE_TIME_LIMIT_MS } from './parse-off-thread.js';
import { startsLikeJson, type SeasonFileParse } from './parse-season-file.js';

/**
 * Fetches a season's feed (a Football.TXT or openfootball JSON file at an http(s) address) and
 * parses it, within limits that hold whatever the other end does: a total time limit (a server
 * that never answers or trickles bytes), a size cap counted while the bytes arrive (and after
 * decompression), a few redirects and only to http(s), no private addresses (feed-address.ts).
 * Every failure is a kind and a short message for the admin screen and the log, never the body.
 * Node's http/https rather than fetch: fetch cannot check the address it connects to without
 * undici's Agent, which is not a dependency. docs/feed.md.
 */

export const FEED_TIMEOUT_MS = 15_000;
export const FEED_MAX_BYTES = 5 * 1024 * 1024;
export const FEED_MAX_REDIRECTS = 3;

export interface FeedFetchOptions {
  /** The whole fetch, from connecting to the last byte (default 15 s). */
  timeoutMs?: number;
  /** Largest body, after decompression (default 5 MB). */
  maxBytes?: number;
  /** Redirects followed (default 3). */
  maxRedirects?: number;
  /** Allow loopback and private networks (tests, a feed mirrored inside the network). Off by default. */
  allowPrivateAddresses?: boolean;
  /** Cancels the fetch (e.g. at shutdown). */
  signal?: AbortSignal;
  /** How long reading the file may take, on its worker thread (default PARSE_TIME_LIMIT_MS). */
  parseTimeLimitMs?: number;
  /** The server's clock, for fetchedAt. */
  now?: () => Date;
  userAgent?: string;
}

export type FeedFailureKind =
  | 'invalid_url'
  | 'blocked'
  | 'unreachable'
  | 'timeout'
  | 'http_status'
  | 'too_large'
  | 'unreadable'
  | 'not_a_season'
  /** Reading the file was stopped: over its time or memory limit, or too many files at once. */
  | 'parse_stopped';

export type ParsedSeasonFile = Extract<SeasonFileParse, { ok: true }>;

export type FeedFetchResult =
  | {
      ok: true;
      /** The address asked for, and the one the file came from after redirects. */
      url: string;
      finalUrl: string;
      text: string;
      parsed: ParsedSeasonFile;
      fetchedAt: string;
      /** Size of the body as decoded (after decompression). */
      bytes: number;
    }
  | {
      ok: false;
      kind: FeedFailureKind;
      /** One short line, safe to show and log (no body, no control characters). */
      message: string;
      /** The HTTP status, for http_status. */
      status?: number;
      fetchedAt: string;
    };

class FeedError extends Error {
  constructor(
    readonly kind: FeedFailureKind,
    message: string,
    readonly status?: number,
  ) {
    super(message);
  }
}

const REDIRECTS = new Set([301, 302, 303, 307, 308]);
const gunzip = promisify(zlib.gunzip);
const inflate = promisify(zlib.inflate);

export async function fetchSeasonFeed(url: string, opts: FeedFetchOptions = {}): Promise<FeedFetchResult> {
  const timeoutMs = opts.timeoutMs ?? FEED_TIMEOUT_MS;
  const now = opts.now ?? (() => new Date());
  const deadline = AbortSignal.timeout(timeoutMs);
  const signal = opts.signal ? AbortSignal.any([deadline, opts.signal]) : deadline;
  const fail = (kind: FeedFailureKind, message: string, status?: number): FeedFetchResult => ({
    ok: false,
    kind,
    message: clean(message),
    ...(status !== undefined ? { status } : {}),
    fetchedAt: now().toISOString(),
  });

  const problem = feedUrlProblem(url);
  if (problem) return fail('invalid_url', problem);
  let downloaded: { finalUrl: URL; text: string; bytes: number };
  try {
    const { finalUrl, body } = await download(new URL(url), signal, opts);
    downloaded = { finalUrl, text: decodeText(body), bytes: body.length };
  } catch (err) {
    // The deadline first: when it fires mid-body the socket's own error comes along with it.
    if (deadline.aborted) return fail('timeout', `The feed did not arrive within ${seconds(timeoutMs)}.`);
    if (err instanceof FeedError) return fail(err.kind, err.message, err.status);
    if (opts.signal?.aborted) return fail('unreachable', 'The fetch was cancelled.');
    if ((err as NodeJS.ErrnoException | undefined)?.code === PRIVATE_ADDRESS_CODE)
      return fail('blocked', PRIVATE_MESSAGE);
    return fail('unreachable', connectionMessage(err));
  }
  // Read on a worker thread with its own time limit: whatever arrived, the server keeps answering.
  const { finalUrl, text, bytes } = downloaded;
  let parsed;
  try {
    parsed = await parseSeasonFileOffThread(text, fileNameFor(finalUrl, text), {
      timeLimitMs: opts.parseTimeLimitMs ?? PARSE_TIME_LIMIT_MS,
      ...(opts.signal ? { signal: opts.signal } : {}),
    });
  } catch (err) {
    return fail('parse_stopped', `The feed could not be read: ${err instanceof Error ? err.message : String(err)}`);
  }
  if ('stopped' in parsed) return fail('parse_stopped', parsed.message);
  if (!parsed.ok) return fail('not_a_season', `The feed is not a season file: ${parsed.message}`);
  return { ok: true, url, finalUrl: finalUrl.href, text, parsed, fetchedAt: now().toISOString(), bytes };
}

/** Follows redirects (at most maxRedirects, only to allowed addresses) and reads the body of the 200 answer. */
async function download(
  start: URL,
  signal: AbortSignal,
  opts: FeedFetchOptions,
): Promise<{ finalUrl: URL; body: Buffer }> {
  const maxRedirects = opts.maxRedirects ?? FEED_MAX_REDIRECTS;
  let url = start;
  for (let hop = 0; ; hop++) {
    checkHost(url, opts);
    const { req, res } = await open(url, signal, opts);
    try {
      const status = res.statusCode ?? 0;
      if (REDIRECTS.has(status)) {
        const location = res.headers.location;
        if (!location)
          throw new FeedError('http_status', `The feed answered HTTP ${status} without saying where to.`, status);
        if (hop >= maxRedirects)
          throw new FeedError('http_status', `The feed redirected more than ${maxRedirects} times.`, status);
        let next: URL;
        try {
          next = new URL(location, url);
        } catch {
          throw new FeedError('http_status', `The feed redirected to an address that is not valid.`, status);
        }
        const problem = feedUrlProblem(next.href);
        if (problem)
          throw new FeedError(
            'blocked',
            `The feed redirected to an address that is not allowed (${next.protocol}): ${problem}`,
          );
        url = next;
        continue;
      }
      if (status !== 200)
        throw new FeedError(
          'http_status',
          `The feed answered HTTP ${status}${status === 404 ? ' (not found)' : ''}.`,
          status,
        );
      const type = String(res.headers['content-type'] ?? '').toLowerCase();
      if (type.startsWith('text/html') || type.startsWith('application/xhtml'))
        throw new FeedError('not_a_season', 'The feed answered with a web page, not a season file.');
      return { finalUrl: url, body: await readBody(res, signal, opts.maxBytes ?? FEED_MAX_BYTES) };
    } finally {
      req.destroy();
    }
  }
}

function checkHost(url: URL, opts: FeedFetchOptions) {
  if (opts.allowPrivateAddresses) return;
  const ip = ipLiteral(url.hostname);
  if (ip !== null && isPrivateAddress(ip)) throw new FeedError('blocked', PRIVATE_MESSAGE);
}

const PRIVATE_MESSAGE =
  'The feed address is on a loopback or private network; the server fetches feeds only from public addresses.';

function open(
  url: URL,
  signal: AbortSignal,
  opts: FeedFetchOptions,
): Promise<{ req: ClientRequest; res: IncomingMessage }> {
  return new Promise((resolve, reject) => {
    const client = url.protocol === 'https:' ? https : http;
    const req = client.request(url, {
      method: 'GET',
      signal,
      // One connection per fetch, closed after it: nothing pooled between polls.
      agent: false,
      ...(opts.allowPrivateAddresses ? {} : { lookup: publicOnlyLookup }),
      headers: {
        'user-agent': opts.userAgent ?? 'Scoreline season feed',
        accept: 'application/json, text/plain;q=0.9, */*;q=0.5',
        'accept-encoding': 'gzip, deflate',
      },
    });
    req.once('response', (res) => {
      // Errors on the body reach the reader through its iterator; this keeps an unread body's from crashing the process.
      res.on('error', () => {});
      resolve({ req, res });
    });
    // Not once: a request can fail again after the response (an abort mid-body), and an unheard error would crash the process.
    req.on('error', reject);
    req.end();
  });
}

/** The body, refused as soon as it passes maxBytes (declared, arriving, or decompressed). */
async function readBody(res: IncomingMessage, signal: AbortSignal, maxBytes: number): Promise<Buffer> {
  const tooLarge = () => new FeedError('too_large', `The feed is larger than ${megabytes(maxBytes)}.`);
  const declared = Number(res.headers['content-length']);
  if (Number.isFinite(declared) && declared > maxBytes) throw tooLarge();
  const encoding = String(res.headers['content-encoding'] ?? 'identity')
    .trim()
    .toLowerCase();
  if (!['identity', '', 'gzip', 'x-gzip', 'deflate'].includes(encoding))
    throw new FeedError(
      'unreadable',
      `The feed is compressed in a way the server does not read (${encoding.slice(0, 20)}).`,
    );

  const chunks: Buffer[] = [];
  let size = 0;
  // The deadline ends the loop too, whatever the socket does.
  addAbortSignal(signal, res);
  try {
    for await (const chunk of res as AsyncIterable<Buffer>) {
      size += chunk.length;
      if (size > maxBytes) throw tooLarge();
      chunks.push(chunk);
    }
  } catch (err) {
    if (err instanceof FeedError || isAbort(err)) throw err;
    throw new FeedError('unreadable', 'The connection closed before the whole feed arrived.');
  }
  if (!res.complete) throw new FeedError('unreadable', 'The connection closed before the whole feed arrived.');
  const raw = Buffer.concat(chunks);
  if (encoding === 'gzip' || encoding === 'x-gzip' || encoding === 'deflate') {
    try {
      return await (encoding === 'deflate' ? inflate : gunzip)(raw, { maxOutputLength: maxBytes });
    } catch (err) {
      if ((err as NodeJS.ErrnoException).code === 'ERR_BUFFER_TOO_LARGE') throw tooLarge();
      throw new FeedError('unreadable', 'The feed says it is compressed but cannot be decompressed.');
    }
  }
  return raw;
}

function isAbort(err: unknown): boolean {
  return err instanceof Error && (err.name === 'AbortError' || (err as NodeJS.ErrnoException).code === 'ABORT_ERR');
}

/** UTF-8 text (a byte-order mark is fine), or unreadable. */
function decodeText(body: Buffer): string {
  let text: string;
  try {
    text = new TextDecoder('utf-8', { fatal: true }).decode(body);
  } catch {
    throw new FeedError('unreadable', 'The feed is not UTF-8 text.');
  }
  if (text.includes('\u0000')) throw new FeedError('unreadable', 'The feed is not text (it holds binary data).');
  if (!text.trim()) throw new FeedError('not_a_season', 'The feed is empty.');
  return text;
}

/** JSON by content or by a `.json` address; Football.TXT otherwise (parse-season-file's detection). */
function fileNameFor(url: URL, text: string): string {
  if (startsLikeJson(text) || url.pathname.toLowerCase().endsWith('.json')) return 'feed.json';
  return 'feed.txt';
}

function connectionMessage(err: unknown): string {
  const code = (err as NodeJS.ErrnoException | undefined)?.code ?? '';
  switch (code) {
    case 'ECONNREFUSED':
      return "The feed's server refused the connection.";
    case 'ENOTFOUND':
    case 'EAI_AGAIN':
      return "The feed's host name was not found.";
    case 'ECONNRESET':
    case 'EPIPE':
      return 'The connection to the feed was reset.';
    case 'ETIMEDOUT':
    case 'ENETUNREACH':
    case 'EHOSTUNREACH':
      return "The feed's server could not be reached.";
    case 'HPE_INVALID_CONSTANT':
    case 'HPE_INVALID_STATUS':
    case 'HPE_INVALID_HEADER_TOKEN':
    case 'HPE_HEADER_OVERFLOW':
      return "The feed's server did not answer in HTTP.";
    default:
      if (/CERT|SSL|TLS/i.test(code) || /certificate|ssl|tls/i.test((err as Error | undefined)?.message ?? ''))
        return "The feed's HTTPS certificate was not accepted.";
      return `The feed could not be reached${code ? ` (${code})` : ''}.`;
  }
}

const seconds = (ms: number) => (ms % 1000 === 0 ? `${ms / 1000} s` : `${(ms / 1000).toFixed(1)} s`);
const megabytes = (n: number) =>
  n >= 1024 * 1024 ? `${Math.round((n / 1024 / 1024) * 10) / 10} MB` : `${Math.ceil(n / 1024)} KB`;

/** One line, no control or reordering characters, bounded: safe for the screen and the log. */
function clean(message: string): string {
  const line = message.replace(/[\p{Cc}\u200b-\u200f\u2028-\u202e\u2060-\u2069\ufeff]/gu, '?');
  return line.length > 300 ? `${line.slice(0, 299)}…` : line;
}
