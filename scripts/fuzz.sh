#!/usr/bin/env bash
# Runs every fuzz target of the module for a short time each (FUZZTIME, default 2s): the
# parsers of outside input (traces, episodes, pickles, UI dumps, suites, substates, model
# answers, device output) meet inputs their seeds never showed. One instrumented test
# binary per package (go test -c -fuzz), so the build is paid once per package, not per
# target. A target that finds a failure stops the script with its input saved under the
# package's testdata/fuzz, as go test -fuzz does.
# Usage: scripts/fuzz.sh [packages...]   (default ./...)
set -euo pipefail
cd "$(dirname "$0")/.."
fuzztime="${FUZZTIME:-2s}"
work="$(mktemp -d)"
trap 'rm -rf "$work"' EXIT
pkgs=("$@")
[ ${#pkgs[@]} -gt 0 ] || pkgs=(./...)
count=0
while IFS=$'\t' read -r pkg dir files; do
	files="${files# }"
	files="${files% }"
	[ -n "$files" ] || continue
	# The device stand-in's own shell parser is a test helper, not product code.
	case "$pkg" in */internal/adbd*) continue ;; esac
	targets="$(cd "$dir" && grep -ho '^func Fuzz[A-Za-z0-9_]*' $files </dev/null | sed 's/^func //' || true)"
	[ -n "$targets" ] || continue
	start=$SECONDS
	go test -c -fuzz=. -o "$work/fuzz.test" "$pkg" </dev/null
	echo "-- $pkg: built in $((SECONDS - start))s"
	for t in $targets; do
		start=$SECONDS
		fuzz() {
			(cd "$dir" && "$work/fuzz.test" -test.run '^$' -test.fuzz "^$t\$" -test.fuzztime "$fuzztime" \
				-test.fuzzcachedir "$work/cache" </dev/null >"$work/out" 2>&1)
		}
		if ! fuzz; then
			# A failure with no input found is the fuzzing engine's own (its workers'
			# deadline on a loaded machine: "context deadline exceeded"): run it again
			# once. A failing input always fails the step.
			if grep -q 'Failing input written' "$work/out" || ! fuzz; then
				cat "$work/out"; exit 1
			fi
			echo "   $t: the fuzzing engine failed with no input found, and passed when run again"
		fi
		echo "   $t: $((SECONDS - start))s"
		count=$((count + 1))
	done
done < <(go list -f '{{.ImportPath}}{{"\t"}}{{.Dir}}{{"\t"}}{{join .TestGoFiles " "}} {{join .XTestGoFiles " "}}' "${pkgs[@]}")
echo "fuzzed $count targets for $fuzztime each"
