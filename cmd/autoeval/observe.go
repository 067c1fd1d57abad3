package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/trace"
)

const observeLong = `Start the agent command and record the device through adb until the agent exits, the --timeout
passes, or Ctrl-C. The task reaches the agent three ways: "{task}" in its arguments is replaced
by the task text, $AUTOEVAL_TASK holds it, and it is written to the agent's standard input. In
the script of a shell's -c (sh -c 'SCRIPT', also after the shell's options or a wrapper such as
timeout or env), {task} becomes a reference to $AUTOEVAL_TASK, so the text arrives exactly and
nothing in it runs, however it is quoted (after $(...), backquotes or a here-document it is
refused). The agent also gets $ANDROID_SERIAL and $ADB_SERVER_SOCKET for the same device and
server.

An agent that answers a question (an information-retrieval task: "How many ...?") reports its
answer by writing it to the file named by $AUTOEVAL_ANSWER_FILE (in a private folder outside the
trace); what the file holds when the agent ends becomes trace.json's "answer" (copied into the
trace as answer.txt), which the judge and the ground truth read. What the agent writes into the
trace folder itself is moved aside into agent-written-*/ when it exits, never read. No code
change is needed: a wrapper can redirect the agent's last line there, e.g.
  -- sh -c 'my-agent "$AUTOEVAL_TASK" | tee /dev/stderr | tail -n 1 > "$AUTOEVAL_ANSWER_FILE"'
Without the file the agent gave no answer.

Each kept frame is a screenshot (NNNN.png), with --xml the UI hierarchy (NNNN.xml), and the
foreground activity; frames that differ from the last kept one only below the dedup threshold
(a status-bar clock change never counts) are dropped and counted. The agent's output goes to
agent.stdout.log and agent.stderr.log. The agent runs in a process group of its own: what it
leaves running there when it exits (or is stopped) is killed. trace.json is rewritten after every frame, so a crash
keeps what was seen; its status ends as completed (exit 0), crashed (non-zero exit), timeout,
stopped (Ctrl-C), device_lost, or not_started when the device failed before the agent could
start (trace.json's metadata.error says what happened). Frame 1 is always the screen before
the agent starts.

Exit status: 0 when the trace was recorded to the end (completed, crashed or timeout: the
agent's fate is in the trace), 1 when the device was lost, the agent was not started or nothing
could be recorded, 2 for bad usage, 130 after Ctrl-C (the trace is kept).`

// ObserveOptions are what observe runs with.
type ObserveOptions struct {
	IO     *IOStreams
	Device *deviceFlags

	Task, TaskName, App string
	ParamsFile          string
	Out, AgentName      string
	Timeout             time.Duration
	Agent               []string // the agent command, after --
}

// NewCmdObserve builds 'autoeval observe'; runF replaces observeRun (tests).
func NewCmdObserve(f *Factory, runF func(context.Context, *ObserveOptions) error) *cobra.Command {
	opts := &ObserveOptions{IO: f.IO, Device: newDeviceFlags(f, false)}
	cmd := &cobra.Command{
		Use:   "observe --task TEXT --out DIR [flags] -- AGENT [ARGS...]",
		Short: "Run an agent as a black box on an Android device and record its screens",
		Long:  observeLong,
		Example: `  autoeval observe --task "Turn on Wi-Fi" --out runs/wifi -- python my_agent.py --goal "{task}"
  autoeval observe --device emulator-5554 --xml --timeout 5m --task "$TASK" --out runs/t1 -- ./agent.sh`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.ArgsLenAtDash() < 0 && len(args) > 0 || cmd.ArgsLenAtDash() > 0 {
				return usagef("observe: put the agent command after --, e.g. observe --task T --out DIR -- ./agent.sh")
			}
			opts.Agent = args
			return dispatch(cmd, opts, runF, observeRun)
		},
	}
	opts.Device.register(cmd.Flags())
	fs := cmd.Flags()
	fs.StringVar(&opts.Task, "task", "", "the task the agent is asked to do (required)")
	fs.StringVar(&opts.TaskName, "task-name", "", "catalogue name of the task (e.g. AndroidWorld's ContactsAddContact), for ground truth")
	fs.StringVar(&opts.App, "app", "", "target app name, recorded in the trace")
	fs.StringVar(&opts.ParamsFile, "params", "", "JSON file with the task's parameters, recorded in the trace for 'autoeval groundtruth --trace'")
	fs.StringVarP(&opts.Out, "out", "o", "", "trace directory to create (required; must not hold a trace already)")
	fs.StringVar(&opts.AgentName, "agent-name", "", "agent label in the trace (default: the command's base name)")
	fs.DurationVar(&opts.Timeout, "timeout", 10*time.Minute, "stop the agent after this long (0: no limit)")
	return cmd
}

func observeRun(ctx context.Context, opts *ObserveOptions) error {
	params, err := opts.check()
	if err != nil {
		return err
	}
	dev, err := opts.Device.connect(ctx)
	if err != nil {
		return err
	}
	o := observer.Options{Task: opts.Task, TaskName: opts.TaskName, App: opts.App, Params: params, Agent: opts.Agent,
		AgentName: opts.AgentName, Dir: opts.Out, Timeout: opts.Timeout, Logf: opts.IO.Notef,
		OnFrame: func(f trace.Frame, captured, dropped int) {
			act := ""
			if f.Activity != "" {
				act = " " + f.Activity
			}
			opts.IO.Notef("frame %d kept (%d captured, %d dropped)%s", f.Index, captured, dropped, act)
		}}
	opts.Device.observerOptions(&o)
	res, err := observer.Observe(ctx, dev, o)
	if res == nil {
		return err
	}
	fmt.Fprintf(opts.IO.Out, "trace %s: %s, %d frames kept, %d dropped as duplicates, agent exit %d\n",
		opts.Out, res.Status, len(res.Trace.Frames), res.Dropped, res.ExitCode)
	switch {
	case res.Status == trace.StatusStopped:
		return interrupted("interrupted; the trace is kept")
	case err != nil:
		return err
	case len(res.Trace.Frames) == 0:
		return errors.New("no frame could be recorded")
	}
	return nil
}

// check validates the command line before any device work, and reads --params.
func (opts *ObserveOptions) check() (map[string]any, error) {
	if len(opts.Agent) == 0 {
		return nil, usagef("observe: no agent command: give it after --")
	}
	if opts.Task == "" || opts.Out == "" {
		return nil, usagef("observe: --task and --out are required")
	}
	if err := opts.Device.check("observe"); err != nil {
		return nil, err
	}
	if opts.Timeout < 0 {
		return nil, usagef("observe: --timeout %v: want 0 (no limit) or a positive duration", opts.Timeout)
	}
	if err := observer.CheckAgent(opts.Agent); err != nil {
		return nil, usagef("observe: %v", err)
	}
	var params map[string]any
	if opts.ParamsFile != "" {
		p, err := groundtruth.LoadParams(opts.ParamsFile)
		if err != nil {
			return nil, usagef("observe: --params %v", err)
		}
		params = p
	}
	// Refuse an existing trace before waiting for a device, not after.
	if _, err := os.Stat(filepath.Join(opts.Out, trace.ManifestName)); err == nil {
		return nil, usagef("observe: %s already holds a trace; choose another --out or remove it", opts.Out)
	}
	return params, nil
}
