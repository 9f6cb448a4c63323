import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { DateTime, IANAZone } from 'luxon';
import { z } from 'zod';
import { buildCalendar } from '../../../game/calendar.js';
import { deriveStatus } from '../../../game/fixture-status.js';
import { formatWindows, parseWindows } from '../../../game/reminders.js';
import { liveScoreSchema, reminderSettingsSchema } from '../../../game/schemas/matchday.js';
import { UK_ZONE } from '../../../game/time.js';
import { requireAdmin, requireUser } from '../../auth/session.js';
import { badRequest, conflict, forbidden, notFound } from '../../errors.js';
import { escapeHtml } from '../../mail/templates.js';
import { routeLimit } from '../../security/route-limits.js';
import { fixtureDto, presentFixture } from '../fixtures/presenter.js';
import { getFixture } from '../fixtures/repository.js';
import { liveTableDto, matchDto, presentLiveTable, presentMatch } from './presenter.js';
import {
  countLiveMatches,
  ensureSettings,
  isLeagueMember,
  leagueMembersWithPoints,
  listAllMatches,
  listDayAndLiveMatches,
  livePredictionsOfLeague,
  nextKickoff,
  regenerateCalendarToken,
  saveProvisionalScore,
  saveReminderSettings,
  unsubscribeByToken,
  userIdByCalendarToken,
} from './repository.js';

/** What an in-play score change makes every open screen refetch. */
export const LIVE_SCORE_KEYS = [['matches'], ['fixtures'], ['leagues']];

const errorDto = z.object({ error: z.object({ code: z.string(), message: z.string() }) });
const reminderSettingsDto = z.object({ remindersEnabled: z.boolean(), windows: z.array(z.number()) });
const calendarDto = z.object({ url: z.string() });

export const NOT_LIVE_YET = "This match hasn't kicked off yet. You can enter an in-play score once it is live.";
export const ALREADY_FINISHED = 'This match is finished: its final result has been saved. Change the final result instead.';
export const IS_POSTPONED = 'This match is postponed, so it has no in-play score.';

export async function matchdayRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const signedIn = { preValidation: async (req: FastifyRequest) => void (await requireUser(app, req)) };
  const admin = { preValidation: async (req: FastifyRequest) => void (await requireAdmin(app, req)) };
  const calendarUrl = (t: string) => `${app.deps.config.PUBLIC_URL}/api/calendar/${t}.ics`;

  // RFC 8058 one-click unsubscribe posts a form body; only this plugin needs to accept one.
  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_req, body, done) => done(null, body));

  app.put(
    '/api/admin/live-scores/:fixtureId',
    {
      ...admin,
      schema: {
        tags: ['matchday'],
        summary: 'Enter or update the provisional in-play score of a live match (never scored)',
        params: z.object({ fixtureId: z.string().min(1).max(200) }),
        body: liveScoreSchema,
        response: { 200: z.object({ fixture: fixtureDto }), 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      await requireAdmin(app, req);
      const { db, clock } = app.deps;
      const fixture = await db.transaction().execute(async (trx) => {
        const f = await getFixture(trx, req.params.fixtureId);
        if (!f) throw notFound('This match does not exist.');
        const now = clock.now();
        const status = deriveStatus(f, f.result, now);
        if (status === 'postponed') throw conflict(IS_POSTPONED, 'postponed');
        if (status === 'upcoming') throw conflict(NOT_LIVE_YET, 'not_live');
        if (status === 'finished') throw conflict(ALREADY_FINISHED, 'finished');
        if (!(await saveProvisionalScore(trx, f.id, req.body, now.toISOString()))) throw conflict(ALREADY_FINISHED, 'finished');
        return presentFixture((await getFixture(trx, f.id))!, now);
      });
      await app.deps.bus.publish({ type: 'live-score', keys: LIVE_SCORE_KEYS });
      return { fixture };
    },
  );

  app.get(
    '/api/matches',
    {
      ...signedIn,
      schema: {
        tags: ['matchday'],
        summary: "Today's matches (in the viewer's time zone) and every live one, with the viewer's prediction and points",
        querystring: z.object({ tz: z.string().max(64).optional() }),
        response: {
          200: z.object({ timeZone: z.string(), today: z.string(), matches: z.array(matchDto), nextMatchDay: z.string().nullable() }),
          400: errorDto,
        },
      },
    },
    async (req) => {
      const user = await requireUser(app, req);
      const timeZone = req.query.tz ?? UK_ZONE;
      if (!IANAZone.isValidZone(timeZone)) throw badRequest('Unknown time zone.', 'validation_error');
      const now = app.deps.clock.now();
      const start = DateTime.fromJSDate(now, { zone: timeZone }).startOf('day');
      const end = start.plus({ days: 1 });
      const range = { fromIso: start.toJSDate().toISOString(), toIso: end.toJSDate().toISOString(), nowIso: now.toISOString() };
      const [rows, next] = await Promise.all([listDayAndLiveMatches(app.deps.db, user.id, range), nextKickoff(app.deps.db, range.toIso)]);
      return {
        timeZone,
        today: start.toISODate()!,
        matches: rows.map((r) => presentMatch(r, now)),
        nextMatchDay: next ? DateTime.fromISO(next, { zone: timeZone }).toISODate() : null,
      };
    },
  );

  app.get(
    '/api/leagues/:id/live-table',
    {
      ...signedIn,
      schema: {
        tags: ['matchday'],
        summary: "A league's table with the provisional points of matches in play added to the stored totals (members only)",
        params: z.object({ id: z.string().min(1).max(200) }),
        response: { 200: liveTableDto, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const user = await requireUser(app, req);
      const { db, clock } = app.deps;
      const membership = await isLeagueMember(db, req.params.id, user.id);
      if (membership === 'no_league') throw notFound('This league does not exist.');
      if (membership === 'not_member') throw forbidden('Only members of this league can see its table.');
      const nowIso = clock.nowIso();
      const [members, live, liveMatches] = await Promise.all([
        leagueMembersWithPoints(db, req.params.id),
        livePredictionsOfLeague(db, req.params.id, nowIso),
        countLiveMatches(db, nowIso),
      ]);
      return presentLiveTable(req.params.id, members, live, liveMatches);
    },
  );

  // ------------------------------------------------------------------ reminders

  app.get(
    '/api/me/settings/reminders',
    { ...signedIn, schema: { tags: ['matchday'], summary: 'Your deadline reminder settings', response: { 200: reminderSettingsDto } } },
    async (req) => {
      const user = await requireUser(app, req);
      const s = await ensureSettings(app.deps.db, user.id, app.deps.clock.nowIso());
      return { remindersEnabled: s.remindersEnabled === 1, windows: parseWindows(s.reminderWindows) };
    },
  );

  app.put(
    '/api/me/settings/reminders',
    {
      ...signedIn,
      schema: { tags: ['matchday'], summary: 'Turn deadline reminders on or off and choose 24 h, 6 h or both', body: reminderSettingsSchema, response: { 200: reminderSettingsDto } },
    },
    async (req) => {
      const user = await requireUser(app, req);
      const reminderWindows = formatWindows(req.body.windows);
      await saveReminderSettings(app.deps.db, user.id, { remindersEnabled: req.body.remindersEnabled, reminderWindows }, app.deps.clock.nowIso());
      await app.deps.bus.publish({ type: 'reminder-settings', keys: [['me', 'reminders']], userId: user.id });
      return { remindersEnabled: req.body.remindersEnabled, windows: parseWindows(reminderWindows) };
    },
  );

  const unsubscribe = async (req: FastifyRequest<{ Querystring: { token?: string } }>, reply: FastifyReply) => {
    const t = req.query.token ?? '';
    const ok = t.length > 0 && t.length <= 200 && (await unsubscribeByToken(app.deps.db, t, app.deps.clock.nowIso()));
    if (ok) {
      const row = await app.deps.db.selectFrom('userSettings').select('userId').where('unsubscribeToken', '=', t).executeTakeFirst();
      if (row) await app.deps.bus.publish({ type: 'reminder-settings', keys: [['me', 'reminders']], userId: row.userId });
    }
    const settingsUrl = `${app.deps.config.PUBLIC_URL}/settings`;
    return reply
      .status(ok ? 200 : 404)
      .header('cache-control', 'no-store')
      .type('text/html; charset=utf-8')
      .send(
        plainPage(
          ok ? 'You are unsubscribed' : 'Link not valid',
          ok
            ? `<p>You will no longer get deadline reminders from Scoreline.</p><p>Changed your mind? Turn them back on in your <a href="${escapeHtml(settingsUrl)}">settings</a>.</p>`
            : `<p>This unsubscribe link is not valid. You can change reminders in your <a href="${escapeHtml(settingsUrl)}">settings</a>.</p>`,
        ),
      );
  };
  const unsubscribeSchema = { tags: ['matchday'], querystring: z.object({ token: z.string().max(500).optional() }) };
  app.get('/api/reminders/unsubscribe', { schema: { ...unsubscribeSchema, summary: 'One-click unsubscribe from deadline reminders (link in every reminder)' } }, unsubscribe);
  app.post('/api/reminders/unsubscribe', { schema: { ...unsubscribeSchema, summary: 'RFC 8058 one-click unsubscribe (List-Unsubscribe-Post)' } }, unsubscribe);

  // ------------------------------------------------------------------ calendar feed

  app.get(
    '/api/me/calendar',
    { ...signedIn, schema: { tags: ['matchday'], summary: 'Your private calendar feed URL', response: { 200: calendarDto } } },
    async (req) => {
      const user = await requireUser(app, req);
      const s = await ensureSettings(app.deps.db, user.id, app.deps.clock.nowIso());
      return { url: calendarUrl(s.calendarToken) };
    },
  );

  app.post(
    '/api/me/calendar/regenerate',
    {
      ...signedIn,
      preHandler: routeLimit(app, 'calendarRegenerate', 'user', (wait) => `You have made too many new calendar links. Please wait ${wait} and try again.`),
      schema: { tags: ['matchday'], summary: 'A new calendar feed URL; the old one stops working', response: { 200: calendarDto } },
    },
    async (req) => {
      const user = await requireUser(app, req);
      const t = await regenerateCalendarToken(app.deps.db, user.id, app.deps.clock.nowIso());
      await app.deps.bus.publish({ type: 'calendar', keys: [['me', 'calendar']], userId: user.id });
      return { url: calendarUrl(t) };
    },
  );

  app.get(
    '/api/calendar/:file',
    { schema: { tags: ['matchday'], summary: 'A private iCalendar feed of every fixture (the URL from /api/me/calendar)', params: z.object({ file: z.string().max(300) }) } },
    async (req, reply) => {
      const match = /^([A-Za-z0-9_-]{1,200})\.ics$/.exec(req.params.file);
      const userId = match ? await userIdByCalendarToken(app.deps.db, match[1]!) : null;
      if (!userId) throw notFound('This calendar link is not valid. Get the current one in your settings.');
      const rows = await listAllMatches(app.deps.db, userId);
      const now = app.deps.clock.now();
      const { PUBLIC_URL } = app.deps.config;
      const text = buildCalendar({
        now,
        publicUrl: PUBLIC_URL,
        host: new URL(PUBLIC_URL).host,
        fixtures: rows.map((r) => ({
          id: r.id,
          homeTeam: r.homeTeam,
          awayTeam: r.awayTeam,
          kickoffAt: r.kickoffAt,
          postponed: r.postponed === 1,
          gameweek: r.gameweek,
          createdAt: r.createdAt,
          updatedAt: r.updatedAt,
          result: r.result ? { homeScore: r.result.homeScore, awayScore: r.result.awayScore, final: r.result.final === 1 } : null,
          prediction: r.prediction,
        })),
      });
      return reply.header('cache-control', 'private, no-cache').type('text/calendar; charset=utf-8').send(text);
    },
  );
}

function plainPage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)} · Scoreline</title>
<style>body{font-family:system-ui,sans-serif;max-width:32rem;margin:3rem auto;padding:0 1rem;color:#0f172a;line-height:1.5}h1{font-size:1.5rem}a{color:#15803d}</style></head>
<body><h1>${escapeHtml(title)}</h1>${body}<p>— Scoreline</p></body></html>`;
}
