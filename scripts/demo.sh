#!/usr/bin/env bash
# The quick-start demo: installs what it needs and is missing (scripts/bootstrap.sh demo), then
# gates a real change of the bundled example (compose/) — base vs a head that makes every
# endpoint 25% slower — and prints the verdict table and where the report was written.
# It says up front how long it will take, then one line per step with its time.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
# Building both arms and measuring them: 10 rounds of 3-s trials and the profiling pair took 170 s
# on a busy 2-core machine with the Go build cache warm.
COMPARE_SECONDS=170
started=$(date +%s)

echo "loadgate demo: gates a change of the example service in compose/ that makes every endpoint 25% slower"
read -r install_seconds missing <<<"$(bash "$ROOT/scripts/bootstrap.sh" demo --plan)"
total=$((install_seconds + COMPARE_SECONDS))
if [ -n "${missing:-}" ]; then
  echo "It takes about $(( (total + 59) / 60 )) min: ${install_seconds}s to install ${missing}, then about ${COMPARE_SECONDS}s to build and measure."
else
  echo "It takes about $(( (total + 59) / 60 )) min: everything it needs is installed; about ${COMPARE_SECONDS}s to build and measure."
fi

bash "$ROOT/scripts/bootstrap.sh" demo
export PATH="${LOADGATE_CACHE:-$HOME/.cache/loadgate}/bin:$PATH:/usr/local/go/bin"

DEMO="${LOADGATE_DEMO_DIR:-$(mktemp -d /tmp/loadgate-demo.XXXXXX)}"
REPO="$DEMO/repo"
rm -rf "$REPO" && mkdir -p "$REPO"
cp -r "$ROOT/compose" "$REPO/compose"
rm -rf "$REPO"/compose/*/bin "$REPO/compose/.env"
cd "$REPO"
git init -q -b main
# The repository's own identity: the demo changes no global git setting.
git config user.name "loadgate demo" && git config user.email "demo@loadgate.invalid"
git add -A && git commit -qm "Example service"
printf 'LATENCY_PERCENT=25\n' > compose/.env
git add -A && git commit -qm "Make every endpoint 25% slower"

echo "[demo] comparing $(git rev-parse --short HEAD~1) (base) with $(git rev-parse --short HEAD) (head) in $REPO"
compare_started=$(date +%s)
set +e
node "$ROOT/dist/cli.js" compare --base HEAD~1 \
  --compose-file compose/compose.yaml --service api --port 8080 \
  --k6-script compose/k6/api.js --prepare "bash compose/prepare.sh" \
  --k6-env "$(printf 'DURATION=3s\nRATE=200')" --warmup 2s --min-rounds 10 --max-rounds 20 \
  --work-dir "$DEMO/results"
status=$?
set -e
now=$(date +%s)
echo
echo "[demo] compared in $((now - compare_started))s; $((now - started))s in all"
echo "Exit code $status (1 = blocked: the head regressed). Everything measured is in $DEMO/results."
