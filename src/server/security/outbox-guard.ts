import crypto from 'node:crypto';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { escapeHtml } from '../mail/templates.js';
import { isLoopbackAddress } from './hosts.js';

/** Headers a proxy adds: a request carrying one came from somewhere else, even if the proxy runs here. */
const PROXY_HEADERS = ['x-forwarded-for', 'forwarded', 'x-real-ip', 'x-forwarded-host'];

/** The cookie the outbox link sets, so the page can be reloaded without the key in the address. */
export const OUTBOX_COOKIE = 'scoreline_dev_outbox';
const KEY_MAX = 200;
/** The outbox pages' look (long links wrap anywhere: a verification token has no break of its own). */
export const OUTBOX_STYLE =
  'body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap;overflow-wrap:anywhere}.meta{color:#555}';

/**
 * A request from someone sitting at this machine: the socket's own address is loopback (never a
 * forwarded header, which anyone can send) and no proxy passed it on. The Host header has been
 * checked already for every request (host-check.ts).
 */
export function isFromThisMachine(req: FastifyRequest): boolean {
  if (!isLoopbackAddress(req.socket.remoteAddress)) return false;
  return PROXY_HEADERS.every((h) => req.headers[h] === undefined);
}

/** A fresh secret for one running server's outbox. */
export function createOutboxKey(): string {
  return crypto.randomBytes(32).toString('base64url');
}

/** The link printed in the server log: opening it lets that browser read the outbox. */
export function outboxLink(publicUrl: string, key: string): string {
  return `${publicUrl.replace(/\/$/, '')}/dev/mail?key=${key}`;
}

/** The key a request brings: `?key=` (the link, or a script) or the cookie the link set. */
export function givenOutboxKey(req: FastifyRequest): { key: string; from: 'query' | 'cookie' } | null {
  const query = (req.query as Record<string, unknown> | undefined)?.key;
  if (typeof query === 'string') return { key: query, from: 'query' };
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const eq = part.indexOf('=');
    if (eq !== -1 && part.slice(0, eq).trim() === OUTBOX_COOKIE)
      return { key: part.slice(eq + 1).trim(), from: 'cookie' };
  }
  return null;
}

/** Compared as digests, so neither the length nor the first wrong character shows in the time taken. */
function sameKey(given: string, key: string): boolean {
  if (given.length > KEY_MAX) return false;
  const digest = (s: string) => crypto.createHash('sha256').update(s).digest();
  return crypto.timingSafeEqual(digest(given), digest(key));
}

/**
 * Refuses the development outbox (it holds every reset and verification link) to anyone but a
 * browser at this machine that holds this server's key. The loopback check alone let anyone
 * through a plain TCP forwarder (ssh -R, socat, a tunnel), which connects from loopback and adds
 * no proxy header; the key is printed only in the server's own log.
 */
export function guardOutbox(app: FastifyInstance, key: string): void {
  const where = `${app.deps.config.PUBLIC_URL.replace(/\/$/, '')}/dev/mail`;
  app.addHook('onRequest', async (req, reply) => {
    const refuse = (code: string, message: string) => {
      reply.status(403);
      // The page is opened in a browser: it says why in a page; the JSON reader gets our error shape.
      if (req.url.startsWith('/dev/mail.json')) return reply.send({ error: { code, message } });
      return reply
        .type('text/html; charset=utf-8')
        .send(
          `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development outbox · Scoreline</title><style>${OUTBOX_STYLE}</style></head><body><h1>Development outbox</h1><p>${escapeHtml(message)}</p></body></html>`,
        );
    };
    if (!isFromThisMachine(req))
      return refuse(
        'outbox_local_only',
        `The development outbox is shown only on this computer: open ${where} in a browser on the machine running Scoreline.`,
      );
    const given = givenOutboxKey(req);
    if (given && sameKey(given.key, key)) return;
    return refuse(
      'outbox_key_required',
      `The development outbox opens with the link printed in the server log when Scoreline started (${where}?key=…). Each start prints a new one.`,
    );
  });
}
