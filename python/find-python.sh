# find_python: prints the path of a CPython 3.12 or later: $PYTHON if set, else the newest of
# python3.13 and python3.12 on PATH or in pyenv's versions, else python3 where it is new enough.
# Sourced by prepare.sh and scripts/bootstrap.sh.
find_python() {
  local candidate
  for candidate in "${PYTHON:-}" python3.13 python3.12 \
    "$(ls -d "${PYENV_ROOT:-$HOME/.pyenv}"/versions/3.1[2-9]*/bin/python3 2>/dev/null | sort -V | tail -1)" python3; do
    [ -n "$candidate" ] || continue
    # A pyenv shim answers for a version that is not installed only with an error: ask the interpreter itself.
    "$candidate" -c 'import sys; sys.exit(sys.version_info < (3, 12) or sys.implementation.name != "cpython")' 2>/dev/null \
      && "$candidate" -c 'import sys; print(sys.executable)' && return 0
  done
  return 1
}
