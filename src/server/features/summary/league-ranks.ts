import type { FastifyInstance } from 'fastify';
import { NO_SCORE, rankInSorted, type TotalsIndex } from '../../../game/rank-history.js';
import { LEAGUE_LISTS, playerCache } from '../statistics/player-cache.js';
import { leagueMemberIds } from '../statistics/repository.js';
import { leagueRuleTotals, seasonTotals } from '../statistics/service.js';
import { leaguesByJoining } from '../leagues/repository.js';
import type { LeagueRankRow } from './repository.js';

/**
 * The viewer's rank in each of their leagues after gameweek `gameweek` of a season and before it
 * (its points taken off), under each league's own rule, from what the server keeps: every
 * player's points per gameweek (`seasonTotals`, dropped by every result) for a league of the
 * standard rule, a league's own totals under its rule for the others (`leagueRuleTotals`), the
 * viewer's leagues and each league's members (dropped by any league event). A member's points up to a gameweek are the sum of their
 * gameweek points up to it; a rank is 1 + the members with more points (the league table's
 * shared rank, src/game/ranking.ts). The database counted this per request over every member of
 * every league, seconds for a league of 10,000 (decision 0104); here the members' points are sorted
 * once per kept index, gameweek and member list, and a request is two binary searches per league.
 */
export async function leagueRanksAfter(
  app: FastifyInstance,
  userId: string,
  seasonId: string,
  gameweek: number,
): Promise<LeagueRankRow[]> {
  const cache = playerCache(app);
  const { db } = app.deps;
  const [snapshot, leagues] = await Promise.all([
    seasonTotals(app, seasonId),
    cache.get(`leagues-by-joining:${userId}`, { seasonId: LEAGUE_LISTS, userId: null }, () =>
      leaguesByJoining(db, userId),
    ),
  ]);
  return Promise.all(
    leagues.map(async (l) => {
      const [members, index] = await Promise.all([
        cache.get(`league-members:${l.leagueId}`, { seasonId: LEAGUE_LISTS, userId: null }, () =>
          leagueMemberIds(db, l.leagueId),
        ),
        l.standard ? snapshot.index : leagueRuleTotals(app, seasonId, l.leagueId),
      ]);
      const cumulative = cumulativeAt(index, gameweek);
      const pointsOf = (id: string) => {
        const slot = cumulative.slots?.get(id);
        return slot === undefined
          ? { upTo: 0, before: 0 }
          : { upTo: cumulative.upTo[slot]!, before: cumulative.before[slot]! };
      };
      const me = pointsOf(userId);
      const sorted = membersSorted(cumulative, members, pointsOf);
      return {
        leagueId: l.leagueId,
        name: l.name,
        memberCount: members.length,
        points: me.upTo,
        position: rankInSorted(me.upTo, sorted.upTo),
        previousPosition: rankInSorted(me.before, sorted.before),
      };
    }),
  );
}

interface Cumulative {
  slots: Map<string, number> | undefined;
  /** Each player's points up to the gameweek, and up to the one before it (by the index's slot). */
  upTo: Int32Array;
  before: Int32Array;
}
/** Per kept index (a new one after every result): every player's points up to a gameweek, worked out once per gameweek asked. */
const cumulatives = new WeakMap<TotalsIndex, Map<number, Cumulative>>();

function cumulativeAt(index: TotalsIndex, gameweek: number): Cumulative {
  let byGameweek = cumulatives.get(index);
  if (!byGameweek) cumulatives.set(index, (byGameweek = new Map()));
  let c = byGameweek.get(gameweek);
  if (!c) {
    const tables = [...index].filter(([g]) => g >= 1 && g <= gameweek);
    const slots = tables[0]?.[1].slots;
    const upTo = new Int32Array(slots?.size ?? 0);
    const thisWeek = new Int32Array(slots?.size ?? 0);
    for (const [g, table] of tables) {
      table.points.forEach((p, slot) => {
        if (p === NO_SCORE) return;
        upTo[slot]! += p;
        if (g === gameweek) thisWeek[slot] = p;
      });
    }
    c = { slots, upTo, before: upTo.map((p, slot) => p - thisWeek[slot]!) };
    byGameweek.set(gameweek, c);
  }
  return c;
}

/** A league's members' points up to a gameweek and before it, each sorted high to low. */
interface MembersSorted {
  upTo: Int32Array;
  before: Int32Array;
}
/** Per cumulative table and kept member list (both replaced, never changed, when what they hold moves). */
const sortedMembers = new WeakMap<Cumulative, WeakMap<readonly string[], MembersSorted>>();

function membersSorted(
  cumulative: Cumulative,
  members: readonly string[],
  pointsOf: (id: string) => { upTo: number; before: number },
): MembersSorted {
  let byMembers = sortedMembers.get(cumulative);
  if (!byMembers) sortedMembers.set(cumulative, (byMembers = new WeakMap()));
  let sorted = byMembers.get(members);
  if (!sorted) {
    const points = members.map(pointsOf);
    const desc = (values: Int32Array) => values.sort().reverse();
    sorted = {
      upTo: desc(Int32Array.from(points, (p) => p.upTo)),
      before: desc(Int32Array.from(points, (p) => p.before)),
    };
    byMembers.set(members, sorted);
  }
  return sorted;
}
