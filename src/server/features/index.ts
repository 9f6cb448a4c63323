import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.js';
import { eventLoopRoutes } from './health/event-loop-routes.js';
import { leagueRoutes } from './leagues/routes.js';
import { inviteRoutes } from './leagues/invite-routes.js';
import { profileRoutes } from './profile/routes.js';
import { adminOverviewRoutes } from './admin-overview/routes.js';
import { seasonRoutes } from './seasons/routes.js';
import { seedBuiltInSeasons } from '../seasons/seed.js';
import { gameweekRoutes } from './gameweeks/routes.js';
import { fixtureRoutes } from './fixtures/routes.js';
import { predictionRoutes } from './predictions/routes.js';
import { bankerRoutes } from './predictions/banker-routes.js';
import { resultRoutes } from './results/routes.js';
import { resultDeskRoutes } from './results/desk-routes.js';
import { summaryRoutes } from './summary/routes.js';
import { leaderboardRoutes } from './leaderboard/routes.js';
import { liveMatchesRoutes } from './live-matches/routes.js';
import { reminderRoutes } from './reminders/routes.js';
import { startReminderScheduler } from './reminders/scheduler.js';
import { calendarRoutes } from './calendar/routes.js';
import { statisticsRoutes } from './statistics/routes.js';
import { dashboardRoutes } from './dashboard/routes.js';
import { contactRoutes } from './contact/routes.js';
import { startContactRetryService } from './contact/delivery.js';
import { adminSeasonRoutes } from './seasons/admin-routes.js';
import { feedRoutes } from './feed/routes.js';
import { startFeedScheduler } from './feed/scheduler.js';
import { accountRoutes } from './account/routes.js';
import { publicFiguresRoutes } from './public-figures/routes.js';
import { pickSharesRoutes } from './pick-shares/routes.js';
import { bonusQuestionRoutes } from './bonus-questions/routes.js';
import { createBonusResolver } from './bonus-questions/resolver.js';
import { honoursRoutes } from './honours/routes.js';
import { shareImageRoutes } from './share-images/routes.js';
import { pushRoutes } from './push/routes.js';
import { createPushQueue } from './push/sender.js';
import { startPushScheduler } from './push/scheduler.js';
import { startPushEvents } from './push/events.js';

/** Data work done once at start-up, before any route answers: the built-in seasons (SEED_SEASON). */
export async function prepareFeatureData(app: FastifyInstance): Promise<void> {
  if (app.deps.config.SEED_SEASON) await seedBuiltInSeasons(app);
}

/** Every feature's routes. Each feature is a Fastify plugin in features/<name>/routes.ts. */
export async function registerFeatures(app: FastifyInstance) {
  // Settles bonus questions about a season's final table after every commit of its results (bonus-questions/resolver.ts).
  app.decorate('bonusResolver', createBonusResolver(app));
  app.addHook('onClose', async () => app.bonusResolver.close());
  // Push messages leave from this queue, never inside a request (push/sender.ts).
  app.decorate('pushQueue', createPushQueue(app));
  app.addHook('onClose', async () => app.pushQueue.close());
  await app.register(healthRoutes);
  await app.register(eventLoopRoutes);
  await app.register(profileRoutes);
  await app.register(leagueRoutes);
  await app.register(inviteRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(seasonRoutes);
  await app.register(gameweekRoutes);
  await app.register(fixtureRoutes);
  await app.register(predictionRoutes);
  await app.register(bankerRoutes);
  await app.register(resultRoutes);
  await app.register(liveMatchesRoutes);
  await app.register(reminderRoutes);
  await app.register(calendarRoutes);
  await app.register(statisticsRoutes);
  await app.register(dashboardRoutes);
  await app.register(contactRoutes);
  await app.register(adminSeasonRoutes);
  await app.register(feedRoutes);
  await app.register(resultDeskRoutes);
  await app.register(summaryRoutes);
  await app.register(leaderboardRoutes);
  await app.register(accountRoutes);
  await app.register(publicFiguresRoutes);
  await app.register(pickSharesRoutes);
  await app.register(bonusQuestionRoutes);
  await app.register(honoursRoutes);
  await app.register(shareImageRoutes);
  await app.register(pushRoutes);
}

/** Background services (schedulers, retry loops); returns a function that stops them all. */
export async function startFeatureServices(_app: FastifyInstance): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void> | void> = [];
  stops.push(startReminderScheduler(_app));
  stops.push(startPushScheduler(_app));
  stops.push(startPushEvents(_app));
  stops.push(startContactRetryService(_app));
  stops.push(startFeedScheduler(_app));
  // Results saved while no server ran (a crash after a commit, a seeded season) settle their questions now.
  void _app.bonusResolver.sweep();
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
