import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatWindows, parseWindows } from '../../../game/reminders.js';
import { reminderSettingsDto, reminderSettingsSchema, unsubscribePage } from '../../../contract/reminders.js';
import { escapeHtml } from '../../mail/templates.js';
import { ensureSettings } from '../user-settings/repository.js';
import { saveReminderSettings, unsubscribeByToken } from './repository.js';

/** Deadline reminders: the player's settings, and the one-click unsubscribe link in every reminder. */
export async function reminderRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // RFC 8058 one-click unsubscribe posts a form body; only this plugin needs to accept one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) =>
    done(null, body),
  );

  app.get(
    '/api/me/settings/reminders',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['reminders'],
        summary: 'Your deadline reminder settings',
        response: { 200: reminderSettingsDto },
      },
    },
    async (req) => {
      const s = await ensureSettings(app.deps.db, req.user.id, app.deps.clock.nowIso());
      return { remindersEnabled: s.remindersEnabled === 1, windows: parseWindows(s.reminderWindows) };
    },
  );

  app.put(
    '/api/me/settings/reminders',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['reminders'],
        summary: 'Turn deadline reminders on or off and choose 24 h, 6 h or both',
        body: reminderSettingsSchema,
        response: { 200: reminderSettingsDto },
      },
    },
    async (req) => {
      const { user } = req;
      const reminderWindows = formatWindows(req.body.windows);
      await saveReminderSettings(
        app.deps.db,
        user.id,
        { remindersEnabled: req.body.remindersEnabled, reminderWindows },
        app.deps.clock.nowIso(),
      );
      await app.deps.bus.publish({ type: 'reminders.changed', userId: user.id });
      return { remindersEnabled: req.body.remindersEnabled, windows: parseWindows(reminderWindows) };
    },
  );

  const unsubscribe = async (req: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
    const t = req.query.token ?? '';
    const userId =
      t.length > 0 && t.length <= 200 ? await unsubscribeByToken(app.deps.db, t, app.deps.clock.nowIso()) : null;
    if (userId) await app.deps.bus.publish({ type: 'reminders.changed', userId });
    const settingsUrl = `${app.deps.config.PUBLIC_URL}/settings`;
    return reply
      .status(userId ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        plainPage(
          userId ? 'You are unsubscribed' : 'Link not valid',
          userId
            ? `<p>You will no longer get deadline reminders from Scoreline.</p><p>Changed your mind? Turn them back on in your <a href="${escapeHtml(settingsUrl)}">settings</a>.</p>`
            : `<p>This unsubscribe link is not valid. You can change reminders in your <a href="${escapeHtml(settingsUrl)}">settings</a>.</p>`,
        ),
      );
  };
  const querystring = z.object({ token: z.string().max(500).optional() });
  app.get(
    '/api/reminders/unsubscribe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['reminders'],
        summary: 'One-click unsubscribe from deadline reminders (link in every reminder)',
        querystring,
        response: { 200: unsubscribePage, 404: unsubscribePage },
      },
    },
    unsubscribe,
  );
  app.post(
    '/api/reminders/unsubscribe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['reminders'],
        summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post)',
        querystring,
        response: { 200: unsubscribePage, 404: unsubscribePage },
      },
    },
    unsubscribe,
  );
}

function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Scoreline</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}h1{font-size:1.5rem}a{color:#15803d}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}<p>— Scoreline</p></body></html>`;
}
