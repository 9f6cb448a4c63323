import type { DB } from '../db/index.js';
import { builtInClubs, builtInSeasonInfo } from '../seasons/builtin.js';
import { addSeasonClubs, ensureClubs, ensureCompetition, ensureSeason } from '../seasons/repository.js';

// For tests: a World Cup or Champions League season with its clubs and no fixtures, and knockout
// fixtures whose teams may not be known yet (a side then holds its placeholder, decision 0116).

export type KnockoutSeasonKey = 'world-cup-2026' | 'champions-league-2025-26';

/** The built-in season's competition, season and clubs (national teams, Champions League clubs), without its fixtures. */
export async function buildCompetitionSeason(db: DB, key: KnockoutSeasonKey) {
  const nowIso = new Date().toISOString();
  const info = builtInSeasonInfo(key);
  await ensureCompetition(db, info.competition, nowIso);
  await ensureSeason(db, { id: info.id, competitionId: info.competition.id, label: info.label }, nowIso);
  await addSeasonClubs(db, info.id, await ensureClubs(db, builtInClubs(key), nowIso));
  return info;
}

/** A side: a club's name, or `{ label }` for a team not known yet. */
export type TestSide = string | { label: string };

export async function buildKnockoutFixture(
  db: DB,
  f: {
    id: string;
    seasonId: string;
    home: TestSide;
    away: TestSide;
    kickoffAt: string;
    localDate: string;
    localTime: string;
    gameweek: number;
    stage: string;
    league: string;
  },
) {
  const nowIso = new Date().toISOString();
  const team = (s: TestSide) => (typeof s === 'string' ? s : s.label);
  const label = (s: TestSide) => (typeof s === 'string' ? null : s.label);
  await db
    .insertInto('fixtures')
    .values({
      id: f.id,
      seasonId: f.seasonId,
      homeTeam: team(f.home),
      awayTeam: team(f.away),
      homeLabel: label(f.home),
      awayLabel: label(f.away),
      kickoffAt: f.kickoffAt,
      localDate: f.localDate,
      localTime: f.localTime,
      gameweek: f.gameweek,
      league: f.league,
      postponed: 0,
      stage: f.stage,
      createdAt: nowIso,
      updatedAt: nowIso,
    })
    .execute();
}

/** A fixture row as stored, for before/after comparisons. */
export async function storedFixture(db: DB, id: string) {
  return db.selectFrom('fixtures').selectAll().where('id', '=', id).executeTakeFirst();
}
