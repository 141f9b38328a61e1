#!/usr/bin/env bash
# What the JVM defaults assume (warmup auto: 60 s on every new instance; pause-idle-arm auto: the
# idle arm left running), measured on the JVM reference service (jvm/): A/A compares at every
# default, then from the work directories they keep
#   - the warm-up trajectory, second by second: each 1-s window's median latency of each 60-s
#     warm-up and the first measured trial after it, against that instance's measured trial;
#   - the drift within measured trials (each endpoint's p50 over a trial's second half against its first);
#   - the order effect (CPU per request of the arm measured second in a round against the first).
# Long (some 10-25 minutes a run): run it on a quiet machine, nothing else running.
#   bash bench/detection/jvm-defaults.sh [runs=6] [work root, default a new temporary directory]
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/../.."
runs="${1:-6}"
root="${2:-$(mktemp -d "${TMPDIR:-/tmp}/loadgate-jvm-defaults-XXXXXX")}"
mkdir -p "$root"
echo "work dirs kept in $root"
SERVICE=jvm WORK_ROOT="$root" node --import tsx bench/detection/jit-aa.ts "$runs"
echo
echo "Warm-up trajectories, 1-s windows (median latency against the instance's measured trial):"
node --import tsx bench/detection/warmup-trajectories.ts "$root"/run*/jvm
