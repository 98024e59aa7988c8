#!/usr/bin/env bash
# `npm test`: everything — types, lint, unit, integration on PGlite and PostgreSQL, build, E2E.
# Runs every suite even after a failure, then prints one plain summary line
# "N passed, N failed" (test cases of all suites plus one per check step) and exits non-zero
# on any failure. Installs/starts what it needs: Chromium (Debian package) and PostgreSQL.
set -uo pipefail
cd "$(dirname "$0")/.."
mkdir -p test-results
rm -f test-results/*.json
passed=0
failed=0
failures=()

timings=()
step_name=""
step_start=$SECONDS
step_done() { # records how long the current step took (docs/BENCHMARKS.md, "Test suite time")
  if [ -n "$step_name" ]; then timings+=("$step_name: $((SECONDS - step_start)) s"); fi
  step_name=""
}
step() { step_done; echo; echo "=== $1 ==="; step_name=$1; step_start=$SECONDS; }
count_vitest() { # name, json file, exit code
  local name=$1 file=$2 code=$3 p f
  if [ -f "$file" ]; then
    read -r p f < <(node -e 'const r=require(require("path").resolve(process.argv[1]));console.log(r.numPassedTests+" "+(r.numFailedTests+(r.numTotalTests===0?1:0)))' "$file")
  else p=0; f=1; fi
  p=${p:-0}; f=${f:-1}
  # A crashed run (exit code without failed tests, e.g. a file that could not load) still fails.
  if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
  passed=$((passed + p)); failed=$((failed + f))
  [ "$f" -gt 0 ] && failures+=("$name")
  echo "$name: $p passed, $f failed"
}

check_in_background() { # name, command...: a check whose output goes to test-results/<name>.log
  local name=$1; shift
  rm -f "test-results/$name.status"
  (
    local start=$SECONDS
    "$@" >"test-results/$name.log" 2>&1
    echo "$? $((SECONDS - start))" >"test-results/$name.status"
  ) &
}
collect_check() { # name: prints the check's output and counts it (after `wait`)
  local name=$1 code secs
  echo "--- $name ---"
  cat "test-results/$name.log"
  read -r code secs <"test-results/$name.status" || { code=1; secs=0; }
  timings+=("$name (side by side): $secs s")
  if [ "$code" -eq 0 ]; then passed=$((passed + 1)); else failed=$((failed + 1)); failures+=("$name"); fi
}

# Typecheck, lint and build side by side: each is mostly one CPU core, and none reads what another
# writes (the route types are generated first; build/ is ignored by ESLint and Prettier). The
# integration tests do not need the build; http, race and E2E after them do.
step "typecheck, lint and build (side by side)"
npx react-router typegen >test-results/typegen.log 2>&1
typegen_code=$?
typecheck() { cat test-results/typegen.log && [ "$typegen_code" -eq 0 ] && npx tsc; }
check_in_background "typecheck" typecheck
check_in_background "lint" npm run -s lint
check_in_background "build" npm run -s build
wait
collect_check "typecheck"
collect_check "lint"
collect_check "build"

step "unit tests"
npx vitest run --project unit --reporter=default --reporter=json --outputFile=test-results/unit.json
count_vitest "unit" test-results/unit.json $?

step "integration tests (PGlite)"
env -u TEST_DATABASE_URL npx vitest run --project integration --reporter=default --reporter=json --outputFile=test-results/integration-pglite.json
count_vitest "integration (PGlite)" test-results/integration-pglite.json $?

step "integration tests (PostgreSQL)"
if PG_URL=$(bash scripts/ensure-postgres.sh); then
  TEST_DATABASE_URL="$PG_URL" npx vitest run --project integration --reporter=default --reporter=json --outputFile=test-results/integration-postgres.json
  count_vitest "integration (PostgreSQL)" test-results/integration-postgres.json $?
elif [ "${CI:-}" = "true" ]; then
  echo "PostgreSQL could not be started; CI requires it."
  failed=$((failed + 1)); failures+=("integration (PostgreSQL): no server")
else
  echo "PostgreSQL could not be started here; skipping the PostgreSQL run (CI always runs it)."
fi

step "production build and process: hostile requests, compression, JS budgets (PostgreSQL)"
if [ -n "${PG_URL:-}" ]; then
  TEST_DATABASE_URL="$PG_URL" npx vitest run --project http --reporter=default --reporter=json --outputFile=test-results/http.json
  count_vitest "http" test-results/http.json $?
elif [ "${CI:-}" = "true" ]; then
  failed=$((failed + 1)); failures+=("http: no PostgreSQL")
else
  echo "PostgreSQL not available here; skipping the production-process tests (CI always runs them)."
fi

step "PostgreSQL-only tests (booking race with two app processes, connection loss)"
if [ -n "${PG_URL:-}" ]; then
  TEST_DATABASE_URL="$PG_URL" npx vitest run --project race --reporter=default --reporter=json --outputFile=test-results/race.json
  count_vitest "race" test-results/race.json $?
elif [ "${CI:-}" = "true" ]; then
  failed=$((failed + 1)); failures+=("race: no PostgreSQL")
else
  echo "PostgreSQL not available here; skipping the race test (CI always runs it)."
fi

step "end-to-end tests (Chromium)"
if [ ! -x /usr/bin/chromium ] && [ -z "${CHROMIUM_PATH:-}" ]; then
  echo "Installing Debian's chromium..."
  (apt-get update -qq && apt-get install -y -qq chromium) >/dev/null 2>&1 || echo "Could not install chromium"
fi
# The journeys' server runs on a fresh PostgreSQL database when there is one (decision 042);
# the journeys that start their own server keep the embedded PGlite of `npm start`.
E2E_DATABASE_URL="${PG_URL:-}" CI=true npx playwright test
code=$?
if [ -f test-results/e2e.json ]; then
  read -r p f < <(node -e 'const s=require(require("path").resolve(process.argv[1])).stats;console.log(s.expected+" "+(s.unexpected+s.flaky+((s.expected+s.unexpected)===0?1:0)))' test-results/e2e.json)
else p=0; f=1; fi
p=${p:-0}; f=${f:-1}
if [ "$code" -ne 0 ] && [ "$f" -eq 0 ]; then f=1; fi
passed=$((passed + p)); failed=$((failed + f))
[ "$f" -gt 0 ] && failures+=("e2e")
echo "e2e: $p passed, $f failed"

step_done
echo
echo "Step times (total $SECONDS s):"
printf '  %s\n' "${timings[@]}" | tee test-results/step-times.txt
if [ ${#failures[@]} -gt 0 ]; then echo "Failed: ${failures[*]}"; fi
echo "$passed passed, $failed failed"
[ "$failed" -eq 0 ]
