#!/usr/bin/env bash
# Compiles the example's static binaries, which the FROM-scratch Dockerfiles copy.
# Run from the repository root: bash compose/prepare.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export PATH="$PATH:/usr/local/go/bin"
# Not stripped (no -ldflags=-s): a blocked run's CPU profile names functions from the symbol table.
export CGO_ENABLED=0 GOFLAGS=-trimpath GOTOOLCHAIN=local
for service in api store; do
  go build -o "$service/bin/$service" "./$service"
done
