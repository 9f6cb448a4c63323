import { describe, expect, it } from 'vitest';
import { generateLeagueCode, isLeagueCodeShape, LEAGUE_CODE_ALPHABET, normaliseLeagueCode } from './league-code.js';
import { LEAGUE_CODE_LENGTH } from './limits.js';

describe('league codes', () => {
  it('the alphabet has no look-alike characters', () => {
    for (const ch of ['0', 'O', '1', 'I', 'L']) expect(LEAGUE_CODE_ALPHABET).not.toContain(ch);
    expect(new Set(LEAGUE_CODE_ALPHABET).size).toBe(LEAGUE_CODE_ALPHABET.length);
  });

  it('generates 8 characters from the alphabet, different each time', () => {
    const codes = new Set<string>();
    for (let i = 0; i < 2000; i++) {
      const code = generateLeagueCode();
      expect(code).toHaveLength(LEAGUE_CODE_LENGTH);
      expect(isLeagueCodeShape(code)).toBe(true);
      codes.add(code);
    }
    expect(codes.size).toBe(2000);
  });

  it('uses every character of the alphabet', () => {
    const seen = new Set<string>();
    for (let i = 0; i < 500; i++) for (const ch of generateLeagueCode()) seen.add(ch);
    expect(seen.size).toBe(LEAGUE_CODE_ALPHABET.length);
  });

  it('skips biased bytes instead of folding them onto the first letters', () => {
    // 255 is above the largest multiple of 31 below 256, so it must be rejected.
    let call = 0;
    const code = generateLeagueCode((bytes) => {
      bytes.fill(call++ === 0 ? 255 : 0);
      return bytes;
    });
    expect(code).toBe('AAAAAAAA');
  });

  it('normalises what a player types for a case-insensitive match', () => {
    expect(normaliseLeagueCode('  ab3d-ef7g ')).toBe('AB3DEF7G');
    expect(normaliseLeagueCode('ab3d ef7g')).toBe('AB3DEF7G');
    expect(isLeagueCodeShape('AB0DEF7G')).toBe(false);
    expect(isLeagueCodeShape('ABC')).toBe(false);
  });
});
