import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { idParam } from '../../../contract/common.js';
import {
  CONTACT_RATE_LIMIT,
  CONTACT_RATE_LIMIT_MESSAGE,
  CONTACT_SUBJECT,
  contactInfoDto,
  contactMessageListReply,
  contactMessageReply,
  contactReceiptReply,
  contactSchema,
  normalizeContact,
} from '../../../contract/contact.js';
import { HttpError, notFound } from '../../errors.js';
import { leaderboardName } from '../../../game/ranking.js';
import { routeLimit } from '../../security/route-limits.js';
import { attemptDelivery, supportAddress } from './delivery.js';
import {
  countMessagesSince,
  getContactMessage,
  insertContactMessage,
  listContactMessages,
  makeDueNow,
} from './repository.js';
import { presentContactMessage, presentReceipt } from './presenter.js';

const ADMIN_LIST_LIMIT = 200;

export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  app.get(
    '/api/contact/info',
    {
      config: { auth: 'user' },
      schema: {
        tags: ['contact'],
        summary: 'The support address shown on the contact page',
        response: { 200: contactInfoDto },
      },
    },
    async () => {
      return { supportEmail: await supportAddress(app.deps.db, app.deps.config) };
    },
  );

  app.post(
    '/api/contact',
    {
      // Verified accounts only: the mail names the account, so its address must be proven (guard: 403).
      config: { auth: 'verified' },
      // Besides the per-player limit below: many accounts from one address (docs/security.md, rate limits).
      preHandler: routeLimit(
        app,
        'contactPerAddress',
        'address',
        (wait) => `Too many messages from your address. Please wait ${wait} and try again.`,
      ),
      schema: {
        tags: ['contact'],
        summary:
          'Send a message to support (verified accounts): stored first, then e-mailed naming the account (failed sends are retried); `email` is the reply address, a plain address',
        body: contactSchema,
        response: { 201: contactReceiptReply },
      },
    },
    async (req, reply) => {
      const { user } = req;
      const { db, clock, config } = app.deps;
      const now = clock.now();
      const since = new Date(now.getTime() - CONTACT_RATE_LIMIT.windowMs).toISOString();
      if ((await countMessagesSince(db, user.id, since)) >= CONTACT_RATE_LIMIT.max) {
        throw new HttpError(429, 'rate_limited', CONTACT_RATE_LIMIT_MESSAGE);
      }
      const { email, message } = normalizeContact(req.body);
      const id = crypto.randomUUID();
      await insertContactMessage(db, {
        id,
        userId: user.id,
        fromName: leaderboardName({ teamName: user.teamName, username: user.username, displayName: user.name }),
        accountEmail: user.email,
        fromEmail: email,
        toEmail: await supportAddress(db, config),
        subject: CONTACT_SUBJECT,
        message,
        status: 'pending',
        attempts: 0,
        lastError: null,
        nextAttemptAt: now.toISOString(),
        createdAt: now.toISOString(),
        sentAt: null,
      });
      // Stored: from here on the message cannot be lost. A failed send stays for the retry service.
      const after = await attemptDelivery(app.deps, id);
      if (after?.status !== 'sent')
        req.log.warn({ id, error: after?.lastError }, 'Contact message not sent yet; it will be retried');
      await app.deps.bus.publish({ type: 'contact-messages.changed' });
      return reply.status(201).send({ message: presentReceipt(after!) });
    },
  );

  app.get(
    '/api/admin/contact-messages',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Contact messages with their delivery state, newest first (admin only)',
        response: { 200: contactMessageListReply },
      },
    },
    async () => {
      const rows = await listContactMessages(app.deps.db, ADMIN_LIST_LIMIT);
      return { messages: rows.map(presentContactMessage) };
    },
  );

  app.post(
    '/api/admin/contact-messages/:id/retry',
    {
      config: { auth: 'admin' },
      schema: {
        tags: ['admin'],
        summary: 'Try to deliver an unsent contact message now (admin only)',
        params: z.object({ id: idParam(100) }),
        response: { 200: contactMessageReply },
      },
    },
    async (req) => {
      const { db, clock } = app.deps;
      const made = await makeDueNow(db, req.params.id, clock.nowIso());
      if (!made) {
        // Already sent (nothing to do) or no such message.
        const existing = await getContactMessage(db, req.params.id);
        if (!existing) throw notFound('Message not found.');
        return { message: presentContactMessage(existing) };
      }
      const after = await attemptDelivery(app.deps, req.params.id);
      await app.deps.bus.publish({ type: 'contact-messages.changed' });
      return { message: presentContactMessage(after!) };
    },
  );
}
