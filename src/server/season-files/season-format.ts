import { z } from 'zod';
import { isClockTime, isIsoDate } from '../../game/dates.js';
import { CLUB_PATTERNS } from '../../game/clubs.js';
import { matchScoreOf, matchScoreProblem } from '../../game/knockout.js';
import { checkSeasonStructure } from '../../game/season.js';
import { isKnockoutStage, STAGES } from '../../game/stages.js';
import { isUtcOffset, kickoffInstant } from '../../game/kickoff-time.js';
import { SCORE_MAX, TEAM_NAME_MAX } from './types.js';

/**
 * The project's own season files (decision record 0010): a club catalogue and one compact file
 * per season, both validated with these schemas whenever they are loaded. The built-in ones are
 * written by `npm run season:convert` (scripts/convert-season.ts) into ./builtin/.
 */

export const SEASON_FORMAT = 'scoreline-season@2';
/** The first format (league rounds only): still read, as a league season (docs/decisions/0115). */
export const SEASON_FORMAT_V1 = 'scoreline-season@1';
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

/** A team not yet known ("N.N.", "Winner of match 74", "1A"): what to show until it is. */
const placeholder = z.string().min(1).max(TEAM_NAME_MAX);

export const seasonMatchSchema = z.strictObject({
  round: z.number().int().min(1),
  /** Local date and time as published (the competition's zone, or `utcOffset`); time null while there is no slot. */
  date: isoDate,
  time: clockTime.nullable(),
  /** The UTC instant of date + time in the competition's zone or at `utcOffset` (null with time). */
  kickoffAt: z.iso.datetime().nullable(),
  /** The kick-off's own offset from UTC (`-06:00`), when the source gives one per match. */
  utcOffset: z.string().refine(isUtcOffset, 'a UTC offset is ±HH:MM').optional(),
  /** Club keys; null while the team is not known, with `homeLabel`/`awayLabel` saying who it will be. */
  home: clubKeySchema.nullable(),
  away: clubKeySchema.nullable(),
  homeLabel: placeholder.optional(),
  awayLabel: placeholder.optional(),
  /** The competition's own match number (World Cup 1–104), which placeholders refer to. */
  number: z.number().int().min(1).max(10_000).optional(),
  /** A group-stage match's group ("Group A"). */
  group: z.string().min(1).max(40).optional(),
  /** Which leg of a two-legged tie. */
  leg: z.union([z.literal(1), z.literal(2)]).optional(),
  postponed: z.literal(true).optional(),
  /** Score after 90 minutes, once the match is over: what predictions are scored against by default. */
  result: score.optional(),
  /** Score after extra time, cumulative (only for a match that went to extra time). */
  extraTime: score.optional(),
  /** Penalty shoot-out score (only after extra time). */
  penalties: score.optional(),
});
export type OwnSeasonMatch = z.infer<typeof seasonMatchSchema>;

export const seasonRoundSchema = z.strictObject({
  round: z.number().int().min(1),
  /** What players see ("Matchday 3", "Round of 16, first leg", "Final"). */
  name: z.string().min(1).max(40),
  stage: z.enum(STAGES),
  /** Whether its matches must have a winner (the stage's; repeated so readers need not know stages). */
  knockout: z.boolean(),
});
export type OwnSeasonRound = z.infer<typeof seasonRoundSchema>;

/**
 * `2025-26` (a Premier League season: these ids are in players' databases), or the competition
 * before the years (`champions-league-2025-26`), or one year (`world-cup-2026`).
 */
export const seasonKeySchema = z
  .string()
  .max(60)
  .regex(
    /^(?:[a-z]+(?:-[a-z]+)*-)?\d{4}(?:-\d{2})?$/,
    'a season key is like 2025-26, champions-league-2025-26 or world-cup-2026',
  );

/** A `scoreline-season@1` file (league rounds only) read as the current format. */
function upgrade(data: unknown): unknown {
  if (typeof data !== 'object' || data === null || (data as { format?: unknown }).format !== SEASON_FORMAT_V1)
    return data;
  const old = data as { rounds?: unknown };
  return {
    ...data,
    format: SEASON_FORMAT,
    rounds: Array.isArray(old.rounds)
      ? old.rounds.map((r: unknown) =>
          typeof r === 'object' && r !== null ? { ...r, stage: 'league', knockout: false } : r,
        )
      : old.rounds,
  };
}

const pairText = (s: readonly [number, number]) => `${s[0]}-${s[1]}`;

export const seasonFileSchema = z.preprocess(
  upgrade,
  z
    .strictObject({
      format: z.literal(SEASON_FORMAT),
      competition: z.strictObject({
        key: clubKeySchema,
        name: z.string().min(1).max(80),
        /** The IANA zone the published dates and times are in; null when every kick-off carries its own `utcOffset`. */
        timeZone: z.string().min(1).max(64).nullable(),
      }),
      season: z.strictObject({
        key: seasonKeySchema,
        /** `2025/26` or `2026`: what players see. */
        label: z.string().regex(/^\d{4}(?:\/\d{2})?$/),
        /** The source's own title ("English Premier League 2025/26"). */
        title: z.string().min(1).max(120),
      }),
      source: z.string().min(1).max(300),
      /** The clubs that play in this season, by catalogue key. */
      clubs: z.array(clubKeySchema).min(2),
      /** The rounds in order, with the names players see and their stage. */
      rounds: z.array(seasonRoundSchema).min(1),
      matches: z.array(seasonMatchSchema).min(1),
    })
    .superRefine((s, ctx) => {
      const issue = (path: (string | number)[], message: string) => ctx.addIssue({ code: 'custom', path, message });
      const clubs = new Set(s.clubs);
      if (clubs.size !== s.clubs.length) issue(['clubs'], 'a club is listed twice');
      const rounds = new Map(s.rounds.map((r) => [r.round, r]));
      if (rounds.size !== s.rounds.length) issue(['rounds'], 'a round is listed twice');
      s.rounds.forEach((r, i) => {
        if (r.knockout !== isKnockoutStage(r.stage))
          issue(
            ['rounds', i, 'knockout'],
            `the ${r.stage} stage is ${isKnockoutStage(r.stage) ? '' : 'not '}a knockout`,
          );
      });
      const zone = s.competition.timeZone;
      if (zone !== null && !isTimeZone(zone)) issue(['competition', 'timeZone'], `unknown time zone "${zone}"`);
      s.matches.forEach((m, i) => {
        const at = (field: string) => ['matches', i, field];
        const round = rounds.get(m.round);
        if (!round) issue(at('round'), `round ${m.round} is not in the rounds list`);
        for (const side of ['home', 'away'] as const) {
          const key = m[side];
          const label = m[`${side}Label`];
          if (key !== null && !clubs.has(key)) issue(at(side), `"${key}" is not one of the season's clubs`);
          if (key === null && label === undefined)
            issue(
              at(`${side}Label`),
              `a team not yet known needs a ${side}Label saying who it will be ("Winner of match 74")`,
            );
          if (key !== null && label !== undefined) issue(at(`${side}Label`), `a known team has no ${side}Label`);
        }
        if ((m.time === null) !== (m.kickoffAt === null))
          issue(at('kickoffAt'), 'a kick-off needs a time, and a time a kick-off');
        if (m.time === null && !m.postponed) issue(at('postponed'), 'a match without a time is postponed');
        if (m.time !== null && m.kickoffAt !== null) {
          if (m.utcOffset === undefined && zone === null)
            issue(
              at('utcOffset'),
              `${m.date} ${m.time} has no zone: the competition has no time zone, so each kick-off needs its utcOffset`,
            );
          else if (m.utcOffset !== undefined || isTimeZone(zone!)) {
            const where = m.utcOffset !== undefined ? `at UTC${m.utcOffset}` : `in ${zone}`;
            const expected = kickoffInstant(m.date, m.time, m.utcOffset ?? zone!);
            if (expected !== m.kickoffAt)
              issue(at('kickoffAt'), `${m.date} ${m.time} ${where} is ${expected}, not ${m.kickoffAt}`);
          }
        }
        if (m.penalties && !m.extraTime)
          issue(
            at('penalties'),
            `penalties ${pairText(m.penalties)} without extraTime: a shoot-out comes after extra time`,
          );
        if (m.extraTime && !m.result)
          issue(at('extraTime'), 'extraTime without result: give the score after 90 minutes too');
        if (m.result && m.extraTime) {
          const problem = matchScoreProblem(
            matchScoreOf({ result: m.result, extraTime: m.extraTime, penalties: m.penalties ?? null }),
          );
          if (problem) issue(at('extraTime'), problem);
        }
        if (m.result && (m.home === null || m.away === null)) issue(at('result'), 'a result needs both teams');
        if (round && !round.knockout) {
          if (m.extraTime) issue(at('extraTime'), `no extra time in the ${round.stage} stage`);
          if (m.leg !== undefined) issue(at('leg'), `no legs in the ${round.stage} stage`);
        }
        if (round && round.knockout && m.group !== undefined) issue(at('group'), 'a knockout match has no group');
      });
      // A pair may meet again in another stage (league phase, then a semi-final); within one stage the league rules hold.
      const byStage = new Map<string, Array<OwnSeasonMatch & { where: string }>>();
      s.matches.forEach((m, i) => {
        const stage = rounds.get(m.round)?.stage ?? 'league';
        if (m.home === null || m.away === null) return;
        byStage.set(stage, [...(byStage.get(stage) ?? []), { ...m, where: `Match ${i + 1}` }]);
      });
      for (const matches of byStage.values()) {
        const { errors } = checkSeasonStructure(
          matches.map((m) => ({ round: m.round, home: m.home!, away: m.away!, where: m.where })),
        );
        for (const e of errors) issue(['matches'], e);
      }
    }),
);
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
 * A season's matches with the clubs' full names (as fixtures store them) instead of keys; a team
 * not yet known goes by its placeholder label ("Winner of match 74") until it is.
 */
export function matchesWithClubNames(
  season: OwnSeasonFile,
  catalogue: ClubCatalogue,
): Array<OwnSeasonMatch & { homeName: string; awayName: string }> {
  const nameOf = new Map(catalogue.clubs.map((c) => [c.key, c.name]));
  const name = (key: string | null, label: string | undefined) => {
    if (key === null) return label!;
    const n = nameOf.get(key);
    if (!n) throw new Error(`No club "${key}" in the catalogue`);
    return n;
  };
  return season.matches.map((m) => ({
    ...m,
    homeName: name(m.home, m.homeLabel),
    awayName: name(m.away, m.awayLabel),
  }));
}
