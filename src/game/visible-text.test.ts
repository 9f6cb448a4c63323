import { describe, expect, it } from 'vitest';
import { hasInvisibleCharacters, looksBlank } from './visible-text.js';

describe('hasInvisibleCharacters', () => {
  it.each([
    ['an invisible separator', 'Bob United\u2063'],
    ['a function application', 'a\u2061b'],
    ['invisible times', 'a\u2062b'],
    ['invisible plus', 'a\u2064b'],
    ['a soft hyphen', 'so\u00ADft'],
    ['the Mongolian vowel separator', 'mo\u180Eng'],
    ['a tag character', 'tag\u{E0041}'],
    ['the cancel tag', 'tag\u{E007F}'],
    ['a tag sequence that is no flag', '\u{1F3F4}\u{E0078}\u{E0079}\u{E007A}\u{E007F}'],
    ['a Hangul filler', '\u3164'],
    ['a Hangul choseong filler', 'a\u115Fb'],
    ['a Hangul jungseong filler', 'a\u1160b'],
    ['a half-width Hangul filler', 'a\uFFA0b'],
    ['a braille blank', 'Bob\u2800United'],
    ['a musical null notehead', 'a\u{1D159}'],
    ['a zero-width joiner between Latin letters', 'Bo\u200Db United'],
    ['a zero-width non-joiner between Latin letters', 'a\u200Cb'],
    ['a joiner at the end', 'Bob\u200D'],
    ['a variation selector after a plain letter', 'x\uFE0F'],
    ['an interlinear annotation', 'a\uFFF9b\uFFFAc\uFFFB'],
    ['a combining grapheme joiner', 'a\u034Fb'],
    ['a control character', 'tab\there'],
    ['a bidirectional override', 'RLO\u202E'],
    ['a line separator', 'line\u2028sep'],
    ['a lone surrogate', 'a\uD800b'],
  ])('refuses %s', (_what, s) => {
    expect(hasInvisibleCharacters(s)).toBe(true);
  });

  it.each([
    'Ünïcødé',
    'نادي الأبطال',
    'מכבי',
    '東京 FC',
    '👨‍👩‍👧 Family FC',
    '🏳️‍🌈 Pride FC',
    '🧑🏽‍💻 Coders',
    '❤️ Reds',
    '#️⃣ Hash',
    'Three Lions 🏴󠁧󠁢󠁥󠁮󠁧󠁿',
    'Bravehearts 🏴󠁧󠁢󠁳󠁣󠁴󠁿',
    'Dragons 🏴󠁧󠁢󠁷󠁬󠁳󠁿',
    'می‌خواهم',
    'क्‍ष',
    'O’Neill-Smith',
  ])('leaves %s alone', (s) => {
    expect(hasInvisibleCharacters(s)).toBe(false);
  });

  it('lets free text break lines and indent, nothing more', () => {
    expect(hasInvisibleCharacters('Line one\nLine two\r\n\tindented', { lineBreaks: true })).toBe(false);
    expect(hasInvisibleCharacters('Line one\nLine two')).toBe(true);
    expect(hasInvisibleCharacters('a\u2063b\nc', { lineBreaks: true })).toBe(true);
  });
});

describe('looksBlank', () => {
  it.each([
    ['a Hangul filler', '\u3164'],
    ['braille blanks and spaces', '\u2800 \u2800'],
    ['only invisible characters', '\u2063\u200B'],
    ['only a combining mark', '\u0301'],
    ['only spaces', ' \u3000 '],
  ])('sees %s as blank', (_what, s) => {
    expect(looksBlank(s)).toBe(true);
  });

  it('sees anything a reader can see, and leaves the empty string to the required checks', () => {
    for (const s of ['a', '1', '?', '🏴', '\u3164a', '東']) expect(looksBlank(s), s).toBe(false);
    expect(looksBlank('')).toBe(false);
  });
});
