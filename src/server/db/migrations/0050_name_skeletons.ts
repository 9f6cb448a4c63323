import { sql, type Kysely } from 'kysely';
import { TEAM_NAME_MAX } from '../../../game/limits.js';
import { teamNameKey } from '../../../game/team-names.js';
import { BLANK_LETTERS } from '../../../game/visible-text.js';
import type { AppMigration, Dialect } from './types.js';

/**
 * Team names are one name when they look the same (decision record 0099): `user.teamNameKey`
 * becomes the name's confusable skeleton, recomputed here for every stored name.
 *
 * Names that now meet: as in migration 0026, whoever had the name first (team name set earliest,
 * then account created earliest, then id) keeps it; every other holder gets their spelling, without
 * its invisible characters, with the first free number ("Bob United 2"), never a name another
 * player has, and `user.teamNameNotice` keeps the old name so the team-name prompt tells them once.
 * A stored name that shows nothing (only invisible or blank characters) has no key: it is cleared,
 * its text kept in the notice, and the prompt asks that player for a name. No player is lost.
 *
 * The key is the app's own `teamNameKey`, not a copy: the index must hold exactly what the app
 * looks up, and a later change of the key needs a migration of its own that recomputes it anyway.
 */
export const nameSkeletons: AppMigration = {
  name: '0050_name_skeletons',
  async up(db, dialect) {
    // PostgreSQL runs each migration in a transaction already; on SQLite we open one.
    if (dialect === 'sqlite') await db.transaction().execute((trx) => up(trx, dialect));
    else await up(db, dialect);
  },
};

/** What a renamed name keeps of its spelling: everything a reader sees. */
const visibleOnly = (name: string) =>
  name.replace(new RegExp(`[\\p{Cc}\\p{Cf}\\p{Default_Ignorable_Code_Point}${BLANK_LETTERS}]`, 'gu'), '').trim();

/** The first "<name> <n>" (n ≥ 2, shortened to fit) whose key nobody holds. */
function firstFree(name: string, taken: ReadonlySet<string>): string {
  const base = visibleOnly(name).replace(/\s+\d+$/u, '') || visibleOnly(name);
  for (let n = 2; ; n++) {
    const suffix = ` ${n}`;
    const head = [...base]
      .slice(0, Math.max(1, TEAM_NAME_MAX - suffix.length))
      .join('')
      .trimEnd();
    const candidate = `${head}${suffix}`;
    if (!taken.has(teamNameKey(candidate))) return candidate;
  }
}

interface Row {
  id: string;
  teamName: string;
  teamNameKey: string | null;
  teamNameCreatedAt: string | null;
  createdAt: string | Date;
}

const instant = (v: string | Date | null) => (v === null ? '' : new Date(v).toISOString());
const compare = (a: string, b: string) => (a < b ? -1 : a > b ? 1 : 0);

async function up(db: Kysely<unknown>, _dialect: Dialect) {
  const { rows } =
    await sql<Row>`SELECT "id", "teamName", "teamNameKey", "teamNameCreatedAt", "createdAt" FROM "user" WHERE "teamName" IS NOT NULL`.execute(
      db,
    );
  // Who had the name first: the team name's own time, else the account's, then the id (a total order).
  const ordered = rows
    .map((r) => ({
      ...r,
      since: instant(r.teamNameCreatedAt) || instant(r.createdAt),
      created: instant(r.createdAt),
      key: teamNameKey(r.teamName),
    }))
    .sort((a, b) => compare(a.since, b.since) || compare(a.created, b.created) || compare(a.id, b.id));

  // Keys move between rows while they are recomputed, so the index is rebuilt once they all stand.
  await db.schema.dropIndex('user_team_name_key').execute();

  // Every name someone keeps is taken before any renaming, so a rename never takes a name that a
  // later player already had ("Bob United 2" stays with the player who chose it).
  const taken = new Set<string>();
  const keepers = new Set<string>();
  for (const r of ordered) {
    if (r.key === '' || taken.has(r.key)) continue;
    taken.add(r.key);
    keepers.add(r.id);
  }
  // One statement per changed player: a one-time pass, inside the migration's transaction.
  for (const r of ordered) {
    if (r.key === '') {
      await sql`UPDATE "user" SET "teamName" = NULL, "teamNameKey" = NULL, "teamNameNotice" = ${r.teamName} WHERE "id" = ${r.id}`.execute(
        db,
      );
    } else if (keepers.has(r.id)) {
      if (r.key !== r.teamNameKey)
        await sql`UPDATE "user" SET "teamNameKey" = ${r.key} WHERE "id" = ${r.id}`.execute(db);
    } else {
      const renamed = firstFree(r.teamName, taken);
      taken.add(teamNameKey(renamed));
      await sql`UPDATE "user" SET "teamName" = ${renamed}, "teamNameKey" = ${teamNameKey(renamed)}, "teamNameNotice" = ${r.teamName} WHERE "id" = ${r.id}`.execute(
        db,
      );
    }
  }

  await db.schema.createIndex('user_team_name_key').unique().on('user').column('teamNameKey').execute();
}
