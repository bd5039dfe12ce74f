#!/usr/bin/env bash
# `npm test`: every test. Type checking, lint, unit tests, API integration tests against PGlite and against
# PostgreSQL (a database made per test file on the local server; required when CI=true), then the browser
# tests in Debian's Chromium. Ends with one line 'N passed, N failed' summing every layer.
set -uo pipefail
cd "$(dirname "$0")/.."
ROOT=$(pwd)
export NODE_OPTIONS="${NODE_OPTIONS:-} --disable-warning=ExperimentalWarning"
REPORTS="$ROOT/node_modules/.cache/test-reports"
started=$(date +%s)
status=0

step() { echo; echo "=== $1 ($(( $(date +%s) - started ))s)"; }

if [ ! -f node_modules/.package-lock.json ] || [ package-lock.json -nt node_modules/.package-lock.json ]; then
  step "install (npm ci)"
  npm ci --no-audit --no-fund || exit 1
fi
mkdir -p "$REPORTS"; rm -f "$REPORTS"/*.json

# The type check (single-threaded, the longest of the three) runs beside lint and the web build; its output is
# printed when it ends.
step "type check, beside lint and the web client build"
npx tsc -b packages/contracts apps/server apps/web e2e > "$REPORTS/tsc.log" 2>&1 &
tsc_pid=$!

step "lint (ESLint, and Prettier decides layout)"
npx eslint --max-warnings 0 . || status=1
npx prettier --check "**/*.{ts,tsx,js,mjs,cjs}" > /dev/null || { npx prettier --list-different "**/*.{ts,tsx,js,mjs,cjs}"; status=1; }

# Built before the unit tests: scripts/web-bundle-budget.test.ts measures this build's first download (it skips,
# saying so, when there is no build), and the browser tests below run against it.
step "web client build"
npm run build -w apps/web >/dev/null || status=1

step "type check result"
if wait "$tsc_pid"; then echo "type check: no errors"; else status=1; fi
cat "$REPORTS/tsc.log"

# The PGlite and PostgreSQL runs of the server tests share one Vitest invocation (projects `server` and
# `server-postgres`, vitest.config.ts) with three workers on two cores: a PostgreSQL test waits on the database's
# own processes part of the time, and a PGlite test fills it. Run apart, the two phases took 917-994 s together in
# fresh-clone CI runs; run together, 822 s. Their files share worker processes (isolate: false): the server's modules
# are imported once per worker, not once per file (1,022 s isolated, 645 s shared; docs/performance.md).
# The tests' peers from Debian: the Prometheus project's parser, which reads back GET /metrics (metrics.test.ts).
bash scripts/ensure-debian-packages.sh python3-prometheus-client || status=1
PG_URL="${TEST_DATABASE_URL:-postgres://postgres@127.0.0.1:5432/postgres}"
if node -e "const s=require('net').connect({host:new URL(process.argv[1]).hostname,port:+new URL(process.argv[1]).port||5432},()=>{s.end();process.exit(0)});s.on('error',()=>process.exit(1))" "$PG_URL"; then
  step "unit and API tests (PGlite and PostgreSQL)"
  TEST_BOTH_DATABASES=1 TEST_DATABASE_URL="$PG_URL" npx vitest run --maxWorkers="${VITEST_WORKERS:-3}" --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest.json" || status=1
else
  if [ "${CI:-}" = "true" ]; then
    echo "PostgreSQL is not reachable at $PG_URL and CI=true: the PostgreSQL run is required."; status=1
  else
    echo "PostgreSQL is not reachable at $PG_URL: the PostgreSQL run is skipped outside CI (set TEST_DATABASE_URL)."
  fi
  step "unit and API tests (PGlite)"
  npx vitest run --reporter=default --reporter=json --outputFile.json="$REPORTS/vitest-pglite.json" || status=1
fi

step "browser tests (Playwright, Debian Chromium)"
bash scripts/ensure-chromium.sh || status=1
(cd e2e && npx playwright test) || status=1
cp e2e/.tmp/results.json "$REPORTS/playwright.json" 2>/dev/null || true

# One failover on a loopback cluster (pg_auto_failover, HAProxy, PgBouncer, two API processes: scripts/cluster/):
# 50 scanners through HAProxy, the primary killed, nothing acknowledged lost, the ledger clean on the new primary,
# the old primary back as the standby. Bounded to 3 minutes; the script stops the cluster however it ends. It is
# skipped (exit 77, the reason printed) only where the Debian packages cannot be installed.
step "failover (pg_auto_failover cluster on loopback, bounded to 3 minutes)"
timeout -k 30 180 bash scripts/cluster/failover.sh 1
failover_status=$?
# Counted in the summary line as one test (a report in the shape of Playwright's stats).
if [ $failover_status -eq 77 ]; then
  echo "failover: skipped (the Debian packages cannot be installed here; see above)"
  echo '{"stats":{"expected":0,"unexpected":0,"skipped":1}}' > "$REPORTS/failover.json"
elif [ $failover_status -ne 0 ]; then
  [ $failover_status -eq 124 ] && echo "failover: did not finish within 3 minutes"
  echo "failover: FAILED"
  echo '{"stats":{"expected":0,"unexpected":1,"skipped":0}}' > "$REPORTS/failover.json"
  status=1
else
  echo "failover: passed"
  echo '{"stats":{"expected":1,"unexpected":0,"skipped":0}}' > "$REPORTS/failover.json"
fi

step "summary"
node scripts/test-summary.mjs "$REPORTS" || status=1
echo "total time: $(( $(date +%s) - started ))s"
exit $status
