// Bundles the server (and the shared src/game rules it imports) into ESM files.
// Packages stay external so native modules (better-sqlite3) load from node_modules.
// main.js is the server's entry point; the others are the command-line tools. Season files are
// read on a worker thread (decision 0052): its entry is built beside main.js as
// season-parse-worker.js, where season-files/parse-off-thread.ts looks for it.
import { cpSync } from 'node:fs';
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/db/migrate-cli.ts',
    'src/server/cli/make-admin.ts',
    'src/server/cli/backup.ts',
    { in: 'src/server/season-files/parse-worker.ts', out: 'season-parse-worker' },
  ],
  outdir: 'dist/server',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node24',
  packages: 'external',
  sourcemap: true,
  logLevel: 'warning',
});
// The share pictures' fonts (decision 0112): share-images/render.ts finds them in ./fonts beside
// its module, which the bundle places in dist/server.
cpSync('src/server/features/share-images/fonts', 'dist/server/fonts', { recursive: true });
