import pg from 'pg';
import { startPostgres } from '../../../scripts/postgres-server.js';
import { openDatabase } from '../db/index.js';
import { migrateToLatest } from '../db/migrate.js';

/** Starts PostgreSQL once for the api-postgres project and migrates a template database. */
export default async function setup() {
  const server = await startPostgres();
  const admin = new pg.Client({ connectionString: `${server.baseUrl}/postgres` });
  await admin.connect();
  await admin.query('CREATE DATABASE scoreline_template');
  await admin.end();
  const handle = openDatabase(`${server.baseUrl}/scoreline_template`);
  await migrateToLatest(handle);
  await handle.close();
  process.env.TEST_PG_URL = server.baseUrl;
  return async () => {
    await server.stop();
  };
}
