#!/usr/bin/env bash
# Installs the npm packages exactly as locked, unless node_modules already matches the lock file.
# npm itself runs on the project's Node (the `node` dependency, fetched by npx on a fresh clone),
# so packages' engines are checked against the Node that will run them, not the machine's older
# one (docs/decisions/0038-node-24-from-npm.md).
set -euo pipefail
cd "$(dirname "$0")/.."
marker=node_modules/.scoreline-installed-lock
if cmp -s package-lock.json "$marker" 2>/dev/null; then exit 0; fi
version=$(node -p "require('./package.json').dependencies.node")
npx --yes --package "node@$version" -- npm ci --no-audit --no-fund
cp package-lock.json "$marker"
