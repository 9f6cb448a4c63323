import { describe, expect, it } from 'vitest';
import { createLoginThrottle } from './login-throttle.js';

describe('the sign-in throttle', () => {
  it('lets five failures through, then makes each next attempt wait twice as long', () => {
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
    // Another address is not affected, nor another account.
    expect(t.waitSeconds('a@x.io', '2.2.2.2')).toBe(0);
    expect(t.waitSeconds('b@x.io', '1.1.1.1')).toBe(0);
    t.reset('a@x.io', '1.1.1.1');
    expect(t.waitSeconds('a@x.io', '1.1.1.1')).toBe(0);
  });

  it('caps the wait at an hour and forgets a quiet record after a day', () => {
    let now = 0;
    const t = createLoginThrottle({ now: () => now, maxBytes: 1 << 20 });
    for (let i = 0; i < 30; i++) t.recordFailure('a@x.io', 'ip');
    expect(t.waitSeconds('a@x.io', 'ip')).toBe(3600);
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
