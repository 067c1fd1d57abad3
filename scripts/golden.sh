#!/usr/bin/env bash
# golden.sh BIN OUTDIR: run the main commands of autoeval binary BIN on the bundled example and on
# ../shared/data (when present) and write what they print and write into OUTDIR, with times, temp
# paths and durations normalised. Two builds that behave the same give identical OUTDIRs, so a
# refactor is checked with:  diff -r golden-before golden-after
set -uo pipefail
bin="$(realpath "$1")"; out="$(realpath -m "$2")"
root="$(cd "$(dirname "$0")/.." && pwd)"
data="$root/../shared/data"
rm -rf "$out"; mkdir -p "$out"
work="$(mktemp -d)"; trap 'rm -rf "$work"' EXIT
export AUTOEVAL_DB="$work/db.sqlite" HOME="$work/home" NO_COLOR=1 AUTOEVAL_MODEL=
unset OPENAI_API_KEY ANTHROPIC_API_KEY

norm() { # stdin -> stdout: drop what differs from run to run
	sed -E -e "s#$work#WORK#g" -e "s#$root#ROOT#g" \
		-e 's/[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9:.]+(Z|[+-][0-9:]+)?/TIME/g' \
		-e 's/[0-9]+(\.[0-9]+)?(ns|µs|us|ms|s)\b/DUR/g' -e 's/[0-9]+ bytes/N bytes/g' -e 's/"(started|ended|time|judged_at|created)": *"[^"]*"/"\1": "TIME"/g'
}
run() { # name, command...: record stdout, stderr and exit status
	local name="$1"; shift
	( cd "$work/cwd" && "$@" ) >"$work/o" 2>"$work/e"; echo "exit $?" >"$out/$name.status"
	norm <"$work/o" >"$out/$name.stdout"; norm <"$work/e" | sed -E 's/\[[0-9]+\/([0-9]+)\]/[i\/\1]/' | LC_ALL=C sort >"$out/$name.stderr" # batch progress comes in completion order
}
mkdir -p "$work/cwd" "$work/home"
cp -r "$root/examples/clock-alarm" "$work/clock"
rm -f "$work/clock"/judgment*.json

run help "$bin" --help
for c in decompose observe judge groundtruth eval report run trace; do run "help-$c" "$bin" "$c" --help; done
run judge-clock "$bin" judge --trace "$work/clock"
run judge-clock-again "$bin" judge --trace "$work/clock"
run info-clock "$bin" trace info "$work/clock"
run validate-clock "$bin" trace validate "$work/clock"
run eval-clock "$bin" eval --traces "$work/clock" --format json
run report-clock-json "$bin" report --traces "$work/clock" --format json --out "$work/clock-report.json"
run report-clock-html "$bin" report --traces "$work/clock" --out "$work/clock-report.html"
run gt-list "$bin" groundtruth --list
norm <"$work/clock/judgment.json" >"$out/clock-judgment.json"
norm <"$work/clock-report.json" >"$out/clock-report.json"

if [ -d "$data" ]; then
	mkdir -p "$work/data"
	cp -r "$data/episodes/androidworld-json" "$work/data/episodes"
	cp -r "$data/traces/llamatouch" "$work/data/llamatouch"
	mkdir -p "$work/data/ckpt"; ls "$data/checkpoints/androidworld-gbox" | head -12 | while read -r f; do cp "$data/checkpoints/androidworld-gbox/$f" "$work/data/ckpt/"; done
	chmod -R u+w "$work/data"
	for d in episodes llamatouch ckpt; do
		run "info-$d" "$bin" trace info "$work/data/$d"
		run "validate-$d" "$bin" trace validate "$work/data/$d"
		run "import-$d" "$bin" trace import "$work/data/$d" --out "$work/imported/$d"
		run "judge-$d" "$bin" judge --traces "$work/imported/$d"
		run "eval-$d" "$bin" eval --traces "$work/imported/$d"
		run "eval-$d-json" "$bin" eval --traces "$work/imported/$d" --format json
		run "report-$d" "$bin" report --traces "$work/imported/$d" --format json --out "$work/r-$d.json"
		[ -f "$work/r-$d.json" ] && norm <"$work/r-$d.json" >"$out/report-$d.json"
		for j in $(cd "$work/imported/$d" && find . -name 'judgment*.json' | sort); do
			mkdir -p "$out/judgments-$d/$(dirname "$j")"; norm <"$work/imported/$d/$j" >"$out/judgments-$d/$j"
		done
	done
	run suite-aw "$bin" run --help
fi
echo "wrote $out"
