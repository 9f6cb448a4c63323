import type { FastifyInstance } from 'fastify';
import type { DB } from '../../db/index.js';
import type { QueryKey } from '../../../contract/events.js';
import { SEASON_NOT_FOUND } from '../../../contract/seasons.js';
import { currentSeason, seasonPhase, type SeasonPhase } from '../../../game/season-phase.js';
import { notFound } from '../../errors.js';
import { DEFAULT_COMPETITION, listSeasonSpans, type SeasonSpanRow } from './repository.js';

/** A season a request is about: which one, its phase now, and whether it is the current one. */
export interface SeasonRef {
  id: string;
  label: string;
  competitionId: string;
  phase: SeasonPhase;
  isCurrent: boolean;
}

export interface SeasonState {
  seasons: SeasonSpanRow[];
  /** The current season of the app's competition (null only when no season exists at all). */
  current: SeasonSpanRow | null;
  /** True when an admin pinned it, false when the clock chose it. */
  pinned: boolean;
}

/** Every season, and the current one by the rule of src/game/season-phase.ts (pinned, else by the clock). */
export async function loadSeasonState(db: DB, now: Date): Promise<SeasonState> {
  const seasons = await listSeasonSpans(db);
  const mine = seasons.filter((s) => s.competitionId === DEFAULT_COMPETITION);
  const pinnedId = mine[0]?.pinnedSeasonId ?? null;
  const current = currentSeason(mine, now, pinnedId);
  return { seasons, current, pinned: current !== null && current.id === pinnedId };
}

const toRef = (s: SeasonSpanRow, current: SeasonSpanRow | null, now: Date): SeasonRef => ({
  id: s.id,
  label: s.label,
  competitionId: s.competitionId,
  phase: seasonPhase(s, now),
  isCurrent: s.id === current?.id,
});

/**
 * The season a season-scoped read is about: `requested` (`?season=`), else the current one.
 * An id no season has is a 404 "Season not found.".
 */
export async function resolveSeason(db: DB, now: Date, requested?: string): Promise<SeasonRef> {
  const { seasons, current } = await loadSeasonState(db, now);
  const season = requested === undefined ? current : seasons.find((s) => s.id === requested);
  if (!season) throw notFound(SEASON_NOT_FOUND);
  return toRef(season, current, now);
}

/** The current season (what the dashboard, match day and the calendar show). */
export async function resolveCurrentSeason(db: DB, now: Date): Promise<SeasonRef> {
  return resolveSeason(db, now);
}

/**
 * Live-event keys for a change in one season: the season's own fixture lists, boards,
 * predictions, statistics and gameweeks (`['fixtures', seasonId]`…), and what is not kept per
 * season on the web (leagues, whose all-seasons total moves too; the dashboard; match day; the
 * seasons list, whose phases and dates follow the fixtures).
 */
export function fixtureChangeKeys(seasonId: string): QueryKey[] {
  return [['fixtures', seasonId], ['gameweeks', seasonId], ['predictions', seasonId], ['statistics', seasonId], ['leagues'], ['dashboard'], ['matches'], ['seasons'], ['admin']];
}

/** Keys for a change of a season's gameweek definitions (they move the current gameweek the boards open on). */
export function gameweekChangeKeys(seasonId: string): QueryKey[] {
  return [['gameweeks', seasonId], ['fixtures', seasonId], ['predictions', seasonId], ['dashboard'], ['matches'], ['admin', 'gameweeks', seasonId]];
}

export async function publishFixturesChanged(app: FastifyInstance, seasonId: string, type = 'fixtures.changed'): Promise<void> {
  await app.deps.bus.publish({ type, keys: fixtureChangeKeys(seasonId) });
}

export async function publishGameweeksChanged(app: FastifyInstance, seasonId: string): Promise<void> {
  await app.deps.bus.publish({ type: 'gameweeks.changed', keys: gameweekChangeKeys(seasonId) });
}
