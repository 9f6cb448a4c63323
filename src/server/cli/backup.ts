import path from 'node:path';
import { loadConfig } from '../config.js';
import { writeSqliteBackup } from '../db/backup.js';
import { isPostgresUrl, openDatabase } from '../db/index.js';

// `npm run backup -- [file]`: a consistent online backup of the SQLite database, safe while the
// server is writing (SQLite's backup API copies a snapshot page by page).
try {
  const config = loadConfig(process.env);
  if (isPostgresUrl(config.DATABASE_URL)) {
    console.error('On PostgreSQL use pg_dump; this command backs up the embedded SQLite database.');
    process.exit(2);
  }
  const stamp = new Date().toISOString().replace(/[:.]/g, '-');
  const target = process.argv[2] ?? path.join(path.dirname(config.DATABASE_URL), `backup-${stamp}.db`);
  const handle = openDatabase(config.DATABASE_URL);
  await writeSqliteBackup(handle, target);
  await handle.close();
  console.log(`Backup written to ${target}`);
} catch (err) {
  console.error(err instanceof Error ? err.message : err);
  process.exit(1);
}
