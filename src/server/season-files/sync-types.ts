/**
 * The shapes of a season sync: what the database holds (ExistingFixture), what the planner
 * decides (SyncPlan), and nothing else. No database types here, so the planner plugs into any
 * repository; docs/feed.md says what each decision means.
 */

/** Who wrote a result: the admin's form, the season's feed, or an imported season file. */
export type ResultSource = 'admin' | 'feed' | 'file';
/** Where the incoming season came from (results it writes carry this source). */
export type IncomingSource = Exclude<ResultSource, 'admin'>;

export interface ExistingResult {
  homeScore: number;
  awayScore: number;
  /** true / 1 = final (scored); false / 0 = provisional in-play score. */
  final: boolean | number;
  source: ResultSource;
}

/** A fixture of the season as stored, with its result. */
export interface ExistingFixture {
  id: string;
  /** Club names as the files spell them ("Arsenal FC"). */
  homeTeam: string;
  awayTeam: string;
  /** UTC instant (ISO), null while postponed without a new time. */
  kickoffAt: string | null;
  /** The competition's local date and time as published. */
  localDate: string;
  localTime: string | null;
  gameweek: number | null;
  postponed: boolean | number;
  predictionsLockedAt: string | null;
  result: ExistingResult | null;
  /** Its round's stage in a competition's season (`league-phase`, `round-of-16`…); null or absent in a league season. */
  stage?: string | null;
  /** Its leg of a two-legged tie (1 or 2), in a competition's season. */
  leg?: number | null;
}

/** When a match is scheduled: the columns a schedule change writes. */
export interface Schedule {
  kickoffAt: string | null;
  localDate: string;
  localTime: string | null;
  postponed: boolean;
}

export interface Score {
  homeScore: number;
  awayScore: number;
}

/** A fixture the file has and the season does not: the apply step inserts it (plus seasonId, league). */
export interface NewFixture extends Schedule {
  /** Derived as an import derives it (src/game/fixture-id.ts), made unique within the season. */
  id: string;
  homeTeam: string;
  awayTeam: string;
  gameweek: number;
  /** Its stage and its leg of a two-legged tie, in a competition's season (absent in a league season). */
  stage?: string | null;
  leg?: number | null;
}

interface ChangeBase {
  fixtureId: string;
  homeTeam: string;
  awayTeam: string;
  /** One line for the admin screen and the log. */
  description: string;
}

/** The kick-off moved, the match was postponed, or a postponed match got its new time. */
export interface ScheduleChange extends ChangeBase {
  kind: 'schedule';
  what: 'moved' | 'postponed' | 'rescheduled';
  from: Schedule;
  to: Schedule;
  /**
   * The old deadline had passed (picks were shown): the apply step sets `predictionsLockedAt`
   * (decision 0012), which the fixtures repository already does for a moved kick-off.
   */
  locksPredictions: boolean;
  /** The match had a provisional in-play score and no longer has a kick-off behind it: delete that score. */
  dropsProvisionalScore: boolean;
}

/** The match belongs to another round now. */
export interface RoundChange extends ChangeBase {
  kind: 'round';
  from: number | null;
  to: number;
  /**
   * The match has a final result, so its points sit in the old gameweek's totals: the apply step
   * must move them (no trigger follows a fixture's gameweek).
   */
  scored: boolean;
}

/** A final result to write (insert, or replace a provisional score or an earlier feed/file result). */
export interface ResultChange extends ChangeBase {
  kind: 'result';
  /** new: no result before; final: replaces a provisional score; correction: replaces a different feed/file result. */
  what: 'new' | 'final' | 'correction';
  from: ExistingResult | null;
  to: Score;
  source: IncomingSource;
}

/** A fixture to insert, with its final result when it has been played. */
export interface AddChange extends ChangeBase {
  kind: 'add';
  fixture: NewFixture;
  result: Score | null;
  source: IncomingSource;
}

export type SyncChange = AddChange | ScheduleChange | RoundChange | ResultChange;

/**
 * A move the file proposes that would decide the future: an unplayed match (its stored kick-off
 * not yet reached, or none while postponed) sent to a kick-off whose deadline has already passed
 * (into the past, or closer than 2 h). Nothing of it is applied: the apply step records it for the
 * admin's confirmation, with the file's score for the match, if any (docs/decisions/0100).
 */
export interface HeldMove extends ChangeBase {
  what: 'moved' | 'rescheduled';
  from: Schedule;
  to: Schedule;
  /** The file's score for the match, applied only if the admin confirms and the confirmed kick-off has passed. */
  result: Score | null;
  source: IncomingSource;
}

/** A move the admin rejected: while a file proposes exactly this kick-off again, it is not applied (shown as rejected). */
export interface RejectedMove {
  fixtureId: string;
  to: Schedule;
}

/** The feed and the admin disagree on a final result: the admin's stays; the admin settles it. */
export interface SyncConflict {
  fixtureId: string;
  homeTeam: string;
  awayTeam: string;
  /** What the feed/file says. */
  incoming: Score;
  /** What the admin entered (kept). */
  admin: Score;
  source: IncomingSource;
  description: string;
}

/** Something in the file the planner did not apply, and why (reported, not written). */
export interface SyncSkip {
  fixtureId: string;
  homeTeam: string;
  awayTeam: string;
  /**
   * result_before_kickoff: a score for a match that has not kicked off; schedule_of_played_match:
   * a match with a final result sent into the future or postponed; postponement_kept: a postponed
   * match the file still lists at its original date (the file has not caught up); move_rejected:
   * a move the admin rejected, proposed again.
   */
  kind: 'result_before_kickoff' | 'schedule_of_played_match' | 'postponement_kept' | 'move_rejected';
  description: string;
}

/** A fixture of the season the file does not have: kept, never deleted. */
export interface MissingFixture {
  fixtureId: string;
  homeTeam: string;
  awayTeam: string;
  gameweek: number | null;
  description: string;
}

/** A second stored fixture of a pair that is already matched (an old admin-made duplicate): left alone. */
export interface DuplicateFixture {
  fixtureId: string;
  /** The fixture of the same pair the file was matched to. */
  matchedTo: string;
  homeTeam: string;
  awayTeam: string;
  description: string;
}

export interface SyncCounts {
  /** Stored fixtures, matches in the file, and pairs found in both. */
  existing: number;
  incoming: number;
  matched: number;
  added: number;
  moved: number;
  postponed: number;
  rescheduled: number;
  /** Of the schedule changes, those whose old deadline had passed (predictions get locked). */
  locked: number;
  rounds: number;
  /** New final results (incl. replacing provisional scores) and corrections. */
  results: number;
  corrections: number;
  conflicts: number;
  skipped: number;
  /** Moves waiting for the admin's confirmation (`held`). */
  held: number;
  missing: number;
  duplicates: number;
  /** Matched fixtures the plan does not touch. */
  unchanged: number;
}

export type SyncRefusal = 'empty' | 'structure' | 'unknown_clubs' | 'partial' | 'different_season';

/** A file that does not look like this season, whole and sound: nothing at all is to change. */
export interface RefusedPlan {
  ok: false;
  reason: SyncRefusal;
  /** Ends with "Nothing was changed." */
  message: string;
  counts: Pick<SyncCounts, 'existing' | 'incoming' | 'matched'>;
}

export interface AcceptedPlan {
  ok: true;
  /** Where the file came from (its results and held moves carry it). */
  source: IncomingSource;
  /** What the apply step writes, in this order: adds, schedules, rounds, results. Empty = nothing to do. */
  changes: SyncChange[];
  conflicts: SyncConflict[];
  skipped: SyncSkip[];
  /** Moves that would decide the future: not applied, recorded for the admin to confirm or reject. */
  held: HeldMove[];
  missing: MissingFixture[];
  duplicates: DuplicateFixture[];
  counts: SyncCounts;
  /** Things worth a look that change nothing ("most kick-offs moved: is the file in UK time?"). */
  warnings: string[];
  /** One line for the log and the runs list ("2 moved, 10 results; 1 conflict" or "No changes."). */
  summary: string;
}

export type SyncPlan = RefusedPlan | AcceptedPlan;
