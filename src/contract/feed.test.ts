import { describe, expect, test } from 'vitest';
import { FEED_URL_MAX, FEED_URL_MESSAGES, feedSettingsSchema, feedUrlProblem, feedUrlSchema } from './feed.js';

describe('the feed address', () => {
  test.each([
    'https://raw.githubusercontent.com/openfootball/football.json/master/2026-27/en.1.json',
    'http://example.com/2026-27/1-premierleague.txt',
    'https://example.com:8443/feed?season=2026-27',
    'HTTPS://Example.com/x.txt',
  ])('accepts %s', (url) => {
    expect(feedUrlProblem(url)).toBeNull();
  });

  test.each([
    ['', FEED_URL_MESSAGES.required],
    ['example.com/feed.txt', FEED_URL_MESSAGES.notWeb],
    ['ftp://example.com/feed.txt', FEED_URL_MESSAGES.notWeb],
    ['file:///etc/passwd', FEED_URL_MESSAGES.notWeb],
    ['javascript:alert(1)', FEED_URL_MESSAGES.notWeb],
    ['data:text/plain,hello', FEED_URL_MESSAGES.notWeb],
    ['http:/example.com/x', FEED_URL_MESSAGES.notWeb],
    ['https://user:secret@example.com/feed.json', FEED_URL_MESSAGES.credentials],
    ['https://token@example.com/feed.json', FEED_URL_MESSAGES.credentials],
    ['https://example.com/a b.txt', FEED_URL_MESSAGES.spaces],
    ['https://example.com/\u202Etxt.json', FEED_URL_MESSAGES.spaces],
    ['https://example.com/x\u0000', FEED_URL_MESSAGES.spaces],
    [`https://example.com/${'a'.repeat(FEED_URL_MAX)}`, FEED_URL_MESSAGES.tooLong],
  ])('refuses %j', (url, message) => {
    expect(feedUrlProblem(url)).toBe(message);
    const r = feedUrlSchema.safeParse(url);
    expect(r.success).toBe(false);
    expect(r.error?.issues[0]?.message).toBe(message);
  });

  test('the schema trims; the settings take null to turn the feed off; non-strings are refused', () => {
    expect(feedUrlSchema.parse('  https://example.com/x.json  ')).toBe('https://example.com/x.json');
    expect(feedSettingsSchema.parse({ feedUrl: null })).toEqual({ feedUrl: null });
    expect(feedSettingsSchema.safeParse({ feedUrl: 42 }).error?.issues[0]?.message).toBe(FEED_URL_MESSAGES.required);
    expect(feedSettingsSchema.safeParse({ feedUrl: '   ' }).error?.issues[0]?.message).toBe(FEED_URL_MESSAGES.required);
  });
});
