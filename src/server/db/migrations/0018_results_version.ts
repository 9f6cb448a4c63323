import { sql, type Kysely } from 'kysely';
import type { AppMigration, Dialect } from './types.js';

/**
 * The statistics and dashboard caches check, on every request, that no result was
 * written without a live event (a script, a manual fix). On PostgreSQL that check was an
 * aggregate over the results table per request, work the database server did on the same two
 * cores as everything else (a third of a cached dashboard's cost there). A statement trigger now
 * counts every change to `results`, whoever makes it, in `appMeta` ('results.version'), so the
 * check reads one row by its key. SQLite keeps its own check (a change marker read without a
 * query, statistics/repository.ts), so it needs no trigger.
 */
export const RESULTS_VERSION_KEY = 'results.version';

export const resultsVersion: AppMigration = {
  name: '0018_results_version',
  async up(db: Kysely<unknown>, dialect: Dialect) {
    if (dialect !== 'postgres') return;
    const statements = [
      `CREATE OR REPLACE FUNCTION scoreline_results_version() RETURNS trigger LANGUAGE plpgsql AS $$
       BEGIN
         INSERT INTO "appMeta" ("key", "value") VALUES ('${RESULTS_VERSION_KEY}', '1')
         ON CONFLICT ("key") DO UPDATE SET "value" = ("appMeta"."value"::bigint + 1)::text;
         RETURN NULL;
       END $$`,
      `CREATE TRIGGER "results_version" AFTER INSERT OR UPDATE OR DELETE OR TRUNCATE ON "results"
         FOR EACH STATEMENT EXECUTE FUNCTION scoreline_results_version()`,
    ];
    for (const s of statements) await sql.raw(s).execute(db);
  },
};
