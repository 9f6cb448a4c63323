import type { FastifyInstance } from 'fastify';
import type { DB } from '../db/index.js';
import { SEASON_NOT_FOUND } from '../../contract/seasons.js';
import {
  currentSeason,
  leadingSeason,
  seasonPhase,
  steadyPhaseWindow,
  type SeasonLead,
  type SeasonPhase,
} from '../../game/season-phase.js';
import { notFound } from '../errors.js';
import { DEFAULT_COMPETITION, listSeasonSpans, type SeasonSpanRow } from './repository.js';
import type { SeasonSpans } from './spans-cache.js';

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
  /**
   * The season each kind of screen leads with when none is asked for (decision record 0043):
   * `board` is the current one; `standings` the season just played while the current one has
   * not kicked off yet (between seasons), else the current one too.
   */
  leads: Record<SeasonLead, SeasonSpanRow | null>;
  /** The same per competition (each has its own current season): every competition that has a season. */
  competitions: Map<string, CompetitionSeasons>;
}

/** A competition's current season and leads (see `SeasonState`). */
export interface CompetitionSeasons {
  current: SeasonSpanRow | null;
  pinned: boolean;
  leads: Record<SeasonLead, SeasonSpanRow | null>;
}

/**
 * Where seasons are read from: the app's in-memory spans (`app.deps.seasons`, spans-cache.ts) for
 * a request, or a database or transaction where a change must see its own writes.
 */
export type SeasonSource = DB | SeasonSpans;

const spansOf = (source: SeasonSource): Promise<SeasonSpanRow[]> =>
  'spans' in source ? source.spans() : listSeasonSpans(source);

interface Resolved {
  /** The stretch of time in which this answer holds (no season changes phase inside it). */
  from: number;
  until: number;
  state: SeasonState;
  refs: Map<string, SeasonRef>;
}

/**
 * Answers worked out from one list of spans, per list: the in-memory spans (spans-cache.ts) are
 * one array until they change, so a request pays for the current-season rule only when the
 * clock crosses a phase boundary (decision 0107). A list read from a database is new each time.
 */
const resolvedBySpans = new WeakMap<SeasonSpanRow[], Resolved>();

function resolveAt(seasons: SeasonSpanRow[], now: Date): Resolved {
  const t = now.getTime();
  const hit = resolvedBySpans.get(seasons);
  if (hit && t >= hit.from && t < hit.until) return hit;
  const competitions = new Map<string, CompetitionSeasons>();
  for (const id of new Set([DEFAULT_COMPETITION, ...seasons.map((s) => s.competitionId)]))
    competitions.set(id, competitionSeasons(seasons, id, now));
  const { current, pinned, leads } = competitions.get(DEFAULT_COMPETITION)!;
  const refs = new Map(
    seasons.map((s) => [s.id, Object.freeze(toRef(s, competitions.get(s.competitionId)!.current, now))]),
  );
  const resolved: Resolved = {
    ...steadyPhaseWindow(seasons, t),
    state: { seasons, current, pinned, leads, competitions },
    refs,
  };
  resolvedBySpans.set(seasons, resolved);
  return resolved;
}

/** One competition's current season (pinned, else by the clock) and the season each kind of screen leads with. */
function competitionSeasons(seasons: SeasonSpanRow[], competitionId: string, now: Date): CompetitionSeasons {
  const mine = seasons.filter((s) => s.competitionId === competitionId);
  const pinnedId = mine[0]?.pinnedSeasonId ?? null;
  const current = currentSeason(mine, now, pinnedId);
  const phased = mine.map((s) => ({ ...s, phase: seasonPhase(s, now) }));
  const leads = {
    board: current,
    standings: spanOf(mine, leadingSeason('standings', phased, phased.find((s) => s.id === current?.id) ?? null)),
  };
  return { current, pinned: current !== null && current.id === pinnedId, leads };
}

const spanOf = (spans: SeasonSpanRow[], s: { id: string } | null) =>
  s === null ? null : (spans.find((x) => x.id === s.id) ?? null);

/** Every season, and the current one by the rule of src/game/season-phase.ts (pinned, else by the clock). */
export async function loadSeasonState(source: SeasonSource, now: Date): Promise<SeasonState> {
  return resolveAt(await spansOf(source), now).state;
}

const toRef = (s: SeasonSpanRow, current: SeasonSpanRow | null, now: Date): SeasonRef => ({
  id: s.id,
  label: s.label,
  competitionId: s.competitionId,
  phase: seasonPhase(s, now),
  isCurrent: s.id === current?.id,
});

/**
 * The season a season-scoped read is about: `requested` (`?season=`), else the one its kind of
 * screen leads with (`lead`: `board`, the current season, by default; `standings` for tables,
 * statistics and summaries, which lead with the season just played between seasons: decision
 * record 0043) in `competitionId` (the Premier League unless said). An id no season has is a 404
 * "Season not found.", and so is a season of another competition when one is named. The answer
 * is shared: do not change it.
 */
export async function resolveSeason(
  source: SeasonSource,
  now: Date,
  requested?: string,
  lead: SeasonLead = 'board',
  competitionId?: string,
): Promise<SeasonRef> {
  return seasonIn(await spansOf(source), now, requested, lead, competitionId);
}

function seasonIn(
  spans: SeasonSpanRow[],
  now: Date,
  requested: string | undefined,
  lead: SeasonLead,
  competitionId: string | undefined,
): SeasonRef {
  const { state, refs } = resolveAt(spans, now);
  const leads = state.competitions.get(competitionId ?? DEFAULT_COMPETITION)?.leads;
  const id = requested === undefined ? leads?.[lead]?.id : requested;
  const season = id === undefined ? undefined : refs.get(id);
  if (!season || (competitionId !== undefined && season.competitionId !== competitionId))
    throw notFound(SEASON_NOT_FOUND);
  return season;
}

/** After the commit that changed a season's fixtures (or their results with them). */
export async function publishFixturesChanged(app: FastifyInstance, seasonId: string): Promise<void> {
  await app.deps.bus.publish({ type: 'fixtures.changed', seasonId });
}

/** After the commit that changed a season's gameweek definitions. */
export async function publishGameweeksChanged(app: FastifyInstance, seasonId: string): Promise<void> {
  await app.deps.bus.publish({ type: 'gameweeks.changed', seasonId });
}
