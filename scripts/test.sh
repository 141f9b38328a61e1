#!/usr/bin/env bash
# The test command: every __tests__/**/*.test.ts with node's test runner.
# Runs files one at a time (end-to-end tests share one Docker engine and two cores)
# and fails when no test ran.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
# The tests need Docker, Compose, k6, act and Chromium: install what is missing (seconds when cached).
[ -n "${LOADGATE_SKIP_BOOTSTRAP:-}" ] || bash scripts/bootstrap.sh
export PATH="${LOADGATE_CACHE:-$HOME/.cache/loadgate}/bin:$PATH"
mapfile -t files < <(find __tests__ -name '*.test.ts' | sort | grep -E "${LOADGATE_TEST_FILTER:-.}")
if [ "${#files[@]}" = 0 ]; then echo "no test files found" >&2; exit 1; fi
mkdir -p test-output
set +e
node --import tsx --test --test-concurrency=1 --test-reporter=spec --test-reporter-destination=stdout \
  --test-reporter=tap --test-reporter-destination=test-output/results.tap "${files[@]}"
status=$?
set -e
tests=$(grep -E '^# tests [0-9]+' test-output/results.tap | awk '{print $3}' | tail -1)
pass=$(grep -E '^# pass [0-9]+' test-output/results.tap | awk '{print $3}' | tail -1)
failed=$(grep -E '^# fail [0-9]+' test-output/results.tap | awk '{print $3}' | tail -1)
echo "${pass:-0} passed, ${failed:-0} failed"
if [ "${tests:-0}" = 0 ]; then echo "no test ran" >&2; exit 1; fi
exit $status
