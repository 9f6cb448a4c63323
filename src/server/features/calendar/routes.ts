import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto } from '../../../contract/common.js';
import {
  CALENDAR_COMPETITION_MESSAGE,
  calendarDto,
  calendarFeed,
  calendarFeedQuery,
  calendarFeedRawQuery,
} from '../../../contract/calendar.js';
import { COMPETITION_LABELS } from '../../../contract/leagues.js';
import { badRequest, notFound } from '../../errors.js';
import { routeLimit } from '../../security/route-limits.js';
import { ensureSettings } from '../user-settings/index.js';
import { buildCalendar } from './ical.js';
import { listFeedFixtures, regenerateCalendarToken, userIdByCalendarToken } from './repository.js';
import { loadSeasonState } from '../../seasons/service.js';
import { playedCompetitions } from '../../seasons/competitions-of-player.js';
import { DEFAULT_COMPETITION, listCompetitions } from '../../seasons/repository.js';

/** The private calendar feed: its address (behind sign-in), a new address, and the feed itself (behind its token). */
export async function calendarRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const calendarUrl = (t: string) => `${app.deps.config.PUBLIC_URL}/api/calendar/${t}.ics`;

  /** What players call these competitions ("World Cup"); the competitions table names any other. */
  const competitionNames = async (ids: readonly string[]): Promise<Map<string, string>> => {
    const labels: Record<string, string> = COMPETITION_LABELS;
    const names = new Map(ids.flatMap((id) => (labels[id] ? [[id, labels[id]] as const] : [])));
    if (names.size < new Set(ids).size)
      for (const c of await listCompetitions(app.deps.db)) if (!names.has(c.id)) names.set(c.id, c.name);
    return names;
  };

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
        summary: 'A private iCalendar feed of the current seasons (the URL from /api/me/calendar)',
        description:
          'The current season of every competition the player plays (the Premier League, and any with a pick ' +
          'or a league of theirs) in kick-off order, or with ?competition= only that one.',
        params: z.object({ file: z.string().max(300) }),
        querystring: calendarFeedRawQuery,
        response: { 200: calendarFeed, 400: errorDto, 404: errorDto },
      },
    },
    async (req, reply) => {
      const match = /^([A-Za-z0-9_-]{1,200})\.ics$/.exec(req.params.file);
      const userId = match ? await userIdByCalendarToken(app.deps.db, match[1]!) : null;
      if (!userId) throw notFound('This calendar link is not valid. Get the current one in your settings.');
      // Read only after the token: a wrong link says nothing about its query. The value is one of
      // a few known ids, so it can choose at most one season and never whose picks are shown.
      const query = calendarFeedQuery.safeParse(req.query);
      if (!query.success) throw badRequest(CALENDAR_COMPETITION_MESSAGE, 'unknown_competition');
      const { competition } = query.data;
      const { db } = app.deps;
      const now = app.deps.clock.now();
      // Each competition's current season: a subscribed calendar moves on to the next season by itself.
      const state = await loadSeasonState(app.deps.seasons, now);
      const wanted = competition ? new Set<string>([competition]) : await playedCompetitions(db, userId);
      const seasons = new Map(
        [...wanted].flatMap((id) => {
          const current = state.competitions.get(id)?.current;
          return current ? [[current.id, current] as const] : [];
        }),
      );
      const rows = await listFeedFixtures(db, userId, [...seasons.keys()]);
      const names = await competitionNames([
        ...(competition ? [competition] : []),
        ...[...seasons.values()].map((s) => s.competitionId),
      ]);
      const { PUBLIC_URL } = app.deps.config;
      const text = buildCalendar({
        now,
        publicUrl: PUBLIC_URL,
        host: new URL(PUBLIC_URL).host,
        name: competition ? `Scoreline fixtures: ${names.get(competition) ?? competition}` : 'Scoreline fixtures',
        fixtures: rows.map((r) => {
          const season = seasons.get(r.seasonId);
          const other = season && season.competitionId !== DEFAULT_COMPETITION ? season : null;
          return {
            id: r.id,
            homeTeam: r.homeTeam,
            awayTeam: r.awayTeam,
            kickoffAt: r.kickoffAt,
            postponed: r.postponed === 1,
            gameweek: r.gameweek,
            createdAt: r.createdAt,
            updatedAt: r.updatedAt,
            result: r.result
              ? {
                  homeScore: r.result.homeScore,
                  awayScore: r.result.awayScore,
                  final: r.result.final === 1,
                  extraTime: r.result.extraTime ?? null,
                  penalties: r.result.penalties ?? null,
                }
              : null,
            prediction: r.prediction,
            competition: other
              ? { name: names.get(other.competitionId) ?? other.competitionId, season: other.label }
              : null,
            stage: r.stage,
            group: r.groupName,
            leg: r.leg,
            homeLabel: r.homeLabel,
            awayLabel: r.awayLabel,
          };
        }),
      });
      return reply.header('cache-control', 'private, no-cache').type('text/calendar; charset=utf-8').send(text);
    },
  );
}
