/**
 * What a kept value depends on: its tags (docs/architecture.md, "What is kept"; decision 0113).
 * A tag names a piece of data by kind and ids, from the broadest id to the narrowest
 * (`gameweek:2025-26:5` is gameweek 5 of season 2025-26). A change touches tags (changes.ts); a
 * touch reaches every value whose tag it names, is a part of, or contains: touching
 * `gameweek:2025-26` (every gameweek of the season) reaches a value tagged `gameweek:2025-26:5`,
 * and touching `gameweek:2025-26:5` reaches a value that depends on every gameweek of every
 * season (`gameweek`). Built only through the constructors below, never as free text.
 */
export const TAG_KINDS = {
  /** A season's fixtures as lists show them: kick-offs, statuses, results, in-play scores. */
  'season-fixtures': ['season'],
  /** A season's points (what only final results and scored picks move): totals, counts, scored gameweeks. */
  'season-points': ['season'],
  /** One gameweek's points and final results (its counts, its tables, the picks shown with their points). */
  gameweek: ['season', 'gameweek'],
  /** Which fixture is in which gameweek of a season, and the gameweek definitions. */
  'season-schedule': ['season'],
  /** The picks of a season as a whole (a deleted account takes its picks with it), results aside. */
  'season-picks': ['season'],
  /** The seasons and their spans, clubs and the pinned current season. */
  seasons: [],
  /** A league's members and what its table shows of them (their team names). */
  'league-members': ['league'],
  /** A league's own details: name, code, scoring rule. */
  'league-rule': ['league'],
  /** A league's bonus points. */
  'league-bonus': ['league'],
  /** Every player's name and account, as the overall leaderboard shows them. */
  players: [],
  /** A player's own predictions. */
  'user-picks': ['user'],
  /** The leagues a player is in, with their names. */
  'user-leagues': ['user'],
  /** A player's signed-in sessions and account row. */
  session: ['user'],
} as const satisfies Record<string, readonly string[]>;
export type TagKind = keyof typeof TAG_KINDS;

/** A tag: a kind and its ids, at most as many as the kind has (fewer: every value below them). */
export interface Tag {
  readonly kind: TagKind;
  readonly ids: readonly string[];
}

const make = (kind: TagKind, ...ids: Array<string | number>): Tag => ({ kind, ids: ids.map(String) });

/** The tags a kept value declares, and the tags a change touches; `every…` names all ids of a kind. */
export const tag = {
  seasonFixtures: (seasonId: string) => make('season-fixtures', seasonId),
  seasonPoints: (seasonId: string) => make('season-points', seasonId),
  gameweek: (seasonId: string, gameweek: number) => make('gameweek', seasonId, gameweek),
  /** Every gameweek of a season. */
  gameweeksOf: (seasonId: string) => make('gameweek', seasonId),
  seasonSchedule: (seasonId: string) => make('season-schedule', seasonId),
  seasonPicks: (seasonId: string) => make('season-picks', seasonId),
  seasons: () => make('seasons'),
  leagueMembers: (leagueId: string) => make('league-members', leagueId),
  leagueRule: (leagueId: string) => make('league-rule', leagueId),
  leagueBonus: (leagueId: string) => make('league-bonus', leagueId),
  players: () => make('players'),
  userPicks: (userId: string) => make('user-picks', userId),
  userLeagues: (userId: string) => make('user-leagues', userId),
  session: (userId: string) => make('session', userId),
  /** Every id of a kind: every season's fixtures, every league's members, every player's sessions. */
  every: (kind: TagKind) => make(kind),
} as const;

/**
 * A tag's key (`kind`, then its ids); the keys of its broader tags are its prefixes. The ids
 * are joined by a character no id holds (season, league and user ids are printable).
 */
export const SEP = '\u0000';
export const tagKey = (t: Tag): string => [t.kind, ...t.ids].join(SEP);

/** The keys of the tags broader than `t` (its kind alone, then each longer prefix of its ids), `t` not included. */
export function broaderKeys(t: Tag): string[] {
  const out: string[] = [];
  for (let n = 0; n < t.ids.length; n++) out.push([t.kind, ...t.ids.slice(0, n)].join(SEP));
  return out;
}

/** The tag as people write it: `gameweek:2025-26:5`, `league-members:L1`, `seasons`. */
export const tagText = (t: Tag): string => [t.kind, ...t.ids].join(':');

/** True when a touch of `touched` reaches a value tagged `held` (one contains the other). */
export function reaches(touched: Tag, held: Tag): boolean {
  if (touched.kind !== held.kind) return false;
  const n = Math.min(touched.ids.length, held.ids.length);
  for (let i = 0; i < n; i++) if (touched.ids[i] !== held.ids[i]) return false;
  return true;
}
