import type { ClubInfo } from '../../../contract/seasons';

function luminance(hex: string): number {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const channel = (v: number) => {
    const c = v / 255;
    return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * channel((n >> 16) & 255) + 0.7152 * channel((n >> 8) & 255) + 0.0722 * channel(n & 255);
}

export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(a), luminance(b)].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

export const DARK_TEXT = '#111827';
export const WHITE = '#FFFFFF';
/** The card behind every badge and name: the band carries the colours, the card stays white. */
export const CARD_BACKGROUND = WHITE;

/** The text colour (near-black or white) that reads best on a background. */
export function readableText(background: string): string {
  return contrastRatio(background, DARK_TEXT) >= contrastRatio(background, WHITE) ? DARK_TEXT : WHITE;
}

export function darken(hex: string, factor: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const part = (shift: number) =>
    Math.round(((n >> shift) & 255) * factor)
      .toString(16)
      .padStart(2, '0');
  return `#${part(16)}${part(8)}${part(0)}`.toUpperCase();
}

/** A colour shaded down (never lightened) until it stands `ratio`:1 against `against`. */
export function shadeFor(hex: string, against: string, ratio: number): string {
  let colour = hex.toUpperCase();
  for (let i = 0; i < 40 && contrastRatio(colour, against) < ratio; i++) colour = darken(colour, 0.92);
  return colour;
}

export interface HomeTeamBand {
  /** The band's fill: the club's primary colour, shaded just enough for 4.5:1 text on it. */
  band: string;
  /** Text on the band. */
  text: string;
  /** The thin line under the band and the card's left edge: the secondary colour, or the primary when the secondary would vanish on white. */
  edge: string;
}

/**
 * "Home Team Colours" as a band across the top of a card and an edge down its side, not a card
 * painted in them: a white card keeps badges of the same colour visible (Arsenal's red shield on
 * a red card disappeared) and names readable; the band's text meets WCAG AA (4.5:1) for every club.
 */
export function homeTeamColours(
  club: Pick<ClubInfo, 'primaryColour' | 'secondaryColour'> | undefined,
): HomeTeamBand | null {
  if (!club) return null;
  let band = club.primaryColour.toUpperCase();
  for (let i = 0; i < 20 && contrastRatio(band, readableText(band)) < 4.5; i++) band = darken(band, 0.95);
  // The edge is a graphic next to white: 3:1 (WCAG 1.4.11) so it shows, from whichever colour is nearer it.
  const secondary = club.secondaryColour.toUpperCase();
  const edgeSource =
    contrastRatio(secondary, CARD_BACKGROUND) >= contrastRatio(band, CARD_BACKGROUND) ? secondary : band;
  return { band, text: readableText(band), edge: shadeFor(edgeSource, CARD_BACKGROUND, 3) };
}
