import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { outboxPage, outboxReply } from '../../contract/system.js';
import type { Deps } from '../app.js';
import {
  createOutboxKey,
  givenOutboxKey,
  guardOutbox,
  OUTBOX_COOKIE,
  OUTBOX_STYLE,
  outboxLink,
} from '../security/outbox-guard.js';
import { escapeHtml } from './templates.js';

const keys = new WeakMap<Deps, string>();

/** This server's outbox key (tests read mail with it); undefined where there is no outbox (production). */
export function devOutboxKey(app: FastifyInstance): string | undefined {
  return keys.get(app.deps);
}

const query = z.object({ key: z.string().max(200).optional() });

/**
 * /dev/mail: the development outbox, readable in the browser. Not registered in production, and
 * served only to a browser on this machine that opened the link with this server's key, which
 * is printed in the server log at start-up (it holds every reset link).
 */
export async function devOutboxRoutes(app: FastifyInstance) {
  const key = createOutboxKey();
  keys.set(app.deps, key);
  guardOutbox(app, key);
  app.addHook('onListen', async () => {
    app.log.info(`Development outbox (mail while no SMTP_URL is set): ${outboxLink(app.deps.config.PUBLIC_URL, key)}`);
  });

  app.get(
    '/dev/mail.json',
    { config: { auth: 'public' }, schema: { hide: true, querystring: query, response: { 200: outboxReply } } },
    async () => {
      const rows = await app.deps.db.selectFrom('mailOutbox').selectAll().orderBy('id', 'desc').limit(100).execute();
      return { messages: rows };
    },
  );
  app.get(
    '/dev/mail',
    { config: { auth: 'public' }, schema: { hide: true, querystring: query, response: { 200: outboxPage } } },
    async (req, reply) => {
      // The link's key goes into a cookie for this page only, and out of the address bar.
      if (givenOutboxKey(req)?.from === 'query') {
        reply.header('set-cookie', `${OUTBOX_COOKIE}=${key}; Path=/dev; HttpOnly; SameSite=Strict`);
        return reply.redirect('/dev/mail', 303);
      }
      const rows = await app.deps.db.selectFrom('mailOutbox').selectAll().orderBy('id', 'desc').limit(100).execute();
      const items = rows
        .map((m) => {
          const body = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
          return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p><pre>${body}</pre></article>`;
        })
        .join('');
      reply.type('text/html; charset=utf-8');
      return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development outbox · Scoreline</title>
<style>${OUTBOX_STYLE}</style>
</head><body><h1>Development outbox</h1><p>Mail sent while no SMTP_URL is set. Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
    },
  );
}
