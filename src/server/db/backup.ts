import { createPrivateFile, tightenFile } from '../security/private-files.js';
import type { DatabaseHandle } from './index.js';

/** A consistent online copy of the SQLite database (safe while the server writes), private like the original. */
export async function writeSqliteBackup(handle: DatabaseHandle, target: string): Promise<void> {
  if (!handle.sqlite) throw new Error('Backups copy the embedded SQLite database; on PostgreSQL use pg_dump.');
  createPrivateFile(target);
  await handle.sqlite.backup(target);
  tightenFile(target);
}
