import { describe, expect, test } from 'vitest';
import { CLUBS } from '../../../game/clubs';
import { contrastRatio, homeTeamColours, readableText } from './colours';

describe('Home Team Colours', () => {
  test('every club card has text with at least 4.5:1 contrast (WCAG AA)', () => {
    for (const club of CLUBS) {
      const c = homeTeamColours(club.name)!;
      expect(contrastRatio(c.background, c.color), club.name).toBeGreaterThanOrEqual(4.5);
    }
  });
  test('dark text on light colours, white on dark', () => {
    expect(readableText('#FFFFFF')).toBe('#111827');
    expect(readableText('#FDB913')).toBe('#111827');
    expect(readableText('#132257')).toBe('#FFFFFF');
  });
  test('an unknown club has no colours', () => {
    expect(homeTeamColours('Nowhere FC')).toBeNull();
  });
});
