import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { errorDto, gameweekNumber } from '../../../contract/common.js';
import {
  addGameweekBody,
  gameweekEditSchema,
  gameweekListReply,
  gameweekReply,
  gameweeksInfoDto,
} from '../../../contract/gameweeks.js';
import { seasonQuery } from '../../../contract/seasons.js';
import { conflict } from '../../errors.js';
import { publishGameweeksChanged, resolveSeason } from '../../seasons/service.js';
import {
  addGameweekDefinition,
  countGameweekDefinitions,
  listGameweekDefinitions,
  replaceGameweekDefinitions,
  saveGameweekDefinition,
} from '../../seasons/gameweeks-repository.js';
import { assertSeasonGameweek, defaultGameweeks, resolveGameweeks } from './service.js';

/** Gameweek definitions per season: the public list with the current gameweek, and the admin's editing. */
export async function gameweekRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/gameweeks',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['season'],
        summary:
          "A season's gameweek definitions (stored, else the defaults), the gameweek the admin's screens open on, and which gameweeks have fixtures",
        querystring: seasonQuery,
        response: { 200: gameweeksInfoDto, 404: errorDto },
      },
    },
    async (req) => {
      const now = app.deps.clock.now();
      const season = await resolveSeason(app.deps.seasons, now, req.query.season);
      const { gameweeks, openingGameweek, withFixtures, today, custom } = await resolveGameweeks(
        app.deps.db,
        season,
        now,
      );
      return { season: season.id, gameweeks, openingGameweek, withFixtures, today, custom };
    },
  );

  await app.register(adminGameweekRoutes);
}

async function adminGameweekRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock } = app.deps;
  const season = (requested?: string) => resolveSeason(app.deps.seasons, clock.now(), requested);

  app.get(
    '/api/admin/gameweeks',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "A season's stored gameweek definitions (empty until initialized)",
        querystring: seasonQuery,
        response: { 200: gameweekListReply, 404: errorDto },
      },
    },
    async (req) => ({ gameweeks: await listGameweekDefinitions(db, (await season(req.query.season)).id) }),
  );

  app.put(
    '/api/admin/gameweeks/:gameweek',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Save one gameweek's start and end dates (a gameweek of the season)",
        params: z.object({ gameweek: gameweekNumber }),
        querystring: seasonQuery,
        body: gameweekEditSchema,
        response: { 200: gameweekReply, 400: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const s = await season(req.query.season);
      await assertSeasonGameweek(db, s, req.params.gameweek);
      const def = { gameweek: req.params.gameweek, ...req.body };
      await saveGameweekDefinition(db, s.id, def, clock.nowIso());
      await publishGameweeksChanged(app, s.id);
      return { gameweek: def };
    },
  );

  app.post(
    '/api/admin/gameweeks/add',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Add a missing gameweek with its default dates (the screen offers gameweek 2)',
        querystring: seasonQuery,
        body: addGameweekBody,
        response: { 201: gameweekReply, 400: errorDto, 404: errorDto, 409: errorDto },
      },
    },
    async (req, reply) => {
      const s = await season(req.query.season);
      await assertSeasonGameweek(db, s, req.body.gameweek);
      const def = (await defaultGameweeks(db, s.id)).find((d) => d.gameweek === req.body.gameweek);
      if (!def)
        throw conflict(
          `Gameweek ${req.body.gameweek} has no default dates in ${s.label}: set its dates instead.`,
          'no_default',
        );
      const added = await addGameweekDefinition(db, s.id, def, clock.nowIso());
      if (!added) throw conflict(`Gameweek ${def.gameweek} already exists.`, 'gameweek_exists');
      await publishGameweeksChanged(app, s.id);
      return reply.status(201).send({ gameweek: def });
    },
  );

  app.post(
    '/api/admin/gameweeks/reset',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Replace every definition of a season with its defaults (from its rounds)',
        querystring: seasonQuery,
        response: { 200: gameweekListReply, 404: errorDto },
      },
    },
    async (req) => {
      const s = await season(req.query.season);
      const defs = await defaultGameweeks(db, s.id);
      await db.transaction().execute((trx) => replaceGameweekDefinitions(trx, s.id, defs, clock.nowIso()));
      await publishGameweeksChanged(app, s.id);
      return { gameweeks: defs };
    },
  );

  app.post(
    '/api/admin/gameweeks/initialize',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Store a season's default definitions when it has none",
        querystring: seasonQuery,
        response: { 200: gameweekListReply, 404: errorDto, 409: errorDto },
      },
    },
    async (req) => {
      const s = await season(req.query.season);
      const defs = await defaultGameweeks(db, s.id);
      const done = await db.transaction().execute(async (trx) => {
        if ((await countGameweekDefinitions(trx, s.id)) > 0) return false;
        await replaceGameweekDefinitions(trx, s.id, defs, clock.nowIso());
        return true;
      });
      if (!done)
        throw conflict('Gameweek definitions already exist. Use Reset to Defaults instead.', 'gameweeks_exist');
      await publishGameweeksChanged(app, s.id);
      return { gameweeks: defs };
    },
  );
}
