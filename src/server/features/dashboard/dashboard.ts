import type { FastifyInstance } from 'fastify';
import {
  computeStreaks,
  computeTotals,
  playerAchievements,
  POINTS_GOAL,
  STREAK_GOAL,
  SUCCESS_RATE_GOAL,
  type PredictionRecord,
} from '../../../game/statistics.js';
import { deriveStatus } from '../../../game/fixture-status.js';
import { predictionDeadline, predictionWindow } from '../../../game/deadline.js';
import { gameweekState, LEAD_WITHOUT_RESULT_MS, type GameweekState } from '../../../game/gameweek-to-open.js';
import { gameweekFixtureRows } from '../../seasons/kept-fixtures.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';
import { presentKeptFixture } from '../fixtures/index.js';
import { freezeKept } from '../../plugins/frozen-values.js';
import { ownPredictionRecords } from '../statistics/index.js';
import { roughBytes, tag } from '../../read-model/index.js';
import { resolveOpening } from '../gameweeks/index.js';
import type { SeasonRef } from '../../seasons/service.js';
import type { Dashboard, OpenMatch } from '../../../contract/dashboard.js';
import { hasAnyPrediction } from './repository.js';

export const DASHBOARD_UPCOMING = 5;
export const DASHBOARD_ACTIVITY = 4;

/** A player's own dashboard figures from their season's predictions (no clock in them). */
function ownFigures(records: PredictionRecord[]) {
  const totals = computeTotals(records);
  const streaks = computeStreaks(records);
  // Scored picks first once results are in, each group newest first.
  const recentActivity = [...records]
    .sort((a, b) =>
      (a.outcome === null) !== (b.outcome === null)
        ? a.outcome === null
          ? 1
          : -1
        : a.predictedAt !== b.predictedAt
          ? a.predictedAt < b.predictedAt
            ? 1
            : -1
          : a.fixtureId < b.fixtureId
            ? -1
            : 1,
    )
    .slice(0, DASHBOARD_ACTIVITY)
    .map((r) => ({
      fixtureId: r.fixtureId,
      homeTeam: r.homeTeam,
      awayTeam: r.awayTeam,
      homeScore: r.homeScore,
      awayScore: r.awayScore,
      predictedAt: r.predictedAt,
      result: r.outcome === null ? null : (r.result ?? null),
      points: r.outcome === null ? null : r.points,
      state:
        r.outcome === null ? ('pending' as const) : r.outcome === 'wrong' ? ('wrong' as const) : ('right' as const),
    }));
  return { totals, streaks, recentActivity };
}

/** The player's own figures, kept until their predictions or the season's fixtures or results change (read-model/changes.ts). */
export type OwnFigures = ReturnType<typeof ownFigures> & { predictedIds: string[]; newcomer: boolean };

/** What the dashboard shows, as kept (the player's figures, the gameweek's fixtures) and as the clock has it now. */
export interface DashboardParts {
  now: Date;
  season: SeasonRef;
  gameweek: number;
  gameweekState: GameweekState | null;
  fixtures: readonly FixtureRow[];
  /** While the gameweek led with is in progress: the next gameweek open for predictions and its fixtures (decision record 0108). */
  nextOpen: { gameweek: number; fixtures: readonly FixtureRow[] } | null;
  /** The next instant at which the answer moves by the clock alone. */
  changesAt: string | null;
  mine: OwnFigures;
}

export async function dashboardParts(app: FastifyInstance, userId: string, season: SeasonRef, now: Date) {
  // What every player shares (the season's fixtures for the opening rule, a gameweek's fixtures)
  // and the player's own figures are kept until a change touches what they depend on
  // (read-model/changes.ts); what depends on the clock is worked out per request.
  const opening = await resolveOpening(app, season, now);
  const gameweek = opening.gameweek;
  // On match day the gameweek in progress leads and the next open one comes second.
  const second = opening.nextOpen !== null && opening.nextOpen.gameweek !== gameweek ? opening.nextOpen.gameweek : null;
  const [fixtures, secondFixtures, mine] = await Promise.all([
    gameweekFixtureRows(app, season.id, gameweek),
    second === null ? null : gameweekFixtureRows(app, season.id, second),
    app.deps.readModel.get(
      `dashboard:${userId}:${season.id}`,
      [tag.userPicks(userId), tag.seasonFixtures(season.id)],
      async (): Promise<OwnFigures> => {
        const records = await ownPredictionRecords(app, userId, season.id);
        // Someone who played an earlier season is not new, even before their first pick of this one.
        const newcomer = records.length === 0 && !(await hasAnyPrediction(app.deps.db, userId));
        return { ...ownFigures(records), predictedIds: records.map((r) => r.fixtureId), newcomer };
      },
      // The ids are the kept fixture list's strings (own-records.ts): a pointer each, not a copy.
      { bytes: (v) => roughBytes({ ...v, predictedIds: [] }) + 8 * v.predictedIds.length },
    ),
  ]);
  const state = fixtures.length ? gameweekState(opening.fixturesOf(gameweek), now) : null;
  const nextOpen = second === null || !secondFixtures ? null : { gameweek: second, fixtures: secondFixtures };
  return {
    now,
    season,
    gameweek,
    gameweekState: state,
    fixtures,
    nextOpen,
    changesAt: opening.changesAt(),
    mine,
  } satisfies DashboardParts;
}

/** Per kept figures and fixture list: which of those fixtures the player has predicted (a season's ids read once, not per request). */
const predictedOf = new WeakMap<OwnFigures, WeakMap<readonly FixtureRow[], ReadonlySet<string>>>();

/** The ids of the fixtures the player has a pick on. */
function predictedIn(mine: OwnFigures, fixtures: readonly FixtureRow[]): ReadonlySet<string> {
  let byList = predictedOf.get(mine);
  if (!byList) predictedOf.set(mine, (byList = new WeakMap()));
  const kept = byList.get(fixtures);
  if (kept) return kept;
  const all = new Set(mine.predictedIds);
  const predicted = new Set(fixtures.filter((f) => all.has(f.id)).map((f) => f.id));
  byList.set(fixtures, predicted);
  return predicted;
}

/** Of a gameweek's fixtures, the matches still open for predictions, soonest deadline first, each with whether the player has a pick. */
function openOf(mine: OwnFigures, fixtures: readonly FixtureRow[], now: Date): OpenMatch[] {
  const predicted = predictedIn(mine, fixtures);
  return fixtures
    .filter((f) => predictionWindow(f, now) === 'open')
    .map((f) => ({
      fixtureId: f.id,
      deadline: predictionDeadline(f)!.toISOString(),
      predicted: predicted.has(f.id),
    }))
    .sort((a, b) => (a.deadline < b.deadline ? -1 : a.deadline > b.deadline ? 1 : a.fixtureId < b.fixtureId ? -1 : 1));
}

/** Of a gameweek's fixtures, the scheduled matches and how many the player has predicted. */
function picksOf(mine: OwnFigures, fixtures: readonly FixtureRow[]) {
  const predicted = predictedIn(mine, fixtures);
  const scheduled = fixtures.filter((f) => !f.postponed && f.kickoffAt !== null);
  return { matches: scheduled.length, predicted: scheduled.filter((f) => predicted.has(f.id)).length };
}

/** The gameweek's matches still open for predictions, soonest deadline first, each with whether the player has a pick. */
const openMatches = (parts: DashboardParts): OpenMatch[] => openOf(parts.mine, parts.fixtures, parts.now);

/** The gameweek's scheduled matches and how many the player has predicted. */
const picksCount = (parts: DashboardParts) => picksOf(parts.mine, parts.fixtures);

/** The next open gameweek's card while the gameweek led with is in progress. */
function nextOpenCard(parts: DashboardParts): Dashboard['nextOpen'] {
  if (!parts.nextOpen) return null;
  const { gameweek, fixtures } = parts.nextOpen;
  return { gameweek, picks: picksOf(parts.mine, fixtures), open: openOf(parts.mine, fixtures, parts.now) };
}

/**
 * At most `DASHBOARD_UPCOMING` of the gameweek's matches still to be played or being played (on
 * match day: today's, in play, waiting for their result, decision record 0108), by kick-off (then id).
 */
function upcomingRows(parts: DashboardParts): FixtureRow[] {
  const t = parts.now.getTime();
  return parts.fixtures
    .filter((f) => {
      if (f.kickoffAt === null) return false;
      const status = deriveStatus(f, f.result, parts.now);
      if (status === 'upcoming' || status === 'live') return true;
      return status === 'awaiting' && t < Date.parse(f.kickoffAt) + LEAD_WITHOUT_RESULT_MS;
    })
    .sort((a, b) => (a.kickoffAt! < b.kickoffAt! ? -1 : a.kickoffAt! > b.kickoffAt! ? 1 : a.id < b.id ? -1 : 1))
    .slice(0, DASHBOARD_UPCOMING);
}

/** Per kept figures (frozen, so they never change under their key): the player's own parts as presented. */
const ownPresented = new WeakMap<OwnFigures, ReturnType<typeof presentOwn>>();

/**
 * The player's own parts of the dashboard, none of which reads the clock: presented once per kept
 * set of figures, and frozen with them, so the response serializer writes their text once
 * (decision 0114).
 */
function ownParts(mine: OwnFigures): ReturnType<typeof presentOwn> {
  let own = ownPresented.get(mine);
  if (!own) ownPresented.set(freezeKept(mine), (own = freezeKept(presentOwn(mine))));
  return own;
}

function presentOwn(mine: OwnFigures) {
  const { totals, streaks } = mine;
  return {
    newcomer: mine.newcomer,
    tiles: {
      totalPredictions: totals.totalPredictions,
      successRate: totals.successRate,
      totalPoints: totals.totalPoints,
      exactScores: totals.exactScores,
    },
    recentActivity: mine.recentActivity,
    achievements: playerAchievements({ ...totals, ...streaks }),
    performance: [
      { id: 'points' as const, label: 'Points', value: totals.totalPoints, goal: POINTS_GOAL },
      { id: 'streak' as const, label: 'Prediction Streak', value: streaks.currentStreak, goal: STREAK_GOAL },
      { id: 'success' as const, label: 'Success Rate', value: totals.successRate, goal: SUCCESS_RATE_GOAL },
    ],
  };
}

/** The dashboard as it leaves the route (contract `dashboardDto`). */
export function presentDashboard(parts: DashboardParts): Dashboard {
  const { season, now } = parts;
  const own = ownParts(parts.mine);
  return {
    now: now.toISOString(),
    season: { id: season.id, label: season.label, phase: season.phase },
    newcomer: own.newcomer,
    tiles: own.tiles,
    gameweek: parts.gameweek,
    gameweekState: parts.gameweekState,
    picks: picksCount(parts),
    open: openMatches(parts),
    upcoming: upcomingRows(parts).map((f) => presentKeptFixture(f, now)),
    nextOpen: nextOpenCard(parts),
    changesAt: parts.changesAt,
    recentActivity: own.recentActivity,
    achievements: own.achievements,
    performance: own.performance,
  };
}
