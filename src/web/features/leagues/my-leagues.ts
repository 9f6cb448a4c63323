import type { League, LeaguePosition } from '../../../contract/leagues';
import { plural } from '../../lib/plural';
import { ordinal } from './bonus/labels';

/** The Leagues screen's address; `join` opens it with the cursor in the code field, `create` with the create dialog open. */
export const LEAGUES_PATH = '/leagues';
export const leaguesLink = (open?: 'join' | 'create') => (open ? `${LEAGUES_PATH}?${open}=1` : LEAGUES_PATH);

/** What the Leagues screen was asked to open from its address (`?join=1`, `?create=1`). */
export function leaguesOpening(params: URLSearchParams): 'join' | 'create' | null {
  if (params.get('create') === '1') return 'create';
  if (params.get('join') === '1') return 'join';
  return null;
}

export interface MyLeagueRow {
  league: League;
  /** The player's place and points in the season the dashboard shows; null until it is known. */
  standing: { position: number; points: number; line: string } | null;
}

/**
 * Each of my leagues with my place in it, from the same positions the dashboard shows (one
 * answer to one question): the list's order, a place only where the positions have the league.
 */
export function myLeagueRows(
  leagues: readonly League[],
  positions: readonly LeaguePosition[] | undefined,
): MyLeagueRow[] {
  const byLeague = new Map((positions ?? []).map((p) => [p.leagueId, p]));
  return leagues.map((league) => {
    const p = byLeague.get(league.id);
    return {
      league,
      standing: p
        ? {
            position: p.position,
            points: p.points,
            line: `${ordinal(p.position)} of ${p.memberCount} · ${plural(p.points, 'pt', 'pts')}`,
          }
        : null,
    };
  });
}
