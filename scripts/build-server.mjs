// Bundles the server (and the shared src/game rules it imports) into ESM files.
// Packages stay external so native modules (better-sqlite3) load from node_modules.
// main.js is the entry: it prepares the runtime, then imports serve.js, the server itself, which
// stays a file of its own so that nothing it loads runs before that preparation (decision 0037).
// Season files are read on a worker thread (decision 0052): its entry is built beside serve.js as
// season-parse-worker.js, where season-files/parse-off-thread.ts looks for it.
import { build } from 'esbuild';

await build({
  entryPoints: [
    'src/server/main.ts',
    'src/server/serve.ts',
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
  plugins: [
    {
      name: 'serve-stays-apart',
      setup(b) {
        b.onResolve({ filter: /^\.\/serve\.js$/ }, (args) => (args.importer.endsWith('main.ts') ? { path: './serve.js', external: true } : undefined));
      },
    },
  ],
});
