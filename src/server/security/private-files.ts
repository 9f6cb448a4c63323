import fs from 'node:fs';

/**
 * Data files readable only by the server's own user: the database, its WAL and shared-memory
 * files, backups and the generated auth secret hold password hashes, sessions and tokens.
 */
export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIR_MODE = 0o700;

/** Creates a folder (and missing parents) as 0700. A folder that already exists is left as the operator made it. */
export function makePrivateDir(dir: string): void {
  if (fs.existsSync(dir)) return;
  fs.mkdirSync(dir, { recursive: true, mode: PRIVATE_DIR_MODE });
  // The umask can only remove bits, but say it explicitly for the folder we were asked for.
  fs.chmodSync(dir, PRIVATE_DIR_MODE);
}

/** Makes an existing file 0600 (files written by older versions were 0644). A missing file is fine. */
export function tightenFile(file: string): void {
  try {
    if ((fs.statSync(file).mode & 0o077) !== 0) fs.chmodSync(file, PRIVATE_FILE_MODE);
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'ENOENT') throw err;
  }
}

/** Creates an empty file as 0600 unless it exists, so a library that opens it later inherits the mode. */
export function createPrivateFile(file: string): void {
  fs.closeSync(fs.openSync(file, 'a', PRIVATE_FILE_MODE));
  tightenFile(file);
}

export function writePrivateFile(file: string, content: string): void {
  fs.writeFileSync(file, content, { mode: PRIVATE_FILE_MODE });
  tightenFile(file);
}
