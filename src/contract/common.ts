import { z } from 'zod';
import { EMAIL_MAX, GAMEWEEK_NUMBER_MAX } from '../game/limits.js';
import { hasInvisibleCharacters, looksBlank } from '../game/visible-text.js';

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
 * Characters no name needs and an impersonator loves, and text that shows nothing (decision
 * record 0099, src/game/visible-text.ts): control and format characters, every
 * default-ignorable code point (zero-width and invisible characters, bidirectional controls, soft
 * hyphen, tag characters, Hangul fillers…), blank letters, and text made only of such characters.
 * Joiners and selectors inside emoji and in joining scripts (Persian, Indic) stay allowed.
 */
export const hasHiddenCharacters = (s: string) => hasInvisibleCharacters(s) || looksBlank(s);
/** Free text (a description) may break lines, but hides or reorders nothing either. */
export const hasHiddenTextCharacters = (s: string) => hasInvisibleCharacters(s, { lineBreaks: true }) || looksBlank(s);
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
