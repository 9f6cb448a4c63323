import type { DB } from '../../db/index.js';
import type { ClubRow } from '../../seasons/repository.js';

// SQL of the admin's seasons screen that the public seasons repository does not need.

/** The clubs the app knows, of these names (as files and fixtures spell them). */
export async function clubsByName(db: DB, names: readonly string[]): Promise<ClubRow[]> {
  const wanted = [...new Set(names)];
  if (wanted.length === 0) return [];
  return db
    .selectFrom('clubs')
    .select(['id', 'name', 'shortName', 'code', 'primaryColour', 'secondaryColour', 'pattern'])
    .where('name', 'in', wanted)
    .execute();
}

/** Every season's feed address. */
export async function seasonFeedUrls(db: DB): Promise<Map<string, string | null>> {
  const rows = await db.selectFrom('seasons').select(['id', 'feedUrl']).execute();
  return new Map(rows.map((r) => [r.id, r.feedUrl]));
}
