import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto } from '../../../contract/common.js';
import { calendarDto, calendarFeed } from '../../../contract/calendar.js';
import { notFound } from '../../errors.js';
import { routeLimit } from '../../security/route-limits.js';
import { ensureSettings } from '../user-settings/index.js';
import { buildCalendar } from './ical.js';
import { listFeedFixtures, regenerateCalendarToken, userIdByCalendarToken } from './repository.js';
import { resolveSeason } from '../../seasons/service.js';

/** The private calendar feed: its address (behind sign-in), a new address, and the feed itself (behind its token). */
export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const calendarUrl = (t: string) => `${app.deps.config.PUBLIC_URL}/api/calendar/${t}.ics`;

  app.get(
    '/api/me/calendar',
    {
      config: { auth: 'user' },
      schema: { tags: ['calendar'], summary: 'Your private calendar feed URL', response: { 200: calendarDto } },
    },
    async (req) => {
      const s = await ensureSettings(app.deps.db, req.user.id, app.deps.clock.nowIso());
      return { url: calendarUrl(s.calendarToken) };
    },
  );

  app.post(
    '/api/me/calendar/regenerate',
    {
      config: { auth: 'user' },
      preHandler: routeLimit(
        app,
        'calendarRegenerate',
        'user',
        (wait) => `You have made too many new calendar links. Please wait ${wait} and try again.`,
      ),
      schema: {
        tags: ['calendar'],
        summary: 'A new calendar feed URL; the old one stops working',
        response: { 200: calendarDto },
      },
    },
    async (req) => {
      const { user } = req;
      const t = await regenerateCalendarToken(app.deps.db, user.id, app.deps.clock.nowIso());
      await app.deps.bus.publish({ type: 'calendar.changed', userId: user.id });
      return { url: calendarUrl(t) };
    },
  );

  app.get(
    '/api/calendar/:file',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['calendar'],
        summary: "A private iCalendar feed of the current season's fixtures (the URL from /api/me/calendar)",
        params: z.object({ file: z.string().max(300) }),
        response: { 200: calendarFeed, 404: errorDto },
      },
    },
    async (req, reply) => {
      const match = /^([A-Za-z0-9_-]{1,200})\.ics$/.exec(req.params.file);
      const userId = match ? await userIdByCalendarToken(app.deps.db, match[1]!) : null;
      if (!userId) throw notFound('This calendar link is not valid. Get the current one in your settings.');
      // The current season's fixtures: a subscribed calendar moves on to the next season by itself.
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now());
      const rows = await listFeedFixtures(app.deps.db, userId, season.id);
      const { PUBLIC_URL } = app.deps.config;
      const text = buildCalendar({
        now: app.deps.clock.now(),
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
          result: r.result
            ? { homeScore: r.result.homeScore, awayScore: r.result.awayScore, final: r.result.final === 1 }
            : null,
          prediction: r.prediction,
        })),
      });
      return reply.header('cache-control', 'private, no-cache').type('text/calendar; charset=utf-8').send(text);
    },
  );
}
