// Builds better-sqlite3 for the Node that runs Scoreline (Node 24 from the `node` package in
// node_modules/.bin, which npm puts first on PATH for every script, this one included).
// Its own install script is not allowed (package.json allowScripts): it would build against the
// headers npm is configured with (here the machine's Node 20, nodedir=/usr), giving a binary Node
// 24 refuses to load. This builds it once, against the headers that ship with the `node`
// package, and does nothing when the binary already loads. docs/decisions/0038-node-24-from-npm.md
import { execFileSync } from 'node:child_process';
import { createRequire } from 'node:module';
import path from 'node:path';

const require = createRequire(import.meta.url);

// Checked in a child process: a process keeps a native module that failed to load in its cache.
function loads() {
  try {
    execFileSync(process.execPath, ['-e', "new (require('better-sqlite3'))(':memory:').close()"], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
}

if (loads()) process.exit(0);

// The `node` package installs the binary and headers as node-<platform>-<arch> beside itself.
const nodePackage = path.dirname(require.resolve('node/package.json'));
const headers = path.dirname(
  createRequire(path.join(nodePackage, 'package.json')).resolve(`node-${process.platform}-${process.arch}/package.json`),
);
const nodeGyp = process.env.npm_config_node_gyp;
if (!nodeGyp) throw new Error('build-native: run through npm (npm install, npm ci or npm run build-native)');

console.log(`build-native: building better-sqlite3 for Node ${process.version} against ${headers}`);
// node-gyp reads npm_config_nodedir in preference to --nodedir, so the override goes there.
execFileSync(process.execPath, [nodeGyp, 'rebuild', '--release'], {
  cwd: path.dirname(require.resolve('better-sqlite3/package.json')),
  env: { ...process.env, npm_config_nodedir: headers },
  stdio: 'inherit',
});
if (!loads()) throw new Error(`build-native: better-sqlite3 still does not load in Node ${process.version}`);
