import { describe, expect, it } from 'vitest';
import { resolveAuthRoute } from './auth-paths.js';

const PUBLIC = 'https://scoreline.example';
const route = (method: string, url: string) => resolveAuthRoute(method, url, PUBLIC);

describe('resolveAuthRoute', () => {
  it('resolves dot segments the way Better Auth will, and rebuilds a canonical URL', () => {
    for (const url of [
      '/api/auth/sign-in/email',
      '/api/auth/./sign-in/email',
      '/api/auth/x/../sign-in/email',
      '/api/auth/%2e/sign-in/email',
    ]) {
      expect(route('POST', url), url).toEqual({
        path: '/sign-in/email',
        url: 'https://scoreline.example/api/auth/sign-in/email',
      });
    }
    expect(route('GET', '/api/auth/verify-email?token=abc&callbackURL=%2Fverified')?.url).toBe(
      'https://scoreline.example/api/auth/verify-email?token=abc&callbackURL=%2Fverified',
    );
    expect(route('GET', '/api/auth/reset-password/AbC_-123?callbackURL=%2Freset-password')?.path).toBe(
      '/reset-password/AbC_-123',
    );
  });

  it('refuses shapes Better Auth would not route or that hide the path', () => {
    for (const url of [
      '/api/auth//sign-in/email',
      '/api/auth/sign-in/email/',
      '/api/auth/%73ign-in/email',
      '/api/auth/../me',
      '/api/authx/sign-in/email',
      '/api/auth',
    ]) {
      expect(route('POST', url), url).toBeNull();
    }
  });

  it('serves only the endpoints the app uses, with their methods', () => {
    for (const path of [
      'update-user',
      'change-email',
      'delete-user',
      'list-sessions',
      'revoke-session',
      'revoke-other-sessions',
      'sign-in/social',
      'reference',
    ]) {
      expect(route('POST', `/api/auth/${path}`), path).toBeNull();
    }
    expect(route('GET', '/api/auth/sign-in/email')).toBeNull();
    expect(route('POST', '/api/auth/reset-password/token')).toBeNull();
    expect(route('POST', '/api/auth/sign-out')?.path).toBe('/sign-out');
    // "Sign out everywhere" in Settings.
    expect(route('POST', '/api/auth/revoke-sessions')?.path).toBe('/revoke-sessions');
    expect(route('GET', '/api/auth/revoke-sessions')).toBeNull();
  });
});
