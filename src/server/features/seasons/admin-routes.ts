import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import {
  adminSeasonListReply,
  createSeasonBody,
  currentSeasonBody,
  reimportBody,
  reimportReply,
  seasonCreatedReply,
  seasonFileBody,
  seasonFilePreviewReply,
} from '../../../contract/admin-seasons.js';
import { errorDto } from '../../../contract/common.js';
import { seasonId } from '../../../contract/seasons.js';
import { routeLimit } from '../../security/route-limits.js';
import { badRequest, conflict, notFound } from '../../errors.js';
import { readUploadedSeasonFile } from '../../season-files/read-upload.js';
import { planSeasonSync } from '../../season-files/sync-plan.js';
import { syncReport } from '../../season-files/sync-report.js';
import { applySeasonPlan } from '../feed/index.js';
import { latestRuns, loadSyncFixtures, openConflictCounts, pendingMoveCounts, rejectedMoves } from '../feed/index.js';
import { presentRun } from '../feed/index.js';
import { seasonFeedUrls } from './admin-repository.js';
import { createSeasonFromFile, previewSeasonFile } from './admin-service.js';
import { isBuiltinSeason } from '../../seasons/builtin.js';
import { presentSeason } from './presenter.js';
import {
  DEFAULT_COMPETITION,
  getCompetition,
  getSeason,
  listClubs,
  listCompetitions,
  seasonCounts,
  setPinnedSeason,
} from '../../seasons/repository.js';
import { loadSeasonState, publishFixturesChanged } from '../../seasons/service.js';

const params = z.object({ id: seasonId });

/** Names what a plan would do (its lines), so an apply can check it is what the admin previewed. */
const planHash = (report: ReturnType<typeof syncReport>) =>
  crypto
    .createHash('sha256')
    .update(JSON.stringify([report.ok, report.changes, report.conflicts, report.held]))
    .digest('base64url')
    .slice(0, 32);

/** The admin's seasons screen: list, create from a file, set the current season, re-import a newer file. */
export async function adminSeasonRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const { db, clock, config } = app.deps;
  const fileLimit = routeLimit(
    app,
    'seasonFilePerUser',
    'user',
    (wait) => `Too many season files. Please wait ${wait} and try again.`,
  );
  // Files are read on a worker thread within this limit (season-files/parse-off-thread.ts).
  const read = { parseTimeLimitMs: app.security.limits.seasonFileParseMs };

  app.get(
    '/api/admin/seasons',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Every season with its counts, feed address, open conflicts and last feed run, and which one is current',
        response: { 200: adminSeasonListReply },
      },
    },
    async () => {
      const now = clock.now();
      const [state, counts, competitions, feeds, conflicts, runs, moves] = await Promise.all([
        loadSeasonState(db, now),
        seasonCounts(db, now.toISOString()),
        listCompetitions(db),
        seasonFeedUrls(db),
        openConflictCounts(db),
        latestRuns(db),
        pendingMoveCounts(db),
      ]);
      const countsBy = new Map(counts.map((c) => [c.seasonId, c]));
      const runBy = new Map(runs.map((r) => [r.seasonId, r]));
      const competitionBy = new Map(
        competitions.map((c) => [c.id, { id: c.id, name: c.name, code: c.code, timeZone: c.timeZone }]),
      );
      const start = (s: { startDate: string | null; firstKickoff: string | null }) =>
        s.firstKickoff ?? s.startDate ?? '9999';
      const seasons = [...state.seasons]
        .sort((a, b) => start(b).localeCompare(start(a)) || b.id.localeCompare(a.id))
        .map((s) => {
          const run = runBy.get(s.id);
          return {
            ...presentSeason(
              s,
              competitionBy.get(s.competitionId)!,
              countsBy.get(s.id),
              state.current?.id ?? null,
              now,
            ),
            feedUrl: feeds.get(s.id) ?? null,
            openConflicts: conflicts.get(s.id) ?? 0,
            pendingMoves: moves.get(s.id) ?? 0,
            lastRun: run ? presentRun(run) : null,
            builtIn: isBuiltinSeason(s.id),
          };
        });
      return {
        seasons,
        current: state.current?.id ?? seasons[0]?.id ?? '',
        pinned: state.pinned,
        pollMinutes: config.FEED_POLL_MINUTES ?? null,
      };
    },
  );

  app.post(
    '/api/admin/seasons/preview',
    {
      config: { auth: 'admin' },
      preHandler: fileLimit,
      schema: {
        tags: ['admin'],
        summary:
          'Check a season file whole (Football.TXT or openfootball JSON) without writing: counts, rounds, dates, errors with their line, clubs the app does not know',
        body: seasonFileBody,
        response: { 200: seasonFilePreviewReply, 400: errorDto, 429: errorDto, 503: errorDto },
      },
    },
    async (req) => previewSeasonFile(db, req.body.content, req.body.fileName, read),
  );

  app.post(
    '/api/admin/seasons',
    {
      config: { auth: 'admin' },
      preHandler: fileLimit,
      schema: {
        tags: ['admin'],
        summary: 'Create a season from a file, with the details of its new clubs, in one transaction',
        body: createSeasonBody,
        response: { 201: seasonCreatedReply, 400: errorDto, 409: errorDto, 429: errorDto, 503: errorDto },
      },
    },
    async (req, reply) => {
      const out = await createSeasonFromFile(db, req.body, clock.now(), read);
      await app.deps.bus.publish({ type: 'season.created', seasonId: out.season.id });
      app.log.info(
        { season: out.season.id },
        `Season ${out.season.label} created from a file: ${out.fixtures} fixtures, ${out.results} results, ${out.clubsCreated} new clubs`,
      );
      return reply.status(201).send(out);
    },
  );

  app.put(
    '/api/admin/current-season',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Pin the current season, or null to let the clock decide again',
        body: currentSeasonBody,
        response: { 200: z.object({ current: z.string(), pinned: z.boolean() }), 404: errorDto },
      },
    },
    async (req) => {
      const id = req.body.seasonId;
      if (id !== null) {
        const s = await getSeason(db, id);
        if (!s || s.competitionId !== DEFAULT_COMPETITION) throw notFound('Season not found.');
      }
      await setPinnedSeason(db, DEFAULT_COMPETITION, id);
      await app.deps.bus.publish({ type: 'current-season.changed' });
      const state = await loadSeasonState(db, clock.now());
      return { current: state.current?.id ?? '', pinned: state.pinned };
    },
  );

  /**
   * Plans a re-import of the file into the season (read inside `trx` when applying). The file is
   * read first, on its worker thread, so no transaction waits for it.
   */
  const readFile = async (id: string, content: string, fileName?: string) => {
    if (!(await getSeason(db, id))) throw notFound('Season not found.');
    return readUploadedSeasonFile(content, fileName, read.parseTimeLimitMs);
  };
  const planReimport = async (trx: typeof db, id: string, parsed: Awaited<ReturnType<typeof readFile>>) => {
    const season = await getSeason(trx, id);
    if (!season) throw notFound('Season not found.');
    const competition = await getCompetition(trx, season.competitionId);
    const existing = await loadSyncFixtures(trx, id);
    const rows = await listClubs(trx, id);
    const short = new Map(rows.map((c) => [c.name, c.shortName]));
    const plan = planSeasonSync(existing, parsed.matches, {
      now: clock.now(),
      source: 'file',
      clubs: rows.map((c) => c.name),
      timeZone: competition?.timeZone,
      clubLabel: (n) => short.get(n) ?? n,
      rejectedMoves: await rejectedMoves(trx, id),
    });
    return { plan, league: competition?.name ?? 'Premier League' };
  };

  app.post(
    '/api/admin/seasons/:id/reimport/preview',
    {
      config: { auth: 'admin' },
      preHandler: fileLimit,
      schema: {
        tags: ['admin'],
        summary: 'What re-importing a newer file of the season would change (matched by club pair), without writing',
        params,
        body: seasonFileBody,
        response: { 200: reimportReply, 400: errorDto, 404: errorDto, 429: errorDto, 503: errorDto },
      },
    },
    async (req) => {
      const parsed = await readFile(req.params.id, req.body.content, req.body.fileName);
      const { plan } = await planReimport(db, req.params.id, parsed);
      const report = syncReport(plan);
      return { season: req.params.id, applied: false, report, planHash: planHash(report) };
    },
  );

  app.post(
    '/api/admin/seasons/:id/reimport',
    {
      config: { auth: 'admin' },
      preHandler: fileLimit,
      schema: {
        tags: ['admin'],
        summary:
          'Re-import a newer file of the season: moves, postponements, results and new fixtures in one transaction; the admin’s results stay (conflicts are listed)',
        params,
        body: reimportBody,
        response: { 200: reimportReply, 400: errorDto, 404: errorDto, 409: errorDto, 429: errorDto, 503: errorDto },
      },
    },
    async (req) => {
      const id = req.params.id;
      const parsed = await readFile(id, req.body.content, req.body.fileName);
      const out = await db.transaction().execute(async (trx) => {
        const { plan, league } = await planReimport(trx, id, parsed);
        if (!plan.ok) throw badRequest(plan.message, `sync_${plan.reason}`, { field: 'content' });
        if (req.body.planHash !== undefined && req.body.planHash !== planHash(syncReport(plan))) {
          throw conflict(
            'The season changed since the preview (a feed run, or another admin). Preview the file again.',
            'plan_changed',
          );
        }
        await applySeasonPlan(trx, id, league, plan, clock.now());
        return plan;
      });
      if (out.changes.length) await publishFixturesChanged(app, id);
      // Moves held for the admin (decision 0100) are listed on the feed panel.
      await app.deps.bus.publish({ type: 'feed.changed', seasonId: id });
      app.log.info({ season: id }, `Season ${id} re-imported from a file: ${out.summary}`);
      const report = syncReport(out);
      return { season: id, applied: true, report, planHash: planHash(report) };
    },
  );
}
