import type { ColumnType, Generated } from 'kysely';
import type { UserRole } from '../../contract/account.js';
import type { ContactStatus } from '../../contract/contact.js';
import type { Competition, KnockoutRule, Privacy } from '../../contract/leagues.js';
import type { PredictionOutcome, Tier } from '../../game/scoring.js';
import type { ClubPattern } from '../../game/clubs.js';
import type { QuestionKind } from '../../game/bonus-questions.js';
import type { SettledBy } from '../../contract/bonus-questions.js';

/**
 * Database types. Column names are camelCase everywhere because Better Auth's own tables
 * use camelCase; Kysely quotes identifiers, so PostgreSQL keeps the case.
 *
 * Our own instants are ISO-8601 UTC strings (`toISOString()`), dates are `YYYY-MM-DD` and
 * flags are 0/1 integers in both dialects, so repositories read the same shapes from SQLite and
 * PostgreSQL. Better Auth's tables use its per-dialect types (Date/boolean on PostgreSQL).
 */
type AuthDate = ColumnType<Date | string, Date | string, Date | string>;
type AuthBool = ColumnType<boolean | number, boolean | number, boolean | number>;

export interface UserTable {
  id: string;
  name: string;
  email: string;
  emailVerified: AuthBool;
  image: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  username: string;
  teamName: string | null;
  teamNameCreatedAt: string | null;
  /** The team name folded for uniqueness (game/team-names.ts `teamNameKey`), unique; null without a name (migration 0026). */
  teamNameKey: ColumnType<string | null, string | null | undefined, string | null>;
  /** The name a player had when it had to change (another team had it first); shown once, then cleared. */
  teamNameNotice: ColumnType<string | null, string | null | undefined, string | null>;
  role: Generated<UserRole>;
}

export interface SessionTable {
  id: string;
  expiresAt: AuthDate;
  token: string;
  createdAt: AuthDate;
  updatedAt: AuthDate;
  ipAddress: string | null;
  userAgent: string | null;
  userId: string;
}

export interface AccountTable {
  id: string;
  accountId: string;
  providerId: string;
  userId: string;
  accessToken: string | null;
  refreshToken: string | null;
  idToken: string | null;
  accessTokenExpiresAt: AuthDate | null;
  refreshTokenExpiresAt: AuthDate | null;
  scope: string | null;
  password: string | null;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

export interface VerificationTable {
  id: string;
  identifier: string;
  value: string;
  expiresAt: AuthDate;
  createdAt: AuthDate;
  updatedAt: AuthDate;
}

/** A competition (the Premier League) and its clock; `currentSeasonId` set when an admin pinned the current season. */
export interface CompetitionTable {
  id: string;
  name: string;
  code: string;
  timeZone: string;
  currentSeasonId: string | null;
  createdAt: string;
}

/** A season of a competition (migration 0014). */
export interface SeasonTable {
  /** `2025-26`: short and URL-friendly. */
  id: string;
  competitionId: string;
  /** `2025/26`: what players see. */
  label: string;
  /** UK dates of its first and last fixture (null while it has none), kept by every fixture write. */
  startDate: string | null;
  endDate: string | null;
  /** Where its results feed is read from (null: no feed). */
  feedUrl: string | null;
  createdAt: string;
  updatedAt: string;
}

export interface ClubTable {
  /** Slug (`manchester-city`). */
  id: string;
  /** As fixtures and season files spell it; unique. */
  name: string;
  shortName: string;
  code: string;
  primaryColour: string;
  secondaryColour: string;
  pattern: ClubPattern;
  createdAt: string;
}

export interface SeasonClubTable {
  seasonId: string;
  clubId: string;
}

export interface FixtureTable extends FixtureFields {
  /** Derived id for imported fixtures (`HomeTeam_vs_AwayTeam_YYYY-MM-DD`), random for manual ones. */
  id: string;
  /** Set when the match was moved after its deadline had passed: its predictions stay closed for good (written only by the repository). */
  predictionsLockedAt: ColumnType<string | null, string | null | undefined, string | null>;
  createdAt: string;
  updatedAt: string;
  /** Its round's stage (`league`, `group`, `final`…), its group ("Group A") and its leg of a two-legged tie (migration 0060); null in a league season. */
  stage: NullableColumn<string>;
  groupName: NullableColumn<string>;
  leg: NullableColumn<number>;
  /**
   * While a side's team is not known, its placeholder ("Winner Group A"), which `homeTeam`/`awayTeam`
   * then hold too; null once the team is known. Such a match takes no prediction (migration 0060).
   */
  homeLabel: NullableColumn<string>;
  awayLabel: NullableColumn<string>;
}

/** A nullable column a write may leave out (null then). */
type NullableColumn<T> = ColumnType<T | null, T | null | undefined, T | null>;

/** A fixture's writable columns (id and timestamps aside): forms, imports and factories write these. */
export interface FixtureFields {
  /** The season it belongs to (never null once written: migration 0014 gave old rows 2025/26). */
  seasonId: string;
  /** Club names (`clubs.name`), checked against the season's clubs on every write. */
  homeTeam: string;
  awayTeam: string;
  /** UTC instant of kick-off; null while a postponed match has no new time. */
  kickoffAt: string | null;
  /** Europe/London calendar date and time of kick-off, as published. */
  localDate: string;
  localTime: string | null;
  gameweek: number | null;
  league: string;
  /** 1 when the admin marked the match postponed. Other statuses derive from the clock and result. */
  postponed: number;
}

export interface ResultTable {
  fixtureId: string;
  homeScore: number;
  awayScore: number;
  /** 1 = final (scored); 0 = provisional in-play score (never scored). */
  final: number;
  /** Who wrote it: the admin (always wins), the results feed, or a season file. */
  source: ColumnType<ResultSource, ResultSource | undefined, ResultSource>;
  updatedAt: string;
  /**
   * `homeScore`/`awayScore` are the score after 90 minutes; a match that went to extra time has its
   * cumulative score after it here, and a shoot-out its penalties (migration 0060); null otherwise.
   */
  homeScoreEt: NullableColumn<number>;
  awayScoreEt: NullableColumn<number>;
  homePenalties: NullableColumn<number>;
  awayPenalties: NullableColumn<number>;
}

export type ResultSource = 'admin' | 'feed' | 'file';

export interface PredictionTable {
  userId: string;
  fixtureId: string;
  homeScore: number;
  awayScore: number;
  predictedAt: string;
  /** Stored when the fixture has a final result; null while pending. */
  points: number | null;
  /** Set when scored, with points: what the standard card says (exact, outcome, wrong). */
  outcome: PredictionOutcome | null;
  /** Set when scored, with points: the kind of pick (exact, right goal difference, right outcome, wrong) that any league's rule prices. */
  tier: ColumnType<Tier | null, Tier | null | undefined, Tier | null>;
  /** 1 when this pick is its player's banker of its gameweek (counts double); set only through the banker routes. */
  banker: ColumnType<number, number | undefined, number>;
  /** The side the player named to go through the knockout tie this match decides; null when none was named (src/game/qualifier.ts). */
  qualifier: ColumnType<'home' | 'away' | null, 'home' | 'away' | null | undefined, 'home' | 'away' | null>;
}

export interface GameweekTable {
  seasonId: string;
  gameweek: number;
  startDate: string;
  endDate: string;
  updatedAt: string;
}

export interface LeagueTable {
  id: string;
  name: string;
  /** Upper-case, 8 characters from the unambiguous alphabet; unique. */
  code: string;
  description: string | null;
  competition: Competition;
  privacy: Privacy;
  creatorId: string;
  createdAt: string;
  /** Points of each kind of pick in this league (0–10, exact ≥ difference ≥ outcome; 3 / 1 / 1 by default, the standard). */
  ruleExact: ColumnType<number, number | undefined, number>;
  ruleDifference: ColumnType<number, number | undefined, number>;
  ruleOutcome: ColumnType<number, number | undefined, number>;
  /** 1 when a banker counts double in this league (the default). */
  bankersAllowed: ColumnType<number, number | undefined, number>;
  /** When the scoring was last changed after matches had been scored (the members' notice); null otherwise. */
  scoringChangedAt: ColumnType<string | null, string | null | undefined, string | null>;
  /** Which score of a knockout match counts in this league: after 90 minutes (the default) or after extra time (migration 0060). */
  knockoutRule: ColumnType<KnockoutRule, KnockoutRule | undefined, KnockoutRule>;
  /** Points for naming who goes through a knockout tie (0: not played in this league). */
  qualifierPoints: ColumnType<number, number | undefined, number>;
}

export interface LeagueMemberTable {
  leagueId: string;
  userId: string;
  joinedAt: string;
}

/** A player the league's creator removed: barred from joining it again until let back in (migration 0028). */
export interface LeagueBanTable {
  leagueId: string;
  userId: string;
  removedAt: string;
}

/** A league's bonus question in one season (migration 0038; decision record 0062). */
export interface LeagueQuestionTable {
  id: string;
  leagueId: string;
  seasonId: string;
  kind: QuestionKind;
  prompt: string;
  /** The club of a final-position question. */
  club: string | null;
  /** JSON array of the options' texts (club names, places, or the organiser's answers). */
  options: string;
  picks: number;
  points: number;
  locksAt: string;
  createdBy: string | null;
  createdAt: string;
  updatedAt: string;
  /** JSON array of the right options' positions; null while not settled. */
  correct: string | null;
  settledBy: SettledBy | null;
  settlerId: string | null;
  settledAt: string | null;
  settleNote: string | null;
  /** Bumped by every change of settlement (decision record 0063). */
  settlementVersion: ColumnType<number, number | undefined, number>;
  /** 1 when the final table was level on everything at a place the question asks about. */
  tableLevel: ColumnType<number, number | undefined, number>;
}

/** A member's answer to a bonus question (migration 0038). */
export interface LeagueQuestionAnswerTable {
  questionId: string;
  userId: string;
  /** JSON array of the chosen options' positions, sorted. */
  choices: string;
  answeredAt: string;
  /** Set by a settlement; null while the question is not settled. */
  points: number | null;
}

/** A member's bonus points in a league and season, recounted by every settlement (migration 0038). */
export interface LeagueBonusPointsTable {
  leagueId: string;
  seasonId: string;
  userId: string;
  points: number;
}

/** Points per season, gameweek (0 = that season's total) and player, kept by triggers (migrations 0005, 0009, 0014). */
/**
 * A player's points per season and gameweek (0 = the season), kept by
 * points/points-aggregate.ts: standard points (bankers doubled) and how many scored
 * picks fell in each tier, and how many of those were bankers.
 */
export interface UserPointsTable {
  seasonId: string;
  gameweek: number;
  userId: string;
  points: number;
  exact: number;
  difference: ColumnType<number, number | undefined, number>;
  outcome: ColumnType<number, number | undefined, number>;
  bankerExact: ColumnType<number, number | undefined, number>;
  bankerDifference: ColumnType<number, number | undefined, number>;
  bankerOutcome: ColumnType<number, number | undefined, number>;
}

export interface MailOutboxTable {
  id: Generated<number>;
  to: string;
  subject: string;
  text: string;
  html: string | null;
  createdAt: string;
}

export interface AppMetaTable {
  key: string;
  value: string;
}

export interface UserSettingsTable {
  userId: string;
  /** 1 = deadline reminders by e-mail (the default). */
  remindersEnabled: number;
  /** Hours before a deadline: '24' (default), '6' or '24,6'. */
  reminderWindows: string;
  unsubscribeToken: string;
  calendarToken: string;
  updatedAt: string;
  /** Push preferences (migration 0050_push_subscriptions): deadline reminders on by default, the rest off. */
  pushPicksMissing: Generated<number>;
  pushResults: Generated<number>;
  pushGoals: Generated<number>;
  pushLeagueNews: Generated<number>;
  /** 1 = deadline reminders by e-mail too while push reaches a device. */
  pushAlsoEmail: Generated<number>;
  /** Quiet hours, 'HH:MM' in pushTimeZone; null: none. */
  pushQuietStart: string | null;
  pushQuietEnd: string | null;
  pushTimeZone: string | null;
}

/** A device a player subscribed to Web Push on (its push service endpoint and keys). */
export interface PushSubscriptionTable {
  id: string;
  userId: string;
  endpoint: string;
  p256dh: string;
  auth: string;
  createdAt: string;
  lastSuccessAt: string | null;
}

export type PushLogStatus = 'claimed' | 'sent' | 'failed';

/** One push message claimed for a player; `key` says which (kind, player, deadline, reminder time), so it goes once. */
export interface PushLogTable {
  key: string;
  userId: string;
  kind: string;
  status: PushLogStatus;
  claimedAt: string;
  sentAt: string | null;
}

export type ReminderStatus = 'claimed' | 'sent' | 'failed';

export interface ReminderLogTable {
  userId: string;
  fixtureId: string;
  windowHours: number;
  /** claimed: being sent; failed: retried later. */
  status: ReminderStatus;
  claimedAt: string;
  sentAt: string | null;
  attempts: number;
  lastError: string | null;
}

export interface ContactMessageTable {
  id: string;
  /** The sender's account (null once that account is deleted). */
  userId: string | null;
  /** The sender's team name (messages before migration 0029: their e-mail, or 'Unknown user'); 'Deleted account' once deleted. */
  fromName: string;
  /** The sender account's verified address when sent (0029); null for older messages and once the account is deleted. */
  accountEmail: ColumnType<string | null, string | null | undefined, string | null>;
  /** The reply address (the account's, or a plain one typed in the form); the e-mail's reply-to; '' once the account is deleted. */
  fromEmail: string;
  toEmail: string;
  subject: string;
  message: string;
  /** pending: not tried yet; failed: the last attempt failed, retried at nextAttemptAt. */
  status: ContactStatus;
  attempts: number;
  lastError: string | null;
  /** When the next delivery attempt is due (also a short lease while one is in flight); null = no more automatic attempts. */
  nextAttemptAt: string | null;
  createdAt: string;
  sentAt: string | null;
}

export type FeedRunOutcome = 'changed' | 'unchanged' | 'failed';

/** One run of a season's results feed (written by the feed service). */
export interface FeedRunTable {
  id: string;
  seasonId: string;
  startedAt: string;
  finishedAt: string | null;
  /** Null while the run is in flight. */
  outcome: FeedRunOutcome | null;
  message: string | null;
  /** What it changed, as JSON. */
  changes: string | null;
}

/** Which result was kept when a feed disagreed with the admin's. */
export type FeedConflictResolution = 'admin' | 'feed';

/** A feed result that disagrees with the admin's result of a fixture, for the admin to settle. */
export interface FeedConflictTable {
  fixtureId: string;
  seasonId: string;
  feedHome: number;
  feedAway: number;
  seenAt: string;
  resolvedAt: string | null;
  resolution: FeedConflictResolution | null;
}

/** What a season's feed said when last applied (JSON, by club pair): the base of the three-way merge (0016). */
export interface FeedSnapshotTable {
  seasonId: string;
  snapshot: string;
  takenAt: string;
}

/** pending: waits for the admin; rejected: the admin said no, kept while a file proposes the same move. */
export type PendingMoveStatus = 'pending' | 'rejected';

/** A move a file proposed for an unplayed match past its deadline, held for the admin (0050, decision 0100). */
export interface PendingMoveTable {
  fixtureId: string;
  seasonId: string;
  source: 'feed' | 'file';
  status: PendingMoveStatus;
  /** The fixture's schedule when it was proposed (a confirmation of a fixture changed since is refused). */
  fromKickoffAt: string | null;
  fromLocalDate: string;
  fromLocalTime: string | null;
  fromPostponed: number;
  /** The proposed schedule. */
  kickoffAt: string | null;
  localDate: string;
  localTime: string | null;
  postponed: number;
  /** The file's score for the match, applied on confirmation only if the confirmed kick-off has passed. */
  homeScore: number | null;
  awayScore: number | null;
  description: string;
  seenAt: string;
  decidedAt: string | null;
}

/** Account mails sent to one address (lower-cased) since `windowStart`, an hour at most (0050, mail/recipient-cap.ts). */
export interface RecipientMailLogTable {
  recipient: string;
  windowStart: string;
  sent: number;
}

/** A named lease: the holder runs the job until it expires (once across instances). */
export interface LeaseTable {
  name: string;
  holder: string;
  expiresAt: string;
}

export interface Database {
  user: UserTable;
  session: SessionTable;
  account: AccountTable;
  verification: VerificationTable;
  competitions: CompetitionTable;
  seasons: SeasonTable;
  clubs: ClubTable;
  seasonClubs: SeasonClubTable;
  fixtures: FixtureTable;
  results: ResultTable;
  predictions: PredictionTable;
  gameweeks: GameweekTable;
  leagues: LeagueTable;
  leagueMembers: LeagueMemberTable;
  leagueBans: LeagueBanTable;
  userPoints: UserPointsTable;
  mailOutbox: MailOutboxTable;
  appMeta: AppMetaTable;
  userSettings: UserSettingsTable;
  reminderLog: ReminderLogTable;
  pushSubscriptions: PushSubscriptionTable;
  pushLog: PushLogTable;
  contactMessages: ContactMessageTable;
  feedRuns: FeedRunTable;
  feedConflicts: FeedConflictTable;
  leases: LeaseTable;
  recipientMailLog: RecipientMailLogTable;
  feedSnapshots: FeedSnapshotTable;
  pendingMoves: PendingMoveTable;
  leagueQuestions: LeagueQuestionTable;
  leagueQuestionAnswers: LeagueQuestionAnswerTable;
  leagueBonusPoints: LeagueBonusPointsTable;
}
