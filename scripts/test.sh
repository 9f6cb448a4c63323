#!/usr/bin/env bash
# `npm test`: installs what the tests need, then lint, typecheck, build and every test suite
# (unit, API on SQLite and PostgreSQL, end to end in headless Chromium).
set -euo pipefail
cd "$(dirname "$0")/.."

# Debian packages: Chromium for the browser tests, PostgreSQL for the API tests on PostgreSQL.
need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
if [ ${#need[@]} -gt 0 ]; then
  if [ "$(id -u)" -eq 0 ]; then
    echo "Installing Debian packages: ${need[*]}"
    apt-get update -qq
    DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "${need[@]}" >/dev/null
  else
    echo "Missing Debian packages (${need[*]}); install them with: sudo apt-get install ${need[*]}" >&2
    exit 1
  fi
fi

# npm packages, exactly as locked (skipped when node_modules already matches the lock file).
bash scripts/install.sh

echo "== node $(node -v) (npm $(npm -v))"
# Lint and typecheck each keep one core busy: side by side they take the time of the longer one.
echo "== lint and typecheck"
npm run --silent lint & lint=$!
npm run --silent typecheck & types=$!
checks=0
wait "$lint" || checks=1
wait "$types" || checks=1
[ "$checks" -eq 0 ] || { echo "lint or typecheck failed" >&2; exit 1; }
echo "== build"; npm run --silent build
export E2E_WEB_DIR="$PWD/dist/web" E2E_USE_BUILD=1

echo "== tests"
report="$(mktemp)"
set +e
npx vitest run --reporter=default --reporter=json --outputFile.json="$report" "$@"
status=$?
set -e
node -e '
  const r = JSON.parse(require("fs").readFileSync(process.argv[1], "utf8"));
  const skipped = (r.numPendingTests || 0) + (r.numTodoTests || 0);
  console.log(`${r.numPassedTests} passed, ${r.numFailedTests} failed` + (skipped ? `, ${skipped} skipped` : ""));
' "$report" || echo "0 passed, 1 failed"
rm -f "$report"
exit $status
