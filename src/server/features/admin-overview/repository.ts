import type { DB } from '../../db/index.js';
import type { Dialect } from '../../db/migrations/types.js';
import type { Overview } from '../../../contract/admin.js';

async function count(db: DB, table: 'user' | 'fixtures' | 'predictions' | 'leagues'): Promise<number> {
  const row = await db.selectFrom(table).select((eb) => eb.fn.countAll<number>().as('n')).executeTakeFirstOrThrow();
  return Number(row.n);
}

/** Row counts for the admin's at-a-glance view. */
export async function loadOverview(db: DB, dialect: Dialect): Promise<Overview> {
  const [users, fixtures, predictions, leagues, verified, admins] = await Promise.all([
    count(db, 'user'),
    count(db, 'fixtures'),
    count(db, 'predictions'),
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
