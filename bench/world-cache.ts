import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { openDatabase } from '../src/server/db/index.js';
import { startPostgres } from '../scripts/postgres-server.js';
import { migrateToLatest } from '../src/server/db/migrate.js';
import { buildSessionCookie } from '../src/server/test/factories.js';
import { generateWorld, type World } from './generate.js';

/**
 * The SQLite benchmark world is built once and kept (it takes a minute or two at 10,000 players):
 * a copy of the cached file is what each run measures, so a run never sees another run's writes.
 * The cache key covers everything the world is made from: the generator, the migrations, the
 * built-in season files, the player count and the clock, and WORLD_SHAPE, which names what the
 * world holds, so a world cached by an older generator (one without the other competitions) is
 * never taken for this one's, whatever else its inputs share. BENCH_CACHE sets the folder
 * (default: the system temp folder); `--fresh` rebuilds.
 */
const ROOT = path.resolve(new URL('..', import.meta.url).pathname);
const CACHE_DIR = process.env.BENCH_CACHE ?? path.join(os.tmpdir(), 'scoreline-bench-cache');
const WORLD_SHAPE = 'premier-league+champions-league+world-cup';

function hashInputs(players: number, now: string): string {
  const h = crypto.createHash('sha256').update(`${WORLD_SHAPE}|${players}|${now}`);
  const files = (dir: string) =>
    fs
      .readdirSync(path.join(ROOT, dir))
      // Tests beside the migrations do not shape the world.
      .filter((f) => (f.endsWith('.ts') && !f.endsWith('.test.ts')) || f.endsWith('.json'))
      .sort()
      .map((f) => path.join(dir, f));
  for (const f of [
    'bench/generate.ts',
    'bench/saturday.ts',
    'bench/league-rules.ts',
    ...files('src/server/db/migrations'),
    ...files('src/server/season-files/builtin'),
  ])
    h.update(f).update(fs.readFileSync(path.join(ROOT, f)));
  return h.digest('hex').slice(0, 16);
}

/** A fresh copy of the cached SQLite world at `target` (built first when missing). */
export async function sqliteWorld(
  target: string,
  opts: { players: number; now: string; fresh?: boolean },
): Promise<{ world: World; cached: boolean; ms: number }> {
  const started = performance.now();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const key = hashInputs(opts.players, opts.now);
  const file = path.join(CACHE_DIR, `world-${key}.db`);
  const meta = `${file}.json`;
  const cached = !opts.fresh && fs.existsSync(file) && fs.existsSync(meta);
  if (!cached) {
    for (const old of fs.readdirSync(CACHE_DIR))
      if (old.startsWith('world-')) fs.rmSync(path.join(CACHE_DIR, old), { force: true });
    const building = `${file}.building`;
    const handle = openDatabase(building);
    // A large page cache for the bulk load only (the server opens the copy with its own settings).
    handle.sqlite!.pragma('cache_size = -1000000');
    await migrateToLatest(handle);
    const world = await generateWorld(handle, opts);
    handle.sqlite!.pragma('wal_checkpoint(TRUNCATE)');
    await handle.close();
    for (const suffix of ['-wal', '-shm']) fs.rmSync(building + suffix, { force: true });
    fs.renameSync(building, file);
    fs.writeFileSync(meta, JSON.stringify(world));
  }
  fs.copyFileSync(file, target);
  return { world: JSON.parse(fs.readFileSync(meta, 'utf8')) as World, cached, ms: performance.now() - started };
}

/**
 * A fresh copy of the SQLite world of `npm run bench` (10,000 players, its clock) in a new temp
 * folder, with a new auth secret and ready session cookies of its first `players` players: what
 * a comparison of two builds (bench/ab.ts) starts from. Remove `dir` when done.
 */
export async function signedInSqliteWorld(
  prefix: string,
  now: string,
  players = 200,
): Promise<{ dir: string; url: string; world: World; secret: string; cookies: string[] }> {
  const secret = crypto.randomBytes(32).toString('hex');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), prefix));
  const url = path.join(dir, 'bench.db');
  const { world } = await sqliteWorld(url, { players: 10000, now });
  const handle = openDatabase(url);
  const cookies: string[] = [];
  try {
    for (const id of world.playerIds.slice(0, players))
      cookies.push(await buildSessionCookie(handle.db, 'sqlite', id, secret));
  } finally {
    await handle.close();
  }
  return { dir, url, world, secret, cookies };
}

/**
 * PostgreSQL: the world is built once into the database `world` of a server whose data folder is
 * kept in the cache (`pg-<key>`, durable settings as measured); each run starts that server and
 * measures `bench`, a fresh file copy of `world` (CREATE DATABASE … TEMPLATE), so a run never
 * sees another run's writes and costs no rebuild.
 */
export async function postgresWorld(opts: {
  players: number;
  now: string;
  fresh?: boolean;
  maxConnections?: number;
}): Promise<{
  world: World;
  cached: boolean;
  ms: number;
  url: string;
  /** The postmaster's process id (its CPU, and its children's, is the database's share of a request). */
  postmasterPid(): number;
  cleanup(): Promise<void>;
}> {
  const started = performance.now();
  fs.mkdirSync(CACHE_DIR, { recursive: true });
  const key = hashInputs(opts.players, opts.now);
  const dir = path.join(CACHE_DIR, `pg-${key}`);
  const meta = `${dir}.json`;
  const cached = !opts.fresh && fs.existsSync(meta) && fs.existsSync(path.join(dir, 'data', 'PG_VERSION'));
  if (!cached) {
    for (const old of fs.readdirSync(CACHE_DIR))
      if (old.startsWith('pg-')) fs.rmSync(path.join(CACHE_DIR, old), { recursive: true, force: true });
  }
  const server = await startPostgres({ fast: false, maxConnections: opts.maxConnections ?? 300, keepDir: dir });
  const admin = new pg.Client({ connectionString: `${server.baseUrl}/postgres` });
  await admin.connect();
  try {
    let world: World;
    if (cached) {
      world = JSON.parse(fs.readFileSync(meta, 'utf8')) as World;
    } else {
      await admin.query('CREATE DATABASE world');
      const handle = openDatabase(`${server.baseUrl}/world`);
      try {
        await migrateToLatest(handle);
        world = await generateWorld(handle, opts);
      } finally {
        await handle.close();
      }
      fs.writeFileSync(meta, JSON.stringify(world));
    }
    await admin.query('DROP DATABASE IF EXISTS bench');
    // FILE_COPY: a copy of the files and one checkpoint, not every page through the WAL.
    await admin.query('CREATE DATABASE bench TEMPLATE world STRATEGY FILE_COPY');
    // A fresh checkpoint, so the first minutes measured do not include the server writing out the copy's pages.
    await admin.query('CHECKPOINT');
    return {
      world,
      cached,
      ms: performance.now() - started,
      url: `${server.baseUrl}/bench`,
      postmasterPid: () => Number(fs.readFileSync(path.join(dir, 'data', 'postmaster.pid'), 'utf8').split('\n')[0]),
      async cleanup() {
        const c = new pg.Client({ connectionString: `${server.baseUrl}/postgres` });
        await c.connect();
        await c.query('DROP DATABASE IF EXISTS bench WITH (FORCE)');
        await c.end();
        await server.stop();
      },
    };
  } catch (err) {
    await server.stop();
    throw err;
  } finally {
    await admin.end();
  }
}
