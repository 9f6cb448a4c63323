import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { boardDto } from '../../contract/predictions.js';
import { freezeKept, isDeepFrozen } from './frozen-values.js';
import { serialize } from './response-serializer.js';

/**
 * The serializer writes what the zod type provider's serializer writes (`JSON.stringify(z.encode(
 * schema, value))`), byte for byte, and refuses what it refuses; a value frozen all the way down
 * has its text written once, and a value that is not can never be answered with an old text.
 */
const zodText = (schema: z.core.$ZodType, value: unknown) => JSON.stringify(z.encode(schema, value));
const same = (schema: z.core.$ZodType, value: unknown) => expect(serialize(schema, value)).toBe(zodText(schema, value));

const item = z.object({ b: z.number(), a: z.string().nullable(), tag: z.enum(['x', 'y']).optional() });
const answer = z.object({
  zeta: z.string(),
  items: z.array(item),
  alpha: z.boolean(),
  one: z.literal(1),
  when: z.iso.datetime(),
  count: z.number().int(),
  nothing: z.null(),
  either: z.union([z.string(), z.number()]),
});
const good = {
  alpha: true,
  items: [
    { a: null, b: 2, secret: 'hash' },
    { a: '"q" \\ ü 😀 \u2028 </script>', b: -0, tag: 'y' },
    { a: 'x', b: 1.5e-7, tag: undefined },
  ],
  zeta: 'ü\n',
  one: 1,
  when: '2025-08-16T14:00:00.000Z',
  count: 3,
  nothing: null,
  either: 4,
  extra: { dropped: true },
};

describe('the response serializer', () => {
  test('writes what the schema encodes to: key order, unknown fields dropped, optional fields left out', () => {
    same(answer, good);
    same(item, { a: 'x', secret: 'hash', b: 1 });
    expect(serialize(item, { a: 'x', secret: 'hash', b: 1 })).toBe('{"b":1,"a":"x"}');
    same(z.array(item.optional()), [{ a: null, b: 1 }, undefined]);
    same(z.object({ d: z.string().default('d'), o: z.string().optional() }), { d: 'x', o: undefined });
    same(z.strictObject({ a: z.number() }), { a: 1 });
    same(z.looseObject({ a: z.number() }), { a: 1, b: 'kept' });
    same(z.array(z.number()).max(3), [1, 2]);
  });

  test('refuses what the schema refuses, with zod’s own error', () => {
    const bad: Array<[z.core.$ZodType, unknown]> = [
      [answer, { ...good, count: 1.5 }],
      [answer, { ...good, when: 'yesterday' }],
      [answer, { ...good, items: [{ a: 1, b: 1 }] }],
      [answer, { ...good, items: {} }],
      [answer, { ...good, one: 2 }],
      [answer, { ...good, either: true }],
      [item, { a: null, b: Infinity }],
      [item, { a: null, b: NaN }],
      [item, { a: null, b: '1' }],
      [item, { b: 1 }],
      [item, { a: null, b: 1, tag: 'z' }],
      [item, null],
      [item, [1]],
      [z.strictObject({ a: z.number() }), { a: 1, b: 2 }],
      [z.array(z.number()).max(1), [1, 2]],
      [z.boolean(), 'true'],
    ];
    for (const [schema, value] of bad) {
      expect(() => z.encode(schema, value)).toThrow(z.ZodError);
      let thrown: unknown;
      try {
        serialize(schema, value);
      } catch (error) {
        thrown = error;
      }
      expect(thrown).toBeInstanceOf(z.ZodError);
      expect((thrown as z.ZodError).issues).toEqual(z.safeEncode(schema, value).error!.issues);
    }
  });

  test('a kept value frozen all the way down is written once and shown in every answer that holds it', () => {
    let reads = 0;
    const row = { b: 1, a: 'kept' };
    Object.defineProperty(row, 'a', { get: () => `read ${++reads}`, enumerable: true });
    // A frozen value with a getter is not a fixed value: written afresh each time.
    Object.freeze(row);
    expect(isDeepFrozen(row)).toBe(false);
    expect(serialize(item, row)).not.toBe(serialize(item, row));

    const kept = freezeKept({ b: 2, a: 'kept', tag: 'x' as const });
    const first = serialize(z.array(item), [kept]);
    expect(serialize(z.object({ items: z.array(item) }), { items: [kept, kept] })).toBe(
      `{"items":[${first.slice(1, -1)},${first.slice(1, -1)}]}`,
    );
    // Nothing can change it after its text was written.
    expect(() => {
      (kept as { a: string }).a = 'changed';
    }).toThrow(TypeError);
    expect(serialize(item, kept)).toBe(zodText(item, kept));
  });

  test('a value frozen only at the top is never answered with an old text', () => {
    const inner = { a: 'before', b: 1 };
    const outer = Object.freeze({ zeta: 'z', items: [inner], alpha: false, one: 1 as const });
    const schema = answer.pick({ zeta: true, items: true, alpha: true, one: true });
    expect(isDeepFrozen(outer)).toBe(false);
    same(schema, outer);
    inner.a = 'after';
    same(schema, outer);
    expect(serialize(schema, outer)).toContain('"after"');
  });

  test('freezeKept refuses what freezing cannot hold still', () => {
    expect(() => freezeKept({ at: new Date() })).toThrow(TypeError);
    expect(() => freezeKept({ byId: new Map() })).toThrow(TypeError);
    const kept = freezeKept({ list: [{ a: 1 }], n: null });
    expect(Object.isFrozen(kept.list[0])).toBe(true);
    expect(isDeepFrozen(kept)).toBe(true);
  });

  test('the busiest answers’ schemas, on answers with kept parts, as zod writes them', () => {
    const fixture = freezeKept({
      id: 'f1',
      seasonId: '2025-26',
      homeTeam: 'Arsenal',
      awayTeam: 'Man Utd "Reds"',
      kickoffAt: '2025-08-17T15:30:00.000Z',
      localDate: '2025-08-17',
      localTime: '16:30',
      gameweek: 1,
      league: 'Premier League',
      status: 'finished' as const,
      result: { homeScore: 2, awayScore: 1, final: true },
    });
    const board = {
      now: '2025-08-17T20:00:00.000Z',
      season: '2025-26',
      gameweek: 1,
      openingGameweek: 2,
      nextOpen: { gameweek: 2, deadline: '2025-08-22T17:00:00.000Z' },
      changesAt: null,
      gameweeks: freezeKept([1, 2, 3]),
      gameweekStates: freezeKept([{ gameweek: 1, state: 'played' }]),
      matches: [
        { fixture, deadline: '2025-08-17T13:30:00.000Z', window: 'closed', prediction: null },
        { fixture, deadline: null, window: 'closed', prediction: null },
      ],
    };
    for (let i = 0; i < 2; i++) same(boardDto, board);
  });
});
