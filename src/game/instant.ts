/**
 * Epoch milliseconds of an ISO-8601 instant (`Date.parse`), remembered. The same few hundred
 * kick-offs are compared with the clock on every screen, several times per match per request, and
 * parsing one costs more than the rest of a match's presentation. A pure function: the memory only
 * saves the parse, and is emptied when it holds `INSTANTS_KEPT` (a season has 380 kick-offs).
 */
export const INSTANTS_KEPT = 4096;
const parsed = new Map<string, number>();

export function instantMs(iso: string): number {
  let ms = parsed.get(iso);
  if (ms === undefined) {
    ms = Date.parse(iso);
    if (parsed.size >= INSTANTS_KEPT) parsed.clear();
    parsed.set(iso, ms);
  }
  return ms;
}

/** How many instants are remembered (for the test of the bound). */
export const instantsKept = (): number => parsed.size;
