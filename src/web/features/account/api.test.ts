import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { afterSignIn, changePasswordError, signUpError, teamNameSuggestion, withNext } from './api';

/** A refused origin is explained plainly (the server's message names the address to open). */
describe('account error messages', () => {
  const wrongOrigin = new ApiError(
    403,
    'cross_site',
    'This page was opened from another address. Open this site at http://localhost:3000 and try again.',
  );

  it('show the server’s message when the page was opened at another address', () => {
    expect(signUpError(wrongOrigin)).toEqual({ message: wrongOrigin.message });
    expect(changePasswordError(wrongOrigin)).toBe(wrongOrigin.message);
  });

  it('keep the catalogue message for other failures', () => {
    expect(signUpError(new ApiError(500, 'internal', 'boom'))).toEqual({
      message: 'Failed to create account. Please try again.',
    });
    expect(
      signUpError(new ApiError(429, 'rate_limited', 'Too many attempts. Please wait 4 minutes and try again.')).message,
    ).toBe('Too many attempts. Please wait 4 minutes and try again.');
  });
});

describe('a team name another team has', () => {
  const taken = new ApiError(409, 'team_name_taken', '“Big FC” is already taken. How about “Big FC 2”?', undefined, {
    suggestion: 'Big FC 2',
  });

  it('is shown on the team name field with the server’s message, and its free alternative is offered', () => {
    expect(signUpError(taken)).toEqual({ field: 'teamName', message: taken.message });
    expect(teamNameSuggestion(taken)).toBe('Big FC 2');
  });

  it('offers nothing for other errors or a malformed detail', () => {
    expect(teamNameSuggestion(new ApiError(400, 'validation_error', 'x', 'teamName'))).toBeNull();
    expect(teamNameSuggestion(new ApiError(409, 'team_name_taken', 'x', undefined, { suggestion: 42 }))).toBeNull();
    expect(teamNameSuggestion(new Error('x'))).toBeNull();
  });
});

describe('where to go after signing in or up', () => {
  it('follows only a path of this site, else the dashboard', () => {
    expect(afterSignIn('/join/ABCDEFGH')).toBe('/join/ABCDEFGH');
    for (const bad of ['//evil.example', '/\\evil.example', 'https://evil.example', undefined, null])
      expect(afterSignIn(bad)).toBe('/dashboard');
  });

  it('carries a safe next on to the other account screens, and drops an unsafe one', () => {
    expect(withNext('/login', '/join/ABCDEFGH')).toBe('/login?next=%2Fjoin%2FABCDEFGH');
    expect(withNext('/login', '//evil.example')).toBe('/login');
    expect(withNext('/signup', null)).toBe('/signup');
  });
});
