#!/usr/bin/env bash
# Runs every test: lint and format, types, unit and API tests on the embedded PostgreSQL, the API
# tests again on a real PostgreSQL server, then browser tests in Chromium against the built app.
# One throwaway MariaDB server serves the Open Dental sync's tests (TEST_MARIADB_URL).
set -uo pipefail
cd "$(dirname "$0")/.."

need=()
[ -x /usr/bin/chromium ] || need+=(chromium)
ls /usr/lib/postgresql/*/bin/initdb >/dev/null 2>&1 || need+=(postgresql)
command -v pdftotext >/dev/null || need+=(poppler-utils)
{ command -v mariadbd || [ -x /usr/sbin/mariadbd ]; } >/dev/null 2>&1 || need+=(mariadb-server)
if [ ${#need[@]} -gt 0 ]; then
  echo "The tests need ${need[*]}. Install with:"
  echo "  sudo apt-get update && sudo apt-get install -y ${need[*]}"
  exit 1
fi

passed=0 failed=0
step() {
  local name=$1; shift
  echo; echo "=== $name"
  if "$@"; then passed=$((passed + 1)); else failed=$((failed + 1)); echo "FAILED: $name"; fi
}

pg_dir=$(mktemp -d /tmp/fat-pg.XXXXXX)
pg_port=$((55000 + RANDOM % 1000))
maria_dir=$(mktemp -d /tmp/fat-mariadb.XXXXXX)
maria_port=$((34000 + RANDOM % 1000))
cleanup() { scripts/pg-cluster.sh stop "$pg_dir"; scripts/mariadb.sh stop "$maria_dir"; }
trap cleanup EXIT
if TEST_MARIADB_URL=$(scripts/mariadb.sh start "$maria_dir" "$maria_port"); then
  export TEST_MARIADB_URL
else
  # The tests that need it then start their own, and say what to install when they cannot.
  echo "FAILED: could not start MariaDB (see $maria_dir/server.log)"; failed=$((failed + 1))
  unset TEST_MARIADB_URL
fi

step "lint and format (biome)" npx biome check .
step "types (tsc)" npx tsc --noEmit -p tsconfig.json
step "unit and API tests (embedded PostgreSQL)" npx vitest run
if pg_url=$(scripts/pg-cluster.sh start "$pg_dir" "$pg_port"); then
  step "API tests (PostgreSQL server)" env TEST_DATABASE_URL="$pg_url" npx vitest run --project server api.test
else
  echo "FAILED: could not start PostgreSQL (see $pg_dir/initdb.log)"; failed=$((failed + 1))
fi
step "web build" npx vite build --config web/vite.config.ts --logLevel warn
step "browser tests (Chromium)" npx playwright test

echo
echo "test steps: $passed passed, $failed failed"
[ "$failed" -eq 0 ]
