import fs from 'node:fs';
// eslint-disable-next-line no-restricted-imports -- React's static renderer (not our server), to read the drawn SVG in a unit test.
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, test } from 'vitest';
import { badgeDivision, badgeEdge } from './badge-pattern';
import { Crest } from './ClubBadge';
import { contrastRatio } from '../features/predictions/colours';
import type { ClubInfo } from '../../contract/seasons';

const catalogue = JSON.parse(
  fs.readFileSync(new URL('../../server/season-files/builtin/clubs.json', import.meta.url), 'utf8'),
) as {
  clubs: Array<{
    key: string;
    name: string;
    shortName: string;
    code: string;
    primary: string;
    secondary: string;
    badge: ClubInfo['pattern'];
  }>;
};
const clubs: ClubInfo[] = catalogue.clubs.map((c) => ({
  id: c.key,
  name: c.name,
  shortName: c.shortName,
  code: c.code,
  primaryColour: c.primary,
  secondaryColour: c.secondary,
  pattern: c.badge,
}));

const club = (pattern: ClubInfo['pattern'], code = 'XYZ'): ClubInfo => ({
  id: 'x',
  name: 'X FC',
  shortName: 'X',
  code,
  primaryColour: '#123456',
  secondaryColour: '#FFFFFF',
  pattern,
});
const svg = (c: ClubInfo) => renderToStaticMarkup(<Crest club={c} size={32} />);
/** The secondary colour's shapes inside the shield (the pattern), told apart by their geometry. */
const secondaryShapes = (markup: string) =>
  markup.match(/<(rect|path|circle)[^>]*fill="#FFFFFF"(?! fill-opacity)[^>]*>/g) ?? [];

describe('club badges', () => {
  test('the pattern in the data picks the division', () => {
    expect(badgeDivision(club('stripes'))).toBe('stripes');
    expect(badgeDivision(club('hoops'))).toBe('hoops');
    expect(badgeDivision(club('halves'))).toBe('halves');
    expect(badgeDivision(club('sash'))).toBe('sash');
    expect(badgeDivision(club('plain'))).toBe('plain');
    // A club drawn by hand only when the data says plain: the data's pattern wins.
    expect(badgeDivision(club('plain', 'ARS'))).toBe('chief');
    expect(badgeDivision(club('stripes', 'ARS'))).toBe('stripes');
  });

  test('the drawing follows the pattern', () => {
    const stripes = svg(club('stripes'));
    expect(stripes).toContain('data-pattern="stripes"');
    // Three vertical bars, full height.
    expect(secondaryShapes(stripes).filter((s) => s.includes('height="32"') && s.includes('width="4"'))).toHaveLength(
      3,
    );
    const hoops = svg(club('hoops'));
    expect(secondaryShapes(hoops).filter((s) => s.includes('width="32"') && s.includes('height="4"'))).toHaveLength(3);
    const halves = svg(club('halves'));
    expect(secondaryShapes(halves).filter((s) => s.includes('x="16"') && s.includes('width="16"'))).toHaveLength(1);
    const sash = svg(club('sash'));
    expect(secondaryShapes(sash).filter((s) => s.startsWith('<path') && s.includes('M0 2'))).toHaveLength(1);
    // Plain: no division across the field, only an inner line.
    expect(secondaryShapes(svg(club('plain')))).toHaveLength(0);
  });

  test('every club draws a shield with its code and its colours, no image from elsewhere', () => {
    expect(clubs.length).toBeGreaterThanOrEqual(23);
    for (const c of clubs) {
      const markup = svg(c);
      expect(markup, c.name).toContain(`>${c.code}</text>`);
      expect(markup, c.name).toContain(
        `aria-label="${c.shortName.replace(/&/g, '&amp;').replace(/'/g, '&#x27;')} badge"`,
      );
      expect(markup, c.name).toContain(`fill="${c.primaryColour}"`);
      expect(markup, c.name).toContain(`data-pattern="${badgeDivision(c)}"`);
      expect(markup, c.name).not.toMatch(/<image|href=/);
    }
  });

  test('every club badge keeps its outline visible on a white page (3:1)', () => {
    for (const c of clubs) expect(contrastRatio(badgeEdge(c), '#FFFFFF'), c.name).toBeGreaterThanOrEqual(3);
  });

  test('the clubs with stripes in the data (Newcastle, Brentford, Hull…) are drawn striped', () => {
    for (const c of clubs.filter((x) => x.pattern === 'stripes'))
      expect(svg(c), c.name).toContain('data-pattern="stripes"');
  });
});
