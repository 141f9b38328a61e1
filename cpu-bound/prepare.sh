#!/usr/bin/env bash
# Compiles the CPU-bound service's static binary, which the FROM-scratch Dockerfile copies.
# Run from the repository root: bash cpu-bound/prepare.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")"
export PATH="$PATH:/usr/local/go/bin"
# Not stripped (no -ldflags=-s): a blocked run's CPU profile names functions from the symbol table.
export CGO_ENABLED=0 GOFLAGS=-trimpath GOTOOLCHAIN=local
go build -o api/bin/api ./api
