package main

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"time"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/groundtruth"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/trace"
)

// deviceFlags are shared by observe and run.
type deviceFlags struct {
	serial   string
	pool     bool     // run: --device may be repeated, and several devices form a pool
	serials  []string // with pool
	adb      string
	wait     time.Duration
	interval time.Duration
	xml      bool
	activity bool
	capture  string
	thresh   float64
}

func (d *deviceFlags) register(cmd *cobra.Command) {
	f := cmd.Flags()
	if d.pool {
		f.StringSliceVar(&d.serials, "device", nil, "device serial (as 'adb devices' lists it); repeat it (or separate serials with commas) for a pool of devices, one task on each at a time (default: $ANDROID_SERIAL if set, else every online device)")
	} else {
		f.StringVar(&d.serial, "device", "", "device serial (as 'adb devices' lists it); required when several devices are attached")
	}
	f.StringVar(&d.adb, "adb", "", "adb server as host:port (default $ADB_SERVER_SOCKET as tcp:host:port, else localhost:5037)")
	f.DurationVar(&d.wait, "wait", 30*time.Second, "how long to wait for the device to be attached and online (0: fail at once)")
	f.DurationVar(&d.interval, "interval", 500*time.Millisecond, "time between screenshots; a slower device simply yields fewer frames")
	f.BoolVar(&d.xml, "xml", false, "also record the UI hierarchy of every kept frame (uiautomator dump; slower, but the judge reads exact text from it)")
	f.BoolVar(&d.activity, "activity", true, "record the foreground activity of every kept frame")
	f.StringVar(&d.capture, "capture", observer.CaptureAuto, "screenshot method: png (screencap -p, encoded on the device), raw (framebuffer, encoded here), auto (time both once, use the faster)")
	f.Float64Var(&d.thresh, "dedup-threshold", observer.DefaultThreshold, "frames whose largest change of a ~40 px cell's brightness (0..1, status bar ignored) is at most this are dropped as duplicates; negative keeps every frame")
}

// check rejects flag values that cannot mean anything, before any device work starts.
func (d *deviceFlags) check(cmdName string) error {
	switch d.capture {
	case observer.CaptureAuto, observer.CapturePNG, observer.CaptureRaw:
	default:
		return &exitError{code: 2, msg: fmt.Sprintf("%s: --capture %q: want auto, png or raw", cmdName, d.capture)}
	}
	switch {
	case d.interval <= 0:
		return &exitError{code: 2, msg: fmt.Sprintf("%s: --interval %v: want a positive duration such as 500ms", cmdName, d.interval)}
	case d.thresh > 1:
		return &exitError{code: 2, msg: fmt.Sprintf("%s: --dedup-threshold %v: want at most 1 (a change of every cell's brightness); above it every frame after the first would be dropped", cmdName, d.thresh)}
	case d.wait < 0:
		return &exitError{code: 2, msg: fmt.Sprintf("%s: --wait %v: want 0 (fail at once) or a positive duration", cmdName, d.wait)}
	}
	return nil
}

func (d *deviceFlags) connect(ctx context.Context) (*device.Device, error) {
	addr, err := device.ResolveAddr(d.adb)
	if err != nil {
		return nil, &exitError{code: 2, msg: err.Error()}
	}
	return device.Connect(ctx, device.Options{Addr: addr, Serial: d.serial, WaitTimeout: d.wait})
}

func (d *deviceFlags) options(o *observer.Options) {
	o.Interval, o.XML, o.Activity, o.Capture = d.interval, d.xml, d.activity, d.capture
	o.Threshold = d.thresh
	if d.thresh == 0 {
		// Options reads 0 as "default"; the user's 0 means "drop exact repeats only".
		o.Threshold = 1e-9
	}
}

func logf(format string, args ...any) {
	if !global.quiet {
		fmt.Fprintf(stderr, "autoeval: "+format+"\n", args...)
	}
}

func newObserveCmd() *cobra.Command {
	var (
		df                  deviceFlags
		task, taskName, app string
		paramsFile          string
		out, agentName      string
		timeout             time.Duration
	)
	cmd := &cobra.Command{
		Use:   "observe --task TEXT --out DIR [flags] -- AGENT [ARGS...]",
		Short: "Run an agent as a black box on an Android device and record its screens",
		Long: `Start the agent command and record the device through adb until the agent exits, the --timeout
passes, or Ctrl-C. The task reaches the agent three ways: "{task}" in its arguments is replaced
by the task text, $AUTOEVAL_TASK holds it, and it is written to the agent's standard input. The
agent also gets $ANDROID_SERIAL and $ADB_SERVER_SOCKET for the same device and server.

An agent that answers a question (an information-retrieval task: "How many ...?") reports its
answer by writing it to the file named by $AUTOEVAL_ANSWER_FILE (in a private folder outside the
trace); what the file holds when the agent ends becomes trace.json's "answer" (copied into the
trace as answer.txt), which the judge and the ground truth read. What the agent writes into the
trace folder itself is moved aside into agent-written-*/ when it exits, never read. No code change is needed: a wrapper can redirect the agent's last line there, e.g.
  -- sh -c 'my-agent "$AUTOEVAL_TASK" | tee /dev/stderr | tail -n 1 > "$AUTOEVAL_ANSWER_FILE"'
Without the file the agent gave no answer.

Each kept frame is a screenshot (NNNN.png), with --xml the UI hierarchy (NNNN.xml), and the
foreground activity; frames that differ from the last kept one only below the dedup threshold
(a status-bar clock change never counts) are dropped and counted. The agent's output goes to
agent.stdout.log and agent.stderr.log. trace.json is rewritten after every frame, so a crash
keeps what was seen; its status ends as completed (exit 0), crashed (non-zero exit), timeout,
stopped (Ctrl-C), device_lost, or not_started when the device failed before the agent could
start (trace.json's metadata.error says what happened). Frame 1 is always the screen before
the agent starts.

Exit status: 0 when the trace was recorded to the end (completed, crashed or timeout: the
agent's fate is in the trace), 1 when the device was lost, the agent was not started or nothing
could be recorded, 2 for bad usage, 130 after Ctrl-C (the trace is kept).`,
		Example: `  autoeval observe --task "Turn on Wi-Fi" --out runs/wifi -- python my_agent.py --goal "{task}"
  autoeval observe --device emulator-5554 --xml --timeout 5m --task "$TASK" --out runs/t1 -- ./agent.sh`,
		RunE: func(cmd *cobra.Command, args []string) error {
			if cmd.ArgsLenAtDash() < 0 && len(args) > 0 || cmd.ArgsLenAtDash() > 0 {
				return &exitError{code: 2, msg: "observe: put the agent command after --, e.g. observe --task T --out DIR -- ./agent.sh"}
			}
			if len(args) == 0 {
				return &exitError{code: 2, msg: "observe: no agent command: give it after --"}
			}
			if task == "" || out == "" {
				return &exitError{code: 2, msg: "observe: --task and --out are required"}
			}
			if err := df.check("observe"); err != nil {
				return err
			}
			if timeout < 0 {
				return &exitError{code: 2, msg: fmt.Sprintf("observe: --timeout %v: want 0 (no limit) or a positive duration", timeout)}
			}
			var params map[string]any
			if paramsFile != "" {
				p, err := groundtruth.LoadParams(paramsFile)
				if err != nil {
					return &exitError{code: 2, msg: "observe: --params " + err.Error()}
				}
				params = p
			}
			// Refuse an existing trace before waiting for a device, not after.
			if _, err := os.Stat(filepath.Join(out, trace.ManifestName)); err == nil {
				return &exitError{code: 2, msg: fmt.Sprintf("observe: %s already holds a trace; choose another --out or remove it", out)}
			}
			ctx := cmd.Context()
			dev, err := df.connect(ctx)
			if err != nil {
				return err
			}
			o := observer.Options{Task: task, TaskName: taskName, App: app, Params: params, Agent: args, AgentName: agentName,
				Dir: out, Timeout: timeout, Logf: logf,
				OnFrame: func(f trace.Frame, captured, dropped int) {
					act := ""
					if f.Activity != "" {
						act = " " + f.Activity
					}
					logf("frame %d kept (%d captured, %d dropped)%s", f.Index, captured, dropped, act)
				}}
			df.options(&o)
			res, err := observer.Observe(ctx, dev, o)
			if res == nil {
				return err
			}
			fmt.Fprintf(stdout, "trace %s: %s, %d frames kept, %d dropped as duplicates, agent exit %d\n",
				out, res.Status, len(res.Trace.Frames), res.Dropped, res.ExitCode)
			switch {
			case res.Status == trace.StatusStopped:
				return &exitError{code: 130, msg: "interrupted; the trace is kept"}
			case err != nil:
				return err
			case len(res.Trace.Frames) == 0:
				return errors.New("no frame could be recorded")
			}
			return nil
		},
	}
	df.register(cmd)
	f := cmd.Flags()
	f.StringVar(&task, "task", "", "the task the agent is asked to do (required)")
	f.StringVar(&taskName, "task-name", "", "catalogue name of the task (e.g. AndroidWorld's ContactsAddContact), for ground truth")
	f.StringVar(&app, "app", "", "target app name, recorded in the trace")
	f.StringVar(&paramsFile, "params", "", "JSON file with the task's parameters, recorded in the trace for 'autoeval groundtruth --trace'")
	f.StringVarP(&out, "out", "o", "", "trace directory to create (required; must not hold a trace already)")
	f.StringVar(&agentName, "agent-name", "", "agent label in the trace (default: the command's base name)")
	f.DurationVar(&timeout, "timeout", 10*time.Minute, "stop the agent after this long (0: no limit)")
	return cmd
}
