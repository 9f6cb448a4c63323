// Bundles the server (and the shared src/game rules it imports) into ESM files.
// Packages stay external so native modules (better-sqlite3) load from node_modules.
// main.js is the server's entry point; the others are the command-line tools.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/db/migrate-cli.ts', 'src/server/cli/make-admin.ts', 'src/server/cli/backup.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
