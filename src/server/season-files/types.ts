import { RESULT_SCORE_MAX } from '../../game/limits.js';
import type { SeasonMatch } from '../../game/season.js';
import type { Stage } from '../../game/stages.js';
import { TEAM_NAME_LENGTH_MAX } from '../../contract/fixtures.js';

/** The season file formats we read. */
export type SeasonFormat = 'football-txt' | 'openfootball-json';

/** A parsed match and where it came from in the file ("Line 57" or "Match 12"), for messages. */
export interface ParsedMatch extends SeasonMatch {
  where: string;
  /** Half-time score, when the file gives one (Football.TXT `4-2 (1-0)`, JSON `score.ht`). */
  halfTime?: [number, number];
  /**
   * The stage its round heading or round name puts it in ("League, Matchday 3", "Round of 16");
   * absent in a league file, whose rounds are plain matchdays.
   */
  stage?: Stage;
  /** The matchday within that stage, when the heading numbers it ("Playoffs, Matchday 2" → 2). */
  stageRound?: number;
  /** A group-stage match's group ("Group A"). */
  group?: string;
  /** Score after extra time (cumulative); `result` is then the score after 90 minutes. */
  extraTime?: [number, number];
  /** Penalty shoot-out score (only with extraTime). */
  penalties?: [number, number];
  /** The kick-off's offset from UTC as the file gives it (`"13:00 UTC-6"` → `-06:00`). */
  utcOffset?: string;
  /** The competition's own match number (World Cup `num`). */
  number?: number;
  /** The home or away team is a placeholder ("N.N.", "W74", "1A"), not yet known. */
  homeUnknown?: true;
  awayUnknown?: true;
}

export interface ParsedSeason {
  format: SeasonFormat;
  /** The file's own title (`= English Premier League 2025/26`, JSON `name`), if it has one. */
  name: string | null;
  matches: ParsedMatch[];
}

/** A file we cannot read: the message says where (line for Football.TXT, match number for JSON). */
export class SeasonFileError extends Error {
  readonly line: number | undefined;
  readonly match: number | undefined;
  constructor(message: string, where: { line?: number; match?: number } = {}) {
    super(message);
    this.name = 'SeasonFileError';
    this.line = where.line;
    this.match = where.match;
  }
}

/** Longest team name we accept from a file: the fixture form's limit. */
export const TEAM_NAME_MAX = TEAM_NAME_LENGTH_MAX;
/** Highest score we accept from a file: the result form's limit. */
export const SCORE_MAX = RESULT_SCORE_MAX;
/** Longest season title we accept from a file (the season file format's own limit). */
export const SEASON_NAME_MAX = 120;
/**
 * Most matches one file may hold. A league of 48 clubs plays 2,256; the cap keeps a hostile file
 * from making the planner and the import write without end.
 */
export const MATCHES_MAX = 5_000;
