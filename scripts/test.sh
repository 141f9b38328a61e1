#!/usr/bin/env bash
# The test command: every __tests__/**/*.test.ts with node's test runner; fails when no test ran.
# Files that start processes (Docker, Compose, k6, act, Chromium, perf, the CLI) run one at a
# time: they share one engine and two cores, and a measurement beside another is not one. The
# rest (pure logic, temp git repos, the linters) run four at a time first: most of their time is
# waiting (the API double, Octokit's one second between writes), not the two cores.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# The tests need Docker, Compose, k6, act and Chromium: install what is missing (seconds when cached).
[ -n "${LOADGATE_SKIP_BOOTSTRAP:-}" ] || bash scripts/bootstrap.sh
export PATH="${LOADGATE_CACHE:-$HOME/.cache/loadgate}/bin:$PATH"
mapfile -t files < <(find __tests__ -name '*.test.ts' | sort | grep -E "${LOADGATE_TEST_FILTER:-.}")
if [ "${#files[@]}" = 0 ]; then echo "no test files found" >&2; exit 1; fi
starts_processes='testkit/(docker|example-repo|act|measure-child|k6-segments|chromium|screenshot|dashboard-page)|dist/cli\.js|docker|\bperf\b|spawn|execFile|k6'
# A file that starts only tools that measure nothing (the linters) says `// test-group: light`.
serial=() light=()
for file in "${files[@]}"; do
  if grep -qE "$starts_processes" "$file" && ! grep -q '^// test-group: light' "$file"; then serial+=("$file"); else light+=("$file"); fi
done
mkdir -p test-output
rm -f test-output/results*.tap
run() { # <concurrency> <tap file> <files...>
  local concurrency=$1 tap=$2
  shift 2
  [ "$#" -gt 0 ] || return 0
  node --import tsx --test --test-concurrency="$concurrency" --test-reporter=spec --test-reporter-destination=stdout \
    --test-reporter=tap --test-reporter-destination="$tap" "$@"
}
set +e
run 4 test-output/results-light.tap "${light[@]}"
light_status=$?
run 1 test-output/results.tap "${serial[@]}"
serial_status=$?
set -e
count() { cat test-output/results*.tap | grep -E "^# $1 [0-9]+" | awk '{s += $3} END {print s + 0}'; }
tests=$(count tests)
echo "$(count pass) passed, $(count fail) failed"
if [ "$tests" = 0 ]; then echo "no test ran" >&2; exit 1; fi
[ "$light_status" = 0 ] && [ "$serial_status" = 0 ]
