import { z } from 'zod';
import { hasHiddenCharacters } from './common.js';

/** Longest feed address we store (real season files live at addresses well under 200 characters). */
export const FEED_URL_MAX = 500;

export const FEED_URL_MESSAGES = {
  required: 'Enter the address of the season feed.',
  tooLong: `The address is too long (at most ${FEED_URL_MAX} characters).`,
  notWeb: 'Enter a full address that starts with https:// or http://.',
  spaces: "The address can't contain spaces, invisible or control characters.",
  credentials: 'Leave the user name and password out of the address.',
} as const;

/**
 * Why a feed address is not acceptable, or null: a web address (http or https) with a host, of
 * bounded length, without spaces, hidden characters or credentials (which would sit in the
 * database and the logs). Whether its host is on a private network is the fetcher's check, made
 * on the address the name resolves to when it connects.
 */
export function feedUrlProblem(value: string): string | null {
  if (!value) return FEED_URL_MESSAGES.required;
  if (value.length > FEED_URL_MAX) return FEED_URL_MESSAGES.tooLong;
  if (/\s/.test(value) || hasHiddenCharacters(value)) return FEED_URL_MESSAGES.spaces;
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return FEED_URL_MESSAGES.notWeb;
  }
  if ((url.protocol !== 'https:' && url.protocol !== 'http:') || !url.hostname || !/^https?:\/\//i.test(value))
    return FEED_URL_MESSAGES.notWeb;
  if (url.username || url.password) return FEED_URL_MESSAGES.credentials;
  return null;
}

/** The admin's feed address field: trimmed, then checked (shared by the form and the route). */
export const feedUrlSchema = z
  .string({ error: FEED_URL_MESSAGES.required })
  .trim()
  .superRefine((value, ctx) => {
    const problem = feedUrlProblem(value);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** Setting a season's feed: an address, or null to turn the feed off. */
export const feedSettingsSchema = z.object({ feedUrl: feedUrlSchema.nullable() });
export type FeedSettings = z.infer<typeof feedSettingsSchema>;
