package main

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/runner"
	"github.com/autoeval/autoeval/shard"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
)

const runLong = `For each task of the suite, in order: the --setup-cmd, a ground-truth snapshot (with
--ground-truth, for tasks whose id names a known check), the agent observed exactly as
'autoeval observe' does (one trace directory per task under --out), the ground-truth check, the
--teardown-cmd, and the judge. Prints one line per task and the agent's SCR (mean substate
completion) and TCR (share of tasks with every substate reached); both are kept in the
database (--db) with every task's result.

The agent and hook commands run with /bin/sh -c. In --agent-cmd, {task} stands for the task
text: the shell reads it from $AUTOEVAL_TASK, so the agent gets it exactly however {task} is
quoted and nothing in it runs ({task} inside $(...), backquotes or a here-document is refused:
write "$AUTOEVAL_TASK" there). Every command also gets $AUTOEVAL_TASK, $AUTOEVAL_TASK_ID,
$ANDROID_SERIAL and $ADB_SERVER_SOCKET (the device the task runs on), the hooks
$AUTOEVAL_TRACE_DIR (the agent is not told its trace folder), and the agent gets the task on
standard input too. An agent answering a question (an
information-retrieval task) writes its answer to the file named by $AUTOEVAL_ANSWER_FILE
(see 'autoeval observe --help'); the ground truth of question tasks scores that answer.

Devices: --device SERIAL, repeated (or SERIAL,SERIAL), makes a pool; without it, the device
named by $ANDROID_SERIAL, else every device adb lists as online (others are left out with a
notice). Each device runs one task at a time with its own hooks and ground-truth snapshot, and
the judge works beside them, so N devices take about 1/N of the time. A device that fails a task
(lost mid-task, or failing before the agent could start) leaves the pool, and the task runs once
more on another device; a task two devices failed is recorded as failed (it runs again on the
next invocation). When no device is left, the run stops (exit 1; rerun to resume).

Several processes with the same --suite, --agent-cmd, --out and --db share the tasks: each task
is claimed in the database while it runs, so none runs twice, and the tasks of a process that
died are taken over (at once on the same host, after its 30-second claim runs out elsewhere).
--shard I/N (or auto in a Kubernetes Indexed Job or a Slurm array) runs only the tasks whose id
falls to shard I of N; give each shard its own --db. Trace folders, with their judgments and
ground truth, are what shards hand on: 'autoeval eval' and 'autoeval report' take every
shard's --traces root.

With --androidworld URL, AndroidWorld's own server is the ground truth: before each task
it is asked to /task/initialize the task type named by the task's id (instance --task-index),
and its goal becomes the task text when the suite gives only a template with {slots}; after
the agent, /task/score gives the reward (stored in trace.json with source androidworld:score)
and /task/tear_down always runs, also when the agent was interrupted. A task the server fails
to score is not done: its error is shown, and the next run runs it again. A server drives one
emulator: with --androidworld, give that emulator's --device (one process per server and device;
--shard splits a suite among them).

Suites: the formats of 'decompose --suite' (AndroidWorld task_metadata.json, AndroidLab config
YAMLs, a JSON/YAML list of tasks). A task whose text still has {slots} after its params are
filled (task_metadata.json holds templates only) fails at once, unless --androidworld supplies
the instance's goal.

Resumable: rerunning the same command skips tasks already done (--fresh runs them all again);
an interrupted task's partial trace is replaced. A task whose recording finished but whose judge
failed or was interrupted is judged on resume without running the agent again; one interrupted
during its ground-truth check runs again, since the check reads the device state the agent left.
A directory under --out that is not a trace, or holds a finished trace another run recorded, is
never overwritten (not even with --fresh).

The judge is the model judge with --model / $AUTOEVAL_MODEL, else the heuristic baseline (with
a notice).

A task whose agent never started (the device failed first) is neither checked nor judged.
A judgment the judge could not reach (undetermined) is counted apart, never as a failed task.

Exit status: 0 when the suite ran to its end, even if tasks failed (each failure is a row of the
table; --json has it too); 1 when the run itself could not go on (no device, no device left in
the pool, a store error), 2 for bad usage, 130 after Ctrl-C (rerun to resume).`

const runExample = `  autoeval run --suite tasks.yaml --agent-cmd 'python agent.py --goal {task}' --out runs/agent-a
  autoeval run --suite tasks.yaml --ground-truth --setup-cmd './reset.sh' --agent-cmd './agent.sh' --out runs/native --xml
  autoeval run --device emulator-5554 --device emulator-5556 --device emulator-5558 --suite tasks.yaml --agent-cmd './agent.sh' --out runs/pool
  autoeval run --shard auto --db "results/db/shard-$JOB_COMPLETION_INDEX.db" --suite tasks.yaml --agent-cmd './agent.sh' --out results/traces
  autoeval run --suite android_world/android_world/task_metadata.json --only SystemWifiTurnOn,ContactsAddContact \
      --androidworld http://localhost:5000 --agent-cmd './agent.sh' --out runs/aw --xml`

// RunOptions are what run runs with.
type RunOptions struct {
	IO     *IOStreams
	Getenv func(string) string
	Model  *modelFlags
	DB     dbFlag
	Device *deviceFlags

	Suite, AgentCmd, Out, AgentName string
	Setup, Teardown, Only           string
	Kind, Substates, AndroidWorld   string
	Shard                           string
	TaskIndex                       int
	Timeout, HookTimeout            time.Duration
	GroundTruth, NoJudge, Fresh     bool
	JSON                            bool
	// XMLGiven says --xml was given, either way: the heuristic judge turns it on otherwise.
	XMLGiven bool
}

// NewCmdRun builds 'autoeval run'; runF replaces runRun (tests).
func NewCmdRun(f *Factory, runF func(context.Context, *RunOptions) error) *cobra.Command {
	opts := &RunOptions{IO: f.IO, Getenv: f.Getenv, Model: newModelFlags(f, true), DB: dbFlag{getenv: f.Getenv}, Device: newDeviceFlags(f, true)}
	cmd := &cobra.Command{
		Use:     "run --suite FILE --agent-cmd 'CMD' --out DIR [flags]",
		Short:   "Observe, judge and check ground truth for every task of a suite",
		Long:    runLong,
		Example: runExample,
		Args:    cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.XMLGiven = cmd.Flags().Changed("xml")
			return dispatch(cmd, opts, runF, runRun)
		},
	}
	opts.Device.register(cmd.Flags())
	fs := cmd.Flags()
	fs.StringVar(&opts.Suite, "suite", "", "task list: a file or a directory of them (required)")
	fs.StringVar(&opts.AgentCmd, "agent-cmd", "", "the agent, as a shell command; {task} stands for the task text, passed exactly (required)")
	fs.StringVarP(&opts.Out, "out", "o", "", "directory for the traces, one subdirectory per task id (required)")
	fs.StringVar(&opts.AgentName, "agent-name", "", "agent label for traces and the summary (default: the command's first word)")
	fs.StringVar(&opts.Setup, "setup-cmd", "", "shell command run before each task (e.g. reset the app); a failure skips the task until the next run")
	fs.StringVar(&opts.Teardown, "teardown-cmd", "", "shell command run after each task; a failure is noted in the task's result but does not fail it")
	fs.DurationVar(&opts.HookTimeout, "hook-timeout", 5*time.Minute, "limit for each setup and teardown command")
	fs.DurationVar(&opts.Timeout, "timeout", 10*time.Minute, "per-task limit for the agent (0: none)")
	fs.StringVar(&opts.Only, "only", "", "comma-separated task ids to run, in suite order (default: all)")
	fs.BoolVar(&opts.GroundTruth, "ground-truth", false, "read the programmatic reward from the device for tasks whose id has a check (see 'autoeval groundtruth'); app databases need a rooted device or emulator")
	fs.StringVar(&opts.AndroidWorld, "androidworld", "", "AndroidWorld server URL (e.g. http://localhost:5000): initialize, score and tear down each task there and store its score as ground truth")
	fs.IntVar(&opts.TaskIndex, "task-index", 0, "with --androidworld: the instance index of each task type in the server's suite")
	fs.StringVar(&opts.Kind, "judge", "", strings.Join(judge.Kinds(), " or ")+" (default: llm when a model is configured, else the heuristic baseline)")
	fs.StringVar(&opts.Substates, "substates", "", "substates file used for every task instead of decomposing (rarely what a suite wants)")
	fs.BoolVar(&opts.NoJudge, "no-judge", false, "record (and check ground truth) only; judge later with 'autoeval judge --traces DIR'")
	fs.BoolVar(&opts.Fresh, "fresh", false, "run every task again, even those an earlier run finished")
	fs.BoolVar(&opts.JSON, "json", false, "print the results as JSON instead of the table")
	fs.StringVar(&opts.Shard, "shard", "", "run only shard I/N of the suite's tasks (by a hash of the task id; 0 <= I < N), or auto: from a Kubernetes Indexed Job or a Slurm job array; give each shard its own --db")
	opts.Model.register(fs)
	opts.DB.register(fs)
	return cmd
}

func runRun(ctx context.Context, opts *RunOptions) error {
	sh, err := opts.check()
	if err != nil {
		return err
	}
	tasks, err := suite.Load(opts.Suite)
	if err != nil {
		return err
	}
	if tasks, err = suite.Select(tasks, opts.Only); err != nil {
		return usagef("run: %v", err)
	}
	db, err := opts.DB.open(ctx)
	if err != nil {
		return err
	}
	defer db.Close()
	// Notices wait until the device is connected: a run that cannot start should end with
	// its error alone, not after notices about how it would run.
	var notices []string
	o := runner.SuiteOptions{Tasks: tasks, SuitePath: opts.Suite, AgentCmd: opts.AgentCmd, AgentName: opts.AgentName, Out: opts.Out,
		Setup: opts.Setup, Teardown: opts.Teardown, HookTimeout: opts.HookTimeout, Store: db, Shard: sh, Fresh: opts.Fresh,
		Logf: opts.IO.Notef, Observe: observer.Options{Timeout: opts.Timeout}}
	if o.Judge, o.JudgeID, o.JudgeName, err = opts.judge(ctx, db, &notices); err != nil {
		return err
	}
	if o.GroundTruth, err = opts.groundTruth(ctx); err != nil {
		return err
	}
	opts.Device.observerOptions(&o.Observe)
	pool, err := opts.connect(ctx, notices)
	if err != nil {
		return err
	}
	if sh.Sharded() {
		opts.IO.Notef("shard %s: %d of the %d tasks of %s", sh, suite.CountOwned(tasks, sh.Owns), len(tasks), opts.Suite)
	}
	return opts.runSuite(ctx, pool, o)
}

// check rejects a command line that cannot work, before any work starts.
func (opts *RunOptions) check() (shard.Shard, error) {
	if err := opts.Model.check(); err != nil {
		return shard.Shard{}, err
	}
	switch {
	case opts.Suite == "" || opts.AgentCmd == "" || opts.Out == "":
		return shard.Shard{}, usagef("run: --suite, --agent-cmd and --out are required")
	case opts.Kind != "" && !slices.Contains(judge.Kinds(), opts.Kind):
		return shard.Shard{}, usagef("run: --judge %q: want %s", opts.Kind, strings.Join(judge.Kinds(), " or "))
	case opts.AndroidWorld != "" && opts.GroundTruth:
		return shard.Shard{}, usagef("run: --ground-truth and --androidworld exclude each other (with --androidworld the server's score is the ground truth)")
	}
	if _, err := observer.ShellScript(opts.AgentCmd); err != nil {
		return shard.Shard{}, usagef("run: --agent-cmd: %v", err)
	}
	if err := opts.Device.check("run"); err != nil {
		return shard.Shard{}, err
	}
	switch {
	case opts.Timeout < 0 || opts.HookTimeout <= 0:
		return shard.Shard{}, usagef("run: --timeout %v / --hook-timeout %v: want 0 (no limit, --timeout only) or a positive duration", opts.Timeout, opts.HookTimeout)
	case opts.TaskIndex < 0:
		return shard.Shard{}, usagef("run: --task-index %d: must be 0 or more", opts.TaskIndex)
	case opts.AndroidWorld != "" && len(opts.Device.serials) > 1:
		return shard.Shard{}, usagef(awPoolMsg)
	}
	sh, err := shard.Parse(opts.Shard, opts.Getenv)
	if err != nil {
		return sh, usagef("run: %v", err)
	}
	return sh, nil
}

// awPoolMsg refuses --androidworld with a pool: one AndroidWorld server sets up, scores
// and tears down tasks on the one emulator it controls.
const awPoolMsg = "run: --androidworld drives the one emulator its server controls: give the --device of that emulator, or run one process per server and device (e.g. with --shard)"

// judge builds the judge used after each task (nil with --no-judge): the model judge when a
// model is configured (and not --judge heuristic), else the heuristic baseline, whose notice
// goes to notices. The heuristic judge reads only UI hierarchies, so it turns on --xml
// unless --xml was given: without them every task would be recorded and then fail to be
// judged. It also returns the configuration's judge.Config.ID, which the runner keeps with
// each verdict, and its label, which the run's status shows.
func (opts *RunOptions) judge(ctx context.Context, db *store.DB, notices *[]string) (judgeFn func(context.Context, *trace.Trace) (*trace.Judgment, error), id, label string, err error) {
	if opts.NoJudge {
		return nil, "", "", nil
	}
	cfg, decompose, err := judgeConfig(ctx, opts.Model, db, opts.Kind, "")
	if err != nil {
		return nil, "", "", err
	}
	if id, err = cfg.ID(); err != nil {
		return nil, "", "", err
	}
	if cfg.Notice != "" {
		*notices = append(*notices, "notice: "+cfg.Notice)
	}
	if cfg.Kind == trace.JudgeHeuristic && !opts.Device.xml && !opts.XMLGiven {
		opts.Device.xml = true
		*notices = append(*notices, "notice: recording the UI hierarchy (--xml), which the heuristic judge needs")
	}
	o := judge.Options{Source: judge.SubstateSource{File: opts.Substates, Decompose: decompose}, Judge: cfg}
	return func(ctx context.Context, t *trace.Trace) (*trace.Judgment, error) {
		r := judge.JudgeTrace(ctx, o, judge.Target{Label: trace.Label(t), Trace: t}, false)
		return r.Judgment, r.Err
	}, id, cfg.Label(), nil
}

// groundTruth is the source of each task's reward: AndroidWorld's server (checked once, up
// front, rather than failing once per task), the native checks, or none.
func (opts *RunOptions) groundTruth(ctx context.Context) (groundtruth.Source, error) {
	switch {
	case opts.AndroidWorld != "":
		aw := &groundtruth.AndroidWorldClient{BaseURL: opts.AndroidWorld}
		if err := aw.Health(ctx); err != nil {
			return nil, fmt.Errorf("--androidworld %s: server not ready: %w", opts.AndroidWorld, err)
		}
		return &groundtruth.AndroidWorld{Client: aw, Index: opts.TaskIndex}, nil
	case opts.GroundTruth:
		return groundtruth.Native{}, nil
	}
	return nil, nil
}

// connect connects the pool of devices, then tells the notices that waited for it.
func (opts *RunOptions) connect(ctx context.Context, notices []string) ([]runner.SuiteDevice, error) {
	devs, skipped, err := opts.Device.connectPool(ctx)
	if err != nil {
		return nil, err
	}
	if opts.AndroidWorld != "" && len(devs) > 1 {
		return nil, usagef(awPoolMsg)
	}
	for _, n := range notices {
		opts.IO.Notef("%s", n)
	}
	for _, s := range skipped {
		opts.IO.Notef("notice: not in the pool: %s", s)
	}
	pool := make([]runner.SuiteDevice, len(devs))
	serials := make([]string, len(devs))
	for i, d := range devs {
		pool[i], serials[i] = d, d.Serial()
	}
	if len(pool) > 1 {
		opts.IO.Notef("a pool of %d devices: %s", len(pool), strings.Join(serials, ", "))
	}
	return pool, nil
}

// runSuite runs the suite with a bar over its tasks and prints the summary.
func (opts *RunOptions) runSuite(ctx context.Context, pool []runner.SuiteDevice, o runner.SuiteOptions) error {
	bar := opts.IO.Bar("tasks", suite.CountOwned(o.Tasks, o.Shard.Owns))
	o.OnTask = func(r runner.TaskResult, resumed bool) {
		if resumed {
			bar.Skip(1)
			return
		}
		var err error
		if r.Error != "" {
			err = errors.New(r.Error)
		}
		bar.Done(r.ID, err)
	}
	sum, results, runErr := runner.RunSuite(ctx, pool, o)
	bar.Finish()
	if sum != nil {
		if opts.JSON {
			if err := runner.EncodeReport(opts.IO.Out, sum, results); err != nil {
				return err
			}
		} else {
			runner.WriteSummary(opts.IO.Out, sum, results)
		}
	}
	if runErr != nil {
		return runErr
	}
	if sum != nil && sum.Interrupted {
		return interrupted("interrupted; rerun the same command to resume")
	}
	return nil
}
