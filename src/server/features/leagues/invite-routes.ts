import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generateLeagueCode, isLeagueCodeShape, normaliseLeagueCode } from '../../../game/league-code.js';
import { errorDto, idParam, okDto } from '../../../contract/common.js';
import {
  INVITE_INVALID,
  inviteCodeParam,
  invitePreviewReply,
  leagueReply,
  removedPlayersReply,
  type InviteViewer,
} from '../../../contract/leagues.js';
import { forbidden, HttpError, notFound } from '../../errors.js';
import { routeLimit } from '../../security/route-limits.js';
import { toLeagueMembers } from '../../realtime/bus.js';
import * as repo from './repository.js';
import * as invites from './invites-repository.js';
import { presentLeague } from './presenter.js';
import { CODE_EXHAUSTED, LEAGUE_GONE } from './routes.js';

const CODE_ATTEMPTS = 10;
const idParams = z.object({ id: idParam(100) });
const removedParams = idParams.extend({ userId: idParam(100) });
export const ONLY_CREATOR_CODE = 'Only the league creator can give the league a new code.';
export const ONLY_CREATOR_REMOVED = 'Only the league creator can see and let back in removed players.';

/**
 * Invites (decision records 0045 and 0046): what an invite link shows before anyone signs in,
 * a new code for a league (the old code and every link with it stop working), and the creator's
 * list of removed players, who stay out until let back in.
 */
export async function inviteRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = () => app.deps.db;
  // A visitor's guesses at codes are counted per address, by the minute and by the day, so that
  // guessing one of 31^8 codes is pointless (decision record 0046).
  // Writes that reach other players' screens go at each player's own pace (decision 0101).
  const codeLimit = routeLimit(
    app,
    'leagueCodePerUser',
    'user',
    (wait) => `You are changing the league code too often. Please wait ${wait} and try again.`,
  );
  const membersLimit = routeLimit(
    app,
    'leagueMembersPerUser',
    'user',
    (wait) => `You are letting players back in too quickly. Please wait ${wait} and try again.`,
  );
  const previewLimits = [
    routeLimit(
      app,
      'invitePreviewPerAddress',
      'address',
      (wait) => `Too many invite links opened from your address. Please wait ${wait} and try again.`,
    ),
    routeLimit(
      app,
      'invitePreviewPerAddressDaily',
      'address',
      (wait) => `Too many invite links opened from your address today. Please wait ${wait} and try again.`,
    ),
  ];

  app.get(
    '/api/invites/:code',
    {
      config: { auth: 'public' },
      preHandler: previewLimits,
      schema: {
        tags: ['leagues'],
        summary:
          "What an invite link shows before signing in: the league's name, its organiser's team name and its member count (and where the caller stands). One 404 for every code that leads nowhere; never joins anyone",
        params: inviteCodeParam,
        response: { 200: invitePreviewReply, 404: errorDto, 429: errorDto },
      },
    },
    async (req, reply) => {
      // A preview may change the moment the creator gives the league a new code.
      reply.header('cache-control', 'no-store');
      const code = normaliseLeagueCode(req.params.code);
      const viewer = isLeagueCodeShape(code) ? await app.sessionUser(req) : null;
      const row = isLeagueCodeShape(code) ? await invites.invitePreview(db(), code, viewer?.id ?? null) : undefined;
      if (!row) throw new HttpError(404, 'invite_invalid', INVITE_INVALID);
      const standing: InviteViewer = !viewer
        ? 'visitor'
        : row.isMember
          ? 'member'
          : row.isRemoved
            ? 'removed'
            : 'invited';
      return { invite: { name: row.name, organiser: row.organiser, memberCount: row.memberCount, viewer: standing } };
    },
  );

  app.post(
    '/api/leagues/:id/code',
    {
      config: { auth: 'user', publishes: 'others' },
      preHandler: codeLimit,
      schema: {
        tags: ['leagues'],
        summary:
          "Give the league a new code (the league's creator only): the old code and every invite link with it stop working at once; members stay",
        params: idParams,
        response: { 200: leagueReply, 403: errorDto, 404: errorDto, 429: errorDto, 503: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const before = await repo.getLeague(db(), req.params.id);
      if (!before) throw notFound(LEAGUE_GONE);
      if (before.creatorId !== user.id) throw forbidden(ONLY_CREATOR_CODE);
      let changed = false;
      for (let attempt = 0; attempt < CODE_ATTEMPTS && !changed; attempt++) {
        const outcome = await invites.setCode(db(), before.id, user.id, generateLeagueCode());
        // The creator left or the league went between the read and the write.
        if (outcome === 'refused')
          throw (await repo.getLeague(db(), before.id)) ? forbidden(ONLY_CREATOR_CODE) : notFound(LEAGUE_GONE);
        changed = outcome === 'changed';
      }
      if (!changed) throw new HttpError(503, 'code_unavailable', CODE_EXHAUSTED);
      const league = await repo.getLeagueFor(db(), before.id, user.id);
      if (!league) throw notFound(LEAGUE_GONE);
      // Members' screens show the new code; invite pages open on the old one say it no longer works,
      // whoever has them open (visitors too): so it goes to every stream, and moves only this league's tables.
      await app.deps.bus.publish({ type: 'league.changed', oldCode: before.code, leagueIds: [before.id] });
      return { league: presentLeague(league, user.id) };
    },
  );

  /** The league, when the caller is its creator. */
  async function asCreator(id: string, userId: string) {
    const league = await repo.getLeague(db(), id);
    if (!league) throw notFound(LEAGUE_GONE);
    if (league.creatorId !== userId) throw forbidden(ONLY_CREATOR_REMOVED);
    return league;
  }

  app.get(
    '/api/leagues/:id/removed-players',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary: "Players the creator removed, who cannot join again until let back in (the league's creator only)",
        params: idParams,
        response: { 200: removedPlayersReply, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const league = await asCreator(req.params.id, req.user.id);
      return { players: await invites.removedPlayers(db(), league.id) };
    },
  );

  app.delete(
    '/api/leagues/:id/removed-players/:userId',
    {
      config: { auth: 'user', publishes: 'others' },
      preHandler: membersLimit,
      schema: {
        tags: ['leagues'],
        summary:
          "Let a removed player join again with the league's code (the league's creator only); it does not make them a member",
        params: removedParams,
        response: { 200: okDto, 403: errorDto, 404: errorDto, 429: errorDto },
      },
    },
    async (req) => {
      const league = await asCreator(req.params.id, req.user.id);
      if (!(await invites.letBackIn(db(), league.id, req.params.userId)))
        throw notFound('This player is not removed from this league.');
      await app.deps.bus.publish(
        toLeagueMembers({ type: 'removed-players.changed', leagueId: league.id }, [league.id], [req.user.id]),
      );
      await app.deps.bus.publish({ type: 'invites.changed', userId: req.params.userId });
      return { ok: true as const };
    },
  );
}
