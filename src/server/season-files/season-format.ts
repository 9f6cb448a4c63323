import { z } from 'zod';
import { isClockTime, isIsoDate } from '../../game/dates.js';
import { CLUB_PATTERNS } from '../../game/clubs.js';
import { checkSeasonStructure } from '../../game/season.js';
import { zonedToUtc } from '../../game/time.js';
import { SCORE_MAX, TEAM_NAME_MAX } from './types.js';

/**
 * The project's own season files (decision record 0010): a club catalogue and one compact file
 * per season, both validated with these schemas whenever they are loaded. The built-in ones are
 * written by `npm run season:convert` (scripts/convert-season.ts) into ./builtin/.
 */

export const SEASON_FORMAT = 'scoreline-season@1';
export const CLUBS_FORMAT = 'scoreline-clubs@1';

/** A club's stable key: lower-case words joined by hyphens (`manchester-city`). */
export const clubKeySchema = z
  .string()
  .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'a club key is lower-case words joined by hyphens')
  .max(40);
const colour = z.string().regex(/^#[0-9A-F]{6}$/, 'a colour is #RRGGBB (upper-case hex)');
const isoDate = z.string().refine(isIsoDate, 'a date is YYYY-MM-DD');
const clockTime = z.string().refine(isClockTime, 'a time is HH:MM');
const score = z.tuple([z.number().int().min(0).max(SCORE_MAX), z.number().int().min(0).max(SCORE_MAX)]);

export const clubSchema = z.strictObject({
  key: clubKeySchema,
  /** The full name as season files spell it ("Brighton & Hove Albion FC"): how imports find the club. */
  name: z.string().min(1).max(TEAM_NAME_MAX),
  /** The phone-friendly name ("Man City", "Spurs", "Nott'm Forest"). */
  shortName: z.string().min(1).max(20),
  code: z.string().regex(/^[A-Z]{3}$/, 'a club code is three capital letters'),
  primary: colour,
  secondary: colour,
  badge: z.enum(CLUB_PATTERNS),
});
export type ClubRecord = z.infer<typeof clubSchema>;

export const clubCatalogueSchema = z
  .strictObject({ format: z.literal(CLUBS_FORMAT), clubs: z.array(clubSchema).min(1) })
  .superRefine((cat, ctx) => {
    for (const field of ['key', 'name', 'code'] as const) {
      const seen = new Set<string>();
      cat.clubs.forEach((c, i) => {
        if (seen.has(c[field]))
          ctx.addIssue({ code: 'custom', path: ['clubs', i, field], message: `${field} "${c[field]}" is used twice` });
        seen.add(c[field]);
      });
    }
  });
export type ClubCatalogue = z.infer<typeof clubCatalogueSchema>;

export const seasonMatchSchema = z.strictObject({
  round: z.number().int().min(1),
  /** Local date and time in the competition's zone, as published; time null while there is no slot. */
  date: isoDate,
  time: clockTime.nullable(),
  /** The UTC instant of date + time in the competition's zone (null with time). */
  kickoffAt: z.iso.datetime().nullable(),
  home: clubKeySchema,
  away: clubKeySchema,
  postponed: z.literal(true).optional(),
  /** Full-time score, once the match is over. */
  result: score.optional(),
});
export type OwnSeasonMatch = z.infer<typeof seasonMatchSchema>;

export const seasonFileSchema = z
  .strictObject({
    format: z.literal(SEASON_FORMAT),
    competition: z.strictObject({
      key: clubKeySchema,
      name: z.string().min(1).max(80),
      /** The IANA zone the published dates and times are in. */
      timeZone: z.string().min(1).max(64),
    }),
    season: z.strictObject({
      /** `2025-26`: stable, file- and URL-friendly. */
      key: z.string().regex(/^\d{4}-\d{2}$/),
      /** `2025/26`: what players see. */
      label: z.string().regex(/^\d{4}\/\d{2}$/),
      /** The source's own title ("English Premier League 2025/26"). */
      title: z.string().min(1).max(120),
    }),
    source: z.string().min(1).max(300),
    /** The clubs that play in this season, by catalogue key. */
    clubs: z.array(clubKeySchema).min(2),
    /** The rounds in order, with the names players see ("Matchday 1"). */
    rounds: z.array(z.strictObject({ round: z.number().int().min(1), name: z.string().min(1).max(40) })).min(1),
    matches: z.array(seasonMatchSchema).min(1),
  })
  .superRefine((s, ctx) => {
    const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
    const clubs = new Set(s.clubs);
    if (clubs.size !== s.clubs.length) issue(['clubs'], 'a club is listed twice');
    const rounds = new Set(s.rounds.map((r) => r.round));
    if (rounds.size !== s.rounds.length) issue(['rounds'], 'a round is listed twice');
    if (!isTimeZone(s.competition.timeZone))
      issue(['competition', 'timeZone'], `unknown time zone "${s.competition.timeZone}"`);
    s.matches.forEach((m, i) => {
      for (const side of ['home', 'away'] as const)
        if (!clubs.has(m[side])) issue(['matches', i, side], `"${m[side]}" is not one of the season's clubs`);
      if (!rounds.has(m.round)) issue(['matches', i, 'round'], `round ${m.round} is not in the rounds list`);
      if ((m.time === null) !== (m.kickoffAt === null))
        issue(['matches', i, 'kickoffAt'], 'a kick-off needs a time, and a time a kick-off');
      if (m.time === null && !m.postponed) issue(['matches', i, 'postponed'], 'a match without a time is postponed');
      if (m.time !== null && m.kickoffAt !== null && isTimeZone(s.competition.timeZone)) {
        const expected = zonedToUtc(m.date, m.time, s.competition.timeZone);
        if (expected !== m.kickoffAt)
          issue(
            ['matches', i, 'kickoffAt'],
            `${m.date} ${m.time} in ${s.competition.timeZone} is ${expected}, not ${m.kickoffAt}`,
          );
      }
    });
    const { errors } = checkSeasonStructure(s.matches.map((m, i) => ({ ...m, where: `Match ${i + 1}` })));
    for (const e of errors) issue(['matches'], e);
  });
export type OwnSeasonFile = z.infer<typeof seasonFileSchema>;

function isTimeZone(zone: string): boolean {
  try {
    new Intl.DateTimeFormat('en-GB', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

/** Zod issues as one readable line each (`matches.12.home: "x" is not one of the season's clubs`). */
function describe(error: z.ZodError, what: string): Error {
  const lines = error.issues.slice(0, 10).map((i) => `${i.path.join('.') || '(file)'}: ${i.message}`);
  const more = error.issues.length > 10 ? `\n  … and ${error.issues.length - 10} more` : '';
  return new Error(`${what} is not valid:\n  ${lines.join('\n  ')}${more}`);
}

/** Validates a club catalogue; throws a readable error listing what is wrong. */
export function loadClubCatalogue(data: unknown, what = 'The club catalogue'): ClubCatalogue {
  const r = clubCatalogueSchema.safeParse(data);
  if (!r.success) throw describe(r.error, what);
  return r.data;
}

/**
 * Validates a season file, and (given the catalogue) that every club it names is in it; throws
 * a readable error listing what is wrong.
 */
export function loadSeasonFile(data: unknown, catalogue?: ClubCatalogue, what = 'The season file'): OwnSeasonFile {
  const r = seasonFileSchema.safeParse(data);
  if (!r.success) throw describe(r.error, what);
  if (catalogue) {
    const known = new Set(catalogue.clubs.map((c) => c.key));
    const unknown = r.data.clubs.filter((k) => !known.has(k));
    if (unknown.length) throw new Error(`${what} names clubs missing from the catalogue: ${unknown.join(', ')}`);
  }
  return r.data;
}

/**
 * A season's matches with the clubs' full names (as fixtures store them today) instead of keys.
 */
export function matchesWithClubNames(
  season: OwnSeasonFile,
  catalogue: ClubCatalogue,
): Array<OwnSeasonMatch & { homeName: string; awayName: string }> {
  const nameOf = new Map(catalogue.clubs.map((c) => [c.key, c.name]));
  const name = (key: string) => {
    const n = nameOf.get(key);
    if (!n) throw new Error(`No club "${key}" in the catalogue`);
    return n;
  };
  return season.matches.map((m) => ({ ...m, homeName: name(m.home), awayName: name(m.away) }));
}
