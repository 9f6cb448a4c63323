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

/** The text colour (near-black or white) that reads best on a background. */
export function readableText(background: string): string {
  return contrastRatio(background, '#111827') >= contrastRatio(background, '#FFFFFF') ? '#111827' : '#FFFFFF';
}

function darken(hex: string, factor: number): string {
  const n = Number.parseInt(hex.replace('#', ''), 16);
  const part = (shift: number) => Math.round(((n >> shift) & 255) * factor).toString(16).padStart(2, '0');
  return `#${part(16)}${part(8)}${part(0)}`.toUpperCase();
}

/**
 * A card in the home club's colours: its primary colour (shaded just enough for 4.5:1 text
 * contrast when neither dark nor white text reaches it), readable text, its secondary as the border.
 */
export function homeTeamColours(club: Pick<ClubInfo, 'primaryColour' | 'secondaryColour'> | undefined): { background: string; color: string; borderColor: string } | null {
  if (!club) return null;
  let background = club.primaryColour.toUpperCase();
  for (let i = 0; i < 20 && contrastRatio(background, readableText(background)) < 4.5; i++) background = darken(background, 0.95);
  const borderColor = club.secondaryColour.toUpperCase() === club.primaryColour.toUpperCase() ? '#CBD5E1' : club.secondaryColour;
  return { background, color: readableText(background), borderColor };
}
