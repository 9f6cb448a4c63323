import { describe, expect, test } from 'vitest';
import { createErrorMessage } from './LeagueForms';
import { ApiError } from '../../lib/api';
import { noKnockoutsIn } from '../../../contract/leagues';

describe('the message a failed league creation shows', () => {
  test("says the server's reason when trying again would not help", () => {
    for (const [status, code, message] of [
      [400, 'validation_error', 'League name cannot be empty.'],
      [400, 'no_knockouts', noKnockoutsIn('premier-league')],
      [403, 'forbidden', 'Please verify your e-mail address first.'],
      [409, 'limit_reached', 'You have created 20 leagues, the most one player can create. Delete or leave one first.'],
      [429, 'rate_limited', 'You are creating leagues too quickly. Please wait 1 minute and try again.'],
      [503, 'unavailable', 'Database temporarily unavailable. Please try again later.'],
    ] as const) {
      expect(createErrorMessage(new ApiError(status, code, message))).toBe(message);
    }
  });
  test('falls back to the spec’s text otherwise', () => {
    expect(createErrorMessage(new ApiError(500, 'internal', 'boom'))).toBe(
      'Failed to create league. Please try again.',
    );
    expect(createErrorMessage(new Error('network'))).toBe('Failed to create league. Please try again.');
  });
});
