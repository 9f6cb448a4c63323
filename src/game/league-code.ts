import { LEAGUE_CODE_LENGTH } from './limits.js';

/**
 * League codes: 8 characters from an alphabet without the look-alikes
 * 0/O, 1/I/L, so a code read aloud or copied by hand still matches. Stored upper-case; what a
 * player types is normalised (trimmed, upper-cased, spaces and dashes dropped) before the lookup,
 * so matching is case-insensitive. Both create screens use this one generator.
 */
export const LEAGUE_CODE_ALPHABET = 'ABCDEFGHJKMNPQRSTUVWXYZ23456789';

type RandomFill = (bytes: Uint8Array<ArrayBuffer>) => Uint8Array<ArrayBuffer>;
const cryptoFill: RandomFill = (bytes) => globalThis.crypto.getRandomValues(bytes);

/** A fresh code from a cryptographic random source, every character equally likely. */
export function generateLeagueCode(fill: RandomFill = cryptoFill): string {
  const n = LEAGUE_CODE_ALPHABET.length;
  // Rejection sampling: bytes at or above the largest multiple of n would bias the first letters.
  const limit = 256 - (256 % n);
  let code = '';
  while (code.length < LEAGUE_CODE_LENGTH) {
    for (const b of fill(new Uint8Array(LEAGUE_CODE_LENGTH * 2))) {
      if (b < limit) code += LEAGUE_CODE_ALPHABET[b % n];
      if (code.length === LEAGUE_CODE_LENGTH) break;
    }
  }
  return code;
}

/** What a player typed, in the stored form: `" ab3d-ef7g "` → `"AB3DEF7G"`. */
export function normaliseLeagueCode(input: string): string {
  return input
    .trim()
    .toUpperCase()
    .replace(/[\s-]+/g, '');
}

/** True when a (normalised) code could have been generated, so lookups can skip nonsense. */
export function isLeagueCodeShape(code: string): boolean {
  if (code.length !== LEAGUE_CODE_LENGTH) return false;
  for (const ch of code) if (!LEAGUE_CODE_ALPHABET.includes(ch)) return false;
  return true;
}
