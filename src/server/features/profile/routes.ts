import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meReply, teamNameSchema } from '../../../contract/account.js';
import { setTeamName } from './repository.js';

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/me',
    { config: { auth: 'user' }, schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meReply } } },
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
        response: { 200: meReply },
      },
    },
    async (req) => {
      const { user } = req;
      await setTeamName(app.deps.db, user.id, req.body.teamName, app.deps.clock.nowIso());
      // League tables show team names: every open table refetches.
      await app.deps.sessions.invalidate(req.user.id);
      await app.deps.bus.publish({ type: 'profile.teamName', keys: [['leagues'], ['dashboard']] });
      return { user: { ...user, teamName: req.body.teamName } };
    },
  );
}
