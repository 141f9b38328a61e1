#!/usr/bin/env bash
# Assembles the JVM service's image root in api/bin/: a jlink runtime of this machine's JDK (17 or
# later) with only the modules the service uses, the shared libraries it loads (as ldd lists them),
# the compiled service and an empty /tmp for its perf map. The FROM-scratch Dockerfile copies it
# whole: no image is pulled. Run from the repository root: bash jvm/prepare.sh
set -euo pipefail
cd "$(dirname "${BASH_SOURCE[0]}")/api"
jdk="${JAVA_HOME:-}"
if [ -z "$jdk" ] && [ -x /usr/lib/jvm/java-17-openjdk-amd64/bin/jlink ]; then jdk=/usr/lib/jvm/java-17-openjdk-amd64; fi
if [ -z "$jdk" ] && command -v jlink >/dev/null; then jdk=$(dirname "$(dirname "$(readlink -f "$(command -v jlink)")")"); fi
[ -x "$jdk/bin/jlink" ] && [ -x "$jdk/bin/javac" ] || { echo "jvm/prepare.sh: no JDK with jlink and javac (set JAVA_HOME)" >&2; exit 1; }
rm -rf bin
mkdir -p bin/tmp bin/app bin/opt
chmod 1777 bin/tmp
"$jdk/bin/javac" --release 17 -d bin/app src/Shop.java
# java.management and jdk.management: the DiagnosticCommand MBean through which the service asks
# for its own perf map (Compiler.perfmap). Without jdk.jfr that MBean offers no command but JFR's.
"$jdk/bin/jlink" --add-modules java.base,jdk.httpserver,java.management,jdk.management,jdk.jfr \
  --strip-debug --no-header-files --no-man-pages --output bin/opt/jre
# The runtime's own libraries find each other through $ORIGIN; the system's ones are copied from
# where ldd finds them (`libc.so.6 => /lib/x86_64-linux-gnu/libc.so.6 (0x…)`, the loader's own path).
find bin/opt/jre -name '*.so' -o -path '*/bin/java' | xargs ldd 2>/dev/null \
  | grep -oE '=> /[^ ]+|^\s*/[^ ]+' | grep -oE '/[^ ]+' | grep -v "^$PWD/bin/" | sort -u | while read -r lib; do
  mkdir -p "bin$(dirname "$lib")"
  cp -L "$lib" "bin$lib"
done
# The class-data sharing archive jlink leaves out: each start (the service's, each health check's)
# maps the JDK's classes instead of parsing them.
bin/opt/jre/bin/java -Xshare:dump >/dev/null
