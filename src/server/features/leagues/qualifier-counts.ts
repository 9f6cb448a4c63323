import type { Side } from '../../../game/knockout.js';
import { decidedTies, pickedQualifier, tieRoleOf } from '../../../game/qualifier.js';
import type { DB } from '../../db/index.js';
import { SEASON_TOTAL, type CountsChange } from '../../points/season-counts.js';
import { knockoutFixtures, picksOn, type KnockoutFixtureRow, type QualifierPickRow } from './qualifier-repository.js';

/**
 * The ties whose team through each player named right, as moves of the counts' qualifier column
 * (+1 in the deciding match's gameweek and in the season): what a league with qualifier points
 * adds on top of the kept counts (docs/decisions/0118-qualifier-points.md). Who went through is
 * worked out by src/game/qualifier.ts from the season's knockout results; the picks read are
 * those on the deciding matches of settled ties only.
 */
export async function seasonQualifierChanges(db: DB, seasonId: string): Promise<CountsChange[]> {
  const fixtures = await knockoutFixtures(db, [seasonId]);
  const through = decidedTies(fixtures);
  return qualifierChanges(fixtures, through, await picksOn(db, [...through.keys()]));
}

/** Each pick that named the side that went through, as a move into its gameweek and the season. */
export function qualifierChanges(
  fixtures: readonly KnockoutFixtureRow[],
  through: ReadonlyMap<string, Side>,
  picks: readonly QualifierPickRow[],
): CountsChange[] {
  const roles = new Map(fixtures.map((f) => [f.id, tieRoleOf(f)]));
  const out: CountsChange[] = [];
  for (const p of picks) {
    const side = through.get(p.fixtureId);
    const role = roles.get(p.fixtureId);
    if (!side || !role || pickedQualifier(role, p) !== side) continue;
    for (const gameweek of p.gameweek === null ? [SEASON_TOTAL] : [SEASON_TOTAL, p.gameweek])
      out.push({ userId: p.userId, gameweek, tier: 'qualifier', banker: false, by: 1 });
  }
  return out;
}

/** Each member's ties named right over some seasons (a league's all-seasons table adds their points). */
export async function qualifiersOver(db: DB, seasonIds: readonly string[]): Promise<Map<string, number>> {
  const fixtures = await knockoutFixtures(db, seasonIds);
  // Ties are paired within a season: two seasons' same pair in the same round are two ties.
  const through = new Map<string, Side>();
  for (const seasonId of seasonIds)
    for (const [id, side] of decidedTies(fixtures.filter((f) => f.seasonId === seasonId))) through.set(id, side);
  const counts = new Map<string, number>();
  for (const c of qualifierChanges(fixtures, through, await picksOn(db, [...through.keys()])))
    if (c.gameweek === SEASON_TOTAL) counts.set(c.userId, (counts.get(c.userId) ?? 0) + 1);
  return counts;
}
