import type { FastifyReply } from 'fastify';
import { z } from 'zod';

/**
 * Answers made of kept values, serialized once (decision 0104). A route's serializer encodes its
 * answer through the response schema and stringifies it on every request: for a page of a kept
 * table that is a quarter of the request's CPU, spent making the same text again. These helpers
 * make the same text (same schema, same key order, byte for byte) once and keep it beside the
 * values it shows; a route sends it with `sendJsonText`, which Fastify passes on as it is.
 */

/** `value` as the route's serializer writes it: encoded through `schema` (which drops what it does not name), then stringified. */
export function jsonText<S extends z.ZodType>(schema: S, value: z.input<S>): string {
  return JSON.stringify(z.encode(schema, value as z.output<S>));
}

const keyPrefixes = new WeakMap<z.ZodObject, string[]>();

/**
 * An object's text from its fields' texts, in `schema`'s key order (the order its encoding writes
 * them). Each part must be the field's own `jsonText` (or a kept copy of it): the tests of each
 * caller compare the result with `jsonText` of the whole answer.
 */
export function objectText<S extends z.ZodObject>(schema: S, parts: { [K in keyof S['shape']]: string }): string {
  let prefixes = keyPrefixes.get(schema);
  if (!prefixes) {
    prefixes = Object.keys(schema.shape).map((key, i) => `${i === 0 ? '{' : ','}${JSON.stringify(key)}:`);
    keyPrefixes.set(schema, prefixes);
  }
  const keys = Object.keys(schema.shape);
  let text = '';
  for (let i = 0; i < keys.length; i++) text += prefixes[i]! + (parts as Record<string, string>)[keys[i]!]!;
  return `${text}}`;
}

/** An array's text from its items' texts. */
export const arrayText = (items: readonly string[]): string => `[${items.join(',')}]`;

/**
 * Sends text made by the helpers above (the handler then returns nothing). A string with a JSON
 * content type goes out as it is: the route's response schema still documents the answer, and the
 * caller's tests hold the text to it.
 */
export function sendJsonText(reply: FastifyReply, text: string): void {
  void reply.type('application/json; charset=utf-8').send(text);
}

/**
 * Texts kept per set of values, compared by identity: `text([a, b, c], make)` makes the text once
 * for that `a` (kept as long as `a` is, a WeakMap) with that `b` and `c`, and again when any is
 * replaced. Kept values are replaced, never changed in place, when what they hold moves (the
 * caches' rule), so a kept text is never stale.
 */
export function keptTexts<K extends object>() {
  const kept = new WeakMap<K, { rest: readonly unknown[]; text: string }>();
  return function text(key: K, rest: readonly unknown[], make: () => string): string {
    const hit = kept.get(key);
    if (hit && hit.rest.length === rest.length && hit.rest.every((v, i) => v === rest[i])) return hit.text;
    const made = make();
    kept.set(key, { rest, text: made });
    return made;
  };
}
