import type { DB } from '../../db/index.js';
import { calendarOpeningGameweek, type GameweekDefinition } from '../../../game/gameweeks.js';
import { deriveGameweeks } from '../../../game/season.js';
import { UK_ZONE, zonedDate } from '../../../game/time.js';
import { badRequest } from '../../errors.js';
import { gameweeksWithFixtures, seasonRoundDates } from '../../seasons/fixtures-repository.js';
import { builtInGameweeks, isBuiltinSeason } from '../../seasons/builtin.js';
import type { SeasonRef } from '../../seasons/service.js';
import { listGameweekDefinitions } from '../../seasons/gameweeks-repository.js';
import { getCompetition } from '../../seasons/repository.js';

/**
 * A season's default gameweek windows, from its rounds (src/game/season.ts `deriveGameweeks`):
 * a built-in season's from its file, any other season's from its fixtures.
 */
export async function defaultGameweeks(db: DB, seasonId: string): Promise<GameweekDefinition[]> {
  if (isBuiltinSeason(seasonId)) return builtInGameweeks(seasonId);
  return deriveGameweeks(await seasonRoundDates(db, seasonId));
}

/** Stored definitions replace the default list when present, sorted by gameweek. */
export async function effectiveGameweeks(
  db: DB,
  seasonId: string,
): Promise<{ gameweeks: GameweekDefinition[]; custom: boolean }> {
  const stored = await listGameweekDefinitions(db, seasonId);
  return stored.length
    ? { gameweeks: stored, custom: true }
    : { gameweeks: await defaultGameweeks(db, seasonId), custom: false };
}

export interface GameweekState {
  /** The season these are of. */
  season: SeasonRef;
  /** The gameweek the admin's screens open on, by the calendar (`calendarOpeningGameweek`). */
  openingGameweek: number;
  /** The server's date in the season's competition's zone (UK for the Premier League, Paris for the Champions League, UTC for the World Cup). */
  today: string;
  /** The definitions in force: stored ones, else the defaults. */
  gameweeks: GameweekDefinition[];
  /** False while no definitions are stored and the defaults apply. */
  custom: boolean;
  /** Gameweeks that have at least one fixture, ascending. */
  withFixtures: number[];
}

/**
 * The one place that decides a season's current gameweek by the calendar: from the definitions in
 * force and the date in the season's competition's zone (its gameweeks' dates are its own local
 * dates, as fixtures' are), moved on to the next gameweek with fixtures when that one has none
 * (`calendarOpeningGameweek`). `/api/gameweeks` and the admin's result desk answer with this. A player's
 * board and dashboard open on the next gameweek with a match open for predictions instead
 * (opening.ts `resolveOpening`, decision record 0041), falling back to this one only for a
 * season without fixtures.
 */
export async function resolveGameweeks(db: DB, season: SeasonRef, now: Date): Promise<GameweekState> {
  const [{ gameweeks, custom }, withFixtures, competition] = await Promise.all([
    effectiveGameweeks(db, season.id),
    gameweeksWithFixtures(db, season.id),
    getCompetition(db, season.competitionId),
  ]);
  const today = zonedDate(now, competition?.timeZone ?? UK_ZONE);
  return {
    season,
    openingGameweek: calendarOpeningGameweek(gameweeks, today, withFixtures),
    today,
    gameweeks,
    custom,
    withFixtures,
  };
}

/**
 * A season's rounds for an admin's change: the highest gameweek among its defaults, stored
 * definitions and fixtures. Nothing assumes 38.
 */
export async function seasonRoundCount(db: DB, seasonId: string): Promise<number> {
  const [{ gameweeks }, defaults, withFixtures] = await Promise.all([
    effectiveGameweeks(db, seasonId),
    defaultGameweeks(db, seasonId),
    gameweeksWithFixtures(db, seasonId),
  ]);
  return Math.max(0, ...gameweeks.map((g) => g.gameweek), ...defaults.map((g) => g.gameweek), ...withFixtures);
}

/** Refuses (400) an admin's change to a gameweek the season does not have. */
export async function assertSeasonGameweek(db: DB, season: SeasonRef, gameweek: number): Promise<void> {
  const rounds = await seasonRoundCount(db, season.id);
  if (gameweek > rounds)
    throw badRequest(
      `${season.label} has no Gameweek ${gameweek} (its gameweeks are 1 to ${rounds}).`,
      'unknown_gameweek',
    );
}
