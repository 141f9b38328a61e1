#!/usr/bin/env bash
# Tags a release of loadgate: `bash scripts/release.sh X.Y.Z` on the commit to release.
# Checks that X.Y.Z is package.json's version and has a CHANGELOG.md section, and that the
# committed dist/ is exactly a fresh build of src/ (users run dist/, never src/); then tags
# vX.Y.Z and moves the major tag vX to it, and pushes both to origin. Refuses to retag a version.
set -euo pipefail
ROOT="$(cd "$(dirname "${BASH_SOURCE[0]}")/.." && pwd)"
cd "$ROOT"
fail() { printf 'release: %s\n' "$*" >&2; exit 1; }

version="${1:-}"
[[ "$version" =~ ^([0-9]+)\.[0-9]+\.[0-9]+$ ]] || fail "version is '$version': expected X.Y.Z (e.g. 1.2.0)"
major="v${BASH_REMATCH[1]}"
tag="v$version"

manifest=$(node -p "require('./package.json').version")
[ "$manifest" = "$version" ] || fail "package.json says $manifest, not $version: bump it (and rebuild dist/) first"
grep -qE "^## \[?$version\]?( |$)" CHANGELOG.md || fail "CHANGELOG.md has no '## $version' section"
[ -z "$(git status --porcelain --untracked-files=no)" ] || fail "the working tree has uncommitted changes"

fresh=$(mktemp -d)
trap 'rm -rf "$fresh"' EXIT
node scripts/build.mjs "$fresh/dist"
diff -r dist "$fresh/dist" >/dev/null || fail "dist/ differs from a fresh build of src/: run 'npm run build' and commit dist/"

git fetch --quiet --tags origin
if git rev-parse -q --verify "refs/tags/$tag" >/dev/null; then fail "$tag exists already: versions are never retagged"; fi

# An annotated tag needs a tagger: a runner has no git identity of its own.
who=(-c "user.name=$(git config user.name || echo 'loadgate release')" -c "user.email=$(git config user.email || echo 'release@users.noreply.github.com')")
git "${who[@]}" tag -a "$tag" -m "loadgate $version"
git "${who[@]}" tag -f -a "$major" -m "loadgate $version" >/dev/null
git push --quiet origin "refs/tags/$tag"
git push --quiet --force origin "refs/tags/$major"
echo "tagged $tag and moved $major to $(git rev-parse --short HEAD)"
