import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { generateLeagueCode, isLeagueCodeShape, normaliseLeagueCode } from '../../../game/league-code.js';
import { DEADLINE_MS } from '../../../game/limits.js';
import { errorDto, gameweekNumber, idParam, okDto } from '../../../contract/common.js';
import { ALL_SEASONS, seasonId, seasonQuery } from '../../../contract/seasons.js';
import { resolveSeason, type SeasonRef } from '../../seasons/service.js';
import { leagueSeason } from '../../seasons/league-season.js';
import {
  createLeagueSchema,
  gameweekChoicesReply,
  joinLeagueSchema,
  joinReply,
  leagueListReply,
  leagueScoringBodySchema,
  SCORING_NEEDS_CONFIRMATION,
  STANDARD_SCORING,
  leagueReply,
  liveTableDto,
  memberPicksDto,
  noKnockoutsIn,
  noSeasonOf,
  positionListReply,
  publicLeagueListReply,
  renameLeagueSchema,
  tablePageDto,
} from '../../../contract/leagues.js';
import type { DB } from '../../db/index.js';
import { badRequest, conflict, forbidden, HttpError, notFound } from '../../errors.js';
import * as repo from './repository.js';
import { barPlayer, isRemoved } from './invites-repository.js';
import { hasSeasonOf } from '../../seasons/repository.js';
import { leagueCounts } from './league-counts.js';
import { hasKnockoutsIn } from './qualifier-repository.js';
import { seasonDecidedTies } from './decided-ties.js';
import { tieRoleOf } from '../../../game/qualifier.js';
import { createTableCache, tablePage } from './table-cache.js';
import { shareTables } from './kept-tables.js';
import { liveTablePage } from './live-table.js';
import { livePicksOf } from './live-picks.js';
import { leaguePositions } from './positions.js';
import { tag } from '../../read-model/index.js';
import { inPlay } from '../live-matches/index.js';
import { gameweeksWithResults } from '../../seasons/results-repository.js';
import { presentLeague, presentPick, presentPosition, presentPublicLeague } from './presenter.js';
import { LEAGUES_CREATED_MAX, MEMBERSHIPS_MAX } from '../../security/limits.js';
import { routeLimit } from '../../security/route-limits.js';
import { toLeagueMembers } from '../../realtime/bus.js';

export const INVALID_CODE = 'Invalid league code. No league found.';
export const LEAGUE_GONE = 'League not found. The league may have been deleted.';
export const NOT_A_MEMBER = 'You are not a member of this league.';
export const CODE_EXHAUSTED = 'Failed to generate a unique league code. Please try again later.';
export const TOO_MANY_CREATED = `You have created ${LEAGUES_CREATED_MAX} leagues, the most one player can create. Delete or leave one first.`;
export const REMOVED_FROM_LEAGUE =
  'The league creator removed you from this league. Ask them to let you back in before you join again.';
export const TOO_MANY_MEMBERSHIPS = `You are in ${MEMBERSHIPS_MAX} leagues, the most one player can join. Leave one to join another.`;
const CODE_ATTEMPTS = 10;

const idParams = z.object({ id: idParam(100) });
const memberParams = idParams.extend({ userId: idParam(100) });
const gameweekQuery = gameweekNumber.optional();
/** A table page's query. */
const pageQuery = {
  page: z.coerce.number().int().min(1).max(100_000).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(50),
};
const tableQuery = z.object({ season: seasonId.optional(), gameweek: gameweekQuery, ...pageQuery });
/** A live table page's query (the live table is always of the current season's overall table). */
const liveTableQuery = z.object(pageQuery);

/** A table's scope: a season's overall (gameweek 0) or one gameweek, or every season added up (season null). */
const tableScope = (season: SeasonRef | null, gameweek: number | undefined): repo.TableScope =>
  season ? { seasonId: season.id, gameweek: gameweek ?? 0 } : 'all';

/** Leagues: create, join, leave, rename, scoring, invites, tables, picks and the live table. */
export async function leagueRoutes(fastify: FastifyInstance, opts: { generateCode?: () => string }) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const db = (): DB => app.deps.db;
  const nextCode = opts.generateCode ?? (() => generateLeagueCode());
  /** Who is in `leagueId` changed: its members hear it, and the players it moved (`players`). */
  const membershipChanged = (leagueId: string, players: string[]) =>
    app.deps.bus.publish(toLeagueMembers({ type: 'membership.changed' }, [leagueId], players));
  /** A season's gameweeks with results, kept with the season's points (touched by every final result). */
  const scoredGameweeks = (seasonId: string): Promise<number[]> =>
    app.deps.readModel.get(`scored-gameweeks:${seasonId}`, [tag.seasonPoints(seasonId)], () =>
      gameweeksWithResults(db(), seasonId),
    );
  const tables = createTableCache(db, app.deps.readModel, (seasonId, league) => leagueCounts(app, seasonId, league), {
    maxBytes: app.security.limits.tableCacheBytes,
  });
  shareTables(app, tables);
  // Codes must not be guessable at speed, nor leagues mass-created.
  const joinLimits = [
    routeLimit(
      app,
      'joinByCodePerUser',
      'user',
      (wait) => `Too many league codes tried. Please wait ${wait} and try again.`,
    ),
    routeLimit(
      app,
      'joinByCodePerAddress',
      'address',
      (wait) => `Too many league codes tried from your address. Please wait ${wait} and try again.`,
    ),
    routeLimit(
      app,
      'joinByCodePerUserDaily',
      'user',
      (wait) => `Too many league codes tried today. Please wait ${wait} and try again.`,
    ),
    routeLimit(
      app,
      'joinByCodePerAddressDaily',
      'address',
      (wait) => `Too many league codes tried from your address today. Please wait ${wait} and try again.`,
    ),
  ];
  const createLimit = routeLimit(
    app,
    'createLeague',
    'user',
    (wait) => `You are creating leagues too quickly. Please wait ${wait} and try again.`,
  );
  // Writes that reach other players' screens go at each player's own pace (decision 0101).
  const membershipLimit = routeLimit(
    app,
    'membershipPerUser',
    'user',
    (wait) => `You are joining and leaving leagues too quickly. Please wait ${wait} and try again.`,
  );
  const membersLimit = routeLimit(
    app,
    'leagueMembersPerUser',
    'user',
    (wait) => `You are removing members too quickly. Please wait ${wait} and try again.`,
  );
  const renameLimit = routeLimit(
    app,
    'leagueRenamePerUser',
    'user',
    (wait) => `You are renaming leagues too often. Please wait ${wait} and try again.`,
  );
  const scoringLimit = routeLimit(
    app,
    'leagueScoringPerUser',
    'user',
    (wait) => `You are changing the scoring too often. Please wait ${wait} and try again.`,
  );
  /**
   * A league's cached table in `scope` and the viewer's row in it. A member the table has not seen
   * yet (joined a moment ago, perhaps on another instance) has it read again; anyone else is
   * refused after one membership lookup: asking for a league one is not in never costs a reload
   * of its table (a whole roster read and ranked for a league of 10,000).
   */
  async function viewerTable(leagueId: string, scope: repo.TableScope, userId: string) {
    let entry = await tables.get(leagueId, scope);
    if (entry && !entry.byUser.has(userId)) {
      if (!(await repo.isMember(db(), leagueId, userId))) throw forbidden(NOT_A_MEMBER);
      entry = await tables.get(leagueId, scope, { fresh: true });
    }
    if (!entry) throw notFound(LEAGUE_GONE);
    const viewer = entry.byUser.get(userId);
    if (!viewer) throw forbidden(NOT_A_MEMBER);
    return { entry, viewer };
  }

  /** The caps that bound what one player can make the server keep. */
  async function checkCaps(executor: DB, userId: string, creating: boolean) {
    const { created, memberships } = await repo.countOwnLeagues(executor, userId);
    if (creating && created >= LEAGUES_CREATED_MAX) throw conflict(TOO_MANY_CREATED, 'limit_reached');
    if (memberships >= MEMBERSHIPS_MAX) throw conflict(TOO_MANY_MEMBERSHIPS, 'limit_reached');
  }

  async function leagueForMember(id: string, userId: string) {
    const league = await repo.getLeagueMembership(db(), id, userId);
    if (!league) throw notFound(LEAGUE_GONE);
    if (!Number(league.isMember)) throw forbidden(NOT_A_MEMBER);
    return league;
  }

  app.get(
    '/api/leagues',
    {
      config: { auth: 'user' },
      schema: { tags: ['leagues'], summary: "The viewer's leagues", response: { 200: leagueListReply } },
    },
    async (req) => {
      const { user } = req;
      // Kept per player until a league event (a join, leave, removal, rename or new code: every
      // instance hears it), each league's member count once for all its members: counting the
      // members of big leagues for each player repeated the same count for every member.
      const kept = app.deps.readModel;
      const rows = await kept.get(`my-leagues:${user.id}`, [tag.userLeagues(user.id)], async () => {
        const leagues = await repo.listMyLeagues(db(), user.id);
        const counts = await Promise.all(
          leagues.map((l) =>
            kept.get(`league-size:${l.id}`, [tag.leagueMembers(l.id)], () => repo.countMembers(db(), l.id)),
          ),
        );
        return leagues.map((l, i) => ({ ...l, memberCount: counts[i]!, isMember: 1 }));
      });
      return { leagues: rows.map((r) => presentLeague(r, user.id)) };
    },
  );

  app.post(
    '/api/leagues',
    {
      config: { auth: 'verified', publishes: 'others' },
      preHandler: createLimit,
      schema: {
        tags: ['leagues'],
        summary: 'Create a league; the creator is its first member',
        body: createLeagueSchema,
        response: { 201: leagueReply },
      },
    },
    async (req, reply) => {
      const { user } = req;
      const now = app.deps.clock.nowIso();
      const id = crypto.randomUUID();
      const competition = req.body.competition ?? 'premier-league';
      const scoring = req.body.scoring ?? STANDARD_SCORING;
      // A league of a competition without fixtures would stay empty (the New League screen offers only these).
      if (!(await hasSeasonOf(db(), competition))) throw badRequest(noSeasonOf(competition), 'no_season');
      const qualifierPoints = req.body.qualifierPoints ?? 0;
      // Points for naming who goes through mean something only where ties are played.
      if (qualifierPoints > 0 && !(await hasKnockoutsIn(db(), competition)))
        throw badRequest(noKnockoutsIn(competition), 'no_knockouts');
      const created = await db()
        .transaction()
        .execute(async (trx) => {
          await checkCaps(trx, user.id, true);
          for (let attempt = 0; attempt < CODE_ATTEMPTS; attempt++) {
            const row = {
              id,
              name: req.body.name,
              code: nextCode(),
              description: req.body.description ? req.body.description : null,
              competition,
              privacy: req.body.privacy ?? 'private',
              creatorId: user.id,
              createdAt: now,
              ruleExact: scoring.rule.exact,
              ruleDifference: scoring.rule.difference,
              ruleOutcome: scoring.rule.outcome,
              bankersAllowed: scoring.bankersAllowed ? 1 : 0,
              knockoutRule: req.body.knockoutRule ?? 'ninety',
              qualifierPoints,
            };
            // The unique constraint decides; a taken code is skipped without aborting the transaction.
            if (await repo.insertLeague(trx, row)) {
              await repo.addMember(trx, id, user.id, now);
              return true;
            }
          }
          return false;
        });
      if (!created) throw new HttpError(503, 'code_unavailable', CODE_EXHAUSTED);
      const league = await repo.getLeagueFor(db(), id, user.id);
      await membershipChanged(id, [user.id]);
      return reply.status(201).send({ league: presentLeague(league!, user.id) });
    },
  );

  app.post(
    '/api/leagues/join',
    {
      config: { auth: 'verified', publishes: 'others' },
      preHandler: joinLimits,
      schema: {
        tags: ['leagues'],
        summary: 'Join a league by its code (case-insensitive); joining twice is harmless',
        body: joinLeagueSchema,
        response: { 200: joinReply },
      },
    },
    async (req) => {
      const code = normaliseLeagueCode(req.body.code);
      if (!isLeagueCodeShape(code)) throw notFound(INVALID_CODE);
      return join({ code }, req.user.id, (league) => {
        if (!league) throw notFound(INVALID_CODE);
      });
    },
  );

  /**
   * Joins in one transaction with the league row locked (repository.ts lockLeague), so a join
   * cannot cross a removal or a new code: a removed player stays out until the creator lets
   * them back in (decision record 0045), and once a new code is committed the old one joins
   * nobody. `check` refuses what the route refuses (an unknown code, a private league by id).
   */
  async function join(
    by: { id: string } | { code: string },
    userId: string,
    check: (league: repo.LeagueRow | undefined) => void,
  ) {
    const now = app.deps.clock.nowIso();
    const { leagueId, joined } = await db()
      .transaction()
      .execute(async (trx) => {
        const league = await repo.lockLeague(trx, app.deps.handle.dialect, by, 'share');
        check(league);
        if (!league) throw notFound(LEAGUE_GONE);
        if (await repo.isMember(trx, league.id, userId)) return { leagueId: league.id, joined: false };
        if (await isRemoved(trx, league.id, userId))
          throw new HttpError(403, 'removed_from_league', REMOVED_FROM_LEAGUE);
        await checkCaps(trx, userId, false);
        return { leagueId: league.id, joined: await repo.addMember(trx, league.id, userId, now) };
      });
    const league = await repo.getLeagueFor(db(), leagueId, userId);
    if (!league) throw notFound(LEAGUE_GONE);
    if (joined) await membershipChanged(leagueId, [userId]);
    return { league: presentLeague(league, userId), alreadyMember: !joined };
  }

  app.get(
    '/api/leagues/public',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary: 'Public leagues anyone can join (newest first)',
        querystring: z.object({ limit: z.coerce.number().int().min(1).max(100).default(50) }),
        response: { 200: publicLeagueListReply },
      },
    },
    async (req) => {
      const { user } = req;
      const rows = await repo.listPublicLeagues(db(), user.id, req.query.limit);
      return { leagues: rows.map((r) => presentPublicLeague(r, user.id)) };
    },
  );

  app.post(
    '/api/leagues/:id/join',
    {
      config: { auth: 'verified', publishes: 'others' },
      preHandler: membershipLimit,
      schema: { tags: ['leagues'], summary: 'Join a public league', params: idParams, response: { 200: joinReply } },
    },
    async (req) => {
      const { user } = req;
      const member = await repo.isMember(db(), req.params.id, user.id);
      return join({ id: req.params.id }, user.id, (league) => {
        if (league && league.privacy !== 'public' && !member)
          throw forbidden('This league is private. Ask its creator for the league code.');
      });
    },
  );

  app.post(
    '/api/leagues/:id/leave',
    {
      config: { auth: 'user', publishes: 'others' },
      preHandler: membershipLimit,
      schema: {
        tags: ['leagues'],
        summary: 'Leave a league',
        params: idParams,
        response: { 200: okDto, 403: errorDto, 404: errorDto, 429: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const result = await db()
        .transaction()
        .execute(async (trx) => {
          const league = await repo.getLeague(trx, req.params.id);
          if (!league) throw notFound(LEAGUE_GONE);
          return repo.removeMember(trx, league, user.id);
        });
      if (!result.removed) throw forbidden(NOT_A_MEMBER);
      await membershipChanged(req.params.id, [user.id]);
      return { ok: true as const };
    },
  );

  app.delete(
    '/api/leagues/:id/members/:userId',
    {
      config: { auth: 'user', publishes: 'others' },
      preHandler: membersLimit,
      schema: {
        tags: ['leagues'],
        summary:
          "Remove a member (the league's creator only); they cannot join again until the creator lets them back in",
        params: memberParams,
        response: { 200: okDto },
      },
    },
    async (req) => {
      const { user } = req;
      const removedId = req.params.userId;
      await db()
        .transaction()
        .execute(async (trx) => {
          const league = await repo.lockLeague(trx, app.deps.handle.dialect, { id: req.params.id }, 'update');
          if (!league) throw notFound(LEAGUE_GONE);
          if (league.creatorId !== user.id) throw forbidden('Only the league creator can remove members.');
          if (removedId === user.id) throw badRequest('Use Leave League to leave your own league.');
          const { removed } = await repo.removeMember(trx, league, removedId);
          if (!removed) throw notFound('This player is not a member of this league.');
          // Barred in the same transaction: the code they hold joins them to nothing (decision record 0045).
          await barPlayer(trx, league.id, removedId, app.deps.clock.nowIso());
        });
      await membershipChanged(req.params.id, [user.id, removedId]);
      // An invite page the removed player has open says so at once.
      await app.deps.bus.publish({ type: 'invites.changed', userId: removedId });
      return { ok: true as const };
    },
  );

  app.patch(
    '/api/leagues/:id',
    {
      config: { auth: 'user', publishes: 'others' },
      preHandler: renameLimit,
      schema: {
        tags: ['leagues'],
        summary: "Rename a league (the league's creator only)",
        params: idParams,
        body: renameLeagueSchema,
        response: { 200: leagueReply, 400: errorDto, 403: errorDto, 404: errorDto, 429: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const league = await repo.getLeagueFor(db(), req.params.id, user.id);
      if (!league) throw notFound(LEAGUE_GONE);
      if (league.creatorId !== user.id) throw forbidden('Only the league creator can rename the league.');
      await repo.renameLeague(db(), league.id, req.body.name);
      await app.deps.bus.publish(toLeagueMembers({ type: 'league.changed', oldCode: null }, [league.id], [user.id]));
      return { league: presentLeague({ ...league, name: req.body.name }, user.id) };
    },
  );

  app.put(
    '/api/leagues/:id/scoring',
    {
      config: { auth: 'user', publishes: 'others' },
      preHandler: scoringLimit,
      schema: {
        tags: ['leagues'],
        summary:
          "Change a league's scoring: points per kind of pick and whether bankers count double (the league's creator only). Once a member has a scored pick, only with confirmRecompute (409 confirm_recompute otherwise): every member's points are then worked out again under the new rule and members are told",
        params: idParams,
        body: leagueScoringBodySchema,
        response: { 200: leagueReply, 400: errorDto, 403: errorDto, 404: errorDto, 409: errorDto, 429: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { rule, bankersAllowed, confirmRecompute } = req.body;
      const changed = await db()
        .transaction()
        .execute(async (trx) => {
          // Locked (PostgreSQL), so two changes of the same league are one after the other.
          const league = await repo.lockLeague(trx, app.deps.handle.dialect, { id: req.params.id }, 'update');
          if (!league) throw notFound(LEAGUE_GONE);
          if (league.creatorId !== user.id) throw forbidden('Only the league creator can change its scoring.');
          const now = repo.scoringOf(league);
          const same =
            now.bankersAllowed === bankersAllowed &&
            now.rule.exact === rule.exact &&
            now.rule.difference === rule.difference &&
            now.rule.outcome === rule.outcome;
          if (same) return false;
          const scored = await repo.leagueHasScores(trx, league.id);
          if (scored && !confirmRecompute) throw conflict(SCORING_NEEDS_CONFIRMATION, 'confirm_recompute');
          // The tables are worked out from the players' counts under the league's rule: nothing to rescore, the change is the new rule.
          await repo.setLeagueScoring(
            trx,
            league.id,
            { rule, bankersAllowed },
            scored ? app.deps.clock.nowIso() : null,
          );
          return true;
        });
      if (changed)
        await app.deps.bus.publish(
          toLeagueMembers({ type: 'league.changed', oldCode: null }, [req.params.id], [user.id]),
        );
      const league = await repo.getLeagueFor(db(), req.params.id, user.id);
      if (!league) throw notFound(LEAGUE_GONE);
      return { league: presentLeague(league, user.id) };
    },
  );

  app.get(
    '/api/leagues/:id/table',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary:
          'League table of a season (unless ?season=, the current one, or between seasons the one just played if the league existed in it; season=all adds up every season; 404 for a season the league did not exist in): overall, or one gameweek; paginated, always with the viewer’s own row',
        params: idParams,
        querystring: tableQuery,
        response: { 200: tablePageDto, 400: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { page, pageSize, gameweek } = req.query;
      const all = req.query.season === ALL_SEASONS;
      if (all && gameweek !== undefined)
        throw badRequest('A gameweek table is of one season: choose a season.', 'validation_error');
      const now = app.deps.clock.now();
      let season = all ? null : await resolveSeason(app.deps.seasons, now, req.query.season, 'standings');
      let { entry, viewer } = await viewerTable(req.params.id, tableScope(season, gameweek), user.id);
      if (season) {
        // A league has no table of a season it did not exist in (decision 0109): a 404 naming its
        // first season, or without ?season= the season it plays in. Checked after membership, so
        // nobody else learns when a league was made.
        const own = await leagueSeason(app.deps.seasons, now, entry.league, req.query.season, 'standings');
        if (own.id !== season.id)
          ({ entry, viewer } = await viewerTable(req.params.id, tableScope(own, gameweek), user.id));
        season = own;
      }
      const place = { season: season ? season.id : ALL_SEASONS, gameweek: gameweek ?? null, page, pageSize };
      return tablePage(entry, place, viewer);
    },
  );

  app.get(
    '/api/leagues/gameweeks',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary: "A season's gameweeks with results (the gameweek table choices)",
        querystring: seasonQuery,
        response: { 200: gameweekChoicesReply, 404: errorDto },
      },
    },
    async (req) => {
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season, 'standings');
      return { season: season.id, gameweeks: await scoredGameweeks(season.id) };
    },
  );

  app.get(
    '/api/leagues/:id/members/:userId/picks',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary: "A member's picks in a season for fixtures whose deadline has passed (never before)",
        params: memberParams,
        querystring: seasonQuery.extend({ gameweek: gameweekQuery }),
        response: { 200: memberPicksDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const league = await leagueForMember(req.params.id, user.id);
      const displayName = await repo.memberName(db(), league.id, req.params.userId);
      if (displayName === undefined) throw notFound('This player is not a member of this league.');
      const now = app.deps.clock.now();
      // The season its table shows without ?season= (a league made between seasons: the one it plays in).
      const season = await leagueSeason(app.deps.seasons, now, league, req.query.season, 'standings');
      const closedBefore = new Date(now.getTime() + DEADLINE_MS).toISOString();
      const gameweeks = await repo.closedGameweeks(db(), season.id, closedBefore);
      const gameweek = req.query.gameweek ?? gameweeks[gameweeks.length - 1] ?? null;
      const picks =
        gameweek === null
          ? []
          : await repo.memberPicks(db(), { userId: req.params.userId, seasonId: season.id, gameweek, closedBefore });
      const scoring = repo.scoringOf(league);
      // Who went through the season's settled ties: what a league with qualifier points scores.
      const through =
        scoring.qualifierPoints > 0 && picks.some((p) => tieRoleOf(p) !== 'none')
          ? await seasonDecidedTies(app, season.id)
          : undefined;
      return {
        member: { userId: req.params.userId, displayName },
        season: season.id,
        gameweek,
        gameweeks,
        picks: picks.map((p) => presentPick(p, scoring, league.knockoutRule, through)),
      };
    },
  );

  app.get(
    '/api/leagues/positions',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary:
          "The viewer's position in each league in a season (unless ?season=, the current one, or between seasons the one just played), with the change since the previous gameweek's results",
        querystring: seasonQuery,
        response: { 200: positionListReply, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season, 'standings');
      const gameweeks = await scoredGameweeks(season.id);
      const latest = gameweeks.at(-1) ?? null;
      const hasEarlier = gameweeks.length > 1;
      const rows = await leaguePositions(app, tables, user.id, season.id, latest);
      return { season: season.id, positions: rows.map((r) => presentPosition(r, latest !== null && hasEarlier)) };
    },
  );

  app.get(
    '/api/leagues/:id/live-table',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['leagues'],
        summary:
          "A league's table of the current season with the provisional points of matches in play added to the stored totals (members only)",
        params: idParams,
        querystring: liveTableQuery,
        response: { 200: liveTableDto, 400: errorDto, 403: errorDto, 404: errorDto },
      },
    },
    async (req) => {
      const { user } = req;
      const { id } = req.params;
      const { page, pageSize } = req.query;
      const now = app.deps.clock.now();
      let season = await resolveSeason(app.deps.seasons, now);
      // The stored totals are the season's overall table, from the tables' cache (the Live switch
      // sits on that table, so both agree to the point).
      let { entry } = await viewerTable(id, { seasonId: season.id, gameweek: 0 }, user.id);
      // A league of another competition plays in that competition's current season (known once membership is checked).
      if (entry.league.competition !== season.competitionId) {
        season = await resolveSeason(app.deps.seasons, now, undefined, 'board', entry.league.competition);
        ({ entry } = await viewerTable(id, { seasonId: season.id, gameweek: 0 }, user.id));
      }
      // The members' picks are read only while a match in play has a score, and then kept.
      const live = await inPlay(app, season.id, now);
      const picks = live.scored.length
        ? await livePicksOf(
            app,
            id,
            live.scored.map((m) => m.fixtureId),
          )
        : new Map();
      return liveTablePage(entry, live, picks, { season: season.id, page, pageSize }, user.id);
    },
  );
}
