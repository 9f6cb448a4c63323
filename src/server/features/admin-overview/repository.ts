import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import type { Overview } from '../../../contract/admin.js';

async function count(db: DB, table: 'user' | 'leagues'): Promise<number> {
  const row = await db
    .selectFrom(table)
    .select((eb) => eb.fn.countAll<number>().as('n'))
    .executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Row counts for the admin's at-a-glance view: accounts and leagues overall, fixtures and predictions of one season. */
export async function loadOverview(db: DB, dialect: Dialect, seasonId: string): Promise<Omit<Overview, 'season'>> {
  const [users, fixtures, predictions, leagues, verified, admins] = await Promise.all([
    count(db, 'user'),
    db
      .selectFrom('fixtures')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('seasonId', '=', seasonId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
    db
      .selectFrom('predictions')
      .innerJoin('fixtures', 'fixtures.id', 'predictions.fixtureId')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('fixtures.seasonId', '=', seasonId)
      .executeTakeFirstOrThrow()
      .then((r) => Number(r.n)),
    count(db, 'leagues'),
    db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('emailVerified', '=', dialect === 'postgres' ? true : 1)
      .executeTakeFirstOrThrow(),
    db
      .selectFrom('user')
      .select((eb) => eb.fn.countAll<number>().as('n'))
      .where('role', '=', 'admin')
      .executeTakeFirstOrThrow(),
  ]);
  return { users, verifiedUsers: Number(verified.n), admins: Number(admins.n), fixtures, predictions, leagues };
}

export interface AwaitingRow {
  seasonId: string;
  gameweek: number | null;
  count: number;
  firstKickoff: string;
  lastKickoff: string;
}

/**
 * Matches past their live window (kicked off before `liveSinceIso`) with no final result, by
 * season and gameweek: what the admin has to fill in (src/game/fixture-status.ts: "awaiting").
 * Postponed matches have no result to give. Reads the `fixtures (kickoffAt)` index up to the
 * window and each one's result by key.
 */
export async function awaitingResults(db: DB, liveSinceIso: string): Promise<AwaitingRow[]> {
  const rows = await db
    .selectFrom('fixtures')
    .leftJoin('results', (j) => j.onRef('results.fixtureId', '=', 'fixtures.id').on('results.final', '=', 1))
    .select((eb) => [
      'fixtures.seasonId',
      'fixtures.gameweek',
      eb.fn.countAll<number>().as('count'),
      eb.fn.min('fixtures.kickoffAt').as('firstKickoff'),
      eb.fn.max('fixtures.kickoffAt').as('lastKickoff'),
    ])
    .where('fixtures.kickoffAt', 'is not', null)
    .where('fixtures.kickoffAt', '<=', liveSinceIso)
    .where('fixtures.postponed', '=', 0)
    .where('results.fixtureId', 'is', null)
    .groupBy(['fixtures.seasonId', 'fixtures.gameweek'])
    .orderBy('fixtures.seasonId')
    .orderBy('fixtures.gameweek')
    .execute();
  return rows.map((r) => ({
    seasonId: r.seasonId!,
    gameweek: r.gameweek,
    count: Number(r.count),
    firstKickoff: r.firstKickoff!,
    lastKickoff: r.lastKickoff!,
  }));
}

/** Every season with its competition and feed address (the awaiting-results answer lists them all). */
export async function seasonFeeds(db: DB) {
  return db.selectFrom('seasons').select(['id', 'label', 'competitionId', 'feedUrl']).execute();
}
