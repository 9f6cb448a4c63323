import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { formatWindows, parseWindows } from '../../../game/reminders.js';
import { reminderSettingsDto, reminderSettingsSchema, unsubscribePage } from '../../../contract/reminders.js';
import { escapeHtml } from '../../mail/templates.js';
import { ensureSettings } from '../user-settings/index.js';
import { reminderHolderByToken, saveReminderSettings, unsubscribeByToken } from './repository.js';

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

  const tokenOf = (req: FastifyRequest<{ Querystring: { token?: string } }>) => {
    const t = req.query.token ?? '';
    return t.length > 0 && t.length <= 200 ? t : null;
  };
  const settingsLink = () => `<a href="${escapeHtml(`${app.deps.config.PUBLIC_URL}/settings`)}">settings</a>`;
  const page = (reply: FastifyReply, status: 200 | 404, title: string, body: string) =>
    reply
      .status(status)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(plainPage(title, body));
  const notValid = (reply: FastifyReply) =>
    page(
      reply,
      404,
      'Link not valid',
      `<p>This unsubscribe link is not valid. You can change reminders in your ${settingsLink()}.</p>`,
    );
  const unsubscribed = (reply: FastifyReply) =>
    page(
      reply,
      200,
      'You are unsubscribed',
      `<p>You will no longer get deadline reminders from Scoreline.</p><p>Changed your mind? Turn them back on in your ${settingsLink()}.</p>`,
    );

  // Opening the link only asks: mail scanners and link previews fetch every link in a message,
  // and a GET that unsubscribed would turn reminders off for people who never clicked.
  const querystring = z.object({ token: z.string().max(500).optional() });
  app.get(
    '/api/reminders/unsubscribe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['reminders'],
        summary:
          'The unsubscribe link in every reminder: a page that asks, with a button that unsubscribes (changes nothing itself)',
        querystring,
        response: { 200: unsubscribePage, 404: unsubscribePage },
      },
    },
    async (req, reply) => {
      const token = tokenOf(req);
      const holder = token ? await reminderHolderByToken(app.deps.db, token) : null;
      if (!holder) return notValid(reply);
      if (!holder.remindersEnabled)
        return page(
          reply,
          200,
          'Reminders are off',
          `<p>You do not get deadline reminders from Scoreline. You can turn them back on in your ${settingsLink()}.</p>`,
        );
      const action = `/api/reminders/unsubscribe?token=${encodeURIComponent(token!)}`;
      return page(
        reply,
        200,
        'Stop deadline reminders?',
        `<p>Scoreline e-mails you before prediction deadlines. Press the button to stop these reminders.</p>
<form method="post" action="${escapeHtml(action)}"><input type="hidden" name="List-Unsubscribe" value="One-Click"><button type="submit">Unsubscribe</button></form>
<p>To keep them, just close this page. You can also choose when they come in your ${settingsLink()}.</p>`,
      );
    },
  );
  app.post(
    '/api/reminders/unsubscribe',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['reminders'],
        summary: "Unsubscribe: RFC 8058 one-click (List-Unsubscribe-Post) and the button of the link's page",
        querystring,
        response: { 200: unsubscribePage, 404: unsubscribePage },
      },
    },
    async (req, reply) => {
      const token = tokenOf(req);
      const userId = token ? await unsubscribeByToken(app.deps.db, token, app.deps.clock.nowIso()) : null;
      if (!userId) return notValid(reply);
      await app.deps.bus.publish({ type: 'reminders.changed', userId });
      return unsubscribed(reply);
    },
  );
}

function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Scoreline</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}h1{font-size:1.5rem}a{color:#15803d}button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:.375rem;background:#15803d;color:#fff;cursor:pointer}button:focus-visible{outline:3px solid #0f172a;outline-offset:2px}</style></head>
<body><main><h1>${escapeHtml(title)}</h1>${body}<p>— Scoreline</p></main></body></html>`;
}
