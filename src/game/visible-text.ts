/**
 * What a reader can see of a name or a text (decision record 0099): names, league descriptions
 * and bonus questions refuse characters that show nothing or hide text, and text that looks blank.
 * Unicode's own properties decide (Default_Ignorable_Code_Point, the format and control
 * categories), as the engine's regular expressions know them; no list of our own, except the
 * blank letters that no property marks.
 */

/**
 * The only tag sequences Unicode recommends for general use (RGI): the flags of England,
 * Scotland and Wales, which football fans do put in their names. Any other tag character hides
 * text.
 */
const FLAG_TAGS =
  /\u{1F3F4}\u{E0067}\u{E0062}(?:\u{E0065}\u{E006E}\u{E0067}|\u{E0073}\u{E0063}\u{E0074}|\u{E0077}\u{E006C}\u{E0073})\u{E007F}/gu;
// No lookbehind in these patterns: some browsers the web app still serves cannot compile one, and
// every form loads this module.
/** A presentation selector asks for the emoji (or text) look of a character that has one. */
const EMOJI_PRESENTATION = /(\p{Emoji})[\uFE0E\uFE0F]/gu;
/** A zero-width joiner between emoji makes one picture of them (👨‍👩‍👧, 🏳️‍🌈). */
const EMOJI_JOINER = /([\p{Extended_Pictographic}\p{Emoji_Modifier}])\u200D(?=\p{Extended_Pictographic})/gu;
/**
 * Joiners shape the letters of joining and Indic scripts (Persian "می‌خواهم", a Devanagari
 * half form). Between letters of the scripts that never need them (Latin, Greek, Cyrillic) they
 * only hide a difference.
 */
const JOINER_BETWEEN_LETTERS = /([\p{L}\p{M}])[\u200C\u200D](?=[\p{L}\p{M}])/gu;
const NEEDS_NO_JOINER = /[\p{scx=Latin}\p{scx=Greek}\p{scx=Cyrillic}\p{scx=Common}\p{scx=Inherited}]/u;

/**
 * Letters and symbols that look like nothing but have no property that says so: the braille
 * blank and the musical null notehead. (The Hangul fillers U+115F, U+1160, U+3164, U+FFA0 are
 * default-ignorable, so the property already covers them.)
 */
export const BLANK_LETTERS = '\\u2800\\u{1D159}';

/**
 * Refused in every name and text: control characters, every default-ignorable code point
 * (zero-width characters, invisible operators, soft hyphen, bidirectional controls, variation
 * selectors, tag characters, Hangul fillers, the Mongolian vowel separator…), every other format
 * character, line and paragraph separators, lone surrogates and the blank letters.
 */
const INVISIBLE = new RegExp(
  `[\\p{Cc}\\p{Cf}\\p{Cs}\\p{Zl}\\p{Zp}\\p{Default_Ignorable_Code_Point}${BLANK_LETTERS}]`,
  'u',
);
/** Free text may also break lines and indent. */
const INVISIBLE_IN_TEXT = new RegExp(`(?![\\t\\n\\r])${INVISIBLE.source}`, 'u');

/** The text without the invisible characters that are part of something visible (emoji, joined letters). */
const withoutVisibleSequences = (s: string) =>
  s
    .replace(FLAG_TAGS, '\u{1F3F4}')
    .replace(EMOJI_PRESENTATION, '$1')
    .replace(EMOJI_JOINER, '$1')
    .replace(JOINER_BETWEEN_LETTERS, (joined, letter: string) => (NEEDS_NO_JOINER.test(letter) ? joined : letter));

/** Whether `s` holds a character that shows nothing or hides text; `lineBreaks` allows tabs and line breaks. */
export function hasInvisibleCharacters(s: string, { lineBreaks = false } = {}): boolean {
  return (lineBreaks ? INVISIBLE_IN_TEXT : INVISIBLE).test(withoutVisibleSequences(s));
}

/** A letter, digit, punctuation mark or symbol that shows something. */
const VISIBLE = /[\p{L}\p{N}\p{P}\p{S}]/u;
const NOT_SHOWN = new RegExp(`[\\p{Default_Ignorable_Code_Point}${BLANK_LETTERS}]`, 'gu');

/** Whether non-empty `s` shows nothing a reader could tell from blank (only spaces, invisible characters, blank letters or lone marks). */
export function looksBlank(s: string): boolean {
  return s !== '' && !VISIBLE.test(s.replace(NOT_SHOWN, ''));
}
