import fs from 'node:fs';
import path from 'node:path';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, idParam } from '../../../contract/common.js';
import { INVITE_INVALID, inviteCodeParam } from '../../../contract/leagues.js';
import { inviteImageQuery, pngImage, summaryCardQuery, tableCardQuery } from '../../../contract/share-images.js';
import { HttpError } from '../../errors.js';
import { SHARE_IMAGE_CACHE_BYTES, SHARE_IMAGE_RENDERS_AT_ONCE } from '../../security/limits.js';
import { routeLimit } from '../../security/route-limits.js';
import { resolveSeason } from '../../seasons/service.js';
import { inviteCard, summaryCard, tableCard, type CardNode } from './cards.js';
import { inviteCardOf, summaryCardOf, tableCardOf } from './card-inputs.js';
import { inviteMetaTags, withTags } from './invite-page.js';
import { createCardDrawer, type CardDrawer } from './render.js';

const idParams = z.object({ id: idParam(100) });

/** Sends a drawn card: 304 when the client holds it already. */
async function sendCard(
  drawer: CardDrawer,
  req: FastifyRequest,
  reply: FastifyReply,
  cacheControl: string,
  card: { kind: string; input: unknown; build: () => CardNode },
) {
  let drawn;
  try {
    drawn = await drawer.draw(card.kind, card.input, card.build);
  } catch (err) {
    if (err instanceof HttpError && err.statusCode === 503) reply.header('retry-after', '2');
    throw err;
  }
  reply.header('cache-control', cacheControl).header('etag', drawn.etag);
  const match = req.headers['if-none-match'];
  if (match !== undefined && match.split(',').some((t) => t.trim().replace(/^W\//, '') === drawn.etag))
    return reply.code(304).send();
  return reply.type('image/png').send(drawn.png);
}

/**
 * Share pictures (decision 0112): the invite link's Open Graph picture and page tags, and a
 * member's cards of a league table and of their own gameweek summary.
 */
export async function shareImageRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const drawer = createCardDrawer({ maxBytes: SHARE_IMAGE_CACHE_BYTES, rendersAtOnce: SHARE_IMAGE_RENDERS_AT_ONCE });
  const imageLimits = [
    routeLimit(
      app,
      'inviteImagePerAddress',
      'address',
      (wait) => `Too many invite pictures asked for from your address. Please wait ${wait} and try again.`,
    ),
    routeLimit(
      app,
      'inviteImagePerAddressDaily',
      'address',
      (wait) => `Too many invite pictures asked for from your address today. Please wait ${wait} and try again.`,
    ),
  ];
  const cardLimit = routeLimit(
    app,
    'shareCardPerUser',
    'user',
    (wait) => `You are making share pictures too quickly. Please wait ${wait} and try again.`,
  );

  app.get(
    '/api/leagues/invite/:code/image.png',
    {
      config: { auth: 'public' },
      preHandler: imageLimits,
      schema: {
        tags: ['leagues'],
        summary:
          "An invite link's picture for link previews (PNG, 1200×630): the league's name, its organiser's team name and its member count, as the invite preview shows them",
        params: inviteCodeParam,
        querystring: inviteImageQuery,
        response: { 200: pngImage, 304: z.null(), 404: errorDto, 429: errorDto, 503: errorDto },
      },
    },
    async (req, reply) => {
      const found = await inviteCardOf(app, req.params.code);
      if (!found) throw new HttpError(404, 'invite_invalid', INVITE_INVALID);
      // Link previews and their caches fetch it signed out; a new code ends the page's tags at once and this within minutes.
      return sendCard(drawer, req, reply, 'public, max-age=600', {
        kind: 'invite',
        input: found.invite,
        build: () => inviteCard(found.invite),
      });
    },
  );

  app.get(
    '/api/leagues/:id/table-card.png',
    {
      config: { auth: 'user' },
      preHandler: cardLimit,
      schema: {
        tags: ['leagues'],
        summary:
          "A league table's card to share (PNG, 1200×630; members only): the top of the season's table and the viewer's own row, as the member's table shows them",
        params: idParams,
        querystring: tableCardQuery,
        response: { 200: pngImage, 304: z.null(), 403: errorDto, 404: errorDto, 429: errorDto, 503: errorDto },
      },
    },
    async (req, reply) => {
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season, 'standings');
      const input = await tableCardOf(app, req.params.id, req.user.id, season);
      return sendCard(drawer, req, reply, 'private, no-cache', {
        kind: 'table',
        input,
        build: () => tableCard(input),
      });
    },
  );

  app.get(
    '/api/summary/card.png',
    {
      config: { auth: 'user' },
      preHandler: cardLimit,
      schema: {
        tags: ['predictions'],
        summary:
          "The viewer's own gameweek summary as a card to share (PNG, 1200×630): points, exact scores, picks made, overall rank and their place in up to three leagues",
        querystring: summaryCardQuery,
        response: { 200: pngImage, 304: z.null(), 404: errorDto, 429: errorDto, 503: errorDto },
      },
    },
    async (req, reply) => {
      const now = app.deps.clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season, 'standings');
      const input = await summaryCardOf(app, req.user.id, season, req.query.gameweek, now);
      return sendCard(drawer, req, reply, 'private, no-cache', {
        kind: 'summary',
        input,
        build: () => summaryCard(input),
      });
    },
  );

  // The invite link's page: the web app's shell with the league's Open Graph tags (only with a build).
  const webDir = path.resolve(process.env.SCORELINE_WEB_DIR ?? 'dist/web');
  const shellFile = path.join(webDir, 'index.html');
  if (!fs.existsSync(shellFile)) return;
  const shell = fs.readFileSync(shellFile, 'utf8');
  const pageLimits = [
    routeLimit(app, 'invitePagePerAddress', 'address', () => 'Too many invite pages.'),
    routeLimit(app, 'invitePagePerAddressDaily', 'address', () => 'Too many invite pages today.'),
  ];
  const noHeader = { header: () => undefined };
  app.get(
    '/join/:code',
    { config: { auth: 'public' }, schema: { hide: true, params: z.object({ code: z.string() }) } },
    async (req, reply) => {
      // Over its address's allowance the page is still the app (joining must stay possible), with the site's own tags.
      let allowed = true;
      try {
        for (const limit of pageLimits) await limit(req, noHeader);
      } catch {
        allowed = false;
      }
      const found = allowed ? await inviteCardOf(app, req.params.code) : null;
      const tags = inviteMetaTags(found && { publicUrl: app.deps.config.PUBLIC_URL, ...found });
      // A new code must take effect at once, as for the preview.
      return reply.header('cache-control', 'no-store').type('text/html; charset=utf-8').send(withTags(shell, tags));
    },
  );
}
