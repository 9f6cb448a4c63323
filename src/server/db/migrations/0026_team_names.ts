import { sql, type Kysely } from 'kysely';
import type { AppMigration, Dialect } from './types.js';

/**
 * Team names become unique across the game, whatever their case, accents or spacing
 * (decision 0051): `user.teamNameKey` holds the folded name under a unique index, and
 * `user.teamNameNotice` the name a player had when it had to change, so the app can tell them
 * once (then it is cleared).
 *
 * Names that were already shared: whoever had the name first (team name set earliest, then
 * account created earliest) keeps it; every other holder gets their own spelling with the first
 * free number ("Big Screen FC 2"), never a name another player has. Nothing else changes.
 */
export const teamNames: AppMigration = {
  name: '0026_team_names',
  async up(db, dialect) {
    // PostgreSQL runs each migration in a transaction already; on SQLite we open one.
    if (dialect === 'sqlite') await db.transaction().execute((trx) => up(trx, dialect));
    else await up(db, dialect);
  },
};

/** The key as this release folds names (a copy: a migration never depends on code that may change later). */
const keyOf = (name: string) =>
  name.normalize('NFKD').replace(/\p{M}/gu, '').toUpperCase().toLowerCase().replace(/\s+/gu, ' ').trim();

const TEAM_NAME_MAX = 25;

/** The first "<name> <n>" (n ≥ 2, shortened to fit) whose key nobody holds. */
function firstFree(name: string, taken: ReadonlySet<string>): string {
  const base = name.trim().replace(/\s+\d+$/u, '') || name.trim();
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const head = [...base]
      .slice(0, Math.max(1, TEAM_NAME_MAX - suffix.length))
      .join('')
      .trimEnd();
    const candidate = `${head}${suffix}`;
    if (!taken.has(keyOf(candidate))) return candidate;
  }
}

interface Row {
  id: string;
  teamName: string;
  teamNameCreatedAt: string | null;
  createdAt: string | Date;
}

const instant = (v: string | Date | null) => (v === null ? '' : new Date(v).toISOString());

async function up(db: Kysely<unknown>, _dialect: Dialect) {
  await db.schema.alterTable('user').addColumn('teamNameKey', 'text').execute();
  await db.schema.alterTable('user').addColumn('teamNameNotice', 'text').execute();

  const { rows } =
    await sql<Row>`SELECT "id", "teamName", "teamNameCreatedAt", "createdAt" FROM "user" WHERE "teamName" IS NOT NULL`.execute(
      db,
    );
  // Who had the name first: the team name's own time, else the account's, then the id (a total order).
  const ordered = rows
    .map((r) => ({
      ...r,
      since: instant(r.teamNameCreatedAt) || instant(r.createdAt),
      created: instant(r.createdAt),
      key: keyOf(r.teamName),
    }))
    .filter((r) => r.key !== '')
    .sort((a, b) =>
      a.since < b.since
        ? -1
        : a.since > b.since
          ? 1
          : a.created < b.created
            ? -1
            : a.created > b.created
              ? 1
              : a.id < b.id
                ? -1
                : a.id > b.id
                  ? 1
                  : 0,
    );

  // Every name someone keeps is taken before any renaming, so a rename never takes a name that a
  // later player already had ("Big FC 2" stays with the player who chose it).
  const taken = new Set<string>();
  const keepers = new Set<string>();
  for (const r of ordered) {
    if (taken.has(r.key)) continue;
    taken.add(r.key);
    keepers.add(r.id);
  }
  // One statement per player: a one-time pass, inside the migration's transaction.
  for (const r of ordered) {
    if (keepers.has(r.id)) {
      await sql`UPDATE "user" SET "teamNameKey" = ${r.key} WHERE "id" = ${r.id}`.execute(db);
      continue;
    }
    const renamed = firstFree(r.teamName, taken);
    taken.add(keyOf(renamed));
    await sql`UPDATE "user" SET "teamName" = ${renamed}, "teamNameKey" = ${keyOf(renamed)}, "teamNameNotice" = ${r.teamName} WHERE "id" = ${r.id}`.execute(
      db,
    );
  }

  await db.schema.createIndex('user_team_name_key').unique().on('user').column('teamNameKey').execute();
}
