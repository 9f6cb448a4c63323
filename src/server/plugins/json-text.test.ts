import { describe, expect, test } from 'vitest';
import { z } from 'zod';
import { arrayText, jsonText, keptTexts, objectText } from './json-text.js';

describe('JSON text made once', () => {
  const item = z.object({ b: z.number(), a: z.string().nullable() });
  const answer = z.object({ zeta: z.string(), items: z.array(item), alpha: z.boolean() });

  test('jsonText drops what the schema does not name and keeps its key order', () => {
    const value = { a: 'x', secret: 'hash', b: 1 };
    expect(jsonText(item, value)).toBe('{"b":1,"a":"x"}');
  });

  test('objectText writes the parts in the schema’s order, as jsonText writes the whole', () => {
    const value = {
      alpha: true,
      items: [
        { a: null, b: 2 },
        { a: '"q"', b: 3 },
      ],
      zeta: 'ü\n',
    };
    const text = objectText(answer, {
      alpha: jsonText(answer.shape.alpha, value.alpha),
      items: arrayText(value.items.map((i) => jsonText(item, i))),
      zeta: jsonText(answer.shape.zeta, value.zeta),
    });
    expect(text).toBe(jsonText(answer, value));
    expect(arrayText([])).toBe('[]');
  });

  test('keptTexts makes a text once per set of values and again when one is replaced', () => {
    const text = keptTexts<object>();
    const a = {};
    const b = {};
    let made = 0;
    const make = () => String(++made);
    expect(text(a, [b, 'tz'], make)).toBe('1');
    expect(text(a, [b, 'tz'], make)).toBe('1');
    expect(text(a, [{}, 'tz'], make)).toBe('2');
    expect(text(a, [{}, 'tz'], make)).toBe('3');
    const c = {};
    expect(text(a, [c, 'other'], make)).toBe('4');
    expect(text({}, [c, 'other'], make)).toBe('5');
  });
});
