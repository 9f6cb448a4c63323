import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { contrastRatio, homeTeamColours, readableText } from './colours';

/** Every club the app ships (the built-in catalogue the seed loads), read as data: clubs come from the API at run time. */
const catalogue = JSON.parse(fs.readFileSync(new URL('../../../server/season-files/builtin/clubs.json', import.meta.url), 'utf8')) as {
  clubs: Array<{ name: string; primary: string; secondary: string }>;
};

describe('Home Team Colours', () => {
  test('every club card has text with at least 4.5:1 contrast (WCAG AA)', () => {
    expect(catalogue.clubs.length).toBeGreaterThanOrEqual(23);
    for (const club of catalogue.clubs) {
      const c = homeTeamColours({ primaryColour: club.primary, secondaryColour: club.secondary })!;
      expect(contrastRatio(c.background, c.color), club.name).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('dark text on light colours, white on dark', () => {
    expect(readableText('#FFFFFF')).toBe('#111827');
    expect(readableText('#FDB913')).toBe('#111827');
    expect(readableText('#132257')).toBe('#FFFFFF');
  });

  test('a club without colours (unknown, or still loading) gets the plain card', () => {
    expect(homeTeamColours(undefined)).toBeNull();
  });

  test('a club whose two colours are the same gets a neutral border', () => {
    expect(homeTeamColours({ primaryColour: '#123456', secondaryColour: '#123456' })?.borderColor).toBe('#CBD5E1');
  });
});
