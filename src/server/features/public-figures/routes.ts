import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { PUBLIC_FIGURES_MIN_PLAYERS, publicFiguresDto, type PublicFigures } from '../../../contract/public-figures.js';
import { resolveSeason } from '../../seasons/service.js';
import { seasonTotals } from './repository.js';

const FIGURES_BYTES = 64 * 1024;

/** How long an answer is kept (here and, through Cache-Control, by browsers and proxies). */
export const PUBLIC_FIGURES_TTL_MS = 60_000;

/**
 * The landing page's figures (public: anyone may open the landing page). Every visitor of the
 * landing page asks, so the answer is computed at most once per minute per instance, whatever the
 * load: requests meanwhile share the one computation and then the kept answer (the read model,
 * with no tags: the figures follow no change, only their minute). Figures a minute old are fine on
 * a landing page; the clock of the app decides the minute (the current season too).
 */
export async function publicFiguresRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const kept = app.deps.readModel.shelf<PublicFigures>('public-figures', {
    ttlMs: PUBLIC_FIGURES_TTL_MS,
    maxBytes: FIGURES_BYTES,
    maxEntryBytes: FIGURES_BYTES,
    now: () => app.deps.clock.now().getTime(),
  });

  async function compute(): Promise<PublicFigures> {
    const { clock, db } = app.deps;
    const season = await resolveSeason(app.deps.seasons, clock.now());
    const totals = await seasonTotals(db, season.id);
    return {
      season: { id: season.id, label: season.label },
      figures: totals.players >= PUBLIC_FIGURES_MIN_PLAYERS ? totals : null,
    };
  }

  app.get(
    '/api/public-figures',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['season'],
        summary: `The current season's players, predictions and final results, counted (null below ${PUBLIC_FIGURES_MIN_PLAYERS} players); kept for a minute`,
        response: { 200: publicFiguresDto },
      },
    },
    async (_req, reply) => {
      const value = await kept.get('landing', [], compute);
      return reply.header('cache-control', `public, max-age=${PUBLIC_FIGURES_TTL_MS / 1000}`).send(value);
    },
  );
}
