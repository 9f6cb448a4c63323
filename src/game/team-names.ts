import { TEAM_NAME_MAX } from './limits.js';
import { nameSkeleton } from './name-skeleton.js';

/**
 * Team names are unique across the game (decision 0051): two names are the same name when they
 * look the same (decision 0099): when they differ only in letter case, accents, compatibility
 * forms (full-width letters, ligatures), spacing, invisible characters or look-alike letters of
 * other scripts. "Big Screen FC", "big  screen fc", "Bíg Screen FC" and "Вig Screen FC" (a
 * Cyrillic В) are one name, so no league table can show two rows a reader cannot tell apart.
 *
 * The key is what the database keeps unique (`user.teamNameKey`): the name's confusable skeleton
 * (src/game/name-skeleton.ts). A name whose key is empty shows nothing, and the shared schema
 * refuses it.
 */
export function teamNameKey(name: string): string {
  return nameSkeleton(name);
}

/** A team name as stored: trimmed, inner runs of spaces kept as typed. */
const clean = (name: string) => name.trim();

/**
 * Names to offer when `name` is taken, in order: "Name 2", "Name 3", … Each fits the length
 * limit (the base is shortened, never the number) and none has the key of `name` itself.
 */
export function teamNameSuggestions(name: string, count = 30, max = TEAM_NAME_MAX): string[] {
  const base = clean(name).replace(/\s+\d+$/u, '') || clean(name);
  const out: string[] = [];
  for (let n = 2; out.length < count && n < count + 2 + 1000; n++) {
    const suffix = ` ${n}`;
    const room = max - suffix.length;
    if (room < 1) break;
    const head = [...base].slice(0, room).join('').trimEnd();
    if (!head) break;
    const candidate = `${head}${suffix}`;
    if (teamNameKey(candidate) !== teamNameKey(name)) out.push(candidate);
  }
  return out;
}
