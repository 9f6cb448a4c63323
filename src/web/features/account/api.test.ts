import { describe, expect, it } from 'vitest';
import { ApiError } from '../../lib/api';
import { changePasswordError, signUpError } from './api';

/** Issue 11: a refused origin is explained plainly (the server's message names the address to open). */
describe('account error messages', () => {
  const wrongOrigin = new ApiError(403, 'cross_site', 'This page was opened from another address. Open this site at http://localhost:3000 and try again.');

  it('show the server’s message when the page was opened at another address', () => {
    expect(signUpError(wrongOrigin)).toEqual({ message: wrongOrigin.message });
    expect(changePasswordError(wrongOrigin)).toBe(wrongOrigin.message);
  });

  it('keep the catalogue message for other failures', () => {
    expect(signUpError(new ApiError(500, 'internal', 'boom'))).toEqual({ message: 'Failed to create account. Please try again.' });
    expect(signUpError(new ApiError(429, 'rate_limited', 'Too many attempts. Please wait 4 minutes and try again.')).message).toBe('Too many attempts. Please wait 4 minutes and try again.');
  });
});
