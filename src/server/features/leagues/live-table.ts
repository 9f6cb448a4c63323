import { rankRows } from '../../../game/ranking.js';
import { pointsOnCard, type ScoringRule } from '../../../game/scoring.js';
import type { LiveTable } from '../../../contract/leagues.js';
import type { InPlay } from '../live-matches/index.js';
import type { LivePicks } from './live-picks.js';
import { scoringOf } from './repository.js';
import type { TableEntry } from './table-cache.js';

type LiveRow = LiveTable['rows'][number];

/**
 * What the in-play scores would add to each member's total under the league's rule: members with
 * a pick on a scored match in play (at 0 when it earns nothing yet); the others are absent.
 */
export function provisionalPoints(
  members: readonly { userId: string }[],
  scored: InPlay['scored'],
  picks: LivePicks,
  scoring: { rule: ScoringRule; bankersAllowed: boolean },
): Map<string, number> {
  const provisional = new Map<string, number>();
  for (const m of members) {
    const own = picks.get(m.userId);
    if (!own) continue;
    let points = 0;
    for (const match of scored) {
      const pick = own.get(match.fixtureId);
      if (pick) points += pointsOnCard(pick, { ...match.score, final: false }, scoring)?.points ?? 0;
    }
    provisional.set(m.userId, points);
  }
  return provisional;
}

/**
 * Each cached table's live ranking for the scores it was ranked at (`InPlay.key`): every member of
 * a league refreshing its live table between two goals gets the same ranking, worked out once. It
 * goes with its table (an entry the tables' cache drops or replaces is not kept here either).
 */
const rankedLive = new WeakMap<TableEntry, { key: string; rows: LiveRow[] }>();

function liveRanking(entry: TableEntry, live: InPlay, picks: LivePicks): LiveRow[] {
  const kept = rankedLive.get(entry);
  if (kept && kept.key === live.key) return kept.rows;
  const provisional = provisionalPoints(entry.rows, live.scored, picks, scoringOf(entry.league));
  const rows = rankRows(
    entry.rows.map((r) => {
      const extra = provisional.get(r.userId) ?? 0;
      return {
        userId: r.userId,
        name: r.displayName,
        isCreator: r.userId === entry.league.creatorId,
        storedPoints: r.points,
        provisionalPoints: extra,
        points: r.points + extra,
      };
    }),
  ).map(({ position: _, ...row }): LiveRow => row);
  rankedLive.set(entry, { key: live.key, rows });
  return rows;
}

/**
 * A page of the live table (contract `liveTableDto`): the season's stored table (`entry`, the
 * cached overall table, bonus points included) with what the scored matches in play would add
 * (`picks`: the members' picks on them, live-picks.ts),
 * ranked by the sum, always with the viewer's own row. A page, not the whole league: the whole of
 * a big league, sent on every refresh and drawn row by row on a phone, is more than anyone reads. While no match in play has
 * a score the stored table's order stands as it is; otherwise the rows are ranked again by the
 * one rule every table is ranked by (src/game/ranking.ts `rankRows`).
 */
export function liveTablePage(
  entry: TableEntry,
  live: InPlay,
  picks: LivePicks,
  place: { season: string; page: number; pageSize: number },
  viewerId: string,
): LiveTable {
  const offset = (place.page - 1) * place.pageSize;
  const reply = (rows: LiveRow[], viewer: LiveRow | null): LiveTable => ({
    leagueId: entry.league.id,
    season: place.season,
    liveMatches: live.liveMatches,
    scoredMatches: live.scored.length,
    gameweek: live.gameweek,
    seasonComplete: live.seasonComplete,
    page: place.page,
    pageSize: place.pageSize,
    total: entry.rows.length,
    rows,
    viewer,
  });
  if (live.scored.length === 0) {
    const stored = (r: TableEntry['rows'][number]): LiveRow => ({
      rank: r.rank,
      userId: r.userId,
      name: r.displayName,
      isCreator: r.userId === entry.league.creatorId,
      storedPoints: r.points,
      provisionalPoints: 0,
      points: r.points,
    });
    const own = entry.byUser.get(viewerId);
    return reply(entry.rows.slice(offset, offset + place.pageSize).map(stored), own ? stored(own) : null);
  }
  const ranked = liveRanking(entry, live, picks);
  return reply(ranked.slice(offset, offset + place.pageSize), ranked.find((r) => r.userId === viewerId) ?? null);
}
