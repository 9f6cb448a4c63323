import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { generatedTable, TABLE_FILE, tableEntries } from './generate-confusables.js';

describe('the confusables table', () => {
  it('is what Unicode’s confusables data gives (regenerate with scripts/generate-confusables.ts)', () => {
    expect(fs.readFileSync(TABLE_FILE, 'utf8')).toBe(generatedTable());
  });

  it('keeps only what the skeleton can look up after its fold', () => {
    const entries = new Map(
      tableEntries({ '\u0412': 'B', '\u{1D400}': 'A', '\u0301': '\u0301', m: 'rn', A: 'A', '\u00C5': 'A' }),
    );
    expect([...entries]).toEqual([
      ['m', 'rn'],
      ['\u0412', 'B'],
    ]);
  });
});
