#!/usr/bin/env bash
# Builds the scenarios' static binary (run from the repository root: bash compose/scenarios/prepare.sh).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/.."
export PATH="$PATH:/usr/local/go/bin" CGO_ENABLED=0 GOFLAGS=-trimpath GOTOOLCHAIN=local
go build -o scenarios/bin/scenario ./scenarios/cmd/scenario
