import crypto from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
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
  VISITOR_SENDER,
} from '../../../contract/contact.js';
import { HttpError, notFound } from '../../errors.js';
import { leaderboardName } from '../../../game/ranking.js';
import { routeLimit } from '../../security/route-limits.js';
import type { SessionUser } from '../../auth/session.js';
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

/** The signed-in sender whose address is proven: only such an account is named in the mail. */
const verifiedSender = (user: SessionUser | null) => (user?.emailVerified ? user : null);

const FROM_YOUR_ADDRESS = (wait: string) => `Too many messages from your address. Please wait ${wait} and try again.`;

export async function contactRoutes(fastify: FastifyInstance) {
  const app = fastify.withTypeProvider<ZodTypeProvider>();

  // Visitors count by their address; a verified sender is counted by their stored messages instead
  // (CONTACT_RATE_LIMIT, which survives restarts). The hooks keep routeLimit's marks, so the route
  // list still names these limits.
  const forVisitors = (hook: ReturnType<typeof routeLimit>) =>
    Object.assign(
      async (req: FastifyRequest, reply: FastifyReply) => {
        if (verifiedSender(await app.sessionUser(req))) return;
        await hook(req, reply);
      },
      Object.fromEntries(
        Object.getOwnPropertySymbols(hook).map((k) => [k, (hook as unknown as Record<symbol, unknown>)[k]]),
      ),
    );

  app.get(
    '/api/contact/info',
    {
      // Public: the contact page is open to visitors (someone who cannot sign in must reach us).
      config: { auth: 'public' },
      schema: {
        tags: ['contact'],
        summary:
          'The support address shown on the contact page: SUPPORT_EMAIL, or null when none is configured (never an admin’s own address)',
        response: { 200: contactInfoDto },
      },
    },
    async () => {
      return { supportEmail: app.deps.config.SUPPORT_EMAIL || null };
    },
  );

  app.post(
    '/api/contact',
    {
      // Open to visitors (someone locked out of their account must reach us). The mail names an
      // account only when the sender is signed in with a verified address; anyone else is a visitor
      // whose typed reply address is marked as not verified.
      config: { auth: 'public' },
      // Besides the per-player limit below: many accounts from one address (docs/security.md, rate limits);
      // visitors are counted by their address.
      preHandler: [
        routeLimit(app, 'contactPerAddress', 'address', FROM_YOUR_ADDRESS),
        forVisitors(routeLimit(app, 'contactVisitorPerAddress', 'address', FROM_YOUR_ADDRESS)),
        forVisitors(routeLimit(app, 'contactVisitorPerAddressDaily', 'address', FROM_YOUR_ADDRESS)),
      ],
      schema: {
        tags: ['contact'],
        summary:
          'Send a message to support (anyone; a verified account is named in the mail, anyone else is a visitor): stored first, then e-mailed (failed sends are retried); `email` is the reply address, a plain address',
        body: contactSchema,
        response: { 201: contactReceiptReply },
      },
    },
    async (req, reply) => {
      const user = verifiedSender(await app.sessionUser(req));
      const { db, clock, config } = app.deps;
      const now = clock.now();
      const since = new Date(now.getTime() - CONTACT_RATE_LIMIT.windowMs).toISOString();
      if (user && (await countMessagesSince(db, user.id, since)) >= CONTACT_RATE_LIMIT.max) {
        throw new HttpError(429, 'rate_limited', CONTACT_RATE_LIMIT_MESSAGE);
      }
      const { email, message } = normalizeContact(req.body);
      const id = crypto.randomUUID();
      await insertContactMessage(db, {
        id,
        userId: user?.id ?? null,
        fromName: user
          ? leaderboardName({ teamName: user.teamName, username: user.username, displayName: user.name })
          : VISITOR_SENDER,
        accountEmail: user?.email ?? null,
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
