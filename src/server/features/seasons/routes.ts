import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto } from '../../../contract/common.js';
import {
  ALL_SEASONS,
  clubListReply,
  competitionListReply,
  seasonId,
  seasonListReply,
} from '../../../contract/seasons.js';
import { seasonListCounts } from './kept-counts.js';
import { tag } from '../../read-model/index.js';
import { listClubs } from '../../seasons/repository.js';
import { COMPETITIONS } from '../../../contract/leagues.js';
import { presentClub, presentSeason } from './presenter.js';
import { loadSeasonState, resolveSeason } from '../../seasons/service.js';

/** Seasons and clubs (public: the fixture lists they describe are public too). */
export async function seasonRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  /** Every season as the lists show it, newest first, each marked current in its own competition. */
  const presentedSeasons = async (now: Date) => {
    const [state, { counts, competitions }] = await Promise.all([
      loadSeasonState(app.deps.seasons, now),
      seasonListCounts(app, now),
    ]);
    const countsBy = new Map(counts.map((c) => [c.seasonId, c]));
    const competitionBy = new Map(
      competitions.map((c) => [c.id, { id: c.id, name: c.name, code: c.code, timeZone: c.timeZone }]),
    );
    const start = (s: { startDate: string | null; firstKickoff: string | null }) =>
      s.firstKickoff ?? s.startDate ?? '9999';
    const currentOf = (competitionId: string) => state.competitions.get(competitionId)?.current?.id ?? null;
    const seasons = [...state.seasons]
      .sort((a, b) => start(b).localeCompare(start(a)) || b.id.localeCompare(a.id))
      .map((s) =>
        presentSeason(s, competitionBy.get(s.competitionId)!, countsBy.get(s.id), currentOf(s.competitionId), now),
      );
    return { state, seasons };
  };

  app.get(
    '/api/seasons',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['season'],
        summary:
          'Every season, newest first, with its phase, dates and next kick-off, and which one is current (pinned by an admin, or by the clock)',
        response: { 200: seasonListReply },
      },
    },
    async () => {
      const { state, seasons } = await presentedSeasons(app.deps.clock.now());
      // A database always has a season (migration 0014 creates 2025/26), so there is always a current one.
      return { seasons, current: state.current?.id ?? seasons[0]?.id ?? '', pinned: state.pinned };
    },
  );

  app.get(
    '/api/competitions',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['season'],
        summary:
          "Every competition that has a season (the New League screen's order: the Premier League first), each with its current season and its seasons, newest first",
        response: { 200: competitionListReply },
      },
    },
    async () => {
      const { state, seasons } = await presentedSeasons(app.deps.clock.now());
      const byCompetition = new Map<string, typeof seasons>();
      for (const season of seasons)
        byCompetition.set(season.competition.id, [...(byCompetition.get(season.competition.id) ?? []), season]);
      const listed = [...byCompetition.values()].map((mine) => ({
        ...mine[0]!.competition,
        current: state.competitions.get(mine[0]!.competition.id)?.current?.id ?? null,
        seasons: mine,
      }));
      // In the New League screen's order (the Premier League first); a competition it does not name, after them.
      const order = (id: string) => {
        const at = (COMPETITIONS as readonly string[]).indexOf(id);
        return at < 0 ? COMPETITIONS.length : at;
      };
      return { competitions: listed.sort((a, b) => order(a.id) - order(b.id) || a.name.localeCompare(b.name)) };
    },
  );

  /**
   * A season's clubs (null: every club), read once and shared: every page of the app asks for them,
   * and they change only when a season is created, whose event (like any season's) drops them.
   */
  const clubsOf = (seasonId: string | null) =>
    app.deps.readModel.get(`clubs:${seasonId ?? ALL_SEASONS}`, [tag.seasons()], async () =>
      (await listClubs(app.deps.db, seasonId)).map(presentClub),
    );

  app.get(
    '/api/clubs',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['season'],
        summary:
          "A season's clubs (the current one unless ?season=; season=all for every club) with short names, codes, colours and badge pattern",
        querystring: z.object({ season: seasonId.optional() }),
        response: { 200: clubListReply, 404: errorDto },
      },
    },
    async (req) => {
      const { clock } = app.deps;
      if (req.query.season === ALL_SEASONS) return { season: ALL_SEASONS, clubs: await clubsOf(null) };
      const season = await resolveSeason(app.deps.seasons, clock.now(), req.query.season);
      return { season: season.id, clubs: await clubsOf(season.id) };
    },
  );
}
