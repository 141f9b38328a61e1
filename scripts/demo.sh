#!/usr/bin/env bash
# The quick-start demo: installs what is missing, then gates a real change of the bundled
# example (compose/) — base vs a head that makes every endpoint 25% slower — and prints
# the verdict table and where the report was written.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
bash "$ROOT/scripts/bootstrap.sh" >/tmp/loadgate-bootstrap.log 2>&1 || { cat /tmp/loadgate-bootstrap.log; exit 1; }
export PATH="${LOADGATE_CACHE:-$HOME/.cache/loadgate}/bin:/usr/local/go/bin:$PATH"

DEMO="${LOADGATE_DEMO_DIR:-$(mktemp -d /tmp/loadgate-demo.XXXXXX)}"
REPO="$DEMO/repo"
rm -rf "$REPO" && mkdir -p "$REPO"
cp -r "$ROOT/compose" "$REPO/compose"
rm -rf "$REPO"/compose/*/bin "$REPO/compose/.env"
cd "$REPO"
git init -q -b main
git add -A && git commit -qm "Example service"
printf 'LATENCY_PERCENT=25\n' > compose/.env
git add -A && git commit -qm "Make every endpoint 25% slower"

echo "Comparing $(git rev-parse --short HEAD~1) (base) with $(git rev-parse --short HEAD) (head) in $REPO"
set +e
node "$ROOT/dist/cli.js" compare --base HEAD~1 \
  --compose-file compose/compose.yaml --service api --port 8080 \
  --k6-script compose/k6/api.js --prepare "bash compose/prepare.sh" \
  --k6-env "$(printf 'DURATION=3s\nRATE=200')" --warmup 2s --min-rounds 10 --max-rounds 20 \
  --work-dir "$DEMO/results"
status=$?
set -e
echo
echo "Exit code $status (1 = blocked: the head regressed). Everything measured is in $DEMO/results."
