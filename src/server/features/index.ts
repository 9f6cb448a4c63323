import type { FastifyInstance } from 'fastify';
import { healthRoutes } from './health/routes.js';
import { profileRoutes } from './profile/routes.js';
import { adminOverviewRoutes } from './admin-overview/routes.js';
import { predictionRoutes } from './predictions/routes.js';
import { resultRoutes } from './results/routes.js';

/** Every feature's routes. Each feature is a Fastify plugin in features/<name>/routes.ts. */
export async function registerFeatures(app: FastifyInstance) {
  await app.register(healthRoutes);
  await app.register(profileRoutes);
  await app.register(adminOverviewRoutes);
  await app.register(predictionRoutes);
  await app.register(resultRoutes);
}

/** Background services (schedulers, retry loops); returns a function that stops them all. */
export async function startFeatureServices(_app: FastifyInstance): Promise<() => Promise<void>> {
  const stops: Array<() => Promise<void> | void> = [];
  return async () => {
    for (const stop of stops.reverse()) await stop();
  };
}
