import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * A file never decides the future (docs/decisions/0100-file-never-decides-the-future.md). A move
 * a season file or feed proposes for an unplayed match to a kick-off whose deadline has passed is
 * not applied: it waits here, with the file's score for the match, for the admin to confirm or
 * reject it on the feed panel. One row per fixture: the latest proposal. A rejected row stays
 * while a file keeps proposing exactly that move, so it is shown as rejected instead of coming
 * back as new on every run.
 */
export const pendingMoves: AppMigration = {
  name: '0050_pending_moves',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('pendingMoves')
      .addColumn('fixtureId', 'text', (c) => c.primaryKey().references('fixtures.id').onDelete('cascade'))
      .addColumn('seasonId', 'text', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
      .addColumn('source', 'text', (c) => c.notNull())
      .addColumn('status', 'text', (c) => c.notNull())
      .addColumn('fromKickoffAt', 'text')
      .addColumn('fromLocalDate', 'text', (c) => c.notNull())
      .addColumn('fromLocalTime', 'text')
      .addColumn('fromPostponed', 'integer', (c) => c.notNull())
      .addColumn('kickoffAt', 'text')
      .addColumn('localDate', 'text', (c) => c.notNull())
      .addColumn('localTime', 'text')
      .addColumn('postponed', 'integer', (c) => c.notNull())
      .addColumn('homeScore', 'integer')
      .addColumn('awayScore', 'integer')
      .addColumn('description', 'text', (c) => c.notNull())
      .addColumn('seenAt', 'text', (c) => c.notNull())
      .addColumn('decidedAt', 'text')
      .execute();
    await db.schema.createIndex('pendingMoves_season').on('pendingMoves').columns(['seasonId', 'status']).execute();
  },
};
