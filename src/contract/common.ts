import { z } from 'zod';
import { EMAIL_MAX, GAMEWEEK_NUMBER_MAX } from '../game/limits.js';

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

/** Every refusal leaves in this shape (400 names the field; some 4xx carry details). */
export const errorDto = z.object({
  error: z.object({
    code: z.string(),
    message: z.string(),
    field: z.string().optional(),
    details: z.unknown().optional(),
  }),
});
export type ApiErrorBody = z.infer<typeof errorDto>;

/** A change that has nothing to say beyond "done". */
export const okDto = z.object({ ok: z.literal(true) });

/** An id in a path: any non-empty string up to `max` characters (unknown ids are a 404, not a 400). */
export const idParam = (max = 200) => z.string().min(1).max(max);

/**
 * A gameweek number in a path, query or body. Only a sanity bound: how many rounds a season has
 * is the season's own data, so a player's filter on a gameweek the season lacks is simply empty,
 * and an admin's change to one is refused by the server with the season's rounds.
 */
export const gameweekNumber = z.coerce.number().int().min(1).max(GAMEWEEK_NUMBER_MAX);
