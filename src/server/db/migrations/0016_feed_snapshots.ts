import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * The admin's results feed. What a season's results feed said when it was last applied, per club
 * pair, as one JSON document per season: the base of the three-way merge that keeps an admin's
 * manual kick-off change from being undone by the next feed run (docs/feed.md; decision record
 * admin-feed-three-way-merge). One row per season, replaced by every run that applied.
 */
export const feedSnapshots: AppMigration = {
  name: '0016_feed_snapshots',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('feedSnapshots')
      .addColumn('seasonId', 'text', (c) => c.primaryKey().references('seasons.id').onDelete('cascade'))
      .addColumn('snapshot', 'text', (c) => c.notNull())
      .addColumn('takenAt', 'text', (c) => c.notNull())
      .execute();
  },
};
