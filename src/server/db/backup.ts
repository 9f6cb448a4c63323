import type { DatabaseHandle } from './index.js';
export async function writeSqliteBackup(handle: DatabaseHandle, target: string): Promise<void> {
  await handle.sqlite!.backup(target);
}
