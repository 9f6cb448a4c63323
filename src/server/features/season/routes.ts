import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameweekNumber } from '../../../contract/common.js';
import { addGameweekBody, gameweekEditSchema, gameweekListReply, gameweekReply, gameweeksInfoDto } from '../../../contract/season.js';
import { conflict } from '../../errors.js';
import { defaultGameweeks } from './data.js';
import {
  addGameweekDefinition,
  countGameweekDefinitions,
  listGameweekDefinitions,
  replaceGameweekDefinitions,
  saveGameweekDefinition,
} from './repository.js';
import { publishGameweeksChanged, resolveGameweeks } from './service.js';


/** Gameweek definitions: the public list with the current gameweek, and the admin's editing. */
export async function seasonRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/gameweeks',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['season'],
        summary: 'Gameweek definitions (stored, else the defaults), the current gameweek, and which gameweeks have fixtures',
        response: { 200: gameweeksInfoDto },
      },
    },
    async () => {
      const { gameweeks, current, withFixtures, today, custom } = await resolveGameweeks(app.deps.db, app.deps.clock.now());
      return { gameweeks, current, withFixtures, today, custom };
    },
  );

  await app.register(adminGameweekRoutes);
}

async function adminGameweekRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/admin/gameweeks',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], summary: 'Stored gameweek definitions (empty until initialized)', response: { 200: gameweekListReply } } },
    async () => ({ gameweeks: await listGameweekDefinitions(app.deps.db) }),
  );

  app.put(
    '/api/admin/gameweeks/:gameweek',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: "Save one gameweek's start and end dates",
        params: z.object({ gameweek: gameweekNumber }),
        body: gameweekEditSchema,
        response: { 200: gameweekReply },
      },
    },
    async (req) => {
      const def = { gameweek: req.params.gameweek, ...req.body };
      await saveGameweekDefinition(app.deps.db, def, app.deps.clock.nowIso());
      await publishGameweeksChanged(app);
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
        body: addGameweekBody,
        response: { 201: gameweekReply },
      },
    },
    async (req, reply) => {
      const def = defaultGameweeks().find((d) => d.gameweek === req.body.gameweek)!;
      const added = await addGameweekDefinition(app.deps.db, def, app.deps.clock.nowIso());
      if (!added) throw conflict(`Gameweek ${def.gameweek} already exists.`, 'gameweek_exists');
      await publishGameweeksChanged(app);
      return reply.status(201).send({ gameweek: def });
    },
  );

  app.post(
    '/api/admin/gameweeks/reset',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], summary: 'Replace every definition with the 38 defaults', response: { 200: gameweekListReply } } },
    async () => {
      const defs = defaultGameweeks();
      await app.deps.db.transaction().execute((trx) => replaceGameweekDefinitions(trx, defs, app.deps.clock.nowIso()));
      await publishGameweeksChanged(app);
      return { gameweeks: defs };
    },
  );

  app.post(
    '/api/admin/gameweeks/initialize',
    { config: { auth: 'admin' }, schema: { tags: ['admin'], summary: 'Store the 38 default definitions when none exist', response: { 200: gameweekListReply } } },
    async () => {
      const defs = defaultGameweeks();
      const done = await app.deps.db.transaction().execute(async (trx) => {
        if ((await countGameweekDefinitions(trx)) > 0) return false;
        await replaceGameweekDefinitions(trx, defs, app.deps.clock.nowIso());
        return true;
      });
      if (!done) throw conflict('Gameweek definitions already exist. Use Reset to Defaults instead.', 'gameweeks_exist');
      await publishGameweeksChanged(app);
      return { gameweeks: defs };
    },
  );
}
