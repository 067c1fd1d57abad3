package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"text/tabwriter"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/trace"
)

const groundtruthLong = `Computes an AndroidWorld task's reward natively from the device's state over adb, the way
AndroidWorld does: app SQLite databases pulled through the sync protocol (with their -wal and
-shm files, opened read-only), files, 'settings get' values and 'content query' rows. Prints the
reward (0..1; composite tasks average their goals) and which rows, files or settings matched.

Task names are AndroidWorld's (see --list). Parameters are a JSON object named as in the task's
goal template (e.g. {"number": "+15550104477", "message": "..."}), from --params or, with
--trace, from the trace's params; failing both, they are read off the goal text (--goal, or the
trace's task) with the task's template (--template, or --templates task_metadata.json), and
with --trace kept in its trace.json for later checks.
Information-retrieval tasks (Tasks, Joplin, OpenTracks, calendar questions) score the agent's
reply: give it as "answer", or let it come from the trace: the answer the agent wrote to
$AUTOEVAL_ANSWER_FILE under 'observe' or 'run' (trace.json's "answer"), else its last answer
action. A trace whose agent was offered that file but wrote nothing is an agent that gave no
answer (reward 0).

Checks that compare the state before and after the task (adding or deleting events, expenses,
recipes; a new photo or recording; the newest note; a resent SMS; the true answer of a question)
need the pre-task state: take it with --snapshot-before DIR before the agent runs, then pass
--before DIR ('autoeval run --ground-truth' does this itself and saves it in the trace directory,
where --trace finds it). Without it, row checks look at the after-state alone and the explanation
says so; such a reward is printed but never written into a trace (exit 1). The --list column
BEFORE marks these tasks.

Rewards follow AndroidWorld's evaluators rule for rule: difflib's ratio for fuzzy text (0.9),
answers split on commas and read with Python's float() or the task's date format, the
evaluators' tolerances. An empty or missing parameter is an error, never a vacuous pass.

App databases under /data/data need a rooted device or emulator (AndroidWorld's emulator is).
An unreadable, missing, corrupt or locked database is an error (exit 1), never a zero reward.

With --androidworld URL, AndroidWorld's own server is asked instead (/task/score for the task
type and --task-index, then /task/tear_down), so its verdict can be stored as ground truth; an
answer (from --params or the trace) is given to it first as the agent's answer action.`

// GroundtruthOptions are what groundtruth runs with.
type GroundtruthOptions struct {
	IO     *IOStreams
	Getenv func(string) string

	Serial, ADB, Task, ParamsFile          string
	Before, SnapshotDir, TraceDir          string
	AndroidWorld, Goal, Template, MetaFile string
	TaskIndex                              int
	Wait                                   time.Duration
	List, JSON                             bool
}

// NewCmdGroundtruth builds 'autoeval groundtruth'; runF replaces groundtruthRun (tests).
func NewCmdGroundtruth(f *Factory, runF func(context.Context, *GroundtruthOptions) error) *cobra.Command {
	opts := &GroundtruthOptions{IO: f.IO, Getenv: f.Getenv}
	cmd := &cobra.Command{
		Use:   "groundtruth --task NAME [--params FILE] [--before DIR] [--trace DIR] [flags]",
		Short: "Read a task's programmatic reward from the device's system state",
		Long:  groundtruthLong,
		Example: `  autoeval groundtruth --list
  autoeval groundtruth --task SimpleCalendarAddOneEvent --params p.json --snapshot-before /tmp/before
  # ... the agent runs ...
  autoeval groundtruth --task SimpleCalendarAddOneEvent --params p.json --before /tmp/before --trace runs/t1
  autoeval groundtruth --trace runs/t1          # task name and params from trace.json
  autoeval groundtruth --androidworld http://localhost:5000 --task SystemWifiTurnOn --task-index 0 --trace runs/t1`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return dispatch(cmd, opts, runF, groundtruthRun) },
	}
	fl := cmd.Flags()
	fl.StringVar(&opts.Serial, "device", "", "device serial (as 'adb devices' lists it); required when several devices are attached")
	fl.StringVar(&opts.ADB, "adb", "", "adb server as host:port (default $ADB_SERVER_SOCKET as tcp:host:port, else localhost:5037)")
	fl.DurationVar(&opts.Wait, "wait", 10*time.Second, "how long to wait for the device to be attached and online (0: fail at once)")
	fl.StringVar(&opts.Task, "task", "", "AndroidWorld task name, e.g. SimpleSmsSend (default: the --trace's task_name)")
	fl.StringVar(&opts.ParamsFile, "params", "", "JSON file with the task's parameters (default: the --trace's params)")
	fl.StringVar(&opts.Goal, "goal", "", "the task's goal text, to read parameters from with --template/--templates (default: the --trace's task)")
	fl.StringVar(&opts.Template, "template", "", "the task's goal template with {slots}, e.g. 'Create a new contact for {name}. Their number is {number}.'")
	fl.StringVar(&opts.MetaFile, "templates", "", "AndroidWorld task_metadata.json: take the --task's template from it (used when no --params or trace params are given)")
	fl.StringVar(&opts.Before, "before", "", "directory holding the pre-task snapshot ("+groundtruth.SnapshotFile+") for checks that diff rows")
	fl.StringVar(&opts.SnapshotDir, "snapshot-before", "", "take the pre-task snapshot now, save it in this directory and exit (run before the agent)")
	fl.StringVar(&opts.TraceDir, "trace", "", "trace directory: read task name, params, answer and "+groundtruth.SnapshotFile+" from it and write the reward into its trace.json")
	fl.StringVar(&opts.AndroidWorld, "androidworld", "", "ask AndroidWorld's server at this URL (/task/score, then /task/tear_down) instead of checking natively")
	fl.IntVar(&opts.TaskIndex, "task-index", 0, "with --androidworld: the instance index of the task type in the server's suite")
	fl.BoolVar(&opts.List, "list", false, "list the tasks with a native check, their parameters and what they read")
	fl.BoolVar(&opts.JSON, "json", false, "print the result (or --list) as JSON")
	return cmd
}

// gtCheck is one check to make: the task, its parameters, and the trace it is for.
type gtCheck struct {
	task   string
	params groundtruth.Params
	tr     *trace.Trace
}

func groundtruthRun(ctx context.Context, opts *GroundtruthOptions) error {
	if opts.List {
		return printFamilies(opts.IO.Out, opts.JSON)
	}
	c, err := opts.resolve()
	if err != nil {
		return err
	}
	if opts.TaskIndex < 0 {
		return usagef("groundtruth: --task-index %d: must be 0 or more", opts.TaskIndex)
	}
	var res *groundtruth.Result
	source := groundtruth.NativeSource
	if opts.AndroidWorld != "" {
		res, err = opts.score(ctx, c)
		source = groundtruth.AndroidWorldSource
	} else {
		res, err = opts.checkNative(ctx, c)
	}
	if err != nil || res == nil {
		return err
	}
	return opts.record(c, res, source)
}

// resolve reads the trace, the task name and the parameters, and finds the snapshot of the
// state before the task.
func (opts *GroundtruthOptions) resolve() (gtCheck, error) {
	var c gtCheck
	if opts.TraceDir != "" {
		var err error
		if c.tr, err = trace.ReadManifest(opts.TraceDir); err != nil {
			return c, fmt.Errorf("--trace: %w", err)
		}
	}
	c.task = opts.Task
	if c.task == "" && c.tr != nil {
		c.task = c.tr.TaskName
	}
	if c.task == "" {
		return c, usagef("groundtruth: --task is required (or a --trace whose trace.json has task_name); see --list")
	}
	var given groundtruth.Params
	if opts.ParamsFile != "" {
		p, err := groundtruth.LoadParams(opts.ParamsFile)
		if err != nil {
			return c, usagef("groundtruth: --params %v", err)
		}
		given = p
	}
	template, err := opts.template(c.task, given, c.tr)
	if err != nil {
		return c, err
	}
	c.params, err = groundtruth.ParamsFor(given, c.tr, template, opts.Goal)
	switch {
	case errors.Is(err, groundtruth.ErrNoGoal):
		return c, usagef("groundtruth: --goal is required to read parameters from a template (or a --trace with the task text)")
	case err != nil:
		return c, usagef("groundtruth: %v", err)
	}
	if c.tr != nil && opts.Before == "" && opts.SnapshotDir == "" && opts.AndroidWorld == "" {
		// 'autoeval run --ground-truth' saved the pre-task state beside the trace: rescoring
		// it must compare with that state, as the run did.
		if _, err := os.Stat(filepath.Join(opts.TraceDir, groundtruth.SnapshotFile)); err == nil {
			opts.Before = opts.TraceDir
		}
	}
	return c, nil
}

// template is --template, else the task's from --templates; "" when the parameters come
// from elsewhere (a file, the trace).
func (opts *GroundtruthOptions) template(task string, given groundtruth.Params, tr *trace.Trace) (string, error) {
	if given != nil || (tr != nil && len(tr.Params) > 0) || opts.Template != "" || opts.MetaFile == "" {
		return opts.Template, nil
	}
	tmpl, err := groundtruth.LoadTemplates(opts.MetaFile)
	if err != nil {
		return "", usagef("groundtruth: --templates %v", err)
	}
	if tmpl[task] == "" {
		return "", usagef("groundtruth: --templates %s has no task %q", opts.MetaFile, task)
	}
	return tmpl[task], nil
}

// score asks AndroidWorld's server, as 'run' does: a question task's answer is given to the
// server first, as the agent's answer action.
func (opts *GroundtruthOptions) score(ctx context.Context, c gtCheck) (*groundtruth.Result, error) {
	aw := &groundtruth.AndroidWorld{Client: &groundtruth.AndroidWorldClient{BaseURL: opts.AndroidWorld}, Index: opts.TaskIndex}
	r, err := aw.Begun(c.task).Score(ctx, c.params.StringOr("answer", ""))
	if err != nil && r == nil {
		return nil, err
	}
	if err != nil {
		fmt.Fprintln(opts.IO.ErrOut, "autoeval: warning:", err)
	}
	return r, nil
}

// checkNative checks the device's state, or with --snapshot-before takes the snapshot (and
// returns no result).
func (opts *GroundtruthOptions) checkNative(ctx context.Context, c gtCheck) (*groundtruth.Result, error) {
	if !groundtruth.Known(c.task) {
		return nil, usagef("groundtruth: no check for task %q (see --list)", c.task)
	}
	if opts.Before != "" && opts.SnapshotDir != "" {
		return nil, usagef("groundtruth: --before and --snapshot-before exclude each other (take the snapshot, run the agent, then check)")
	}
	// A missing parameter is the user's to fix and needs no device: say so before
	// connecting, so it shows even with no adb server at hand.
	if opts.SnapshotDir == "" {
		if err := groundtruth.MissingParam(ctx, c.task, c.params); err != nil {
			return nil, opts.missingParamError(err)
		}
	}
	addr, err := device.ResolveAddr(opts.ADB, opts.Getenv)
	if err != nil {
		return nil, usagef("%v", err)
	}
	before, err := opts.loadBefore(c.task)
	if err != nil {
		return nil, err
	}
	dev, err := device.Connect(ctx, device.Options{Addr: addr, Serial: opts.Serial, WaitTimeout: opts.Wait, OnWait: waitNotes(opts.IO, opts.Wait)})
	if err != nil {
		return nil, err
	}
	if opts.SnapshotDir != "" {
		return nil, opts.snapshot(ctx, dev, c)
	}
	res, err := groundtruth.Check(ctx, dev, c.task, c.params, before)
	if errors.Is(err, groundtruth.ErrMissingParam) {
		return nil, opts.missingParamError(err)
	}
	return res, err
}

// loadBefore reads --before's snapshot (nil without --before).
func (opts *GroundtruthOptions) loadBefore(task string) (*groundtruth.Snapshot, error) {
	if opts.Before == "" {
		return nil, nil
	}
	before, err := groundtruth.LoadSnapshot(opts.Before)
	if errors.Is(err, fs.ErrNotExist) {
		return nil, usagef("groundtruth: --before %s: no %s there (take one with --snapshot-before)", opts.Before, groundtruth.SnapshotFile)
	}
	if err != nil {
		return nil, err
	}
	if before.Task != "" && before.Task != task {
		return nil, usagef("groundtruth: --before %s holds a snapshot for task %s, not %s", opts.Before, before.Task, task)
	}
	return before, nil
}

// snapshot takes the pre-task snapshot and saves it in --snapshot-before.
func (opts *GroundtruthOptions) snapshot(ctx context.Context, dev *device.Device, c gtCheck) error {
	snap, err := groundtruth.TakeSnapshot(ctx, dev, c.task, c.params)
	if err != nil {
		return err
	}
	if err := snap.Save(opts.SnapshotDir); err != nil {
		return err
	}
	n := 0
	for _, rows := range snap.Tables {
		n += len(rows)
	}
	fmt.Fprintf(opts.IO.Out, "snapshot of %s saved in %s (%d tables, %d rows, %d files, %d folders)\n",
		c.task, opts.SnapshotDir, len(snap.Tables), n, len(snap.Files), len(snap.Dirs))
	if f, _ := groundtruth.Lookup(c.task); f != nil && !f.Diff {
		fmt.Fprintf(opts.IO.Out, "note: %s is checked on the after-state alone; the snapshot is not needed\n", c.task)
	}
	return nil
}

// record prints the result and writes it into the trace.
func (opts *GroundtruthOptions) record(c gtCheck, res *groundtruth.Result, source string) error {
	if c.tr != nil && res.Lenient {
		// The check could not see the state before the task, so its reward may be kinder
		// than AndroidWorld's: show it, but never store it as the trace's ground truth.
		printResult(opts.IO.Out, c.task, source, res, opts.JSON)
		return fmt.Errorf("--trace %s: not written: %s compares with the state before the task, and neither --before nor the trace directory holds %s; take it with --snapshot-before before the agent runs ('autoeval run --ground-truth' does)",
			opts.TraceDir, c.task, groundtruth.SnapshotFile)
	}
	if c.tr != nil {
		c.tr.GroundTruth = &trace.GroundTruth{Reward: res.Reward, Source: source, Details: res.Explanation}
		if c.tr.TaskName == "" {
			c.tr.TaskName = c.task
		}
		if err := c.tr.WriteManifest(); err != nil {
			return fmt.Errorf("--trace: %w", err)
		}
	}
	if err := printResult(opts.IO.Out, c.task, source, res, opts.JSON); err != nil {
		return err
	}
	if c.tr != nil && !opts.JSON {
		fmt.Fprintf(opts.IO.Out, "written to %s/%s\n", strings.TrimRight(opts.TraceDir, "/"), trace.ManifestName)
	}
	return nil
}

// missingParamError reports a parameter the check needs; once the user has given no
// parameters at all, it is a usage error saying where they come from.
func (opts *GroundtruthOptions) missingParamError(err error) error {
	if opts.ParamsFile == "" && opts.Template == "" && opts.MetaFile == "" {
		return usagef("groundtruth: %v; give --params FILE, or --templates task_metadata.json to read them off the goal", err)
	}
	return err
}

// printResult prints a check's result as text or JSON.
func printResult(out io.Writer, task, source string, res *groundtruth.Result, asJSON bool) error {
	if asJSON {
		return writeJSON(out, struct {
			*groundtruth.Result
			Source string `json:"source"`
		}{res, source})
	}
	_, err := fmt.Fprintf(out, "%s: reward %.2f (%s)\n%s\n", task, res.Reward, source, res.Explanation)
	return err
}

func printFamilies(out io.Writer, asJSON bool) error {
	fams := groundtruth.Families()
	if asJSON {
		type fam struct {
			Name   string   `json:"name"`
			App    string   `json:"app"`
			Checks string   `json:"checks"`
			Params []string `json:"params"`
			Diff   bool     `json:"needs_before"`
		}
		var list []fam
		for _, f := range fams {
			list = append(list, fam{f.Name, f.App, f.Checks, f.Params, f.Diff})
		}
		return writeJSON(out, list)
	}
	tw := tabwriter.NewWriter(out, 0, 4, 2, ' ', 0)
	fmt.Fprintln(tw, "TASK\tAPP\tBEFORE\tPARAMS")
	for _, f := range fams {
		diff := ""
		if f.Diff {
			diff = "yes"
		}
		fmt.Fprintf(tw, "%s\t%s\t%s\t%s\n", f.Name, f.App, diff, strings.Join(f.Params, ", "))
	}
	if err := tw.Flush(); err != nil {
		return err
	}
	fmt.Fprintf(out, "\n%d tasks. BEFORE=yes: pass --before (a snapshot taken with --snapshot-before) to check for side effects.\n", len(fams))
	return nil
}
