import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

/**
 * Builds the web app once per e2e run into its own folder (unless E2E_WEB_DIR points at a build
 * already made by the test command), so parallel runs never share a half-written dist/.
 */
export default function setup() {
  if (process.env.E2E_WEB_DIR && fs.existsSync(path.join(process.env.E2E_WEB_DIR, 'index.html'))) return;
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'scoreline-web-'));
  execFileSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--outDir', out, '--emptyOutDir', '--logLevel', 'warn'],
    { stdio: 'inherit', env: { ...process.env, NODE_ENV: 'production' } },
  );
  execFileSync(process.execPath, ['--import', 'tsx', 'scripts/prerender-landing.tsx', out], { stdio: 'inherit' });
  execFileSync(process.execPath, ['scripts/compress-assets.mjs', out], { stdio: 'inherit' });
  process.env.E2E_WEB_DIR = out;
  return () => fs.rmSync(out, { recursive: true, force: true });
}
