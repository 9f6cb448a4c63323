import { expect, test } from 'vitest';
import { gameweekEditSchema } from './gameweeks.js';

test('gameweek edit only needs two dates (end before start is allowed, as the spec says)', () => {
  expect(gameweekEditSchema.safeParse({ startDate: '2025-08-20', endDate: '2025-08-15' }).success).toBe(true);
  expect(gameweekEditSchema.safeParse({ startDate: '2025-08-20', endDate: '' }).success).toBe(false);
});
