import type { FastifySerializerCompiler } from 'fastify';
import { ResponseSerializationError, serializerCompiler as zodSerializerCompiler } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { isDeepFrozen } from './frozen-values.js';

/**
 * The one way an answer leaves a route (decision 0114): through its response schema, as the zod
 * type provider's serializer does (`JSON.stringify(z.encode(schema, value))`: unknown fields
 * dropped, a wrong shape a 500), byte for byte. What it adds is for the values the read model
 * keeps: an object or array frozen all the way down (plugins/frozen-values.ts) can never change,
 * so its text under one schema node is written once and reused for every answer that shows it.
 *
 * The schema is walked where its encoding is plain structure (objects that drop unknown keys,
 * arrays, nullable, optional) and plain values whose only rule is their type (string, number,
 * boolean, enum, literal, null); any other node (a format, a check, a default, a transform, a
 * union) is encoded by zod itself. A value the walk does not accept is handed whole to zod, which
 * throws the same error the library's serializer would.
 */

type Writer = (value: unknown) => string | undefined;
interface Node {
  write: Writer;
}

/** The walk met a value its node does not accept: zod, given the whole answer, says why. */
const REFUSED: unique symbol = Symbol('refused');

function refuse(): never {
  // A sentinel caught in `serialize`: it never leaves this module.
  throw REFUSED;
}

const nodes = new WeakMap<z.core.$ZodType, Node>();

/** Definition keys a node may have and still be plain (a format, coercion or catchall makes it not). */
const PLAIN_KEYS: Record<string, readonly string[]> = {
  string: ['type', 'checks'],
  number: ['type', 'checks'],
  boolean: ['type', 'checks'],
  null: ['type', 'checks'],
  enum: ['type', 'entries', 'checks'],
  literal: ['type', 'values', 'checks'],
  nullable: ['type', 'innerType'],
  optional: ['type', 'innerType'],
  object: ['type', 'shape'],
  array: ['type', 'element'],
};

function isPlainNode(schema: z.core.$ZodType): boolean {
  const def = schema._zod.def as unknown as Record<string, unknown>;
  const allowed = PLAIN_KEYS[def.type as string];
  if (!allowed) return false;
  for (const key of Object.keys(def)) if (!allowed.includes(key)) return false;
  const checks = def.checks as unknown[] | undefined;
  return !checks || checks.length === 0;
}

/** A node zod encodes itself. */
function zodNode(schema: z.core.$ZodType): Node {
  return {
    write(value) {
      const result = z.safeEncode(schema, value);
      if (!result.success) refuse();
      return JSON.stringify(result.data);
    },
  };
}

/** Text kept per frozen value: a value frozen all the way down encodes to the same text for ever. */
function memoised(write: Writer): Writer {
  const texts = new WeakMap<object, string>();
  return (value) => {
    if (typeof value !== 'object' || value === null || !Object.isFrozen(value)) return write(value);
    const kept = texts.get(value);
    if (kept !== undefined) return kept;
    const text = write(value);
    if (text !== undefined && isDeepFrozen(value)) texts.set(value, text);
    return text;
  };
}

function objectNode(schema: z.core.$ZodObject): Node {
  const node: Node = { write: refuse };
  nodes.set(schema, node);
  const shape = schema._zod.def.shape;
  const keys = Object.keys(shape);
  const prefixes = keys.map((k) => `${JSON.stringify(k)}:`);
  const fields = keys.map((k) => nodeOf(shape[k]!));
  node.write = memoised((value) => {
    if (typeof value !== 'object' || value === null || Array.isArray(value)) refuse();
    const record = value as Record<string, unknown>;
    let text = '{';
    for (let i = 0; i < keys.length; i++) {
      const field = fields[i]!.write(record[keys[i]!]);
      if (field === undefined) continue;
      text += `${text.length === 1 ? '' : ','}${prefixes[i]!}${field}`;
    }
    return `${text}}`;
  });
  return node;
}

function arrayNode(schema: z.core.$ZodArray): Node {
  const node: Node = { write: refuse };
  nodes.set(schema, node);
  const item = nodeOf(schema._zod.def.element);
  node.write = memoised((value) => {
    if (!Array.isArray(value)) refuse();
    let text = '[';
    for (let i = 0; i < value.length; i++) text += `${i === 0 ? '' : ','}${item.write(value[i]) ?? 'null'}`;
    return `${text}]`;
  });
  return node;
}

function leafNode(schema: z.core.$ZodType): Node {
  const def = schema._zod.def;
  switch (def.type) {
    case 'string':
      return { write: (v) => (typeof v === 'string' ? JSON.stringify(v) : refuse()) };
    case 'number':
      // A finite number's JSON is its string (exponents and -0 alike).
      return { write: (v) => (typeof v === 'number' && Number.isFinite(v) ? String(v) : refuse()) };
    case 'boolean':
      return { write: (v) => (v === true ? 'true' : v === false ? 'false' : refuse()) };
    case 'null':
      return { write: (v) => (v === null ? 'null' : refuse()) };
    case 'enum':
    case 'literal': {
      const values = schema._zod.values!;
      // Only values JSON writes as they are (a bigint or undefined literal is zod's to encode).
      if (![...values].every((v) => v === null || ['string', 'number', 'boolean'].includes(typeof v)))
        return zodNode(schema);
      return { write: (v) => (values.has(v as never) ? JSON.stringify(v) : refuse()) };
    }
    default:
      return zodNode(schema);
  }
}

function nodeOf(schema: z.core.$ZodType): Node {
  const known = nodes.get(schema);
  if (known) return known;
  if (!isPlainNode(schema)) {
    const node = zodNode(schema);
    nodes.set(schema, node);
    return node;
  }
  const def = schema._zod.def;
  let node: Node;
  if (def.type === 'object') return objectNode(schema as z.core.$ZodObject);
  if (def.type === 'array') return arrayNode(schema as z.core.$ZodArray);
  if (def.type === 'nullable') {
    const inner = nodeOf((def as z.core.$ZodNullableDef).innerType);
    node = { write: (v) => (v === null ? 'null' : inner.write(v)) };
  } else if (def.type === 'optional') {
    const inner = nodeOf((def as z.core.$ZodOptionalDef).innerType);
    node = { write: (v) => (v === undefined ? undefined : inner.write(v)) };
  } else node = leafNode(schema);
  nodes.set(schema, node);
  return node;
}

/** `value` as the response schema writes it: `JSON.stringify(z.encode(schema, value))`, or that call's error. */
export function serialize(schema: z.core.$ZodType, value: unknown): string {
  try {
    // An answer is never undefined: the schema of an absent one refuses it below.
    const text = nodeOf(schema).write(value);
    if (text !== undefined) return text;
  } catch (error) {
    if (error !== REFUSED) throw error;
  }
  return JSON.stringify(z.encode(schema, value));
}

/** Fastify's serializer compiler for zod response schemas: the zod type provider's, with kept texts. */
export const responseSerializerCompiler: FastifySerializerCompiler<
  z.core.$ZodType | { properties: z.core.$ZodType }
> = (route) => {
  const { schema, method, url } = route;
  if (!(schema instanceof z.core.$ZodType)) return zodSerializerCompiler(route);
  return (data: unknown) => {
    try {
      return serialize(schema, data);
    } catch (error) {
      if (error instanceof z.core.$ZodError) throw new ResponseSerializationError(method, url, { cause: error });
      throw error;
    }
  };
};
