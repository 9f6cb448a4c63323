import type { Kysely } from 'kysely';
import { authTypes, type AppMigration } from './types.js';

/** Accounts (Better Auth's tables plus our profile fields), the season, the game and leagues. */
export const foundation: AppMigration = {
  name: '0001_foundation',
  async up(db: Kysely<unknown>, dialect) {
    const t = authTypes(dialect);
    await db.schema
      .createTable('user')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('email', 'text', (c) => c.notNull().unique())
      .addColumn('emailVerified', t.bool, (c) => c.notNull())
      .addColumn('image', 'text')
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .addColumn('username', 'text', (c) => c.notNull())
      .addColumn('teamName', 'text')
      .addColumn('teamNameCreatedAt', 'text')
      .addColumn('role', 'text', (c) => c.notNull().defaultTo('player'))
      .execute();

    await db.schema
      .createTable('session')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('expiresAt', t.date, (c) => c.notNull())
      .addColumn('token', 'text', (c) => c.notNull().unique())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .addColumn('ipAddress', 'text')
      .addColumn('userAgent', 'text')
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .execute();
    await db.schema.createIndex('session_userId').on('session').column('userId').execute();

    await db.schema
      .createTable('account')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('accountId', 'text', (c) => c.notNull())
      .addColumn('providerId', 'text', (c) => c.notNull())
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('accessToken', 'text')
      .addColumn('refreshToken', 'text')
      .addColumn('idToken', 'text')
      .addColumn('accessTokenExpiresAt', t.date)
      .addColumn('refreshTokenExpiresAt', t.date)
      .addColumn('scope', 'text')
      .addColumn('password', 'text')
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('account_userId').on('account').column('userId').execute();

    await db.schema
      .createTable('verification')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('identifier', 'text', (c) => c.notNull())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('expiresAt', t.date, (c) => c.notNull())
      .addColumn('createdAt', t.date, (c) => c.notNull())
      .addColumn('updatedAt', t.date, (c) => c.notNull())
      .execute();
    await db.schema.createIndex('verification_identifier').on('verification').column('identifier').execute();

    await db.schema
      .createTable('fixtures')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('homeTeam', 'text', (c) => c.notNull())
      .addColumn('awayTeam', 'text', (c) => c.notNull())
      .addColumn('kickoffAt', 'text')
      .addColumn('localDate', 'text', (c) => c.notNull())
      .addColumn('localTime', 'text')
      .addColumn('gameweek', 'integer')
      .addColumn('league', 'text', (c) => c.notNull().defaultTo('Premier League'))
      .addColumn('postponed', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();
    await db.schema.createIndex('fixtures_gameweek').on('fixtures').columns(['gameweek', 'kickoffAt']).execute();
    await db.schema.createIndex('fixtures_kickoff').on('fixtures').column('kickoffAt').execute();

    await db.schema
      .createTable('results')
      .addColumn('fixtureId', 'text', (c) => c.primaryKey().references('fixtures.id').onDelete('cascade'))
      .addColumn('homeScore', 'integer', (c) => c.notNull())
      .addColumn('awayScore', 'integer', (c) => c.notNull())
      .addColumn('final', 'integer', (c) => c.notNull().defaultTo(1))
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('predictions')
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('fixtureId', 'text', (c) => c.notNull().references('fixtures.id').onDelete('cascade'))
      .addColumn('homeScore', 'integer', (c) => c.notNull())
      .addColumn('awayScore', 'integer', (c) => c.notNull())
      .addColumn('predictedAt', 'text', (c) => c.notNull())
      .addColumn('points', 'integer')
      .addColumn('outcome', 'text')
      .addPrimaryKeyConstraint('predictions_pk', ['userId', 'fixtureId'])
      .execute();
    await db.schema.createIndex('predictions_fixture').on('predictions').column('fixtureId').execute();
    await db.schema.createIndex('predictions_user_time').on('predictions').columns(['userId', 'predictedAt']).execute();

    await db.schema
      .createTable('gameweeks')
      .addColumn('gameweek', 'integer', (c) => c.primaryKey())
      .addColumn('startDate', 'text', (c) => c.notNull())
      .addColumn('endDate', 'text', (c) => c.notNull())
      .addColumn('updatedAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('leagues')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('code', 'text', (c) => c.notNull().unique())
      .addColumn('description', 'text')
      .addColumn('competition', 'text', (c) => c.notNull().defaultTo('premier-league'))
      .addColumn('privacy', 'text', (c) => c.notNull().defaultTo('private'))
      .addColumn('creatorId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('leagueMembers')
      .addColumn('leagueId', 'text', (c) => c.notNull().references('leagues.id').onDelete('cascade'))
      .addColumn('userId', 'text', (c) => c.notNull().references('user.id').onDelete('cascade'))
      .addColumn('joinedAt', 'text', (c) => c.notNull())
      .addPrimaryKeyConstraint('leagueMembers_pk', ['leagueId', 'userId'])
      .execute();
    await db.schema.createIndex('leagueMembers_user').on('leagueMembers').column('userId').execute();

    await db.schema
      .createTable('mailOutbox')
      .addColumn('id', dialect === 'postgres' ? 'serial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('to', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text', 'text', (c) => c.notNull())
      .addColumn('html', 'text')
      .addColumn('createdAt', 'text', (c) => c.notNull())
      .execute();

    await db.schema
      .createTable('appMeta')
      .addColumn('key', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .execute();
  },
};
