import type { FastifyInstance } from 'fastify';
import { HttpError } from '../errors.js';
import { JSON_MAX_DEPTH } from './limits.js';

/** True when arrays and objects nest deeper than `max` anywhere in `text` (strings are skipped). */
export function nestsDeeperThan(text: string, max: number): boolean {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 92 /* \ */) i++;
      else if (c === 34 /* " */) inString = false;
    } else if (c === 34) inString = true;
    else if (c === 91 /* [ */ || c === 123 /* { */) {
      if (++depth > max) return true;
    } else if (c === 93 /* ] */ || c === 125 /* } */) depth--;
  }
  return false;
}

/**
 * JSON bodies go through Fastify's own parser (prototype-poisoning checks included), after a
 * cheap scan that refuses absurd nesting: no form of ours nests beyond a few levels, and code
 * that walks a parsed value recursively (validation, re-serialising for the auth library) would
 * otherwise overflow the stack and answer 500.
 */
export function registerJsonBodyParser(app: FastifyInstance): void {
  const parse = app.getDefaultJsonParser('error', 'error');
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (nestsDeeperThan(text, JSON_MAX_DEPTH)) {
      done(new HttpError(400, 'bad_request', 'The request is nested too deeply.'), undefined);
      return;
    }
    parse(req, text, done);
  });
}
