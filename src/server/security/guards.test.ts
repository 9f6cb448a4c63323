import { describe, expect, it } from 'vitest';
import { loadConfig } from '../config.js';
import { hostnameOf, isLoopbackAddress, isLoopbackHostname, ownHostnames, trustedOrigins } from './hosts.js';
import { nestsDeeperThan } from './json-body.js';
import { formatWait } from './limits.js';
import { redactUrl } from './redact.js';

/** The small pure pieces behind the defences of docs/security.md (their API tests are beside them). */
const config = (env: Record<string, string> = {}) => loadConfig({ AUTH_SECRET: 'x'.repeat(40), ...env });

describe('hosts', () => {
  it('knows loopback names, addresses and Host headers', () => {
    for (const n of ['localhost', '127.0.0.1', '127.1.2.3', '::1', '[::1]', 'LOCALHOST'])
      expect(isLoopbackHostname(n), n).toBe(true);
    for (const n of ['0.0.0.0', '::', '192.168.1.2', 'example.com', 'localhost.example.com'])
      expect(isLoopbackHostname(n), n).toBe(false);
    for (const a of ['127.0.0.1', '::1', '::ffff:127.0.0.1']) expect(isLoopbackAddress(a), a).toBe(true);
    for (const a of ['10.0.0.1', '::ffff:10.0.0.1', undefined]) expect(isLoopbackAddress(a)).toBe(false);
    expect(hostnameOf('Example.COM:3000')).toBe('example.com');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
    for (const h of [undefined, '', 'a b', 'user@host', 'host/path']) expect(hostnameOf(h), String(h)).toBeNull();
  });

  it('trusts loopback origins only in development', () => {
    expect(trustedOrigins(config({ NODE_ENV: 'development' }))).toEqual([
      'http://localhost:3000',
      'http://127.0.0.1:3000',
      'http://[::1]:3000',
      'http://localhost:5173',
      'http://127.0.0.1:5173',
      'http://[::1]:5173',
    ]);
    expect(trustedOrigins(config({ NODE_ENV: 'production', PUBLIC_URL: 'https://s.example' }))).toEqual([
      'https://s.example',
    ]);
    expect([...ownHostnames(config({ PUBLIC_URL: 'https://s.example' }))]).toEqual([
      's.example',
      'localhost',
      '127.0.0.1',
      '[::1]',
    ]);
  });
});

describe('log redaction', () => {
  it('replaces tokens in paths and queries, keeping the URL’s shape', () => {
    expect(redactUrl('/api/auth/reset-password/abc123?callbackURL=%2Freset-password')).toBe(
      '/api/auth/reset-password/[redacted]?callbackURL=%2Freset-password',
    );
    expect(redactUrl('/api/calendar/abc.ics')).toBe('/api/calendar/[redacted]');
    expect(redactUrl('/api/auth/verify-email?token=eyJ.x.y&callbackURL=%2Fverified')).toBe(
      '/api/auth/verify-email?token=[redacted]&callbackURL=%2Fverified',
    );
    expect(redactUrl('/x?a=1&resetToken=s3cret')).toBe('/x?a=1&resetToken=[redacted]');
    expect(redactUrl('/api/fixtures?gameweek=3')).toBe('/api/fixtures?gameweek=3');
  });
});

describe('JSON nesting', () => {
  it('counts brackets outside strings only', () => {
    expect(nestsDeeperThan('[[[1]]]', 3)).toBe(false);
    expect(nestsDeeperThan('[[[[1]]]]', 3)).toBe(true);
    expect(nestsDeeperThan(JSON.stringify({ a: '[[[[[[[[', b: '\\"[[[[' }), 2)).toBe(false);
    expect(nestsDeeperThan(`{"a":${'['.repeat(100)}${']'.repeat(100)}}`, 64)).toBe(true);
  });
});

describe('waits as people say them', () => {
  it('formats seconds, minutes and hours', () => {
    expect([1, 30, 59, 60, 61, 120, 240, 3599, 3600, 7200].map(formatWait)).toEqual([
      '1 second',
      '30 seconds',
      '59 seconds',
      'a minute',
      '2 minutes',
      '2 minutes',
      '4 minutes',
      'an hour',
      'an hour',
      '2 hours',
    ]);
  });
});
