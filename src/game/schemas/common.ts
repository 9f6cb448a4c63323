import { z } from 'zod';
import { EMAIL_MAX } from '../limits.js';

/** The spec's "simple address pattern": something@something.tld with no spaces. */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/** A required string field: non-strings and blanks give `requiredMessage`. */
export const requiredString = (requiredMessage: string) =>
  z.string({ error: requiredMessage }).min(1, { error: requiredMessage });

export const emailField = (requiredMessage: string, invalidMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, { error: requiredMessage })
    .max(EMAIL_MAX, { error: invalidMessage })
    .regex(EMAIL_PATTERN, { error: invalidMessage });

/**
 * Characters no name needs and an impersonator loves: control characters, and the invisible
 * format characters that reorder or hide text (bidirectional embeddings, overrides, isolates and
 * marks; zero-width space; word joiner; byte-order mark; line and paragraph separators). Joiners
 * used inside emoji and Persian words (U+200C, U+200D) stay allowed.
 */
const HIDDEN_FORMAT = '\\u200B\\u200E\\u200F\\u202A-\\u202E\\u2060\\u2066-\\u2069\\u061C\\uFEFF\\u2028\\u2029';
const NAME_HIDDEN = new RegExp(`[\\p{Cc}${HIDDEN_FORMAT}]`, 'u');
/** Free text (a description) may break lines, but hides or reorders nothing either. */
const TEXT_HIDDEN = new RegExp(`[\\u0000-\\u0008\\u000B\\u000C\\u000E-\\u001F\\u007F-\\u009F${HIDDEN_FORMAT}]`, 'u');

export const hasHiddenCharacters = (s: string) => NAME_HIDDEN.test(s);
export const hasHiddenTextCharacters = (s: string) => TEXT_HIDDEN.test(s);
export const hiddenCharactersMessage = (label: string) => `${label} can't contain invisible or control characters.`;
