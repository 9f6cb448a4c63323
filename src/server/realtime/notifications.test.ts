import crypto from 'node:crypto';
import { describe, expect, test } from 'vitest';
import { notificationsOf, toLeagueMembers, type LiveEvent } from './bus.js';

/**
 * PostgreSQL refuses a notification of 8,000 bytes or more. A change addressed to many leagues (a
 * team name of a player in 200 leagues) goes in several notifications, each the same change about
 * some of the leagues, together all of them (decision 0101).
 */
describe('the notifications that carry a change to the other instances', () => {
  test('one for a change that fits', () => {
    const event = toLeagueMembers({ type: 'league.changed', oldCode: null }, ['L1'], ['u1']);
    expect(notificationsOf(event, 'me').map((n) => JSON.parse(n) as unknown)).toEqual([{ ...event, origin: 'me' }]);
  });

  test('a change about 200 leagues in parts that each fit, naming every league once', () => {
    const leagues = Array.from({ length: 200 }, () => crypto.randomUUID());
    const event = toLeagueMembers({ type: 'team-name.changed' }, leagues, ['u1']);
    const parts = notificationsOf(event, 'me');
    expect(parts.length).toBeGreaterThan(1);
    for (const p of parts) expect(Buffer.byteLength(p)).toBeLessThan(8000);
    const read = parts.map((p) => JSON.parse(p) as LiveEvent & { origin: string });
    for (const r of read) expect({ ...r, leagueIds: [] }).toEqual({ ...event, leagueIds: [], origin: 'me' });
    expect(read.flatMap((r) => r.leagueIds)).toEqual(leagues);
  });
});
