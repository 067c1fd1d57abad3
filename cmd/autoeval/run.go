package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"slices"
	"strings"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/runner"
	"github.com/autoeval/autoeval/shard"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/suite"
	"github.com/autoeval/autoeval/trace"
)

func newRunCmd() *cobra.Command {
	var (
		df                             deviceFlags
		suitePath, agentCmd, out, name string
		setup, teardown, only          string
		kind, substates, awURL         string
		shardSpec                      string
		awIndex                        int
		timeout, hookTimeout           time.Duration
		groundTruth, noJudge, fresh    bool
		asJSON                         bool
	)
	cmd := &cobra.Command{
		Use:   "run --suite FILE --agent-cmd 'CMD' --out DIR [flags]",
		Short: "Observe, judge and check ground truth for every task of a suite",
		Long: `For each task of the suite, in order: the --setup-cmd, a ground-truth snapshot (with
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
the pool, a store error), 2 for bad usage, 130 after Ctrl-C (rerun to resume).`,
		Example: `  autoeval run --suite tasks.yaml --agent-cmd 'python agent.py --goal {task}' --out runs/agent-a
  autoeval run --suite tasks.yaml --ground-truth --setup-cmd './reset.sh' --agent-cmd './agent.sh' --out runs/native --xml
  autoeval run --device emulator-5554 --device emulator-5556 --device emulator-5558 --suite tasks.yaml --agent-cmd './agent.sh' --out runs/pool
  autoeval run --shard auto --db "results/db/shard-$JOB_COMPLETION_INDEX.db" --suite tasks.yaml --agent-cmd './agent.sh' --out results/traces
  autoeval run --suite android_world/android_world/task_metadata.json --only SystemWifiTurnOn,ContactsAddContact \
      --androidworld http://localhost:5000 --agent-cmd './agent.sh' --out runs/aw --xml`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			if suitePath == "" || agentCmd == "" || out == "" {
				return &exitError{code: 2, msg: "run: --suite, --agent-cmd and --out are required"}
			}
			if kind != "" && !slices.Contains(judge.Kinds(), kind) {
				return &exitError{code: 2, msg: fmt.Sprintf("run: --judge %q: want %s", kind, strings.Join(judge.Kinds(), " or "))}
			}
			if awURL != "" && groundTruth {
				return &exitError{code: 2, msg: "run: --ground-truth and --androidworld exclude each other (with --androidworld the server's score is the ground truth)"}
			}
			if err := df.check("run"); err != nil {
				return err
			}
			if timeout < 0 || hookTimeout <= 0 {
				return &exitError{code: 2, msg: fmt.Sprintf("run: --timeout %v / --hook-timeout %v: want 0 (no limit, --timeout only) or a positive duration", timeout, hookTimeout)}
			}
			if awIndex < 0 {
				return &exitError{code: 2, msg: fmt.Sprintf("run: --task-index %d: must be 0 or more", awIndex)}
			}
			if awURL != "" && len(df.serials) > 1 {
				return &exitError{code: 2, msg: awPoolMsg}
			}
			sh, err := shard.Parse(shardSpec, os.Getenv)
			if err != nil {
				return &exitError{code: 2, msg: "run: " + err.Error()}
			}
			tasks, err := suite.Load(suitePath)
			if err != nil {
				return err
			}
			if tasks, err = selectTasks(tasks, only); err != nil {
				return &exitError{code: 2, msg: "run: " + err.Error()}
			}
			ctx := cmd.Context()
			db, err := store.OpenDefault(ctx, global.db)
			if err != nil {
				return err
			}
			defer db.Close()
			// Notices wait until the device is connected: a run that cannot start
			// should end with its error alone, not after notices about how it would run.
			var notices []string
			notice := func(format string, args ...any) { notices = append(notices, fmt.Sprintf(format, args...)) }
			var judgeFn func(context.Context, *trace.Trace) (*trace.Judgment, error)
			var judgeID string
			if !noJudge {
				var resolved string
				if judgeFn, resolved, judgeID, err = suiteJudge(ctx, db, kind, substates, notice); err != nil {
					return err
				}
				if resolved == trace.JudgeHeuristic && !df.xml && !cmd.Flags().Changed("xml") {
					// The heuristic judge reads only UI hierarchies: without them every
					// task would be recorded and then fail to be judged.
					df.xml = true
					notice("notice: recording the UI hierarchy (--xml), which the heuristic judge needs")
				}
			}
			var gt groundtruth.Source
			switch {
			case awURL != "":
				// Fail once, up front, rather than once per task.
				aw := &groundtruth.AndroidWorldClient{BaseURL: awURL}
				if err := aw.Health(ctx); err != nil {
					return fmt.Errorf("--androidworld %s: server not ready: %w", awURL, err)
				}
				gt = &groundtruth.AndroidWorld{Client: aw, Index: awIndex}
			case groundTruth:
				gt = groundtruth.Native{}
			}
			pool, skipped, err := df.connectPool(ctx)
			if err != nil {
				return err
			}
			if awURL != "" && len(pool) > 1 {
				return &exitError{code: 2, msg: awPoolMsg}
			}
			for _, n := range notices {
				logf("%s", n)
			}
			for _, s := range skipped {
				logf("notice: not in the pool: %s", s)
			}
			if len(pool) > 1 {
				serials := make([]string, len(pool))
				for i, d := range pool {
					serials[i] = d.Serial()
				}
				logf("a pool of %d devices: %s", len(pool), strings.Join(serials, ", "))
			}
			if sh.Sharded() {
				logf("shard %s: %d of the %d tasks of %s", sh, ownedTasks(tasks, sh), len(tasks), suitePath)
			}
			o := runner.SuiteOptions{Tasks: tasks, SuitePath: suitePath, AgentCmd: agentCmd, AgentName: name, Out: out,
				Setup: setup, Teardown: teardown, HookTimeout: hookTimeout, Judge: judgeFn, JudgeID: judgeID, GroundTruth: gt,
				Store: db, Shard: sh, Fresh: fresh, Logf: logf,
				Observe: observer.Options{Timeout: timeout}}
			df.options(&o.Observe)
			bar := progress.New("tasks", ownedTasks(tasks, sh), global.quiet)
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
				if asJSON {
					if err := runner.EncodeReport(stdout, sum, results); err != nil {
						return err
					}
				} else {
					runner.WriteSummary(stdout, sum, results)
				}
			}
			if runErr != nil {
				return runErr
			}
			if sum != nil && sum.Interrupted {
				return &exitError{code: 130, msg: "interrupted; rerun the same command to resume"}
			}
			return nil
		},
	}
	df.pool = true
	df.register(cmd)
	f := cmd.Flags()
	f.StringVar(&suitePath, "suite", "", "task list: a file or a directory of them (required)")
	f.StringVar(&agentCmd, "agent-cmd", "", "the agent, as a shell command; {task} stands for the task text, passed exactly (required)")
	f.StringVarP(&out, "out", "o", "", "directory for the traces, one subdirectory per task id (required)")
	f.StringVar(&name, "agent-name", "", "agent label for traces and the summary (default: the command's first word)")
	f.StringVar(&setup, "setup-cmd", "", "shell command run before each task (e.g. reset the app); a failure skips the task until the next run")
	f.StringVar(&teardown, "teardown-cmd", "", "shell command run after each task; a failure is noted in the task's result but does not fail it")
	f.DurationVar(&hookTimeout, "hook-timeout", 5*time.Minute, "limit for each setup and teardown command")
	f.DurationVar(&timeout, "timeout", 10*time.Minute, "per-task limit for the agent (0: none)")
	f.StringVar(&only, "only", "", "comma-separated task ids to run, in suite order (default: all)")
	f.BoolVar(&groundTruth, "ground-truth", false, "read the programmatic reward from the device for tasks whose id has a check (see 'autoeval groundtruth'); app databases need a rooted device or emulator")
	f.StringVar(&awURL, "androidworld", "", "AndroidWorld server URL (e.g. http://localhost:5000): initialize, score and tear down each task there and store its score as ground truth")
	f.IntVar(&awIndex, "task-index", 0, "with --androidworld: the instance index of each task type in the server's suite")
	f.StringVar(&kind, "judge", "", strings.Join(judge.Kinds(), " or ")+" (default: llm when a model is configured, else the heuristic baseline)")
	f.StringVar(&substates, "substates", "", "substates file used for every task instead of decomposing (rarely what a suite wants)")
	f.BoolVar(&noJudge, "no-judge", false, "record (and check ground truth) only; judge later with 'autoeval judge --traces DIR'")
	f.BoolVar(&fresh, "fresh", false, "run every task again, even those an earlier run finished")
	f.BoolVar(&asJSON, "json", false, "print the results as JSON instead of the table")
	f.StringVar(&shardSpec, "shard", "", "run only shard I/N of the suite's tasks (by a hash of the task id; 0 <= I < N), or auto: from a Kubernetes Indexed Job or a Slurm job array; give each shard its own --db")
	return cmd
}

// awPoolMsg refuses --androidworld with a pool: one AndroidWorld server sets up, scores
// and tears down tasks on the one emulator it controls.
const awPoolMsg = "run: --androidworld drives the one emulator its server controls: give the --device of that emulator, or run one process per server and device (e.g. with --shard)"

// connectPool connects run's devices: those named with --device, else $ANDROID_SERIAL's
// (as adb itself does), else every online device. skipped says which attached devices
// were left out and why.
func (d *deviceFlags) connectPool(ctx context.Context) (pool []runner.SuiteDevice, skipped []string, err error) {
	addr, err := device.ResolveAddr(d.adb)
	if err != nil {
		return nil, nil, &exitError{code: 2, msg: err.Error()}
	}
	serials := d.serials
	if len(serials) == 0 {
		if s := strings.TrimSpace(os.Getenv("ANDROID_SERIAL")); s != "" {
			serials = []string{s}
		}
	}
	devs, skipped, err := device.ConnectAll(ctx, device.Options{Addr: addr, WaitTimeout: d.wait}, serials)
	if err != nil {
		return nil, nil, err
	}
	for _, dv := range devs {
		pool = append(pool, dv)
	}
	return pool, skipped, nil
}

// ownedTasks counts the tasks of sh.
func ownedTasks(tasks []suite.Task, sh shard.Shard) int {
	n := 0
	for _, t := range tasks {
		if sh.Owns(t.ID) {
			n++
		}
	}
	return n
}

// selectTasks keeps the tasks named in only (comma-separated ids), in suite order.
func selectTasks(tasks []suite.Task, only string) ([]suite.Task, error) {
	if strings.TrimSpace(only) == "" {
		return tasks, nil
	}
	want := map[string]bool{}
	for _, id := range strings.Split(only, ",") {
		if id = strings.TrimSpace(id); id != "" {
			want[id] = true
		}
	}
	var out []suite.Task
	for _, t := range tasks {
		if want[t.ID] {
			out = append(out, t)
			delete(want, t.ID)
		}
	}
	if len(want) > 0 {
		var missing []string
		for id := range want {
			missing = append(missing, id)
		}
		return nil, fmt.Errorf("--only: no task with id %s in the suite", strings.Join(missing, ", "))
	}
	return out, nil
}

// suiteJudge builds the judge used after each task: the model judge when a model is
// configured (and not --judge heuristic), else the heuristic baseline with its notice.
// It also returns the kind chosen and the configuration's judge.Config.ID. Notices go to
// notice.
func suiteJudge(ctx context.Context, db *store.DB, kind, substates string, notice func(string, ...any)) (func(context.Context, *trace.Trace) (*trace.Judgment, error), string, string, error) {
	cfg, decompose, err := judgeConfig(ctx, db, kind, "")
	if err != nil {
		return nil, "", "", err
	}
	id, err := cfg.ID()
	if err != nil {
		return nil, "", "", err
	}
	if cfg.Notice != "" {
		notice("notice: %s", cfg.Notice)
	}
	opts := judge.Options{Source: judge.SubstateSource{File: substates, Decompose: decompose}}
	opts.Judge = cfg
	return func(ctx context.Context, t *trace.Trace) (*trace.Judgment, error) {
		r := judge.JudgeTrace(ctx, opts, judge.Target{Label: trace.Label(t), Trace: t}, false)
		return r.Judgment, r.Err
	}, cfg.Kind, id, nil
}
