import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase, type DatabaseHandle } from '../db/index.js';
import { Migrator, type Kysely, type Migration } from 'kysely';
import { migrateToLatest } from '../db/migrate.js';
import { migrations } from '../db/migrations/index.js';

/**
 * Fresh, migrated databases for tests. SQLite: one template file migrated per process, copied
 * per test. PostgreSQL (TEST_DB=postgres): a template database made by the global setup, cloned
 * per test with CREATE DATABASE … TEMPLATE.
 */
export type TestDialect = 'sqlite' | 'postgres';
export const testDialect = (): TestDialect => (process.env.TEST_DB === 'postgres' ? 'postgres' : 'sqlite');

const TMP = path.join(os.tmpdir(), 'scoreline-test');
let sqliteTemplate: Promise<string> | null = null;

async function makeSqliteTemplate(): Promise<string> {
  fs.mkdirSync(TMP, { recursive: true });
  const file = path.join(TMP, `template-${process.pid}-${crypto.randomUUID()}.db`);
  const handle = openDatabase(file);
  await migrateToLatest(handle);
  handle.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
  await handle.close();
  return file;
}

/** A new database on the test server (a copy of `template`, or empty); its URL. */
async function createPostgresDatabase(base: string, prefix: string, template: string | null): Promise<string> {
  const name = `${prefix}_${crypto.randomUUID().replace(/-/g, '').slice(0, 20)}`;
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}${template ? ` TEMPLATE ${template}` : ''}`);
  } finally {
    await admin.end();
  }
  return `${base}/${name}`;
}

export async function freshDatabaseUrl(): Promise<string> {
  if (testDialect() === 'postgres') {
    const base = process.env.TEST_PG_URL;
    if (!base)
      throw new Error('TEST_PG_URL is not set: run the API tests through vitest (its global setup starts PostgreSQL).');
    return createPostgresDatabase(base, 't', 'scoreline_template');
  }
  sqliteTemplate ??= makeSqliteTemplate();
  const template = await sqliteTemplate;
  const file = path.join(TMP, `db-${crypto.randomUUID()}.db`);
  fs.copyFileSync(template, file);
  return file;
}

export async function freshDatabase(): Promise<DatabaseHandle> {
  return openDatabase(await freshDatabaseUrl(), { poolSize: 5 });
}

/** Removes a test database when the test is done. */
export async function dropDatabase(handle: DatabaseHandle): Promise<void> {
  await handle.close();
  if (handle.dialect === 'sqlite') {
    for (const suffix of ['', '-wal', '-shm']) fs.rmSync(handle.url + suffix, { force: true });
    return;
  }
  const base = process.env.TEST_PG_URL!;
  const name = handle.url.slice(base.length + 1);
  const admin = new pg.Client({ connectionString: `${base}/postgres` });
  await admin.connect();
  try {
    // pg-pool's end() resolves before its clients' connections have closed; FORCE would kill them
    // mid-goodbye and the pool would raise an unhandled 57P01 error. Let them finish first.
    for (let i = 0; i < 40; i++) {
      const open = await admin.query('SELECT count(*)::int AS n FROM pg_stat_activity WHERE datname = $1', [name]);
      if (open.rows[0].n === 0) break;
      await new Promise((r) => setTimeout(r, 50));
    }
    await admin.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
  } finally {
    await admin.end();
  }
}

/** A database with no tables at all (for migration tests); drop it with dropDatabase. */
export async function blankDatabase(): Promise<DatabaseHandle> {
  if (testDialect() === 'postgres') {
    const base = process.env.TEST_PG_URL;
    if (!base)
      throw new Error('TEST_PG_URL is not set: run the API tests through vitest (its global setup starts PostgreSQL).');
    return openDatabase(await createPostgresDatabase(base, 'm', null), { poolSize: 2 });
  }
  fs.mkdirSync(TMP, { recursive: true });
  return openDatabase(path.join(TMP, `m-${crypto.randomUUID()}.db`));
}

/**
 * Runs the migrations as a release that ended with `last` had them: every one up to and
 * including `last` (`{ before: name }` stops just before that one instead). A migration test
 * builds the database the previous release made, writes its data, then runs migrateToLatest.
 */
export async function migrateThrough(handle: DatabaseHandle, at: { last: string } | { before: string }): Promise<void> {
  const name = 'last' in at ? at.last : at.before;
  const index = migrations.findIndex((m) => m.name === name);
  if (index < 0) throw new Error(`No migration named ${name}`);
  const shipped = migrations.slice(0, 'last' in at ? index + 1 : index);
  const provider = {
    async getMigrations() {
      const out: Record<string, Migration> = {};
      for (const m of shipped) out[m.name] = { up: (db: Kysely<unknown>) => m.up(db, handle.dialect) };
      return out;
    },
  };
  const { error } = await new Migrator({ db: handle.db, provider }).migrateToLatest();
  if (error) throw error;
}
