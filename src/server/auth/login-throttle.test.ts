import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle.js';

describe('the sign-in throttle', () => {
  it('lets five failures through per address, then makes each next attempt wait twice as long', () => {
    let now = 0;
    const t = createLoginThrottle({ now: () => now, maxBytes: 1 << 20 });
    for (let i = 0; i < 5; i++) {
      expect(t.waitSeconds('A@x.io', '1.1.1.1')).toBe(0);
      t.recordFailure('a@x.io', '1.1.1.1');
    }
    expect(t.waitSeconds('a@x.io', '1.1.1.1')).toBe(60);
    now += 60_000;
    t.recordFailure('a@x.io', '1.1.1.1');
    expect(t.waitSeconds('a@x.io', '1.1.1.1')).toBe(120);
    // Another address is not held by this address's record (six failures are under the account's ten), nor another account.
    expect(t.waitSeconds('a@x.io', '2.2.2.2')).toBe(0);
    expect(t.waitSeconds('b@x.io', '1.1.1.1')).toBe(0);
    t.reset('a@x.io', '1.1.1.1');
    expect(t.waitSeconds('a@x.io', '1.1.1.1')).toBe(0);
  });

  it('counts failures from every address against the account, with waits that grow', () => {
    let now = 0;
    const t = createLoginThrottle({ now: () => now, maxBytes: 1 << 20 });
    // Ten guesses from ten /64s: each address is far from its own limit, the account reaches its.
    for (let i = 0; i < 10; i++) {
      expect(t.waitSeconds('a@x.io', `2001:db8:${i}::`)).toBe(0);
      t.recordFailure('a@x.io', `2001:db8:${i}::`);
    }
    expect(t.waits('a@x.io', '2001:db8:99::')).toEqual({ address: 0, account: 60 });
    expect(t.waitSeconds('a@x.io', '2001:db8:99::')).toBe(60);
    now += 61_000;
    t.recordFailure('a@x.io', '2001:db8:100::');
    expect(t.waitSeconds('a@x.io', '2001:db8:101::')).toBe(120);
    now += 121_000;
    t.recordFailure('a@x.io', '2001:db8:102::');
    expect(t.waitSeconds('a@x.io', '2001:db8:103::')).toBe(240);
    // Other accounts are untouched.
    expect(t.waitSeconds('b@x.io', '2001:db8:99::')).toBe(0);
  });

  it('a known device is not held by the account’s wait, but still by its own address’s', () => {
    const t = createLoginThrottle({ now: () => 0, maxBytes: 1 << 20 });
    for (let i = 0; i < 12; i++) t.recordFailure('a@x.io', `10.0.0.${i}`);
    expect(t.waitSeconds('a@x.io', '10.9.9.9')).toBeGreaterThan(0);
    expect(t.waitSeconds('a@x.io', '10.9.9.9', true)).toBe(0);
    for (let i = 0; i < 5; i++) t.recordFailure('a@x.io', '10.9.9.9');
    expect(t.waitSeconds('a@x.io', '10.9.9.9', true)).toBe(60);
  });

  it('a correct password clears its address but not the account (the attacker gets no fresh attempts)', () => {
    const t = createLoginThrottle({ now: () => 0, maxBytes: 1 << 20 });
    for (let i = 0; i < 10; i++) t.recordFailure('a@x.io', `10.0.0.${i}`);
    t.reset('a@x.io', '10.0.0.1');
    expect(t.waits('a@x.io', '10.0.0.1')).toEqual({ address: 0, account: 60 });
  });

  it('caps the wait at an hour and forgets a quiet record after a day', () => {
    let now = 0;
    const t = createLoginThrottle({ now: () => now, maxBytes: 1 << 20 });
    for (let i = 0; i < 30; i++) t.recordFailure('a@x.io', 'ip');
    expect(t.waits('a@x.io', 'ip')).toEqual({ address: 3600, account: 3600 });
    now += 25 * 3600_000;
    expect(t.waitSeconds('a@x.io', 'ip')).toBe(0);
  });

  it('holds no more than its byte budget under a spray of addresses', () => {
    const t = createLoginThrottle({ now: () => 0, maxBytes: 64 * 1024 });
    for (let i = 0; i < 20_000; i++) t.recordFailure(`user${i}@example.com`, `10.0.${i >> 8}.${i & 255}`);
    expect(t.stats().bytes).toBeLessThanOrEqual(64 * 1024);
    expect(t.stats().entries).toBeGreaterThan(100);
  });
});
