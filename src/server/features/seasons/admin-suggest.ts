import type { NewClub } from '../../../contract/admin-seasons.js';

// What the seasons screen proposes for a new file: pure, tested beside.

/** Colours a new club gets until the admin picks its own (the same grey migration 0014 gave unknown teams). */
export const DEFAULT_CLUB_COLOURS = { primaryColour: '#475569', secondaryColour: '#FFFFFF', pattern: 'plain' as const };

export const clubSlug = (name: string) =>
  name
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '')
    .slice(0, 40) || 'club';

/** What the admin is offered for a club the app does not know: a short name without "FC", a three-letter code, grey. */
export function suggestClub(name: string): NewClub {
  const shortName =
    name
      .replace(/\s+(A?FC|CF|SC)$/i, '')
      .trim()
      .slice(0, 20) || name.slice(0, 20);
  const letters = shortName
    .normalize('NFKD')
    .replace(/\p{M}/gu, '')
    .toUpperCase()
    .replace(/[^A-Z]/g, '');
  return { name, shortName, code: (letters + 'XXX').slice(0, 3), ...DEFAULT_CLUB_COLOURS };
}

/** The season a file's first date falls in: August 2027 → 2027-28 ("2027/28"); a date before July belongs to the season that started the year before. */
export function seasonIdFor(firstDate: string): { id: string; label: string } {
  const year = Number(firstDate.slice(0, 4));
  const month = Number(firstDate.slice(5, 7));
  const start = month >= 7 ? year : year - 1;
  const end = String((start + 1) % 100).padStart(2, '0');
  return { id: `${start}-${end}`, label: `${start}/${end}` };
}
