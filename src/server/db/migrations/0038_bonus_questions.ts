import type { Kysely } from 'kysely';
import type { AppMigration } from './types.js';

/**
 * A league's bonus questions (decision records 0062, 0063): the questions, the members' answers,
 * and each member's bonus points per league and season, which league tables add to their
 * points (one row read per member, as `userPoints`). New tables only: nothing existing changes.
 *
 * Options, choices and right options are JSON arrays as text (option lists of at most 40 short
 * strings; choices and right options as positions in that list). A question goes with its
 * league; answers with their question or their player; a player's bonus points with the league
 * or the account. Who made or settled a question is forgotten when that account goes.
 */
export const bonusQuestions: AppMigration = {
  name: '0038_bonus_questions',
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('leagueQuestions')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('leagueId', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
      .addColumn('seasonId', 'text', (c) => c.notNull().references('seasons.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('prompt', 'text', (c) => c.notNull())
      .addColumn('club', 'text')
      .addColumn('options', 'text', (c) => c.notNull())
      .addColumn('picks', 'integer', (c) => c.notNull())
      .addColumn('points', 'integer', (c) => c.notNull())
      .addColumn('locksAt', 'text', (c) => c.notNull())
      .addColumn('createdBy', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      // The settlement: the right options (null: not settled), by the results, the organiser or an admin.
      .addColumn('correct', 'text')
      .addColumn('settledBy', 'text')
      .addColumn('settlerId', 'text', (c) => c.references('user.id').onDelete('set null'))
      .addColumn('settledAt', 'text')
      .addColumn('settleNote', 'text')
      .addColumn('settlementVersion', 'integer', (c) => c.notNull().defaultTo(0))
      // 1 when the final table was level on everything at a place the question asks about.
      .addColumn('tableLevel', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
    await db.schema
      .createIndex('leagueQuestions_league')
      .on('leagueQuestions')
      .columns(['leagueId', 'seasonId', 'locksAt'])
      .execute();
    // The results of a season settle its table questions, in every league.
    await db.schema.createIndex('leagueQuestions_season').on('leagueQuestions').columns(['seasonId', 'kind']).execute();
    await db.schema.createIndex('leagueQuestions_creator').on('leagueQuestions').column('createdBy').execute();
    await db.schema.createIndex('leagueQuestions_settler').on('leagueQuestions').column('settlerId').execute();

    await db.schema
      .createTable('leagueQuestionAnswers')
      .addColumn('questionId', 'text', (c) => c.notNull().references('leagueQuestions.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('choices', 'text', (c) => c.notNull())
      .addColumn('answeredAt', 'text', (c) => c.notNull())
      // Set by a settlement, null while the question is not settled.
      .addColumn('points', 'integer')
      .addPrimaryKeyConstraint('leagueQuestionAnswers_pk', ['questionId', 'userId'])
      .execute();
    // A question's answers by what they chose: the tally after the lock, and scoring by settlement.
    await db.schema
      .createIndex('leagueQuestionAnswers_choices')
      .on('leagueQuestionAnswers')
      .columns(['questionId', 'choices'])
      .execute();
    await db.schema.createIndex('leagueQuestionAnswers_user').on('leagueQuestionAnswers').column('userId').execute();

    await db.schema
      .createTable('leagueBonusPoints')
      .addColumn('leagueId', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
      .addColumn('seasonId', 'text', (c) => c.notNull())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('points', 'integer', (c) => c.notNull())
      .addPrimaryKeyConstraint('leagueBonusPoints_pk', ['leagueId', 'seasonId', 'userId'])
      .execute();
    await db.schema.createIndex('leagueBonusPoints_user').on('leagueBonusPoints').column('userId').execute();
  },
};
