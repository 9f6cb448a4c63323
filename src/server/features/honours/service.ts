import type { FastifyInstance } from 'fastify';
import { deadlineMs, predictionWindow } from '../../../game/deadline.js';
import {
  gameweekWinners,
  leagueExistedIn,
  monthWinners,
  seasonHonours,
  type GameweekPoints,
} from '../../../game/honours.js';
import { londonDate } from '../../../game/time.js';
import {
  chancesOf,
  pointsStillAvailable,
  type MemberChancesInput,
  type RemainingMatch,
} from '../../../game/still-possible.js';
import type { ChanceKind, OverallOutlook, Outlook, SeasonHonoursInfo } from '../../../contract/honours.js';
import { STANDARD_RULE } from '../../../game/scoring.js';
import { seasonCounts } from '../../points/season-totals.js';
import { gameweekPoints, SEASON_TOTAL, type Scoring } from '../../points/season-counts.js';
import { forbidden, notFound } from '../../errors.js';
import type { SeasonRef } from '../../seasons/service.js';
import type { SeasonSpanRow } from '../../seasons/repository.js';
import { seasonFixtureRows } from '../../seasons/kept-fixtures.js';
import type { FixtureRow } from '../../seasons/fixture-queries.js';
import { keptTables } from '../leagues/index.js';
import { livePicksOf } from '../leagues/index.js';
import { provisionalPoints } from '../leagues/index.js';
import { isMember, memberPicksOn, scoringOf, type LeagueRow } from '../leagues/index.js';
import type { TableEntry } from '../leagues/index.js';
import { inPlay } from '../live-matches/index.js';
import { answersTo, listQuestions } from '../bonus-questions/index.js';
import { bankersOnPlayedMatches, ownBankersOnPlayedMatches, ownPicksOn } from './repository.js';
import { tieRoleOf } from '../../../game/qualifier.js';

/** The overall leaderboard's scoring: the standard rule, bankers double. */
const STANDARD_SCORING: Scoring = { rule: STANDARD_RULE, bankersAllowed: true };

export const LEAGUE_GONE = 'League not found. The league may have been deleted.';
export const NOT_A_MEMBER = 'You are not a member of this league.';
/** How many members' outlook one answer lists (the viewer's own row is always among them). */
export const OUTLOOK_ROWS = 100;

/**
 * A league's table of a season (gameweek 0) or one of its gameweeks from the app's one table
 * cache (leagues/standings.ts through table-cache.ts), so honours and the outlook can never
 * disagree with the table a member sees. Only members may ask.
 */
export async function memberTable(
  app: FastifyInstance,
  leagueId: string,
  seasonId: string,
  gameweek: number,
  userId: string,
): Promise<TableEntry> {
  const tables = keptTables(app);
  let entry = await tables.get(leagueId, { seasonId, gameweek });
  if (entry && !entry.byUser.has(userId)) {
    if (!(await isMember(app.deps.db, leagueId, userId))) throw forbidden(NOT_A_MEMBER);
    entry = await tables.get(leagueId, { seasonId, gameweek }, { fresh: true });
  }
  if (!entry) throw notFound(LEAGUE_GONE);
  if (!entry.byUser.has(userId)) throw forbidden(NOT_A_MEMBER);
  return entry;
}

/** Whether a league existed in a season (src/game/honours.ts). */
export const existedIn = (league: Pick<LeagueRow, 'createdAt'>, span: SeasonSpanRow | undefined): boolean =>
  leagueExistedIn(league, span);

const isFinal = (f: FixtureRow) => Boolean(f.result?.final);

/** The season is finished: its clock says so and every scheduled match has its final result. */
export function seasonFinished(season: SeasonRef, fixtures: readonly FixtureRow[]): boolean {
  return (
    season.phase === 'finished' && fixtures.length > 0 && fixtures.every((f) => isFinal(f) || f.kickoffAt === null)
  );
}

/** A league's honours of one season, from its gameweek tables (the one standings rule). */
export async function honoursOf(
  app: FastifyInstance,
  leagueId: string,
  season: SeasonRef,
  viewerId: string,
): Promise<{ honours: SeasonHonoursInfo; table: TableEntry }> {
  const fixtures = await seasonFixtureRows(app, season.id);
  const table = await memberTable(app, leagueId, season.id, 0, viewerId);
  const byGameweek = new Map<number, FixtureRow[]>();
  for (const f of fixtures) {
    if (f.gameweek === null) continue;
    const list = byGameweek.get(f.gameweek);
    if (list) list.push(f);
    else byGameweek.set(f.gameweek, [f]);
  }
  const weeks: GameweekPoints[] = [];
  for (const [gameweek, list] of byGameweek) {
    if (!list.some(isFinal)) continue;
    const deadlines = list.map((f) => deadlineMs(f)).filter((d): d is number => d !== null);
    if (deadlines.length === 0) continue;
    const entry = await memberTable(app, leagueId, season.id, gameweek, viewerId);
    weeks.push({
      gameweek,
      month: londonDate(new Date(Math.min(...deadlines))).slice(0, 7),
      complete: list.every((f) => isFinal(f) || f.kickoffAt === null),
      rows: entry.rows.map((r) => ({ userId: r.userId, name: r.displayName, points: r.points })),
    });
  }
  const finished = seasonFinished(season, fixtures);
  const { champions, runnersUp } = seasonHonours(
    table.rows.map((r) => ({ userId: r.userId, name: r.displayName, points: r.points })),
    finished,
  );
  return {
    honours: {
      season: season.id,
      seasonLabel: season.label,
      finished,
      gameweeks: gameweekWinners(weeks),
      months: monthWinners(weeks),
      champions,
      runnersUp,
    },
    table,
  };
}

/**
 * What can still happen in a league's season (src/game/still-possible.ts): every member's points
 * still available, their chance of finishing first and the table if the matches in play ended as
 * they stand. Only what the league may already see goes in: picks and bankers on matches past their
 * deadline; an open match counts for every member alike, whether they picked it or not.
 */
export async function outlookOf(
  app: FastifyInstance,
  league: LeagueRow,
  season: SeasonRef,
  viewerId: string,
): Promise<Outlook> {
  const now = app.deps.clock.now();
  const table = await memberTable(app, league.id, season.id, 0, viewerId);
  const fixtures = await seasonFixtureRows(app, season.id);
  const remaining = fixtures.filter((f) => !isFinal(f));
  const closed = remaining.filter((f) => predictionWindow(f, now) === 'closed');
  const [closedPicks, spent, questions] = await Promise.all([
    memberPicksOn(
      app.deps.db,
      league.id,
      closed.map((f) => f.id),
    ),
    bankersOnPlayedMatches(app.deps.db, league.id, season.id),
    listQuestions(app.deps.db, league.id, season.id),
  ]);
  const picksOf = new Map<string, Map<string, boolean>>();
  for (const p of closedPicks) {
    let own = picksOf.get(p.userId);
    if (!own) picksOf.set(p.userId, (own = new Map()));
    own.set(p.fixtureId, Number(p.banker) === 1);
  }
  const spentOf = new Map<string, Set<number>>();
  for (const s of spent) {
    let own = spentOf.get(s.userId);
    if (!own) spentOf.set(s.userId, (own = new Set()));
    own.add(s.gameweek);
  }
  // Bonus questions not settled: an open one is everyone's to win; a locked one only its answerers'.
  let openBonus = 0;
  const lockedBonus = new Map<string, number>();
  const nowIso = now.toISOString();
  for (const q of questions) {
    if (q.correct !== null) continue;
    if (q.locksAt > nowIso) openBonus += q.points;
    else
      for (const a of await answersTo(app.deps.db, q.id))
        lockedBonus.set(a.userId, (lockedBonus.get(a.userId) ?? 0) + q.points);
  }
  const scoring = scoringOf(league);
  const gameweek = currentGameweek(fixtures, remaining, now);
  const available = table.rows.map((r) => {
    const own = picksOf.get(r.userId);
    const matches = remaining.map((f): RemainingMatch => {
      const open = predictionWindow(f, now) !== 'closed';
      const banker = own?.get(f.id);
      return {
        gameweek: f.gameweek,
        open,
        picked: !open && banker !== undefined,
        banker: !open && banker === true,
        decidesTie: tieRoleOf(f) !== 'none',
      };
    });
    const input: MemberChancesInput = {
      matches,
      bankerSpent: spentOf.get(r.userId) ?? new Set(),
      bonus: openBonus + (lockedBonus.get(r.userId) ?? 0),
    };
    return pointsStillAvailable(scoring, input);
  });
  const chances = chancesOf(
    table.rows.map((r, i) => ({ userId: r.userId, points: r.points, available: available[i]!.season })),
  );
  // If it stays like this: the live table's own provisional points (leagues/live-table.ts).
  const live = season.isCurrent ? await inPlay(app, season.id, now) : null;
  let ifItStays: Map<string, number> | null = null;
  if (live && live.scored.length) {
    const picks = await livePicksOf(
      app,
      league.id,
      live.scored.map((m) => m.fixtureId),
    );
    const extra = provisionalPoints(table.rows, live.scored, picks, scoring);
    ifItStays = new Map(table.rows.map((r) => [r.userId, r.points + (extra.get(r.userId) ?? 0)]));
  }
  const stayRank = ifItStays ? ranksOf([...ifItStays.values()]) : null;
  const rows = table.rows.map((r, i) => {
    const stays = ifItStays?.get(r.userId) ?? null;
    return {
      userId: r.userId,
      name: r.displayName,
      points: r.points,
      availableSeason: available[i]!.season,
      availableGameweek: gameweek === null ? null : (available[i]!.byGameweek.get(gameweek) ?? 0),
      chance: chances.get(r.userId)!,
      ifItStays: stays,
      ifItStaysRank: stays === null || !stayRank ? null : stayRank(stays),
      isViewer: r.userId === viewerId,
    };
  });
  const shown = rows.slice(0, OUTLOOK_ROWS);
  const viewer = rows.find((r) => r.isViewer);
  if (viewer && !shown.includes(viewer)) shown.push(viewer);
  return {
    leagueId: league.id,
    season: season.id,
    gameweek,
    matchesLeft: remaining.length,
    decided: remaining.length === 0 && openBonus === 0 && lockedBonus.size === 0,
    scoredInPlay: live?.scored.length ?? 0,
    rows: shown,
  };
}

/** A shared place for each total: 1 + how many have more. */
function ranksOf(totals: number[]): (points: number) => number {
  const sorted = [...totals].sort((a, b) => b - a);
  const first = new Map<number, number>();
  sorted.forEach((p, i) => first.has(p) || first.set(p, i + 1));
  return (points) => first.get(points)!;
}

/**
 * The gameweek "this gameweek" is about: the one of the latest kick-off so far while it still has
 * a match to finish, else the earliest gameweek with a match left.
 */
function currentGameweek(all: readonly FixtureRow[], remaining: readonly FixtureRow[], now: Date): number | null {
  const t = now.getTime();
  let latest: FixtureRow | null = null;
  for (const f of all)
    if (f.kickoffAt && Date.parse(f.kickoffAt) <= t && f.gameweek !== null)
      if (!latest || f.kickoffAt > latest.kickoffAt!) latest = f;
  if (latest && remaining.some((f) => f.gameweek === latest.gameweek)) return latest.gameweek;
  let earliest: number | null = null;
  for (const f of remaining)
    if (f.gameweek !== null && (earliest === null || f.gameweek < earliest)) earliest = f.gameweek;
  return earliest;
}

/**
 * The overall leaderboard's outlook for one player (standard rule, bankers double): their points
 * still available from their own picks past the deadline and every open match, and their chance.
 * Other players' picks are not read: a leader is out of reach only when every other player's
 * points plus the most anyone can still add stay below theirs (a sound bound, never a guess).
 */
export async function overallOutlookOf(
  app: FastifyInstance,
  season: SeasonRef,
  userId: string,
): Promise<OverallOutlook> {
  const now = app.deps.clock.now();
  const counts = await seasonCounts(app, season.id);
  const pointsOf = gameweekPoints(counts, SEASON_TOTAL, STANDARD_SCORING);
  let leader = 0;
  let bestOther = 0;
  for (const id of counts.slots.keys()) {
    const p = pointsOf(id) ?? 0;
    if (p > leader) leader = p;
    if (id !== userId && p > bestOther) bestOther = p;
  }
  const fixtures = await seasonFixtureRows(app, season.id);
  const remaining = fixtures.filter((f) => !isFinal(f));
  const closed = remaining.filter((f) => predictionWindow(f, now) === 'closed');
  const [picks, spent] = await Promise.all([
    ownPicksOn(
      app.deps.db,
      userId,
      closed.map((f) => f.id),
    ),
    ownBankersOnPlayedMatches(app.deps.db, userId, season.id),
  ]);
  const bankerOn = new Map(picks.map((p) => [p.fixtureId, Number(p.banker) === 1]));
  const own = pointsStillAvailable(STANDARD_SCORING, {
    matches: remaining.map((f): RemainingMatch => {
      const open = predictionWindow(f, now) !== 'closed';
      const banker = bankerOn.get(f.id);
      return { gameweek: f.gameweek, open, picked: !open && banker !== undefined, banker: !open && banker === true };
    }),
    bankerSpent: new Set(spent),
    bonus: 0,
  });
  const anyone = pointsStillAvailable(STANDARD_SCORING, {
    matches: remaining.map((f) => ({ gameweek: f.gameweek, open: true, picked: true, banker: false })),
    bankerSpent: new Set(),
    bonus: 0,
  }).season;
  const points = pointsOf(userId) ?? 0;
  const gameweek = currentGameweek(fixtures, remaining, now);
  const over = remaining.length === 0;
  const chance: ChanceKind =
    points > 0 && (points > bestOther + anyone || (over && points === leader))
      ? 'champion'
      : !over && points + own.season >= leader
        ? 'can-win'
        : 'out';
  return {
    season: season.id,
    gameweek,
    matchesLeft: remaining.length,
    leaderPoints: leader,
    anyoneCanAdd: anyone,
    viewer: {
      points,
      availableSeason: own.season,
      availableGameweek: gameweek === null ? null : (own.byGameweek.get(gameweek) ?? 0),
      chance,
    },
  };
}
