import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { teamNameSchema } from '../../../game/schemas/account.js';
import { setTeamName } from './repository.js';

export const meSchema = z.object({
  id: z.string(),
  email: z.string(),
  name: z.string(),
  username: z.string(),
  teamName: z.string().nullable(),
  role: z.enum(['player', 'admin']),
  emailVerified: z.boolean(),
  createdAt: z.string(),
});

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me',
    { config: { auth: 'user' }, schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: z.object({ user: meSchema }) } } },
    async (req) => ({ user: req.user }),
  );

  app.put(
    '/api/me/team-name',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        summary: 'Create or change the team name shown on leaderboards',
        body: teamNameSchema,
        response: { 200: z.object({ user: meSchema }) },
      },
    },
    async (req) => {
      const { user } = req;
      await setTeamName(app.deps.db, user.id, req.body.teamName, app.deps.clock.nowIso());
      // League tables show team names: every open table refetches.
      await app.deps.bus.publish({ type: 'profile.teamName', keys: [['leagues'], ['dashboard']] });
      return { user: { ...user, teamName: req.body.teamName } };
    },
  );
}
