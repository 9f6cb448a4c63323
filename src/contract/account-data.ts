import { z } from 'zod';
import { PASSWORD_MAX } from '../game/limits.js';
import { USER_ROLES } from './account.js';
import { contactStatusDto } from './contact.js';

/**
 * A player's own data: deleting the account (confirmed with the password) and downloading what
 * the game holds about them. docs/decisions/0047-account-deletion.md says what goes and what stays.
 */

export const DELETE_PASSWORD_REQUIRED = 'Please enter your password to confirm.';
export const DELETE_WRONG_PASSWORD = 'That password is not right. Your account has not been deleted.';
export const DELETE_ONLY_ADMIN =
  'You are the only admin of this Scoreline, so your account cannot be deleted yet. Make another verified account an admin first (ADMIN_EMAILS, or npm run make-admin), then try again.';
export const deleteRateLimitMessage = (wait: string) =>
  `Too many attempts to delete your account. Please wait ${wait} and try again.`;
/** Shown on the landing page once the account is gone. */
export const ACCOUNT_DELETED_NOTICE =
  'Your account has been deleted, with your predictions and league memberships. Thanks for playing.';

/** The deletion's confirmation: the current password (a longer one cannot be right). */
export const deleteAccountSchema = z.object({
  password: z
    .string({ error: DELETE_PASSWORD_REQUIRED })
    .min(1, { error: DELETE_PASSWORD_REQUIRED })
    .max(PASSWORD_MAX, { error: DELETE_WRONG_PASSWORD }),
});
export type DeleteAccountInput = z.infer<typeof deleteAccountSchema>;

/**
 * What deleting the account does to one of the player's leagues:
 * - passes: the player created it; its longest-standing other member becomes its creator;
 * - deleted: nobody else is in it, so it goes;
 * - left: the player is a member; they leave its table.
 */
export const LEAGUE_FATES = ['passes', 'deleted', 'left'] as const;
export type LeagueFate = (typeof LEAGUE_FATES)[number];

export const deletionLeagueDto = z.object({
  id: z.string(),
  name: z.string(),
  fate: z.enum(LEAGUE_FATES),
  /** The new creator's leaderboard name when the league passes on. */
  newCreator: z.string().nullable(),
  /** Members other than the player. */
  otherMembers: z.number().int(),
});
export type DeletionLeague = z.infer<typeof deletionLeagueDto>;

/** What the confirmation dialog shows before the player types their password. */
export const deletionPreviewDto = z.object({
  leagues: z.array(deletionLeagueDto),
  predictions: z.number().int(),
  contactMessages: z.number().int(),
  /** Why the account cannot be deleted now (the only admin), or null. */
  refusal: z.string().nullable(),
});
export type DeletionPreview = z.infer<typeof deletionPreviewDto>;

export const deleteAccountReply = z.object({ deleted: z.literal(true) });

// ---------------------------------------------------------------- the download

/** At most this many predictions in one download (one per fixture: decades of seasons). */
export const EXPORT_PREDICTIONS_MAX = 20_000;
/** At most this many of the player's bonus answers in one download (50 questions a league and season at most). */
export const EXPORT_BONUS_ANSWERS_MAX = 20_000;
/** At most this many of the player's own contact messages (newest first). */
export const EXPORT_MESSAGES_MAX = 500;

const score = z.object({ home: z.number().int(), away: z.number().int() });

export const accountExportDto = z.object({
  format: z.literal('scoreline-account-data'),
  version: z.literal(1),
  exportedAt: z.string(),
  account: z.object({
    id: z.string(),
    email: z.string(),
    emailVerified: z.boolean(),
    name: z.string(),
    username: z.string(),
    teamName: z.string().nullable(),
    role: z.enum(USER_ROLES),
    createdAt: z.string(),
  }),
  /** Reminder settings (null until the player opened them); the private links themselves are left out. */
  settings: z
    .object({
      remindersEnabled: z.boolean(),
      reminderWindowsHours: z.array(z.number().int()),
    })
    .nullable(),
  predictions: z.array(
    z.object({
      season: z.string(),
      gameweek: z.number().int().nullable(),
      fixtureId: z.string(),
      homeTeam: z.string(),
      awayTeam: z.string(),
      kickoffAt: z.string().nullable(),
      predicted: score,
      predictedAt: z.string(),
      /** The match's result (a provisional in-play score has final false). */
      result: score.extend({ final: z.boolean() }).nullable(),
      points: z.number().int().nullable(),
      outcome: z.string().nullable(),
      /** The kind of pick against the result (exact, difference, outcome, wrong) that leagues with their own scoring price. */
      tier: z.string().nullable(),
      /** The player's banker of its gameweek (counted double). */
      banker: z.boolean(),
      /** The team the player named to go through the knockout tie this match decides (home or away side); null when none. */
      qualifier: z.enum(['home', 'away']).nullable(),
    }),
  ),
  /** False when there were more predictions than one download holds (EXPORT_PREDICTIONS_MAX). */
  predictionsComplete: z.boolean(),
  leagues: z.array(
    z.object({
      id: z.string(),
      name: z.string(),
      code: z.string(),
      role: z.enum(['creator', 'member']),
      joinedAt: z.string(),
      members: z.number().int(),
    }),
  ),
  /** The player's answers to their leagues' bonus questions, with the question and the points once settled. */
  bonusAnswers: z.array(
    z.object({
      leagueId: z.string(),
      leagueName: z.string(),
      season: z.string(),
      question: z.string(),
      /** The answers chosen, as offered. */
      answers: z.array(z.string()),
      answeredAt: z.string(),
      /** Points the answer earned once the question was settled; null until then. */
      points: z.number().int().nullable(),
    }),
  ),
  /** False when there were more bonus answers than one download holds (EXPORT_BONUS_ANSWERS_MAX). */
  bonusAnswersComplete: z.boolean(),
  contactMessages: z.array(
    z.object({ sentAt: z.string(), replyTo: z.string(), message: z.string(), status: contactStatusDto }),
  ),
});
export type AccountExport = z.infer<typeof accountExportDto>;
