import fp from 'fastify-plugin';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { HttpError } from '../errors.js';

/** Every error leaves as `{ error: { code, message } }`; anything unexpected is a logged 500 without internals. */
export const errorHandler = fp(
  async (app) => {
    app.setErrorHandler((err, req, reply) => {
      if (hasZodFastifySchemaValidationErrors(err)) {
        const first = err.validation[0];
        const field = first?.instancePath?.replace(/^\//, '').replace(/\//g, '.') || undefined;
        return reply
          .status(400)
          .send({ error: { code: 'validation_error', message: first?.message ?? 'Invalid input.', field } });
      }
      if (err instanceof HttpError) {
        return reply
          .status(err.statusCode)
          .send({ error: { code: err.code, message: err.message, ...(err.details ? { details: err.details } : {}) } });
      }
      const status = (err as { statusCode?: number }).statusCode ?? 500;
      if (status === 429) {
        return reply.status(429).send({
          error: {
            code: 'rate_limited',
            message: (err as Error).message || 'Too many requests. Please try again later.',
          },
        });
      }
      if (status >= 400 && status < 500) {
        const message =
          status === 415
            ? 'Send JSON with a content-type of application/json.'
            : status === 413
              ? 'The request is too large.'
              : 'The request could not be read.';
        return reply.status(status).send({ error: { code: 'bad_request', message } });
      }
      req.log.error({ err }, 'Unhandled error');
      return reply
        .status(500)
        .send({ error: { code: 'internal', message: 'Something went wrong on our side. Please try again.' } });
    });
  },
  { name: 'error-handler' },
);
