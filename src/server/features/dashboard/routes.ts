import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  computeStreaks,
  computeTotals,
  dashboardAchievements,
  POINTS_GOAL,
  STREAK_GOAL,
  SUCCESS_RATE_GOAL,
  type PredictionRecord,
} from '../../../game/statistics.js';
import { predictionDeadline, predictionWindow } from '../../../game/deadline.js';
import { gameweekState } from '../../../game/gameweek-to-open.js';
import { gameweekFixtureRows } from '../fixtures/kept.js';
import { presentFixture } from '../fixtures/presenter.js';
import { ownPredictionRecords } from '../statistics/own-records.js';
import { playerCache, roughBytes } from '../statistics/player-cache.js';
import { resolveOpening } from '../gameweeks/opening.js';
import { resolveSeason } from '../../seasons/service.js';
import { dashboardReply, type Dashboard, type OpenMatch } from '../../../contract/dashboard.js';
import { hasAnyPrediction } from './repository.js';

export const DASHBOARD_UPCOMING = 5;
export const DASHBOARD_ACTIVITY = 4;

/** A player's own dashboard figures from their season's predictions (no clock in them). */
function ownFigures(records: PredictionRecord[]) {
  const totals = computeTotals(records);
  const streaks = computeStreaks(records);
  // Scored picks first once results are in, each group newest first.
  const recentActivity = [...records]
    .sort((a, b) =>
      (a.outcome === null) !== (b.outcome === null)
        ? a.outcome === null
          ? 1
          : -1
        : a.predictedAt !== b.predictedAt
          ? a.predictedAt < b.predictedAt
            ? 1
            : -1
          : a.fixtureId < b.fixtureId
            ? -1
            : 1,
    )
    .slice(0, DASHBOARD_ACTIVITY)
    .map((r) => ({
      fixtureId: r.fixtureId,
      homeTeam: r.homeTeam,
      awayTeam: r.awayTeam,
      homeScore: r.homeScore,
      awayScore: r.awayScore,
      predictedAt: r.predictedAt,
      state:
        r.outcome === null ? ('pending' as const) : r.outcome === 'wrong' ? ('wrong' as const) : ('right' as const),
    }));
  return { totals, streaks, recentActivity };
}

export async function dashboardRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const cache = playerCache(app);

  app.get(
    '/api/dashboard',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['statistics'],
        summary:
          "The signed-in player's dashboard in the current season: the gameweek open for predictions with the player's picks, tiles, upcoming matches, recent activity, badges and progress",
        response: { 200: dashboardReply },
      },
    },
    async (req) => {
      const { user } = req;
      const { db, clock } = app.deps;
      const now = clock.now();
      const [season] = await Promise.all([resolveSeason(app.deps.seasons, now), cache.checkResults()]);
      // What every player shares (the season's fixtures for the opening rule, a gameweek's fixtures)
      // and the player's own figures are kept until an event says their inputs changed
      // (statistics/player-cache.ts); what depends on the clock is worked out per request.
      const opening = await resolveOpening(app, season, now);
      const gameweek = opening.gameweek;
      const [fixtures, mine] = await Promise.all([
        gameweekFixtureRows(app, season.id, gameweek),
        cache.get(
          `dashboard:${user.id}:${season.id}`,
          { seasonId: season.id, userId: user.id },
          async () => {
            const records = await ownPredictionRecords(app, user.id, season.id);
            // Someone who played an earlier season is not new, even before their first pick of this one.
            const newcomer = records.length === 0 && !(await hasAnyPrediction(db, user.id));
            return { ...ownFigures(records), predictedIds: records.map((r) => r.fixtureId), newcomer };
          },
          // The ids are the kept fixture list's strings (own-records.ts): a pointer each, not a copy.
          { bytes: (v) => roughBytes({ ...v, predictedIds: [] }) + 8 * v.predictedIds.length },
        ),
      ]);
      const { totals, streaks, recentActivity } = mine;
      const predicted = new Set(mine.predictedIds);
      const scheduled = fixtures.filter((f) => !f.postponed && f.kickoffAt !== null);
      const open: OpenMatch[] = fixtures
        .filter((f) => predictionWindow(f, now) === 'open')
        .map((f) => ({
          fixtureId: f.id,
          deadline: predictionDeadline(f)!.toISOString(),
          predicted: predicted.has(f.id),
        }))
        .sort((a, b) =>
          a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : a.fixtureId < b.fixtureId ? -1 : 1,
        );
      const upcoming = fixtures
        .map((f) => presentFixture(f, now))
        .filter((f) => f.status === 'upcoming' && f.kickoffAt !== null)
        .sort((a, b) => (a.kickoffAt! < b.kickoffAt! ? -1 : a.kickoffAt! > b.kickoffAt! ? 1 : a.id < b.id ? -1 : 1))
        .slice(0, DASHBOARD_UPCOMING);

      const dashboard: Dashboard = {
        now: now.toISOString(),
        season: { id: season.id, label: season.label, phase: season.phase },
        newcomer: mine.newcomer,
        tiles: {
          totalPredictions: totals.totalPredictions,
          successRate: totals.successRate,
          totalPoints: totals.totalPoints,
          exactScores: totals.exactScores,
        },
        gameweek,
        gameweekState: fixtures.length ? gameweekState(opening.fixturesOf(gameweek), now) : null,
        picks: { matches: scheduled.length, predicted: scheduled.filter((f) => predicted.has(f.id)).length },
        open,
        upcoming,
        recentActivity,
        achievements: dashboardAchievements({ ...totals, ...streaks }),
        performance: [
          { id: 'points', label: 'Points', value: totals.totalPoints, goal: POINTS_GOAL },
          { id: 'streak', label: 'Prediction Streak', value: streaks.currentStreak, goal: STREAK_GOAL },
          { id: 'success', label: 'Success Rate', value: totals.successRate, goal: SUCCESS_RATE_GOAL },
        ],
      };
      return { dashboard };
    },
  );
}
