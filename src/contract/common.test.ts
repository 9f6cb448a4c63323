import { describe, expect, it } from 'vitest';
import { hasHiddenCharacters, hasHiddenTextCharacters } from './common.js';

describe('hidden characters in names', () => {
  it('finds control characters and the invisible ones that reorder or hide text', () => {
    for (const s of [
      'a\u0000b',
      'tab\there',
      'a\u007Fb',
      'RLO\u202E',
      'LRI\u2066x\u2069',
      'zw\u200Bsp',
      'mark\u200F',
      'bom\uFEFF',
      'line\u2028sep',
    ]) {
      expect(hasHiddenCharacters(s), JSON.stringify(s)).toBe(true);
    }
  });

  it('finds invisible characters that sit in a name without reordering it, and names that show nothing', () => {
    for (const s of [
      'Bob United\u2063',
      'a\u2061b',
      'a\u2064b',
      'so\u00ADft',
      'mo\u180Eng',
      'tag\u{E0041}',
      'Bo\u200Db United',
      '\u3164',
      '\u2800',
      'a\u115Fb',
      'a\u1160b',
      'a\uFFA0b',
      '\u0301',
    ]) {
      expect(hasHiddenCharacters(s), JSON.stringify(s)).toBe(true);
      expect(hasHiddenTextCharacters(s), JSON.stringify(s)).toBe(true);
    }
  });

  it('leaves names in any script alone, emoji sequences with joiners included', () => {
    for (const s of ['Ünïcødé', 'نادي الأبطال', 'מכבי', '👨‍👩‍👧 Family FC', 'می‌خواهم', 'O’Neill-Smith', 'Three Lions 🏴󠁧󠁢󠁥󠁮󠁧󠁿'])
      expect(hasHiddenCharacters(s), s).toBe(false);
  });

  it('lets a description break lines, but not hide text', () => {
    expect(hasHiddenTextCharacters('Line one\nLine two\r\n\tindented')).toBe(false);
    expect(hasHiddenTextCharacters('evil\u202Etxt')).toBe(true);
    expect(hasHiddenTextCharacters('bell\u0007')).toBe(true);
  });
});
