import type { FastifyInstance } from 'fastify';
import { COMPETITION_LABELS } from '../../../contract/leagues.js';
import { LEAGUE_NOT_IN_SEASON } from '../../../contract/honours.js';
import { SUMMARY_CARD_LEAGUES, TABLE_CARD_ROWS } from '../../../contract/share-images.js';
import { leagueExistedIn } from '../../../game/honours.js';
import { isLeagueCodeShape, normaliseLeagueCode } from '../../../game/league-code.js';
import { forbidden, notFound } from '../../errors.js';
import type { SeasonRef } from '../../seasons/service.js';
import { invitePreview } from '../leagues/index.js';
import { keptTables } from '../leagues/index.js';
import { isMember } from '../leagues/index.js';
import { LEAGUE_GONE, NOT_A_MEMBER } from '../leagues/index.js';
import { summaryParts, summaryTotals } from '../summary/index.js';
import type { InviteCardInput, SummaryCardInput, TableCardInput, TableCardRow } from './cards.js';

/**
 * What each card shows, read from the same sources as the screen it pictures (decision 0112):
 * the invite preview's query, the league's kept table (the rows as any member's table shows
 * them), the gameweek summary's parts. A card says nothing its screen does not.
 */

/** The invite card of a code, when the code leads to a league: the preview's three facts and nothing else. */
export async function inviteCardOf(
  app: FastifyInstance,
  rawCode: string,
): Promise<{ code: string; invite: InviteCardInput } | null> {
  const code = normaliseLeagueCode(rawCode);
  if (!isLeagueCodeShape(code)) return null;
  const row = await invitePreview(app.deps.db, code, null);
  return row ? { code, invite: { name: row.name, organiser: row.organiser, memberCount: row.memberCount } } : null;
}

/** A member's card of a league's table of `season`: the top rows and their own; 403 for anyone else, as the table. */
export async function tableCardOf(
  app: FastifyInstance,
  leagueId: string,
  userId: string,
  season: SeasonRef,
): Promise<TableCardInput> {
  const tables = keptTables(app);
  const scope = { seasonId: season.id, gameweek: 0 };
  // As the table route: a member the kept table has not seen yet has it read again; anyone else is refused.
  let entry = await tables.get(leagueId, scope);
  if (entry && !entry.byUser.has(userId)) {
    if (!(await isMember(app.deps.db, leagueId, userId))) throw forbidden(NOT_A_MEMBER);
    entry = await tables.get(leagueId, scope, { fresh: true });
  }
  if (!entry) throw notFound(LEAGUE_GONE);
  const own = entry.byUser.get(userId);
  if (!own) throw forbidden(NOT_A_MEMBER);
  if (
    !leagueExistedIn(
      entry.league,
      (await app.deps.seasons.spans()).find((s) => s.id === season.id),
    )
  )
    throw notFound(LEAGUE_NOT_IN_SEASON);
  // Rows as the table shows them to any member (presented once per table).
  const rowOf = (r: { position: number; displayName: string; points: number; userId: string }): TableCardRow => ({
    position: r.position,
    name: r.displayName,
    points: r.points,
    isViewer: r.userId === userId,
  });
  const ownShown = entry.shownRows[own.position - 1];
  return {
    league: entry.league.name,
    competition: COMPETITION_LABELS[entry.league.competition],
    season: season.label,
    players: entry.rows.length,
    rows: entry.shownRows.slice(0, TABLE_CARD_ROWS).map(rowOf),
    viewer: own.position > TABLE_CARD_ROWS && ownShown ? rowOf(ownShown) : null,
  };
}

/** The player's own summary of a gameweek as a card; 404 when the gameweek has no matches. */
export async function summaryCardOf(
  app: FastifyInstance,
  userId: string,
  season: SeasonRef,
  gameweek: number,
  now: Date,
): Promise<SummaryCardInput> {
  const parts = await summaryParts(app, userId, season.id, gameweek, now);
  if (!parts) throw notFound(`Gameweek ${gameweek} has no matches this season.`);
  const totals = summaryTotals(parts);
  return {
    season: season.label,
    gameweek,
    points: totals.points,
    exact: totals.exact,
    predicted: totals.predicted,
    matches: parts.fixtures.length,
    overall: parts.overall,
    leagues: parts.leagues
      .slice(0, SUMMARY_CARD_LEAGUES)
      .map((l) => ({ name: l.name, position: l.position, players: l.memberCount })),
  };
}
