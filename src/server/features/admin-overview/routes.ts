import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { awaitingResultsReply, overviewReply, type AwaitingSeason } from '../../../contract/admin.js';
import { errorDto } from '../../../contract/common.js';
import { COMPETITION_LABELS, COMPETITIONS } from '../../../contract/leagues.js';
import { seasonQuery } from '../../../contract/seasons.js';
import { liveSince } from '../../../game/fixture-status.js';
import { loadSeasonState, resolveSeason } from '../../seasons/service.js';
import { latestRuns, pendingMoveCounts, type RunRecord } from '../feed/index.js';
import { suggestedFeedUrl } from './feed-suggestion.js';
import { awaitingResults, loadOverview, seasonFeeds } from './repository.js';

/**
 * A season's feed failure for the to-do: its latest run, when that failed and the season still
 * has a feed (turned off, there is nothing left to fix). A later successful run clears it.
 */
function failureOf(run: RunRecord | undefined, feedUrl: string | null) {
  if (!run || run.outcome !== 'failed' || feedUrl === null) return null;
  return { at: run.finishedAt ?? run.startedAt, message: run.message ?? 'The feed run failed.' };
}

/**
 * A season as the admin's to-do names it: another competition's season says which (the Champions
 * League's 2025/26 beside the Premier League's), the Premier League's as it always did.
 */
function withCompetition(s: { label: string; competitionId: string }): string {
  const competition = COMPETITIONS.find((c) => c === s.competitionId);
  return competition && competition !== 'premier-league' ? `${COMPETITION_LABELS[competition]} ${s.label}` : s.label;
}

export async function adminOverviewRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  app.get(
    '/api/admin/overview',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          "Counts of accounts and leagues, and of a season's fixtures and predictions (the current one unless ?season=; admin only)",
        querystring: seasonQuery,
        response: { 200: overviewReply, 404: errorDto },
      },
    },
    async (req) => {
      const season = await resolveSeason(app.deps.seasons, app.deps.clock.now(), req.query.season);
      return {
        overview: { season: season.id, ...(await loadOverview(app.deps.db, app.deps.handle.dialect, season.id)) },
      };
    },
  );

  app.get(
    '/api/admin/awaiting-results',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary:
          'Every season, newest first, with how many of its matches are past their live window without a final result and in which gameweeks, its results feed, its last failed feed run and moves waiting for confirmation, and the openfootball address suggested for it (admin only)',
        response: { 200: awaitingResultsReply },
      },
    },
    async () => {
      const { db, clock, config } = app.deps;
      const now = clock.now();
      const [state, rows, feeds, runs, moves] = await Promise.all([
        loadSeasonState(app.deps.seasons, now),
        awaitingResults(db, liveSince(now)),
        seasonFeeds(db),
        latestRuns(db),
        pendingMoveCounts(db),
      ]);
      const feedOf = new Map(feeds.map((f) => [f.id, f]));
      const lastRunOf = new Map(runs.map((r) => [r.seasonId, r]));
      const start = (s: { startDate: string | null; firstKickoff: string | null }) =>
        s.firstKickoff ?? s.startDate ?? '9999';
      const seasons = [...state.seasons]
        .sort((a, b) => start(b).localeCompare(start(a)) || b.id.localeCompare(a.id))
        .map((s): AwaitingSeason => {
          const gameweeks = rows
            .filter((r) => r.seasonId === s.id)
            .map(({ gameweek, count, firstKickoff, lastKickoff }) => ({ gameweek, count, firstKickoff, lastKickoff }));
          return {
            season: s.id,
            label: withCompetition(s),
            current: s.id === state.current?.id,
            count: gameweeks.reduce((n, g) => n + g.count, 0),
            gameweeks,
            feedUrl: feedOf.get(s.id)?.feedUrl ?? null,
            suggestedFeedUrl: suggestedFeedUrl(s, config.FEED_SUGGESTION_BASE_URL),
            feedFailure: failureOf(lastRunOf.get(s.id), feedOf.get(s.id)?.feedUrl ?? null),
            pendingMoves: moves.get(s.id) ?? 0,
          };
        });
      return { seasons };
    },
  );
}
