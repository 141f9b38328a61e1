#!/usr/bin/env bash
# Assembles the Python service's image root in api/bin/: this machine's CPython (3.12 or later: the
# first version whose `-X perf` names Python functions to perf) in /usr/local, its standard library,
# the pinned packages of api/requirements.txt from PyPI (pip's cache serves them again), the shared
# libraries the interpreter and its extension modules load (as ldd lists them), the service in
# /app and an empty /tmp for its perf map. The FROM-scratch Dockerfile copies it whole: no image is
# pulled. Run from the repository root: bash python/prepare.sh (PYTHON=… picks the interpreter).
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/api"
source ../find-python.sh
python=$(find_python) || { echo "python/prepare.sh: no CPython 3.12 or later (set PYTHON, or install one with pyenv)" >&2; exit 1; }
read -r version prefix < <("$python" -c 'import sys; print(f"{sys.version_info[0]}.{sys.version_info[1]}", sys.base_prefix)')
rm -rf bin
mkdir -p bin/usr/local/bin bin/usr/local/lib bin/tmp bin/app
chmod 1777 bin/tmp
cp -L "$python" bin/usr/local/bin/python3
# The interpreter's own library under every name it goes by (libpython3.13.so.1.0, the one it loads).
cp -L "$prefix/lib/libpython$version"*.so* bin/usr/local/lib/ 2>/dev/null || true
# Symbols and .eh_frame stay (perf names and unwinds with them); the debug sections go.
strip --strip-debug bin/usr/local/bin/python3 bin/usr/local/lib/libpython* 2>/dev/null || true
stdlib="bin/usr/local/lib/python$version"
# The standard library without its tests, GUI and installers.
tar -C "$prefix/lib" -c --exclude='test' --exclude='tests' --exclude='idlelib' --exclude='tkinter' \
  --exclude='turtledemo' --exclude='ensurepip' --exclude='lib2to3' --exclude='site-packages' \
  --exclude='config-*' --exclude='_tkinter*' --exclude='_curses*' --exclude='readline*' \
  --exclude='_dbm*' --exclude='_gdbm*' --exclude='__phello__' --exclude='*.opt-[12].pyc' "python$version" | tar -C bin/usr/local/lib -x
"$python" -m pip install --quiet --root-user-action=ignore --disable-pip-version-check --no-deps --only-binary=:all: \
  --target "$stdlib/site-packages" -r requirements.txt
# Compiled once here, with the path the image has: no instance compiles them again at its start.
"$python" -m compileall -q -j 0 -d "/usr/local/lib/python$version/site-packages" "$stdlib/site-packages"
# The system's libraries, where ldd finds them (`libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)`,
# the loader's own path); the interpreter's own library is in /usr/local/lib already.
find bin/usr/local -name '*.so*' -o -path '*/bin/python3' | LD_LIBRARY_PATH="$prefix/lib" xargs ldd 2>/dev/null \
  | grep -oE '=> /[^ ]+|^\s*/[^ ]+' | grep -oE '/[^ ]+' | grep -v -e "^$PWD/bin/" -e "^$prefix/" | sort -u | while read -r lib; do
  mkdir -p "bin$(dirname "$lib")"
  cp -L "$lib" "bin$lib"
done
cp server.py bin/app/server.py
