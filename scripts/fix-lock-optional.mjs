// The npm registry reachable here lacks some platform-specific optional packages (e.g. tailwind's
// macOS/Windows binaries), so `npm install` leaves them out of package-lock.json and `npm ci`
// then calls the lock out of sync. This adds lock entries for them with their os/cpu, which npm
// skips on other platforms without fetching. Run after changing dependencies.
import fs from 'node:fs';

const PLATFORMS = {
  'android-arm64': { os: ['android'], cpu: ['arm64'] },
  'darwin-arm64': { os: ['darwin'], cpu: ['arm64'] },
  'darwin-x64': { os: ['darwin'], cpu: ['x64'] },
  'freebsd-x64': { os: ['freebsd'], cpu: ['x64'] },
  'linux-arm-gnueabihf': { os: ['linux'], cpu: ['arm'] },
  'linux-arm64-gnu': { os: ['linux'], cpu: ['arm64'] },
  'linux-arm64-musl': { os: ['linux'], cpu: ['arm64'] },
  'linux-x64-gnu': { os: ['linux'], cpu: ['x64'] },
  'linux-x64-musl': { os: ['linux'], cpu: ['x64'] },
  'wasm32-wasi': { cpu: ['wasm32'] },
  'win32-arm64-msvc': { os: ['win32'], cpu: ['arm64'] },
  'win32-x64-msvc': { os: ['win32'], cpu: ['x64'] },
};

const lock = JSON.parse(fs.readFileSync('package-lock.json', 'utf8'));
let added = 0;
for (const [key, pkg] of Object.entries(lock.packages)) {
  for (const [dep, version] of Object.entries(pkg.optionalDependencies ?? {})) {
    const base = key.startsWith('node_modules/') ? `${key}/node_modules/${dep}` : `node_modules/${dep}`;
    const hoisted = `node_modules/${dep}`;
    if (lock.packages[base] || lock.packages[hoisted]) continue;
    const suffix = Object.keys(PLATFORMS).find((p) => dep.endsWith(`-${p}`));
    if (!suffix) {
      console.warn(`left alone: ${dep}@${version} (not a recognised platform package)`);
      continue;
    }
    lock.packages[hoisted] = { version, dev: pkg.dev, optional: true, ...PLATFORMS[suffix] };
    added++;
  }
}
fs.writeFileSync('package-lock.json', `${JSON.stringify(lock, null, 2)}\n`);
console.log(`Added ${added} optional platform entries`);
