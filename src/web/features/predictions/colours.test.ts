import fs from 'node:fs';
import { describe, expect, test } from 'vitest';
import { CARD_BACKGROUND, DARK_TEXT, contrastRatio, homeTeamColours, readableText, shadeFor } from './colours';

/** Every club the app ships (the built-in catalogue the seed loads), read as data: clubs come from the API at run time. */
const catalogue = JSON.parse(
  fs.readFileSync(new URL('../../../server/season-files/builtin/clubs.json', import.meta.url), 'utf8'),
) as {
  clubs: Array<{ name: string; primary: string; secondary: string }>;
};

describe('Home Team Colours', () => {
  test('the catalogue has every club, the promoted ones included', () => {
    const names = catalogue.clubs.map((c) => c.name);
    expect(names.length).toBeGreaterThanOrEqual(23);
    for (const name of ['Coventry City FC', 'Hull City AFC', 'Ipswich Town FC']) expect(names).toContain(name);
  });

  test('toggle ON: every club band carries its text at 4.5:1 or more (WCAG AA)', () => {
    for (const club of catalogue.clubs) {
      const c = homeTeamColours({ primaryColour: club.primary, secondaryColour: club.secondary })!;
      expect(contrastRatio(c.band, c.text), club.name).toBeGreaterThanOrEqual(4.5);
    }
  });

  test('toggle ON: every club edge shows against the white card at 3:1 or more (WCAG 1.4.11)', () => {
    for (const club of catalogue.clubs) {
      const c = homeTeamColours({ primaryColour: club.primary, secondaryColour: club.secondary })!;
      expect(contrastRatio(c.edge, CARD_BACKGROUND), club.name).toBeGreaterThanOrEqual(3);
    }
  });

  test('toggle ON and OFF: names and scores stay on the white card in dark text', () => {
    // With the band, the card body is no longer painted: the same text colour as with the toggle OFF.
    expect(contrastRatio(DARK_TEXT, CARD_BACKGROUND)).toBeGreaterThanOrEqual(4.5);
  });

  test('the band keeps the club colour when it already reads (no needless shading)', () => {
    expect(homeTeamColours({ primaryColour: '#132257', secondaryColour: '#FFFFFF' })?.band).toBe('#132257');
    // Arsenal's red is a shade short of 4.5:1 with white text: one step darker, still its red.
    expect(homeTeamColours({ primaryColour: '#EF0107', secondaryColour: '#FFFFFF' })?.band).toBe('#E30107');
  });

  test('a white-shirted club (Fulham, Leeds) gets its dark second colour as the edge', () => {
    expect(homeTeamColours({ primaryColour: '#FFFFFF', secondaryColour: '#000000' })?.edge).toBe('#000000');
    expect(homeTeamColours({ primaryColour: '#FFFFFF', secondaryColour: '#1D428A' })?.edge).toBe('#1D428A');
  });

  test('dark text on light colours, white on dark', () => {
    expect(readableText('#FFFFFF')).toBe('#111827');
    expect(readableText('#FDB913')).toBe('#111827');
    expect(readableText('#132257')).toBe('#FFFFFF');
  });

  test('shading stops as soon as the ratio is met', () => {
    expect(shadeFor('#000000', '#FFFFFF', 3)).toBe('#000000');
    const sky = shadeFor('#5BC2E7', '#FFFFFF', 3);
    expect(contrastRatio(sky, '#FFFFFF')).toBeGreaterThanOrEqual(3);
    expect(sky).not.toBe('#5BC2E7');
  });

  test('a club without colours (unknown, or still loading) gets the plain card', () => {
    expect(homeTeamColours(undefined)).toBeNull();
  });
});
