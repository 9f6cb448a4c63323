import { CONFUSABLE_ENTRIES } from './confusables-table.js';
import { BLANK_LETTERS } from './visible-text.js';

/**
 * The skeleton of a name (Unicode Technical Standard #39, decision record 0099): two names with
 * the same skeleton look the same, so they are one name. "Bob United", "BOB UNITED",
 * "Bob United" with an invisible character, "Вob United" with a Cyrillic В and "B0b United"
 * share one.
 *
 * UTS #39's skeleton decomposes the text, drops default-ignorable characters and replaces each
 * character by its prototype from confusables.txt. Names are also compared regardless of case,
 * accents, compatibility forms and spacing (decision 0051), so the fold around it decomposes
 * compatibility forms and drops accents too, and the prototypes are looked up twice: in upper case,
 * where capitals of other scripts meet Latin ones (Cyrillic В and Latin B), and again in lower
 * case, where small letters do (rn and m). Upper-casing first also folds the letters whose lower
 * case has no single upper form (ß and ss meet).
 *
 * Letters that look alike in one case count as one in both: I, l, 1 and | look the same in capitals,
 * so "BILL" and "B1LL" are one name, and so are "bill" and "b1ll".
 */
export function nameSkeleton(name: string): string {
  const upper = fold(prototypes(fold(name).toUpperCase()));
  const lower = fold(prototypes(upper.toLowerCase()));
  return lower.replace(SPACES, ' ').trim();
}

/** Compatibility decomposition without marks and without default-ignorable characters. */
const fold = (s: string) => s.normalize('NFKD').replace(/[\p{M}\p{Default_Ignorable_Code_Point}]/gu, '');

/** Spaces of every width, and the letters that look like one, are one space. */
const SPACES = new RegExp(`[\\s${BLANK_LETTERS}]+`, 'gu');

let table: Map<string, string> | undefined;

/** Each character replaced by its prototype (the table is built on first use). */
function prototypes(s: string): string {
  table ??= new Map(
    CONFUSABLE_ENTRIES.map((entry) => {
      const source = String.fromCodePoint(entry.codePointAt(0) ?? 0);
      return [source, entry.slice(source.length)];
    }),
  );
  let out = '';
  for (const ch of s) out += table.get(ch) ?? ch;
  return out;
}
