import type { ClubInfo } from '../../contract/seasons';
import { contrastRatio, shadeFor } from '../features/predictions/colours';

/** How a badge's shield is divided between the club's two colours. */
export type BadgeDivision =
  | 'stripes'
  | 'hoops'
  | 'halves'
  | 'sash'
  | 'quarters'
  | 'chief'
  | 'base'
  | 'pale'
  | 'sashSinister'
  | 'chevron'
  | 'chevronInverse'
  | 'saltire'
  | 'cross'
  | 'roundel'
  | 'ring'
  | 'plain';

/**
 * Clubs whose badge pattern in the data is "plain" still get a division that recalls their crest
 * (Arsenal's chief, Villa's chevron): a plain shield for most of the league would all look alike.
 * A pattern the data names (stripes, halves, hoops, sash) always wins: it is the club's shirt.
 */
const PLAIN_CLUBS: Record<string, BadgeDivision> = {
  ARS: 'chief',
  AVL: 'chevron',
  BUR: 'saltire',
  CHE: 'roundel',
  COV: 'chief',
  EVE: 'base',
  FUL: 'sash',
  IPS: 'pale',
  LEE: 'ring',
  LIV: 'quarters',
  MCI: 'halves',
  MUN: 'cross',
  NFO: 'sashSinister',
  TOT: 'base',
  WHU: 'hoops',
  WOL: 'chevronInverse',
};

export function badgeDivision(club: Pick<ClubInfo, 'code' | 'pattern'>): BadgeDivision {
  if (club.pattern !== 'plain') return club.pattern;
  return PLAIN_CLUBS[club.code] ?? 'plain';
}

/**
 * The shield's outline: whichever of the two colours stands out more on a white page, shaded
 * to 3:1 if neither does (Coventry's sky blue and white), so a light badge keeps its shape.
 */
export function badgeEdge(club: Pick<ClubInfo, 'primaryColour' | 'secondaryColour'>): string {
  const [a, b] = [club.primaryColour.toUpperCase(), club.secondaryColour.toUpperCase()];
  const better = contrastRatio(a, '#FFFFFF') >= contrastRatio(b, '#FFFFFF') ? a : b;
  return shadeFor(better, '#FFFFFF', 3);
}
