import { z } from 'zod';

/** Liveness with a database round trip. */
export const healthDto = z.object({
  status: z.literal('ok'),
  database: z.enum(['sqlite', 'postgres']),
  time: z.string(),
});

/** The OpenAPI document itself (its shape is OpenAPI's). */
export const openapiDocument = z.record(z.string(), z.unknown());

/** The development outbox (never in production): the last mails, newest first. */
export const outboxMailDto = z.object({
  id: z.number(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string().nullable(),
  createdAt: z.string(),
});
export const outboxReply = z.object({ messages: z.array(outboxMailDto) });
export const outboxPage = z.string().describe('text/html');
