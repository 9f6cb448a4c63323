import { z } from 'zod';
import { CLUB_PATTERNS } from '../game/clubs.js';
import { hasHiddenCharacters } from './common.js';
import { feedUrlSchema } from './feed.js';
import { seasonDto } from './seasons.js';

/**
 * The admin's seasons screen: create a season from a file, set the current season,
 * re-import a newer file of a season, and its results feed (address, "Sync now", runs,
 * conflicts). docs/feed.md.
 */

/** Largest season file accepted: many times a real Premier League season in either format, and still bounded. */
export const SEASON_FILE_MAX_CHARS = 1_000_000;

export const SEASON_FILE_MESSAGES = {
  empty: 'The file is empty.',
  tooLarge: `The file is too large (at most ${SEASON_FILE_MAX_CHARS / 1_000_000} MB). A season file is far smaller: is it the right file?`,
} as const;

/** An uploaded season file: its name (for the format) and its text. */
export const seasonFileBody = z.object({
  fileName: z.string().max(200).optional(),
  content: z
    .string()
    .min(1, { error: SEASON_FILE_MESSAGES.empty })
    .max(SEASON_FILE_MAX_CHARS, { error: SEASON_FILE_MESSAGES.tooLarge }),
});
export type SeasonFileUpload = z.infer<typeof seasonFileBody>;

/** `2027-28`, or a prefixed one for another competition (`laliga-2027-28`). */
export const SEASON_ID_PATTERN = /^(?:[a-z][a-z0-9-]{0,30}-)?\d{4}-\d{2}$/;
const colour = z.string().regex(/^#[0-9A-Fa-f]{6}$/, { error: 'Pick a colour as #RRGGBB.' });

/** The admin's confirmation for a club the app does not know yet. */
export const newClubSchema = z.object({
  /** As the file spells it (must be one of the file's unknown clubs). */
  name: z.string().min(1).max(80),
  shortName: z
    .string()
    .trim()
    .min(1, { error: 'Enter a short name.' })
    .max(20, { error: 'At most 20 characters.' })
    .refine((s) => !hasHiddenCharacters(s), { error: "The short name can't contain invisible or control characters." }),
  code: z
    .string()
    .trim()
    .regex(/^[A-Z]{3}$/, { error: 'Three capital letters, e.g. COV.' }),
  primaryColour: colour,
  secondaryColour: colour,
  pattern: z.enum(CLUB_PATTERNS),
});
export type NewClub = z.infer<typeof newClubSchema>;

export const createSeasonBody = seasonFileBody.extend({
  id: z.string().regex(SEASON_ID_PATTERN, { error: 'A season id looks like 2027-28.' }),
  label: z
    .string()
    .trim()
    .min(1, { error: 'Enter the season’s name, e.g. 2027/28.' })
    .max(40)
    .refine((s) => !hasHiddenCharacters(s), { error: "The name can't contain invisible or control characters." }),
  clubs: z.array(newClubSchema).max(100).default([]),
});
export type CreateSeasonBody = z.infer<typeof createSeasonBody>;

/** A club the file names that the app does not know, with suggested details the admin confirms. */
export const unknownClubDto = newClubSchema.extend({ suggested: z.literal(true) });

export const seasonFilePreviewReply = z.object({
  ok: z.boolean(),
  /** The file's title ("English Premier League 2027/28"). */
  name: z.string().nullable(),
  /** Why it cannot be used (names the line or match), when not ok. */
  error: z.string().nullable(),
  matches: z.number().int(),
  rounds: z.number().int(),
  results: z.number().int(),
  firstDate: z.string().nullable(),
  lastDate: z.string().nullable(),
  clubs: z.array(z.string()),
  unknownClubs: z.array(unknownClubDto),
  warnings: z.array(z.string()),
  /** A proposed id and label (from the file's dates); the admin may change them. */
  suggestedId: z.string().nullable(),
  suggestedLabel: z.string().nullable(),
  /** A season with the suggested id exists already. */
  exists: z.boolean(),
});
export type SeasonFilePreview = z.infer<typeof seasonFilePreviewReply>;

export const seasonCreatedReply = z.object({
  season: z.object({ id: z.string(), label: z.string() }),
  fixtures: z.number().int(),
  results: z.number().int(),
  clubsCreated: z.number().int(),
});

/** PUT /api/admin/current-season: pin a season, or null for "by the clock". */
export const currentSeasonBody = z.object({ seasonId: z.string().min(1).max(64).nullable() });

// ---------------------------------------------------------------- a sync's report

export const syncCountsDto = z.object({
  existing: z.number().int(),
  incoming: z.number().int(),
  matched: z.number().int(),
  added: z.number().int(),
  moved: z.number().int(),
  postponed: z.number().int(),
  rescheduled: z.number().int(),
  locked: z.number().int(),
  rounds: z.number().int(),
  results: z.number().int(),
  corrections: z.number().int(),
  conflicts: z.number().int(),
  skipped: z.number().int(),
  held: z.number().int(),
  missing: z.number().int(),
  duplicates: z.number().int(),
  unchanged: z.number().int(),
});

/** What a plan would change (preview) or changed (apply): counts, one line each, the summary. */
export const syncReportDto = z.object({
  ok: z.boolean(),
  /** Refused: why ("partial", "unknown_clubs"…); null when accepted. */
  reason: z.string().nullable(),
  summary: z.string(),
  counts: syncCountsDto.partial(),
  changes: z.array(z.string()),
  conflicts: z.array(z.string()),
  skipped: z.array(z.string()),
  /** Moves of unplayed matches past their deadline: not applied, waiting for the admin on the feed panel. */
  held: z.array(z.string()),
  missing: z.array(z.string()),
  warnings: z.array(z.string()),
  /** Changes held back because the admin changed that field and the feed did not (three-way merge). */
  kept: z.array(z.string()),
});
export type SyncReport = z.infer<typeof syncReportDto>;

/** A re-import answer; `planHash` names the previewed plan, so applying can refuse a season that changed since. */
export const reimportReply = z.object({
  season: z.string(),
  applied: z.boolean(),
  report: syncReportDto,
  planHash: z.string(),
});
/** Applying a re-import: the file again and, from the preview, the plan the admin saw. */
export const reimportBody = seasonFileBody.extend({ planHash: z.string().max(100).optional() });

// ---------------------------------------------------------------- the feed

export const feedRunDto = z.object({
  id: z.string(),
  startedAt: z.string(),
  finishedAt: z.string().nullable(),
  outcome: z.enum(['changed', 'unchanged', 'failed']).nullable(),
  message: z.string().nullable(),
  /** What it changed, one line each. */
  changes: z.array(z.string()),
});
export type FeedRun = z.infer<typeof feedRunDto>;

export const feedConflictDto = z.object({
  fixtureId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  kickoffAt: z.string().nullable(),
  feed: z.object({ homeScore: z.number().int(), awayScore: z.number().int() }),
  /** The admin's result as stored now (null if it was cleared since). */
  admin: z.object({ homeScore: z.number().int(), awayScore: z.number().int() }).nullable(),
  seenAt: z.string(),
});
export type FeedConflict = z.infer<typeof feedConflictDto>;

/**
 * A move a season file or feed proposed for an unplayed match to a kick-off past its deadline:
 * not applied until the admin confirms it (docs/decisions/0100-file-never-decides-the-future.md).
 */
export const pendingMoveDto = z.object({
  fixtureId: z.string(),
  homeTeam: z.string(),
  awayTeam: z.string(),
  source: z.enum(['feed', 'file']),
  /** pending: waits for the admin; rejected: the admin said no, and a file still proposes it. */
  status: z.enum(['pending', 'rejected']),
  /** The kick-off stored now (null while postponed) and the one proposed. */
  from: z.object({ kickoffAt: z.string().nullable(), postponed: z.boolean() }),
  to: z.object({ kickoffAt: z.string().nullable(), postponed: z.boolean() }),
  /** The file's score for the match: saved on confirmation only if the confirmed kick-off has passed. */
  result: z.object({ homeScore: z.number().int(), awayScore: z.number().int() }).nullable(),
  description: z.string(),
  seenAt: z.string(),
  decidedAt: z.string().nullable(),
});
export type PendingMove = z.infer<typeof pendingMoveDto>;

/** Confirm a held move (it is applied) or reject it (it stays unapplied while a file proposes it). */
export const decideMoveBody = z.object({ decision: z.enum(['confirm', 'reject']) });

export const adminSeasonDto = seasonDto.extend({
  feedUrl: z.string().nullable(),
  openConflicts: z.number().int(),
  /** Moves waiting for the admin's confirmation. */
  pendingMoves: z.number().int(),
  lastRun: feedRunDto.nullable(),
  builtIn: z.boolean(),
});
export type AdminSeason = z.infer<typeof adminSeasonDto>;
export const adminSeasonListReply = z.object({
  seasons: z.array(adminSeasonDto),
  current: z.string(),
  pinned: z.boolean(),
  pollMinutes: z.number().int().nullable(),
});
export type AdminSeasonList = z.infer<typeof adminSeasonListReply>;

export const feedStateReply = z.object({
  season: z.string(),
  feedUrl: z.string().nullable(),
  runs: z.array(feedRunDto),
  /** The latest run when it failed: shown until a later run succeeds. */
  lastFailure: feedRunDto.nullable(),
  conflicts: z.array(feedConflictDto),
  /** Held moves (pending first), then rejected ones a file still proposes. */
  moves: z.array(pendingMoveDto),
});
export type FeedState = z.infer<typeof feedStateReply>;

/** PUT /api/admin/seasons/:id/feed: an address, or null to turn the feed off. */
export const feedUrlBody = z.object({ feedUrl: feedUrlSchema.nullable() });

export const syncNowReply = z.object({ run: feedRunDto });

/** Settling a conflict: keep the admin's result, or take the feed's (predictions are rescored). */
export const resolveConflictBody = z.object({ keep: z.enum(['admin', 'feed']) });
