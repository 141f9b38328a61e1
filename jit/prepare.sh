#!/usr/bin/env bash
# Assembles the JIT service's image root in api/bin/: this machine's node binary, the shared
# libraries it loads (as ldd lists them) and an empty /tmp for its perf map. The FROM-scratch
# Dockerfile copies it whole: no image is pulled. Run from the repository root: bash jit/prepare.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/api"
node=$(command -v node) || { echo "jit/prepare.sh: node not found on PATH" >&2; exit 1; }
node=$(readlink -f "$node")
rm -rf bin
mkdir -p bin/usr/bin bin/tmp bin/app
chmod 1777 bin/tmp
cp "$node" bin/usr/bin/node
# `libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)` and the loader's own `/lib64/ld-linux-x86-64.so.2 (0x…)`.
ldd "$node" | grep -oE '/[^ ]+\.so[^ ]*' | sort -u | while read -r lib; do
  mkdir -p "bin$(dirname "$lib")"
  cp -L "$lib" "bin$lib"
done
cp server.js bin/app/server.js
