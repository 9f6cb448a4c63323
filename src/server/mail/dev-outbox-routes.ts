import type { FastifyInstance } from 'fastify';
import { outboxPage, outboxReply } from '../../contract/system.js';
import { guardOutbox } from '../security/outbox-guard.js';
import { escapeHtml } from './templates.js';

/**
 * /dev/mail: the development outbox, readable in the browser. Not registered in production, and
 * served only to a browser on this machine (it holds every reset link).
 */
export async function devOutboxRoutes(app: FastifyInstance) {
  guardOutbox(app);
  app.get('/dev/mail.json', { config: { auth: 'public' }, schema: { hide: true, response: { 200: outboxReply } } }, async () => {
    const rows = await app.deps.db.selectFrom('mailOutbox').selectAll().orderBy('id', 'desc').limit(100).execute();
    return { messages: rows };
  });
  app.get('/dev/mail', { config: { auth: 'public' }, schema: { hide: true, response: { 200: outboxPage } } }, async (_req, reply) => {
    const rows = await app.deps.db.selectFrom('mailOutbox').selectAll().orderBy('id', 'desc').limit(100).execute();
    const items = rows
      .map((m) => {
        const body = escapeHtml(m.text).replace(/(https?:\/\/[^\s<]+)/g, '<a href="$1">$1</a>');
        return `<article><h2>${escapeHtml(m.subject)}</h2><p class="meta">To ${escapeHtml(m.to)} · ${escapeHtml(m.createdAt)}</p><pre>${body}</pre></article>`;
      })
      .join('');
    reply.type('text/html; charset=utf-8');
    return `<!doctype html><html lang="en"><head><meta charset="utf-8"><title>Development outbox · Scoreline</title>
<style>body{font-family:system-ui,sans-serif;max-width:760px;margin:2rem auto;padding:0 1rem;color:#111}article{border:1px solid #ddd;border-radius:8px;padding:1rem;margin:1rem 0}pre{white-space:pre-wrap}.meta{color:#555}</style>
</head><body><h1>Development outbox</h1><p>Mail sent while no SMTP_URL is set. Newest first.</p>${items || '<p>No mail yet.</p>'}</body></html>`;
  });
}
