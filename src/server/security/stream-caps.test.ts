import { describe, expect, it } from 'vitest';
import { createStreamCounter, networkOf, type StreamCaps, type StreamOwner } from './stream-caps.js';

/** The shares of live-update streams (decision 0053), as a pure counter; the API tests are in stream-shares.test.ts. */
const CAPS: StreamCaps = {
  total: 10,
  reservedForPlayers: 3,
  perAddress: 2,
  perNetwork: 4,
  perPlayer: 2,
  playersPerNetwork: 3,
};
const visitor = (ip: string): StreamOwner => ({ kind: 'visitor', address: ip, network: networkOf(ip) });
const player = (userId: string, ip = '192.0.2.1'): StreamOwner => ({ kind: 'player', userId, network: networkOf(ip) });
const outcome = (t: ReturnType<ReturnType<typeof createStreamCounter>['tryOpen']>) => (t.ok ? 'ok' : t.refused);

describe('networks', () => {
  it('are the IPv4 /24 and the IPv6 /48 (an IPv4-mapped address is its IPv4)', () => {
    expect(networkOf('203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('::ffff:203.0.113.77')).toBe('203.0.113.0/24');
    expect(networkOf('2001:db8:1:ff01::1')).toBe(networkOf('2001:db8:1:2::9'));
    expect(networkOf('2001:db8:1:ff01::1')).toBe('2001:db8:1::/48');
    expect(networkOf('2001:db8:2::1')).not.toBe(networkOf('2001:db8:1::1'));
  });
});

describe('stream shares', () => {
  it('a visitor is capped per address, then per network, then by the visitors’ share', () => {
    const c = createStreamCounter(CAPS);
    expect([1, 2, 3].map(() => outcome(c.tryOpen(visitor('198.51.100.1'))))).toEqual(['ok', 'ok', 'address']);
    expect([1, 2].map(() => outcome(c.tryOpen(visitor('198.51.100.2'))))).toEqual(['ok', 'ok']);
    expect(outcome(c.tryOpen(visitor('198.51.100.3')))).toBe('network');
    expect(outcome(c.tryOpen(visitor('203.0.113.1')))).toBe('ok');
    expect(outcome(c.tryOpen(visitor('203.0.113.1')))).toBe('ok');
    expect(outcome(c.tryOpen(visitor('192.0.2.1')))).toBe('ok');
    // Seven visitors' streams: the other three are kept for players.
    expect(outcome(c.tryOpen(visitor('192.0.2.99')))).toBe('visitors');
    expect([c.total, c.visitors]).toEqual([7, 7]);
  });

  it('the players’ reserve stays open to verified players, counted by account, not by address', () => {
    const c = createStreamCounter(CAPS);
    for (const net of [1, 2, 3, 4]) for (const n of [1, 2]) c.tryOpen(visitor(`10.0.${net}.${n}`));
    expect(outcome(c.tryOpen(visitor('10.0.9.1')))).toBe('visitors');
    // Two players behind one address each have their own share.
    expect(['a', 'a', 'a'].map((id) => outcome(c.tryOpen(player(id, '10.0.1.1'))))).toEqual(['ok', 'ok', 'player']);
    expect(outcome(c.tryOpen(player('b', '10.0.2.1')))).toBe('ok');
    expect(outcome(c.tryOpen(player('c', '10.0.3.1')))).toBe('total');
  });

  it('players of one network are capped too (an account farm cannot take the reserve)', () => {
    const c = createStreamCounter(CAPS);
    expect(['a', 'b', 'c', 'd'].map((id) => outcome(c.tryOpen(player(id, '203.0.113.5'))))).toEqual([
      'ok',
      'ok',
      'ok',
      'players_network',
    ]);
    expect(outcome(c.tryOpen(player('e', '198.51.100.5')))).toBe('ok');
  });

  it('a released stream frees its place in every count, once', () => {
    const c = createStreamCounter(CAPS);
    const first = c.tryOpen(visitor('198.51.100.1'));
    c.tryOpen(visitor('198.51.100.1'));
    expect(outcome(c.tryOpen(visitor('198.51.100.1')))).toBe('address');
    if (!first.ok) throw new Error('expected a stream');
    first.release();
    first.release();
    expect([c.total, c.visitors]).toEqual([1, 1]);
    expect(outcome(c.tryOpen(visitor('198.51.100.1')))).toBe('ok');
    const p = c.tryOpen(player('a'));
    if (!p.ok) throw new Error('expected a stream');
    p.release();
    expect([c.total, c.visitors]).toEqual([2, 2]);
    expect(c.keys).toBe(2);
  });
});
