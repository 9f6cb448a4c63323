import { z } from 'zod';
import { LEAGUE_DESCRIPTION_MAX, LEAGUE_NAME_MAX } from '../game/limits.js';
import { POSITION_CHANGES } from '../game/ranking.js';
import { RULE_KINDS, RULE_POINTS_MAX, STANDARD_RULE, TIERS, ruleProblem } from '../game/scoring.js';
import { KNOCKOUT_RULES, type KnockoutRule } from '../game/knockout.js';
import { QUALIFIER_POINTS_MAX } from '../game/qualifier.js';
import { resultDto } from './fixtures.js';
import { outcomeDto } from './predictions.js';
import { hasHiddenCharacters, hasHiddenTextCharacters, hiddenCharactersMessage } from './common.js';

export const COMPETITIONS = ['premier-league', 'champions-league', 'world-cup', 'euros'] as const;
export const PRIVACIES = ['private', 'public'] as const;
export type Competition = (typeof COMPETITIONS)[number];
export type Privacy = (typeof PRIVACIES)[number];

/** What players call each competition (a league may only be of one the instance has a season of). */
export const COMPETITION_LABELS: Record<Competition, string> = {
  'premier-league': 'Premier League',
  'champions-league': 'Champions League',
  'world-cup': 'World Cup',
  euros: 'Euros',
};
/** Which score of a knockout match counts in a league (src/game/knockout.ts): after 90 minutes, the default, or after extra time. */
export { KNOCKOUT_RULES, type KnockoutRule };
export const knockoutRuleSchema = z.enum(KNOCKOUT_RULES, {
  error: 'Please choose which score counts: after 90 minutes or after extra time.',
});
export { QUALIFIER_POINTS_MAX };
export const QUALIFIER_POINTS_MESSAGE = `Points for naming who goes through must be a whole number from 0 to ${QUALIFIER_POINTS_MAX}.`;
/** Points per knockout tie whose team through a member named right (src/game/qualifier.ts); 0 turns them off. */
export const qualifierPointsSchema = z
  .number({ error: QUALIFIER_POINTS_MESSAGE })
  .int({ error: QUALIFIER_POINTS_MESSAGE })
  .min(0, { error: QUALIFIER_POINTS_MESSAGE })
  .max(QUALIFIER_POINTS_MAX, { error: QUALIFIER_POINTS_MESSAGE });
export const noKnockoutsIn = (competition: Competition) =>
  `The ${COMPETITION_LABELS[competition]} has no knockout ties, so there is no one to name as going through. Leave these points at 0.`;
export const noSeasonOf = (competition: Competition) =>
  `There are no ${COMPETITION_LABELS[competition]} fixtures on Scoreline. Please choose a competition it has a season for.`;

export const LEAGUE_NAME_TOO_LONG = `League name must be ${LEAGUE_NAME_MAX} characters or less.`;

const leagueName = (emptyMessage: string) =>
  z
    .string({ error: emptyMessage })
    .trim()
    .min(1, { error: emptyMessage })
    .max(LEAGUE_NAME_MAX, { error: LEAGUE_NAME_TOO_LONG })
    .refine((v) => !hasHiddenCharacters(v), { error: hiddenCharactersMessage('League name') });

const leagueExtras = {
  description: z
    .string()
    .trim()
    .max(LEAGUE_DESCRIPTION_MAX, { error: `Description must be ${LEAGUE_DESCRIPTION_MAX} characters or less.` })
    .refine((v) => !hasHiddenTextCharacters(v), { error: hiddenCharactersMessage('Description') })
    .optional(),
  competition: z.enum(COMPETITIONS, { error: 'Please choose a competition.' }).optional(),
  privacy: z.enum(PRIVACIES, { error: 'Please choose who can join.' }).optional(),
};

export const RULE_POINTS_MESSAGE = `Points for each kind of pick are whole numbers from 0 to ${RULE_POINTS_MAX}.`;
const rulePoints = z
  .number({ error: RULE_POINTS_MESSAGE })
  .int({ error: RULE_POINTS_MESSAGE })
  .min(0, { error: RULE_POINTS_MESSAGE })
  .max(RULE_POINTS_MAX, { error: RULE_POINTS_MESSAGE });

/** A league's points per kind of pick (src/game/scoring.ts `ruleProblem` says what is refused). */
export const scoringRuleSchema = z
  .object({ exact: rulePoints, difference: rulePoints, outcome: rulePoints })
  .strict()
  .superRefine((rule, ctx) => {
    const problem = ruleProblem(rule);
    if (problem) ctx.addIssue({ code: 'custom', message: problem });
  });

/** A league's scoring: its rule and whether a banker counts double in it. The create forms, the edit form and the routes. */
export const leagueScoringSchema = z
  .object({ rule: scoringRuleSchema, bankersAllowed: z.boolean({ error: 'Say whether bankers count double.' }) })
  .strict();
export type LeagueScoringInput = z.infer<typeof leagueScoringSchema>;
export const STANDARD_SCORING: LeagueScoringInput = { rule: { ...STANDARD_RULE }, bankersAllowed: true };

/**
 * Changing a league's scoring (its creator). Once a member of the league has a scored pick, the
 * server asks for `confirmRecompute` (every member's points are worked out again under the new
 * rule, and members are told).
 */
export const leagueScoringBodySchema = leagueScoringSchema.extend({
  confirmRecompute: z.boolean({ error: 'Say whether to confirm the recompute.' }).optional(),
});
export type LeagueScoringBody = z.infer<typeof leagueScoringBodySchema>;
export const SCORING_NEEDS_CONFIRMATION =
  "Matches have already been scored in this league. Changing the scoring works out every member's points again under the new rule, and members are told. Confirm to go ahead.";

/** Create a league: the server route and the leaderboard's create view; the standard scoring unless `scoring` says otherwise. */
export const createLeagueSchema = z.object({
  name: leagueName('League name cannot be empty.'),
  ...leagueExtras,
  scoring: leagueScoringSchema.optional(),
  /** Which score of a knockout match counts (after 90 minutes unless said). */
  knockoutRule: knockoutRuleSchema.optional(),
  /** Points for naming who goes through each knockout tie (none unless said). */
  qualifierPoints: qualifierPointsSchema.optional(),
});
export type CreateLeagueInput = z.infer<typeof createLeagueSchema>;

/** The New League screen's form: the same rules, with that screen's own message. */
export const newLeagueFormSchema = z.object({
  name: leagueName('Please enter a league name.'),
  description: leagueExtras.description,
  competition: z.enum(COMPETITIONS, { error: 'Please choose a competition.' }),
  privacy: z.enum(PRIVACIES, { error: 'Please choose who can join.' }),
  scoring: leagueScoringSchema,
  knockoutRule: createLeagueSchema.shape.knockoutRule,
  qualifierPoints: createLeagueSchema.shape.qualifierPoints,
});
export type NewLeagueFormInput = z.infer<typeof newLeagueFormSchema>;

export const joinLeagueSchema = z.object({
  code: z
    .string({ error: 'League code cannot be empty.' })
    .trim()
    .min(1, { error: 'League code cannot be empty.' })
    .max(40, { error: 'Invalid league code. No league found.' }),
});
export type JoinLeagueInput = z.infer<typeof joinLeagueSchema>;

/** An invite link's code as the address carries it (normalised and checked by the server). */
export const inviteCodeParam = z.object({ code: z.string().min(1).max(40) });

/**
 * One answer for every code that leads nowhere (never issued, mistyped, or replaced by a new
 * code), so the preview tells a guesser nothing but "no" (decision record 0046).
 */
export const INVITE_INVALID =
  'This invite link is not valid any more. It may have been mistyped, or the league has a new code: ask the person who sent it for the current link.';

export const renameLeagueSchema = z.object({ name: leagueName('League name cannot be empty.') });
export type RenameLeagueInput = z.infer<typeof renameLeagueSchema>;

// ---------------------------------------------------------------- responses

/** A league's scoring as its page states it; `changedAt` is set when it was changed after matches had been scored (the members' notice). */
export const leagueScoringDto = z.object({
  rule: z.object({ exact: z.number(), difference: z.number(), outcome: z.number() }),
  kind: z.enum(RULE_KINDS),
  bankersAllowed: z.boolean(),
  changedAt: z.string().nullable(),
});
export type LeagueScoring = z.infer<typeof leagueScoringDto>;

export const leagueDto = z.object({
  id: z.string(),
  name: z.string(),
  code: z.string(),
  description: z.string().nullable(),
  competition: z.enum(COMPETITIONS),
  privacy: z.enum(PRIVACIES),
  isCreator: z.boolean(),
  isMember: z.boolean(),
  memberCount: z.number(),
  createdAt: z.string(),
  scoring: leagueScoringDto,
  /** Which score of a knockout match counts in it. */
  knockoutRule: z.enum(KNOCKOUT_RULES),
  /** Points per knockout tie whose team through a member named right; 0: none. */
  qualifierPoints: z.number(),
});
export type League = z.infer<typeof leagueDto>;

/** Public leagues as seen by a non-member: no code (joining goes through the league id). */
export const publicLeagueDto = leagueDto.extend({ code: z.string().nullable() });
export type PublicLeague = z.infer<typeof publicLeagueDto>;

export const leagueReply = z.object({ league: leagueDto });
export const leagueListReply = z.object({ leagues: z.array(leagueDto) });
export const publicLeagueListReply = z.object({ leagues: z.array(publicLeagueDto) });
export const joinReply = z.object({ league: leagueDto, alreadyMember: z.boolean() });
export type JoinReply = z.infer<typeof joinReply>;

/**
 * What an invite link shows before anyone signs in (decision record 0046): the league's name,
 * its organiser's team name and how many play in it. Nothing else: no ids, no member list, no
 * picks. `viewer` is about the caller only: a visitor, a player who may join, a member already,
 * or a player the creator removed.
 */
export const INVITE_VIEWERS = ['visitor', 'invited', 'member', 'removed'] as const;
export type InviteViewer = (typeof INVITE_VIEWERS)[number];
export const invitePreviewDto = z.object({
  name: z.string(),
  organiser: z.string(),
  memberCount: z.number(),
  viewer: z.enum(INVITE_VIEWERS),
});
export type InvitePreview = z.infer<typeof invitePreviewDto>;
export const invitePreviewReply = z.object({ invite: invitePreviewDto });

/** A player the creator removed, who cannot join again until let back in (the creator's list). */
export const removedPlayerDto = z.object({ userId: z.string(), displayName: z.string(), removedAt: z.string() });
export type RemovedPlayer = z.infer<typeof removedPlayerDto>;
export const removedPlayersReply = z.object({ players: z.array(removedPlayerDto) });

/** One player's line in a league table. */
export const tableRowDto = z.object({
  userId: z.string(),
  rank: z.number(),
  position: z.number(),
  displayName: z.string(),
  points: z.number(),
  exactScores: z.number(),
  /** Bonus questions' points, part of `points` (0 in a gameweek's table). */
  bonus: z.number(),
  isCreator: z.boolean(),
  isViewer: z.boolean(),
});
export type TableRow = z.infer<typeof tableRowDto>;

/** A page of a league table (a season's overall or one gameweek, or every season added up), always with the viewer's own row. */
export const tablePageDto = z.object({
  league: leagueDto,
  /** The season ranked, or 'all' for the all-seasons total. */
  season: z.string(),
  gameweek: z.number().nullable(),
  page: z.number(),
  pageSize: z.number(),
  total: z.number(),
  rows: z.array(tableRowDto),
  viewer: tableRowDto.nullable(),
});
export type TablePage = z.infer<typeof tablePageDto>;

/** One player's line in the live table: stored total, what the matches in play would add, and the sum it is ranked by. */
export const liveTableRowDto = z.object({
  rank: z.number(),
  userId: z.string(),
  name: z.string(),
  isCreator: z.boolean(),
  storedPoints: z.number(),
  provisionalPoints: z.number(),
  points: z.number(),
});

/** A page of the table with the provisional points of matches in play added to the stored totals, always with the viewer's own row. */
export const liveTableDto = z.object({
  leagueId: z.string(),
  /** The current season (the live table is always of it). */
  season: z.string(),
  /** Matches in play right now (kicked off, no final result). */
  liveMatches: z.number(),
  /** Of those, the ones with an in-play score: only they add provisional points. */
  scoredMatches: z.number(),
  /** The gameweek of the latest kick-off so far, and whether all its results are in. */
  gameweek: z.object({ number: z.number(), complete: z.boolean() }).nullable(),
  /** Every match of the season has a final result: the totals are final. */
  seasonComplete: z.boolean(),
  page: z.number(),
  pageSize: z.number(),
  /** Members in the whole table. */
  total: z.number(),
  rows: z.array(liveTableRowDto),
  viewer: liveTableRowDto.nullable(),
});
export type LiveTable = z.infer<typeof liveTableDto>;

export const gameweekChoicesReply = z.object({ season: z.string(), gameweeks: z.array(z.number()) });

/** A member's pick on a fixture whose deadline has passed; its points under the league's rule (a banker doubled where bankers count). */
export const pickDto = z.object({
  fixtureId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoffAt: z.string(),
  gameweek: z.number().nullable(),
  result: resultDto.nullable(),
  prediction: z
    .object({
      homeScore: z.number(),
      awayScore: z.number(),
      points: z.number().nullable(),
      outcome: outcomeDto.nullable(),
      tier: z.enum(TIERS).nullable(),
      banker: z.boolean(),
      /** The side the pick says goes through the tie this match decides (named, or a one-match knockout's predicted winner); null when none. */
      qualifier: z.enum(['home', 'away']).nullable(),
      /** In a league with qualifier points, once the tie is settled: the points for naming who went through (0 when wrong); else null. */
      qualifierPoints: z.number().nullable(),
    })
    .nullable(),
});
export type Pick = z.infer<typeof pickDto>;

export const memberPicksDto = z.object({
  member: z.object({ userId: z.string(), displayName: z.string() }),
  season: z.string(),
  gameweek: z.number().nullable(),
  gameweeks: z.array(z.number()),
  picks: z.array(pickDto),
});
export type MemberPicks = z.infer<typeof memberPicksDto>;

/** The viewer's place in one of their leagues, and the move since the previous gameweek's results. */
export const positionDto = z.object({
  leagueId: z.string(),
  name: z.string(),
  position: z.number(),
  memberCount: z.number(),
  points: z.number(),
  change: z.enum(POSITION_CHANGES),
});
export type LeaguePosition = z.infer<typeof positionDto>;
export const positionListReply = z.object({ season: z.string(), positions: z.array(positionDto) });
