#!/usr/bin/env bash
# [SKIP=regexp] shared-writable.sh [packages...]: run the tests on a copy of this checkout with a
# *writable* copy of ../shared/data beside it (as on a fresh clone, or when run as root),
# and fail when any test wrote into that data or into the checkout. Tests write only
# into their temp dirs: they copy what they judge or import.
set -euo pipefail
root="$(cd "$(dirname "$0")/.." && pwd)"
data="$root/../shared/data"
[ -d "$data" ] || { echo "no $data: nothing to check"; exit 0; }
work="$(mktemp -d)"; trap 'chmod -R u+w "$work" 2>/dev/null; rm -rf "$work"' EXIT
mkdir -p "$work/shared" "$work/repo"
cp -r "$data" "$work/shared/data"; chmod -R u+w "$work/shared/data"
(cd "$root" && tar --exclude=.git -cf - .) | (cd "$work/repo" && tar -xf -)
sums() { (cd "$work" && find shared/data repo -type f -exec sha256sum {} + | sort -k2); }
sums >"$work/before"
# An empty home shows what tests leave in the user's files (the default database, say);
# Go's caches stay where they are.
export GOCACHE="$(go env GOCACHE)" GOMODCACHE="$(go env GOMODCACHE)" GOPATH="$(go env GOPATH)"
export HOME="$work/home" XDG_DATA_HOME= XDG_CONFIG_HOME= XDG_CACHE_HOME= AUTOEVAL_DB=
mkdir -p "$HOME"
status=0
# SKIP names tests to leave out (go test -skip): tests that read nothing of ../shared.
(cd "$work/repo" && go test ${SKIP:+-skip "$SKIP"} "${@:-./...}") || status=$?
sums >"$work/after"
if ! diff -u "$work/before" "$work/after"; then
	echo "FAIL: tests wrote into ../shared/data or the checkout (see the diff above)"; status=1
fi
# (the go command's own telemetry counters under .config/go are not the tests' doing)
left="$(find "$HOME" -type f -not -path "$HOME/.config/go/*" | sed "s#^$work/##")"
if [ -n "$left" ]; then
	echo "$left"
	echo "FAIL: tests wrote into the home folder (above)"; status=1
fi
exit "$status"
