import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import type { Overview } from '../../../contract/admin.js';

async function count(db: DB, table: 'user' | 'leagues'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Row counts for the admin's at-a-glance view: accounts and leagues overall, fixtures and predictions of one season. */
export async function loadOverview(db: DB, dialect: Dialect, seasonId: string): Promise<Omit<Overview, 'season'>> {
  const [users, fixtures, predictions, leagues, verified, admins] = await Promise.all([
    count(db, 'user'),
    db.selectFrom('fixtures').select((eb) => eb.fn.countAll<number>().as('n')).where('seasonId', '=', seasonId).executeTakeFirstOrThrow().then((r) => Number(r.n)),
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
    db.selectFrom('user').select((eb) => eb.fn.countAll<number>().as('n')).where('role', '=', 'admin').executeTakeFirstOrThrow(),
  ]);
  return { users, verifiedUsers: Number(verified.n), admins: Number(admins.n), fixtures, predictions, leagues };
}
