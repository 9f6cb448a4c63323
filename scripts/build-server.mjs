// Bundles the server (and the shared src/game rules it imports) into one ESM file.
// Packages stay external so native modules (better-sqlite3) load from node_modules.
import { build } from 'esbuild';

await build({
  entryPoints: ['src/server/main.ts', 'src/server/db/migrate-cli.ts', 'src/server/cli/make-admin.ts', 'src/server/cli/backup.ts'],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
