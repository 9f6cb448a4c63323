import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  pushKeyDto,
  pushPreferencesDto,
  pushPreferencesSchema,
  pushSubscribedDto,
  pushSubscriptionSchema,
  pushUnsubscribeSchema,
} from '../../../contract/push.js';
import { routeLimit } from '../../security/route-limits.js';
import { ensureSettings } from '../user-settings/index.js';
import {
  countSubscriptions,
  deleteSubscription,
  preferencesOf,
  savePreferences,
  saveSubscription,
} from './repository.js';

/**
 * Web Push (decision 0111): the public key browsers subscribe with, each device's subscription
 * (always the signed-in player's own), and the player's push preferences. Nothing here contacts a
 * push service: messages go from the push queue, after the answer.
 */
export async function pushRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();
  const limit = routeLimit(
    app,
    'pushPerUser',
    'user',
    (wait) => `Too many notification changes. Please wait ${wait} and try again.`,
  );
  const answer = async (userId: string) => {
    const s = await ensureSettings(app.deps.db, userId, app.deps.clock.nowIso());
    return { ...preferencesOf(s), devices: await countSubscriptions(app.deps.db, userId) };
  };

  app.get(
    '/api/push/key',
    {
      config: { auth: 'public' },
      schema: {
        tags: ['push'],
        summary: 'The public key (VAPID) a browser subscribes to push messages with',
        response: { 200: pushKeyDto },
      },
    },
    async () => ({ publicKey: app.deps.config.VAPID_PUBLIC_KEY }),
  );

  app.post(
    '/api/push/subscriptions',
    {
      config: { auth: 'user' },
      preHandler: limit,
      schema: {
        tags: ['push'],
        summary: 'Subscribe this device to your push messages',
        body: pushSubscriptionSchema,
        response: { 200: pushPreferencesDto },
      },
    },
    async (req) => {
      const nowIso = app.deps.clock.nowIso();
      await ensureSettings(app.deps.db, req.user.id, nowIso);
      await saveSubscription(app.deps.db, req.user.id, req.body, nowIso);
      return answer(req.user.id);
    },
  );

  app.delete(
    '/api/push/subscriptions',
    {
      config: { auth: 'user' },
      preHandler: limit,
      schema: {
        tags: ['push'],
        summary: 'Stop push messages to this device',
        body: pushUnsubscribeSchema,
        response: { 200: pushSubscribedDto },
      },
    },
    async (req) => {
      await deleteSubscription(app.deps.db, req.user.id, req.body.endpoint);
      return { subscribed: false };
    },
  );

  app.get(
    '/api/push/preferences',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['push'],
        summary: 'Which push messages you get, your quiet hours, and how many devices',
        response: { 200: pushPreferencesDto },
      },
    },
    async (req) => answer(req.user.id),
  );

  app.put(
    '/api/push/preferences',
    {
      config: { auth: 'user' },
      preHandler: limit,
      schema: {
        tags: ['push'],
        summary: 'Choose which push messages you get and your quiet hours',
        body: pushPreferencesSchema,
        response: { 200: pushPreferencesDto },
      },
    },
    async (req) => {
      await savePreferences(app.deps.db, req.user.id, req.body, app.deps.clock.nowIso());
      await app.deps.bus.publish({ type: 'reminders.changed', userId: req.user.id });
      return answer(req.user.id);
    },
  );
}
