import crypto from 'node:crypto';
import { sql } from 'kysely';
import type { DB } from '../db/index.js';
import type { FixtureFields } from '../db/schema.js';
import { rescoreFixture } from '../points/points-aggregate.js';
import { saveFinalResult } from '../seasons/results-repository.js';

/** The season factories write to unless told otherwise: 2025/26, the one migration 0014 creates (with its 20 clubs). */
export const TEST_SEASON = '2025-26';

/**
 * The test world's other season: a finished past season with its own fixtures and
 * results, in which every player `buildUser` makes has a scored prediction (3 points, an exact
 * score). A read that forgets its season shows that prediction, those points or those fixtures,
 * so every API test exercises the scoping without saying so.
 */
export const OTHER_SEASON = '2024-25';
export const OTHER_SEASON_FIXTURE = 'ArsenalFC_vs_ChelseaFC_2024-08-17';
/** What every built player scored in the other season. */
export const OTHER_SEASON_POINTS = { points: 3, exact: 1, predictions: 1 } as const;

/**
 * A fixture row for tests and benchmarks, in `TEST_SEASON` unless `seasonId` says otherwise.
 * `kickoffAt` is the UTC instant; the London local date and time default to what that instant
 * reads in UTC (close enough for tests that set both).
 */
export async function buildFixture(
  db: DB,
  overrides: Partial<
    Omit<FixtureFields, 'league' | 'postponed'> & { id: string; postponed: boolean; stage: string; leg: number }
  > = {},
) {
  const kickoffAt = overrides.kickoffAt === undefined ? '2025-08-16T14:00:00.000Z' : overrides.kickoffAt;
  const row = {
    id: overrides.id ?? `fx_${crypto.randomUUID().slice(0, 12)}`,
    seasonId: overrides.seasonId ?? TEST_SEASON,
    homeTeam: overrides.homeTeam ?? 'Arsenal FC',
    awayTeam: overrides.awayTeam ?? 'Chelsea FC',
    kickoffAt,
    localDate: overrides.localDate ?? (kickoffAt ?? '2025-08-16').slice(0, 10),
    localTime: overrides.localTime === undefined ? (kickoffAt ? kickoffAt.slice(11, 16) : null) : overrides.localTime,
    gameweek: overrides.gameweek === undefined ? 1 : overrides.gameweek,
    league: 'Premier League',
    postponed: overrides.postponed ? 1 : 0,
    createdAt: new Date().toISOString(),
    updatedAt: new Date().toISOString(),
    // A knockout competition's round and leg, only when given (a league season's fixtures have none).
    ...(overrides.stage === undefined ? {} : { stage: overrides.stage }),
    ...(overrides.leg === undefined ? {} : { leg: overrides.leg }),
  };
  await db.insertInto('fixtures').values(row).execute();
  return row;
}

/** A season of the Premier League with some of the existing clubs (by name); its dates follow its fixtures. */
export async function buildSeason(db: DB, s: { id: string; label?: string; clubs?: readonly string[] }) {
  const now = new Date().toISOString();
  await db
    .insertInto('seasons')
    .values({
      id: s.id,
      competitionId: 'premier-league',
      label: s.label ?? s.id.replace('-', '/'),
      startDate: null,
      endDate: null,
      feedUrl: null,
      createdAt: now,
      updatedAt: now,
    })
    .onConflict((oc) => oc.column('id').doNothing())
    .execute();
  const names = s.clubs ?? ['Arsenal FC', 'Chelsea FC', 'Liverpool FC', 'Everton FC'];
  if (names.length) {
    await sql`INSERT INTO "seasonClubs" ("seasonId", "clubId") SELECT ${s.id}, "id" FROM "clubs" WHERE "name" IN (${sql.join(names)})
      ON CONFLICT DO NOTHING`.execute(db);
  }
}

/** The other season of the test world (see OTHER_SEASON): two played rounds of 2024/25, every result final. */
export async function buildOtherSeason(db: DB) {
  await buildSeason(db, { id: OTHER_SEASON, label: '2024/25' });
  const fixtures = [
    {
      id: OTHER_SEASON_FIXTURE,
      homeTeam: 'Arsenal FC',
      awayTeam: 'Chelsea FC',
      kickoffAt: '2024-08-17T14:00:00.000Z',
      gameweek: 1,
      score: [2, 1] as const,
    },
    {
      id: 'LiverpoolFC_vs_EvertonFC_2024-08-17',
      homeTeam: 'Liverpool FC',
      awayTeam: 'Everton FC',
      kickoffAt: '2024-08-17T16:30:00.000Z',
      gameweek: 1,
      score: [1, 1] as const,
    },
    {
      id: 'ChelseaFC_vs_LiverpoolFC_2024-08-24',
      homeTeam: 'Chelsea FC',
      awayTeam: 'Liverpool FC',
      kickoffAt: '2024-08-24T14:00:00.000Z',
      gameweek: 2,
      score: [0, 3] as const,
    },
    {
      id: 'EvertonFC_vs_ArsenalFC_2024-08-24',
      homeTeam: 'Everton FC',
      awayTeam: 'Arsenal FC',
      kickoffAt: '2024-08-24T16:30:00.000Z',
      gameweek: 2,
      score: [2, 2] as const,
    },
  ];
  for (const { score, ...f } of fixtures) {
    await buildFixture(db, { ...f, seasonId: OTHER_SEASON });
    await saveFinalResult(db, f.id, { homeScore: score[0], awayScore: score[1] }, f.kickoffAt, 'admin');
  }
  await db
    .updateTable('seasons')
    .set({ startDate: '2024-08-17', endDate: '2024-08-24' })
    .where('id', '=', OTHER_SEASON)
    .execute();
}

/**
 * Gives a player their points in the test world's other season (an exact score on its first
 * match, 2-1), when that season exists: the pick, then its match scored as its result's save
 * would (only the new pick's points move; nothing is written elsewhere).
 */
export async function givePastSeasonPoints(db: DB, userId: string) {
  const added =
    await sql`INSERT INTO "predictions" ("userId", "fixtureId", "homeScore", "awayScore", "predictedAt", "points", "outcome")
    SELECT ${userId}, f."id", 2, 1, '2024-08-10T12:00:00.000Z', NULL, NULL FROM "fixtures" f WHERE f."id" = ${OTHER_SEASON_FIXTURE}`.execute(
      db,
    );
  if (Number(added.numAffectedRows ?? 0) > 0)
    await rescoreFixture(db, OTHER_SEASON_FIXTURE, { homeScore: 2, awayScore: 1 });
}
