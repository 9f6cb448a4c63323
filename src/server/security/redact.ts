import type { FastifyRequest } from 'fastify';

/**
 * Links that work on their own (password reset, e-mail verification, calendar feed, unsubscribe)
 * carry their token in the path or the query. The access log keeps the shape of the URL and
 * replaces the token, so reading the log gives no usable link.
 */
export function redactUrl(url: string): string {
  return url
    .replace(/(\/reset-password\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/(\/calendar\/)[^/?#]+/gi, '$1[redacted]')
    .replace(/([?&][^=&#]*token[^=&#]*=)[^&#]*/gi, '$1[redacted]');
}

/** Fastify's request log fields, with the URL redacted. */
export function serializeRequest(req: FastifyRequest) {
  return {
    method: req.method,
    url: redactUrl(req.url),
    host: req.host,
    remoteAddress: req.ip,
    remotePort: req.socket?.remotePort,
  };
}
