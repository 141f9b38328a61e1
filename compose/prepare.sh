#!/usr/bin/env bash
# Compiles the example's static binaries, which the FROM-scratch Dockerfiles copy.
# Run from the repository root: bash compose/prepare.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export PATH="$PATH:/usr/local/go/bin"
export CGO_ENABLED=0 GOFLAGS=-trimpath GOTOOLCHAIN=local
for service in api store; do
  go build -ldflags='-s -w' -o "$service/bin/$service" "./$service"
done
