package main

import (
	"encoding/json"
	"errors"
	"fmt"
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

func newGroundtruthCmd() *cobra.Command {
	var (
		serial, adbAddr, task, paramsFile string
		beforeDir, snapshotDir, traceDir  string
		awURL, goal, template, metaFile   string
		awIndex                           int
		wait                              time.Duration
		list, asJSON                      bool
	)
	cmd := &cobra.Command{
		Use:   "groundtruth --task NAME [--params FILE] [--before DIR] [--trace DIR] [flags]",
		Short: "Read a task's programmatic reward from the device's system state",
		Long: `Computes an AndroidWorld task's reward natively from the device's state over adb, the way
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
answer (from --params or the trace) is given to it first as the agent's answer action.`,
		Example: `  autoeval groundtruth --list
  autoeval groundtruth --task SimpleCalendarAddOneEvent --params p.json --snapshot-before /tmp/before
  # ... the agent runs ...
  autoeval groundtruth --task SimpleCalendarAddOneEvent --params p.json --before /tmp/before --trace runs/t1
  autoeval groundtruth --trace runs/t1          # task name and params from trace.json
  autoeval groundtruth --androidworld http://localhost:5000 --task SystemWifiTurnOn --task-index 0 --trace runs/t1`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			out := cmd.OutOrStdout()
			if list {
				return printFamilies(cmd, asJSON)
			}
			var tr *trace.Trace
			if traceDir != "" {
				var err error
				if tr, err = trace.ReadManifest(traceDir); err != nil {
					return fmt.Errorf("--trace: %w", err)
				}
			}
			if task == "" && tr != nil {
				task = tr.TaskName
			}
			if task == "" {
				return &exitError{code: 2, msg: "groundtruth: --task is required (or a --trace whose trace.json has task_name); see --list"}
			}
			params := groundtruth.Params{}
			if tr != nil && tr.Params != nil {
				params = groundtruth.Params(tr.Params)
			}
			if paramsFile != "" {
				p, err := groundtruth.LoadParams(paramsFile)
				if err != nil {
					return &exitError{code: 2, msg: "groundtruth: --params " + err.Error()}
				}
				params = p
			} else if len(params) == 0 && (template != "" || metaFile != "") {
				// Recover the parameters from the goal text and the task's template.
				if template == "" {
					tmpl, err := groundtruth.LoadTemplates(metaFile)
					if err != nil {
						return &exitError{code: 2, msg: "groundtruth: --templates " + err.Error()}
					}
					if template = tmpl[task]; template == "" {
						return &exitError{code: 2, msg: fmt.Sprintf("groundtruth: --templates %s has no task %q", metaFile, task)}
					}
				}
				if goal == "" && tr != nil {
					goal = tr.Task
				}
				if goal == "" {
					return &exitError{code: 2, msg: "groundtruth: --goal is required to read parameters from a template (or a --trace with the task text)"}
				}
				p, err := groundtruth.ParamsFromGoal(template, goal)
				if err != nil {
					return &exitError{code: 2, msg: "groundtruth: " + err.Error()}
				}
				params = p
				if tr != nil && len(tr.Params) == 0 && goal == tr.Task {
					// Keep what was read off the trace's own goal, so later checks need no template.
					tr.Params = map[string]any{}
					for k, v := range p {
						tr.Params[k] = v
					}
				}
			}
			if _, ok := params["answer"]; !ok && tr != nil {
				// Information-retrieval tasks score the agent's reply: take the
				// trace's answer when the parameters carry none. An agent known to have
				// given none scores 0, as in AndroidWorld; otherwise nothing is known.
				if a, known := tr.AgentAnswer(); known {
					params["answer"] = a
				}
			}
			if tr != nil && beforeDir == "" && snapshotDir == "" && awURL == "" {
				// 'autoeval run --ground-truth' saved the pre-task state beside the
				// trace: rescoring it must compare with that state, as the run did.
				if _, err := os.Stat(filepath.Join(traceDir, groundtruth.SnapshotFile)); err == nil {
					beforeDir = traceDir
				}
			}
			ctx := cmd.Context()

			var res *groundtruth.Result
			source := groundtruth.NativeSource
			if awIndex < 0 {
				return &exitError{code: 2, msg: fmt.Sprintf("groundtruth: --task-index %d: must be 0 or more", awIndex)}
			}
			if awURL != "" {
				// Scored as 'run' scores it: a question task's answer is given to the server
				// first, as the agent's answer action.
				aw := &groundtruth.AndroidWorld{Client: &groundtruth.AndroidWorldClient{BaseURL: awURL}, Index: awIndex}
				r, err := aw.Begun(task).Score(ctx, params.StringOr("answer", ""))
				if err != nil && r == nil {
					return err
				}
				if err != nil {
					fmt.Fprintln(cmd.ErrOrStderr(), "autoeval: warning:", err)
				}
				res, source = r, groundtruth.AndroidWorldSource
			} else {
				if !groundtruth.Known(task) {
					return &exitError{code: 2, msg: fmt.Sprintf("groundtruth: no check for task %q (see --list)", task)}
				}
				if beforeDir != "" && snapshotDir != "" {
					return &exitError{code: 2, msg: "groundtruth: --before and --snapshot-before exclude each other (take the snapshot, run the agent, then check)"}
				}
				// A missing parameter is the user's to fix and needs no device: say so
				// before connecting, so it shows even with no adb server at hand.
				if snapshotDir == "" {
					if err := groundtruth.MissingParam(ctx, task, params); err != nil {
						return missingParamError(err, paramsFile, template, metaFile)
					}
				}
				addr, err := device.ResolveAddr(adbAddr)
				if err != nil {
					return &exitError{code: 2, msg: err.Error()}
				}
				var before *groundtruth.Snapshot
				if beforeDir != "" {
					if before, err = groundtruth.LoadSnapshot(beforeDir); err != nil {
						if errors.Is(err, fs.ErrNotExist) {
							return &exitError{code: 2, msg: fmt.Sprintf("groundtruth: --before %s: no %s there (take one with --snapshot-before)", beforeDir, groundtruth.SnapshotFile)}
						}
						return err
					}
					if before.Task != "" && before.Task != task {
						return &exitError{code: 2, msg: fmt.Sprintf("groundtruth: --before %s holds a snapshot for task %s, not %s", beforeDir, before.Task, task)}
					}
				}
				dev, err := device.Connect(ctx, device.Options{Addr: addr, Serial: serial, WaitTimeout: wait})
				if err != nil {
					return err
				}
				if snapshotDir != "" {
					snap, err := groundtruth.TakeSnapshot(ctx, dev, task, params)
					if err != nil {
						return err
					}
					if err := snap.Save(snapshotDir); err != nil {
						return err
					}
					n := 0
					for _, rows := range snap.Tables {
						n += len(rows)
					}
					fmt.Fprintf(out, "snapshot of %s saved in %s (%d tables, %d rows, %d files, %d folders)\n",
						task, snapshotDir, len(snap.Tables), n, len(snap.Files), len(snap.Dirs))
					if f, _ := groundtruth.Lookup(task); f != nil && !f.Diff {
						fmt.Fprintf(out, "note: %s is checked on the after-state alone; the snapshot is not needed\n", task)
					}
					return nil
				}
				if res, err = groundtruth.Check(ctx, dev, task, params, before); err != nil {
					if errors.Is(err, groundtruth.ErrMissingParam) {
						return missingParamError(err, paramsFile, template, metaFile)
					}
					return err
				}
			}

			if tr != nil && res.Lenient {
				// The check could not see the state before the task, so its reward
				// may be kinder than AndroidWorld's: show it, but never store it as
				// the trace's ground truth.
				printResult(cmd, task, source, res, asJSON)
				return fmt.Errorf("--trace %s: not written: %s compares with the state before the task, and neither --before nor the trace directory holds %s; take it with --snapshot-before before the agent runs ('autoeval run --ground-truth' does)",
					traceDir, task, groundtruth.SnapshotFile)
			}
			if tr != nil {
				tr.GroundTruth = &trace.GroundTruth{Reward: res.Reward, Source: source, Details: res.Explanation}
				if tr.TaskName == "" {
					tr.TaskName = task
				}
				if err := tr.WriteManifest(); err != nil {
					return fmt.Errorf("--trace: %w", err)
				}
			}
			if err := printResult(cmd, task, source, res, asJSON); err != nil {
				return err
			}
			if tr != nil && !asJSON {
				fmt.Fprintf(out, "written to %s/%s\n", strings.TrimRight(traceDir, "/"), trace.ManifestName)
			}
			return nil
		},
	}
	f := cmd.Flags()
	f.StringVar(&serial, "device", "", "device serial (as 'adb devices' lists it); required when several devices are attached")
	f.StringVar(&adbAddr, "adb", "", "adb server as host:port (default $ADB_SERVER_SOCKET as tcp:host:port, else localhost:5037)")
	f.DurationVar(&wait, "wait", 10*time.Second, "how long to wait for the device to be attached and online (0: fail at once)")
	f.StringVar(&task, "task", "", "AndroidWorld task name, e.g. SimpleSmsSend (default: the --trace's task_name)")
	f.StringVar(&paramsFile, "params", "", "JSON file with the task's parameters (default: the --trace's params)")
	f.StringVar(&goal, "goal", "", "the task's goal text, to read parameters from with --template/--templates (default: the --trace's task)")
	f.StringVar(&template, "template", "", "the task's goal template with {slots}, e.g. 'Create a new contact for {name}. Their number is {number}.'")
	f.StringVar(&metaFile, "templates", "", "AndroidWorld task_metadata.json: take the --task's template from it (used when no --params or trace params are given)")
	f.StringVar(&beforeDir, "before", "", "directory holding the pre-task snapshot ("+groundtruth.SnapshotFile+") for checks that diff rows")
	f.StringVar(&snapshotDir, "snapshot-before", "", "take the pre-task snapshot now, save it in this directory and exit (run before the agent)")
	f.StringVar(&traceDir, "trace", "", "trace directory: read task name, params, answer and "+groundtruth.SnapshotFile+" from it and write the reward into its trace.json")
	f.StringVar(&awURL, "androidworld", "", "ask AndroidWorld's server at this URL (/task/score, then /task/tear_down) instead of checking natively")
	f.IntVar(&awIndex, "task-index", 0, "with --androidworld: the instance index of the task type in the server's suite")
	f.BoolVar(&list, "list", false, "list the tasks with a native check, their parameters and what they read")
	f.BoolVar(&asJSON, "json", false, "print the result (or --list) as JSON")
	return cmd
}

// printResult prints a check's result as text or JSON.
func printResult(cmd *cobra.Command, task, source string, res *groundtruth.Result, asJSON bool) error {
	out := cmd.OutOrStdout()
	if asJSON {
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(struct {
			*groundtruth.Result
			Source string `json:"source"`
		}{res, source})
	}
	_, err := fmt.Fprintf(out, "%s: reward %.2f (%s)\n%s\n", task, res.Reward, source, res.Explanation)
	return err
}

// missingParamError reports a parameter the check needs; once the user has given no
// parameters at all, it is a usage error saying where they come from.
func missingParamError(err error, paramsFile, template, metaFile string) error {
	if paramsFile == "" && template == "" && metaFile == "" {
		return &exitError{code: 2, msg: "groundtruth: " + err.Error() + "; give --params FILE, or --templates task_metadata.json to read them off the goal"}
	}
	return err
}

func printFamilies(cmd *cobra.Command, asJSON bool) error {
	fams := groundtruth.Families()
	out := cmd.OutOrStdout()
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
		enc := json.NewEncoder(out)
		enc.SetIndent("", "  ")
		return enc.Encode(list)
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
