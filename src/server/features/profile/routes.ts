import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { meReply, teamNameSchema } from '../../../contract/account.js';
import { errorDto } from '../../../contract/common.js';
import { clearTeamNameNotice, setTeamName } from './repository.js';
import { isUniqueViolation } from '../../db/unique-violation.js';
import { assertTeamNameFree, teamNameTaken } from '../../auth/team-name-rule.js';
import { routeLimit } from '../../security/route-limits.js';
import { toLeagueMembers } from '../../realtime/bus.js';
import { leagueIdsOf } from '../../realtime/repository.js';

export async function profileRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  // A new name reaches every table the player is in: at the player's own pace (decision 0101).
  const teamNameLimit = routeLimit(
    app,
    'teamNamePerUser',
    'user',
    (wait) => `You are changing your team name too often. Please wait ${wait} and try again.`,
  );

  app.get(
    '/api/me',
    {
      config: { auth: 'user' },
      schema: { tags: ['account'], summary: 'The signed-in user', response: { 200: meReply } },
    },
    async (req) => ({ user: req.user }),
  );

  app.put(
    '/api/me/team-name',
    {
      config: { auth: 'user', publishes: 'others' },
      preHandler: teamNameLimit,
      schema: {
        tags: ['account'],
        summary:
          'Create or change the team name shown on leaderboards (unique across the game, whatever the case, accents or spacing)',
        body: teamNameSchema,
        response: { 200: meReply, 409: errorDto, 429: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { teamName } = req.body;
      const { db } = app.deps;
      // The player's own name in another case or spelling is theirs to change.
      await assertTeamNameFree(db, teamName, user.id);
      try {
        await setTeamName(db, user.id, teamName, app.deps.clock.nowIso());
      } catch (err) {
        // Taken between the check and the write: the unique index decided.
        if (isUniqueViolation(err)) throw await teamNameTaken(db, teamName);
        throw err;
      }
      // League tables show team names: the tables of the player's leagues refetch, for their members.
      await app.deps.sessions.invalidate(user.id);
      const leagues = await leagueIdsOf(db, user.id);
      await app.deps.bus.publish(toLeagueMembers({ type: 'team-name.changed' }, leagues, [user.id]));
      return { user: { ...user, teamName, teamNameNotice: null } };
    },
  );

  app.delete(
    '/api/me/team-name-notice',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['account'],
        summary: 'The player has seen that their team name was changed (the notice is shown once)',
        response: { 200: meReply },
      },
    },
    async (req) => {
      const { user } = req;
      await clearTeamNameNotice(app.deps.db, user.id);
      await app.deps.sessions.invalidate(user.id);
      return { user: { ...user, teamNameNotice: null } };
    },
  );
}
