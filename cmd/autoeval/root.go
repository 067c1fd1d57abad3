package main

import (
	"fmt"
	"runtime/debug"
	"strings"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

const rootLong = `autoeval evaluates mobile GUI agents from a task description alone.

  decompose   task text -> substates (the observable UI states a successful run passes)
  devices     list the attached Android devices (serial, model, Android version)
  observe     run an agent as a black box on an Android device and record its screens
  judge       judge a recorded trace against the substates (Capturer -> Reasoner -> Checker)
  groundtruth read the programmatic reward from the device's system state
  eval        compare the judge with ground truth; score agents
  report      one self-contained HTML (or JSON/CSV) report
  run         observe, judge and check ground truth for every task of a suite
  trace       inspect, validate and import traces from other tools
  view        browse runs and judgments in a live local web viewer

Model access: --model provider:name (openai, anthropic, ollama); API keys come only from the
environment (OPENAI_API_KEY, ANTHROPIC_API_KEY). With no model configured, judge falls back to a
transparent heuristic baseline and says so.

Each command takes the flags it uses ('autoeval judge --help' lists judge's); a count or
duration of 0 means none (no retries, no limit, no wait).

Exit status: 0 success, 1 the work failed, 2 bad usage, 130 interrupted (rerun to resume).
Start with: autoeval judge --trace examples/clock-alarm (from a clone; no model or device needed).`

// NewCmdRoot is the autoeval command with every subcommand. Each command registers the flag
// groups it uses; only --quiet applies to all.
func NewCmdRoot(f *Factory) *cobra.Command {
	root := &cobra.Command{
		Use:           "autoeval",
		Short:         "Evaluate mobile GUI agents autonomously",
		Long:          rootLong,
		Version:       version(),
		SilenceUsage:  true,
		SilenceErrors: true,
	}
	root.SetVersionTemplate("autoeval {{.Version}}\n")
	root.PersistentFlags().BoolVarP(&f.IO.Quiet, "quiet", "q", false, "no progress bars or notes on stderr; results and errors still print")
	root.AddCommand(
		NewCmdDecompose(f, nil),
		NewCmdDevices(f, nil),
		NewCmdObserve(f, nil),
		NewCmdRun(f, nil),
		NewCmdJudge(f, nil),
		NewCmdGroundtruth(f, nil),
		NewCmdEval(f, nil),
		NewCmdReport(f, nil),
		NewCmdTrace(f),
		NewCmdView(f, nil),
	)
	return root
}

// version is the module's version and the VCS revision it was built from, as the Go
// toolchain recorded them in the binary.
func version() string {
	info, ok := debug.ReadBuildInfo()
	if !ok {
		return "(no build information)"
	}
	v := info.Main.Version
	if v == "" {
		v = "(devel)"
	}
	var rev, at string
	modified := false
	for _, s := range info.Settings {
		switch s.Key {
		case "vcs.revision":
			rev = s.Value
		case "vcs.time":
			at = s.Value
		case "vcs.modified":
			modified = s.Value == "true"
		}
	}
	if rev == "" {
		return v + " (no VCS revision recorded), " + info.GoVersion
	}
	if modified {
		rev += " with local changes"
	}
	if at != "" {
		rev += " of " + at
	}
	return fmt.Sprintf("%s, revision %s, %s", v, rev, info.GoVersion)
}

// withSuggestion adds the likely flag to pflag's "unknown flag: --x": eval --trace is
// eval --traces.
func withSuggestion(cmd *cobra.Command, err error) error {
	name, ok := strings.CutPrefix(err.Error(), "unknown flag: --")
	if !ok {
		return err
	}
	best, bestDist := "", 3 // at most two edits away
	cmd.Flags().VisitAll(func(fl *pflag.Flag) {
		if d := editDistance(name, fl.Name); d < bestDist {
			best, bestDist = fl.Name, d
		}
	})
	if best == "" {
		return err
	}
	return fmt.Errorf("%w; did you mean --%s?", err, best)
}

// editDistance is the Levenshtein distance of a and b.
func editDistance(a, b string) int {
	prev := make([]int, len(b)+1)
	for j := range prev {
		prev[j] = j
	}
	for i := 1; i <= len(a); i++ {
		cur := make([]int, len(b)+1)
		cur[0] = i
		for j := 1; j <= len(b); j++ {
			cost := 1
			if a[i-1] == b[j-1] {
				cost = 0
			}
			cur[j] = min(prev[j]+1, cur[j-1]+1, prev[j-1]+cost)
		}
		prev = cur
	}
	return prev[len(b)]
}

// pathArgs is the Args check of judge, eval and report, which take their traces as flags: a
// path given as an argument is bad usage that names the flag to use.
func pathArgs(hint func(path string) string) cobra.PositionalArgs {
	return func(cmd *cobra.Command, args []string) error {
		if len(args) == 0 {
			return nil
		}
		return usagef("%s: %s (see '%s --help')", cmd.Name(), hint(args[0]), cmd.CommandPath())
	}
}
