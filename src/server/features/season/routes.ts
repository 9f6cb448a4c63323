import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { gameweekEditSchema, gameweekNumber } from '../../../game/schemas/fixtures.js';
import { requireAdmin } from '../../auth/session.js';
import { conflict } from '../../errors.js';
import { defaultGameweeks } from './data.js';
import {
  addGameweekDefinition,
  countGameweekDefinitions,
  listGameweekDefinitions,
  replaceGameweekDefinitions,
  saveGameweekDefinition,
} from './repository.js';
import { seedBuiltInSeason } from './seed.js';
import { publishGameweeksChanged, resolveGameweeks } from './service.js';

export const gameweekDto = z.object({ gameweek: z.number().int(), startDate: z.string(), endDate: z.string() });
const listDto = z.object({ gameweeks: z.array(gameweekDto) });

/** Gameweek definitions: the public list with the current gameweek, and the admin's editing. */
export async function seasonRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  if (app.deps.config.SEED_SEASON) await seedBuiltInSeason(app);

  app.get(
    '/api/gameweeks',
    {
      schema: {
        tags: ['season'],
        summary: 'Gameweek definitions (stored, else the defaults), the current gameweek, and which gameweeks have fixtures',
        response: {
          200: z.object({
            gameweeks: z.array(gameweekDto),
            current: z.number().int(),
            withFixtures: z.array(z.number().int()),
            /** The server's UK date: the minimum for new fixture dates. */
            today: z.string(),
            /** False while no definitions are stored and the defaults apply. */
            custom: z.boolean(),
          }),
        },
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
  // The role check comes before body validation, so visitors get 401 and players 403 whatever they send.
  app.addHook('preValidation', async (req) => {
    await requireAdmin(app, req);
  });
  const security = [{ session: [] }];

  app.get(
    '/api/admin/gameweeks',
    { schema: { tags: ['admin'], summary: 'Stored gameweek definitions (empty until initialized)', security, response: { 200: listDto } } },
    async () => ({ gameweeks: await listGameweekDefinitions(app.deps.db) }),
  );

  app.put(
    '/api/admin/gameweeks/:gameweek',
    {
      schema: {
        tags: ['admin'],
        summary: "Save one gameweek's start and end dates",
        security,
        params: z.object({ gameweek: gameweekNumber }),
        body: gameweekEditSchema,
        response: { 200: z.object({ gameweek: gameweekDto }) },
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
      schema: {
        tags: ['admin'],
        summary: 'Add a missing gameweek with its default dates (the screen offers gameweek 2)',
        security,
        body: z.object({ gameweek: gameweekNumber }),
        response: { 201: z.object({ gameweek: gameweekDto }) },
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
    { schema: { tags: ['admin'], summary: 'Replace every definition with the 38 defaults', security, response: { 200: listDto } } },
    async () => {
      const defs = defaultGameweeks();
      await app.deps.db.transaction().execute((trx) => replaceGameweekDefinitions(trx, defs, app.deps.clock.nowIso()));
      await publishGameweeksChanged(app);
      return { gameweeks: defs };
    },
  );

  app.post(
    '/api/admin/gameweeks/initialize',
    { schema: { tags: ['admin'], summary: 'Store the 38 default definitions when none exist', security, response: { 200: listDto } } },
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
