package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"path/filepath"
	"text/tabwriter"
	"time"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/trace"
	"github.com/spf13/cobra"
)

const traceFormatsHelp = `PATH may be any of:
  - a native trace directory (trace.json with numbered frames)
  - a folder of numbered screenshots (png/jpg) with task.txt, instruction.txt or task.md
  - a LlamaTouch trace folder (N.png, N.xml, N.activity, instruction.txt, eventStructs.txt)
  - an AndroidWorld episode JSON file (per-step ui_elements, task_actually_successful)
  - an AndroidWorld checkpoint *.pkl.gz (read safely: no Python code is ever run)
  - an AndroidLab run directory (traces/trace.jsonl with Screen/ and xml/ beside it)
  - a directory holding any number of the above (searched recursively)`

// NewCmdTrace builds 'autoeval trace' and its subcommands.
func NewCmdTrace(f *Factory) *cobra.Command {
	cmd := &cobra.Command{
		Use:   "trace",
		Short: "Inspect, validate and import traces",
		Long: `Inspect, validate and import recorded runs. Traces written by other tools are read as they are,
so a third-party agent can be judged without changing its code.

` + traceFormatsHelp,
		// Without a RunE cobra answers a mistyped subcommand ("trace inof") with this help
		// and exit 0, which hides the typo from scripts.
		RunE: func(cmd *cobra.Command, args []string) error {
			if len(args) > 0 {
				return fmt.Errorf("unknown command %q for %q", args[0], cmd.CommandPath())
			}
			return cmd.Help()
		},
	}
	cmd.AddCommand(NewCmdTraceInfo(f, nil), NewCmdTraceValidate(f, nil), NewCmdTraceImport(f, nil))
	return cmd
}

// TraceInfoOptions are what trace info runs with.
type TraceInfoOptions struct {
	IO   *IOStreams
	Path string
	JSON bool
}

// NewCmdTraceInfo builds 'autoeval trace info'; runF replaces traceInfoRun (tests).
func NewCmdTraceInfo(f *Factory, runF func(context.Context, *TraceInfoOptions) error) *cobra.Command {
	opts := &TraceInfoOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "info PATH",
		Short: "Show a trace's task, frames, status, ground truth and the agent's claim",
		Long: `info prints, for every trace at PATH: the task and task name, agent, status, device, ground
truth (reward and where it came from), the agent's own claim of being done, the source format, and
one line per frame saying what it carries: image, UI XML, UI elements, activity and the action taken.

` + traceFormatsHelp,
		Example: `  autoeval trace info examples/clock-alarm
  autoeval trace info checkpoints/ContactsAddContact_0.pkl.gz --json`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Path = args[0]
			return dispatch(cmd, opts, runF, traceInfoRun)
		},
	}
	cmd.Flags().BoolVar(&opts.JSON, "json", false, "print JSON instead of text: one object for one trace, an array for several")
	return cmd
}

// TraceValidateOptions are what trace validate runs with.
type TraceValidateOptions struct {
	IO     *IOStreams
	Pixels pixelFlag
	Path   string
}

// NewCmdTraceValidate builds 'autoeval trace validate'; runF replaces traceValidateRun (tests).
func NewCmdTraceValidate(f *Factory, runF func(context.Context, *TraceValidateOptions) error) *cobra.Command {
	opts := &TraceValidateOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "validate PATH",
		Short: "Check that every frame file exists, stays inside the trace and decodes",
		Long: `validate opens every trace at PATH and checks it in full: a task and at least one frame,
increasing frame indexes, every referenced file present and inside the trace directory, every image
decoding completely (truncation is caught), XML well-formed and UI-elements JSON valid. It prints
"ok" or the problems of each trace, one per line, and exits 1 when any trace has a problem.

` + traceFormatsHelp,
		Example: `  autoeval trace validate examples/clock-alarm
  autoeval trace validate llamatouch-traces/`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Path = args[0]
			return dispatch(cmd, opts, runF, traceValidateRun)
		},
	}
	opts.Pixels.register(cmd.Flags())
	return cmd
}

// TraceImportOptions are what trace import runs with.
type TraceImportOptions struct {
	IO        *IOStreams
	Path, Out string
}

// NewCmdTraceImport builds 'autoeval trace import'; runF replaces traceImportRun (tests).
func NewCmdTraceImport(f *Factory, runF func(context.Context, *TraceImportOptions) error) *cobra.Command {
	opts := &TraceImportOptions{IO: f.IO}
	cmd := &cobra.Command{
		Use:   "import PATH --out DIR",
		Short: "Write native copies of traces from other tools",
		Long: `import reads every trace at PATH and writes a native trace directory for each: frames as
0001.png, 0001.xml, 0001.elements.json and a trace.json that keeps the task, actions, ground truth,
the agent's claim and where the trace came from. Screenshots held inside checkpoints become PNG files.

When PATH holds exactly one trace, DIR becomes that trace. When it holds several (a directory of
traces, a checkpoint with several episodes), each goes to DIR/<label>, the label being the source's
directory or file name (plus #N for later episodes of one checkpoint, written as -N). Traces already
imported are skipped, so an interrupted import resumes where it stopped.

` + traceFormatsHelp,
		Example: `  autoeval trace import llamatouch-traces/trace_7 --out imported/trace_7
  autoeval trace import checkpoints/ --out imported/gbox`,
		Args: cobra.ExactArgs(1),
		RunE: func(cmd *cobra.Command, args []string) error {
			opts.Path = args[0]
			if opts.Out == "" {
				return usagef("trace import: --out DIR is required")
			}
			return dispatch(cmd, opts, runF, traceImportRun)
		},
	}
	cmd.Flags().StringVarP(&opts.Out, "out", "o", "", "directory to write the native trace into (one subdirectory per trace when PATH holds several); required")
	return cmd
}

// eachTrace calls fn for every trace source at path, with its traces or the error
// opening it, so one bad source does not hide the others.
func eachTrace(path string, fn func(src string, ts []*trace.Trace, err error)) error {
	sources, err := importer.OpenEach(path)
	if err != nil {
		return err
	}
	for _, s := range sources {
		fn(s.Path, s.Traces, s.Err)
	}
	return nil
}

// traceInfo is the --json shape of `trace info`.
type traceInfo struct {
	Label            string             `json:"label"`
	Path             string             `json:"path"`
	Format           string             `json:"format"`
	Entry            int                `json:"entry,omitempty"`
	Task             string             `json:"task"`
	TaskName         string             `json:"task_name,omitempty"`
	App              string             `json:"app,omitempty"`
	Agent            string             `json:"agent,omitempty"`
	Status           string             `json:"status"`
	Device           trace.Device       `json:"device"`
	Started          *time.Time         `json:"started,omitempty"`
	Ended            *time.Time         `json:"ended,omitempty"`
	GroundTruth      *trace.GroundTruth `json:"ground_truth,omitempty"`
	Success          *bool              `json:"success,omitempty"` // reward >= 1, when there is ground truth
	AgentClaimedDone *bool              `json:"agent_claimed_done,omitempty"`
	FrameCount       int                `json:"frame_count"`
	Frames           []frameInfo        `json:"frames"`
}

type frameInfo struct {
	Index    int           `json:"index"`
	Image    string        `json:"image,omitempty"` // file name, or "embedded" for decoded checkpoint screenshots
	XML      string        `json:"xml,omitempty"`
	Elements *int          `json:"elements,omitempty"` // number of UI elements, when the frame has them
	Activity string        `json:"activity,omitempty"`
	Action   *trace.Action `json:"action,omitempty"`
}

func describeTrace(t *trace.Trace) traceInfo {
	ti := traceInfo{
		Label: trace.Label(t), Path: t.Dir, Format: trace.FormatNative,
		Task: t.Task, TaskName: t.TaskName, App: t.App, Agent: t.Agent, Status: t.Status, Device: t.Device,
		Started: t.Started, Ended: t.Ended, GroundTruth: t.GroundTruth, AgentClaimedDone: t.AgentClaimedDone,
		FrameCount: len(t.Frames), Frames: []frameInfo{},
	}
	if t.Source != nil && (t.Source.Format != trace.FormatNative || t.Dir == "") {
		ti.Path, ti.Format, ti.Entry = t.Source.Path, t.Source.Format, t.Source.Entry
		if _, err := os.Stat(filepath.Join(t.Dir, trace.ManifestName)); err == nil && t.Source.Path != t.Dir {
			// A native copy of an imported trace: show where it is, name the origin in the format.
			ti.Path, ti.Format = t.Dir, trace.FormatNative+" (imported from "+t.Source.Format+")"
		}
	}
	if t.GroundTruth != nil {
		ok := t.GroundTruth.Success()
		ti.Success = &ok
	}
	for i := range t.Frames {
		f := &t.Frames[i]
		fi := frameInfo{Index: f.Index, XML: f.XML, Activity: f.Activity, Action: f.Action}
		switch {
		case f.Image != "":
			fi.Image = f.Image
		case len(f.ImageData) > 0:
			fi.Image = "embedded"
		}
		if t.HasElements(f) {
			n := len(f.ElementsData)
			if f.Elements != "" {
				if els, err := t.ReadElements(f); err == nil {
					n = len(els)
				} else {
					n = -1
				}
			}
			fi.Elements = &n
		}
		ti.Frames = append(ti.Frames, fi)
	}
	return ti
}

func traceInfoRun(_ context.Context, opts *TraceInfoOptions) error {
	var infos []traceInfo
	var failed []string
	err := eachTrace(opts.Path, func(src string, ts []*trace.Trace, err error) {
		if err != nil {
			failed = append(failed, err.Error())
			return
		}
		for _, t := range ts {
			infos = append(infos, describeTrace(t))
		}
	})
	if err != nil {
		return err
	}
	if len(infos) == 0 && len(failed) == 1 {
		// One unreadable source: its own error is the whole story, on one line.
		return errors.New(failed[0])
	}
	if err := writeTraceInfos(opts.IO.Out, infos, opts.JSON); err != nil {
		return err
	}
	if len(failed) > 0 {
		for _, f := range failed {
			fmt.Fprintln(opts.IO.ErrOut, "autoeval: "+f)
		}
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %s could not be read", len(failed), termtext.Count(len(failed)+len(infos), "trace source"))}
	}
	return nil
}

// writeTraceInfos prints the infos as text, or JSON: one object for one trace, else an array.
func writeTraceInfos(w io.Writer, infos []traceInfo, asJSON bool) error {
	if asJSON {
		var v any = infos
		if len(infos) == 1 {
			v = infos[0]
		}
		return writeJSON(w, v)
	}
	for i, ti := range infos {
		if i > 0 {
			fmt.Fprintln(w)
		}
		writeTraceInfo(w, ti)
	}
	return nil
}

func writeTraceInfo(w io.Writer, ti traceInfo) {
	dash := func(s string) string {
		if s == "" {
			return "-"
		}
		return s
	}
	src := ti.Path
	if ti.Entry > 0 {
		src += fmt.Sprintf(" (episode %d)", ti.Entry)
	}
	fmt.Fprintf(w, "trace:        %s\n", ti.Label)
	fmt.Fprintf(w, "source:       %s  %s\n", ti.Format, src)
	fmt.Fprintf(w, "task:         %s\n", ti.Task)
	fmt.Fprintf(w, "task name:    %s\n", dash(ti.TaskName))
	if ti.App != "" {
		fmt.Fprintf(w, "app:          %s\n", ti.App)
	}
	fmt.Fprintf(w, "agent:        %s\n", dash(ti.Agent))
	fmt.Fprintf(w, "status:       %s\n", dash(ti.Status))
	if ti.Device.Width > 0 || ti.Device.Serial != "" {
		d := fmt.Sprintf("%dx%d", ti.Device.Width, ti.Device.Height)
		if ti.Device.Serial != "" {
			d += " " + ti.Device.Serial
		}
		if ti.Device.Android != "" {
			d += " Android " + ti.Device.Android
		}
		fmt.Fprintf(w, "device:       %s\n", d)
	}
	if ti.Started != nil || ti.Ended != nil {
		fmt.Fprintf(w, "time:         %s .. %s\n", fmtTime(ti.Started), fmtTime(ti.Ended))
	}
	if g := ti.GroundTruth; g != nil {
		verdict := "failure"
		if g.Success() {
			verdict = "success"
		}
		fmt.Fprintf(w, "ground truth: %s (reward %g, source %s)\n", verdict, g.Reward, g.Source)
	} else {
		fmt.Fprintf(w, "ground truth: none\n")
	}
	switch {
	case ti.AgentClaimedDone == nil:
		fmt.Fprintf(w, "agent claim:  not recorded\n")
	case *ti.AgentClaimedDone:
		fmt.Fprintf(w, "agent claim:  done\n")
	default:
		fmt.Fprintf(w, "agent claim:  not done\n")
	}
	fmt.Fprintf(w, "frames:       %d\n", ti.FrameCount)
	if ti.FrameCount == 0 {
		return
	}
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "  #\timage\txml\telements\tactivity\taction")
	for _, f := range ti.Frames {
		els := "-"
		if f.Elements != nil {
			els = fmt.Sprint(*f.Elements)
			if *f.Elements < 0 {
				els = "unreadable"
			}
		}
		fmt.Fprintf(tw, "  %d\t%s\t%s\t%s\t%s\t%s\n", f.Index, dash(f.Image), dash(f.XML), els,
			dash(termtext.ClipLine(f.Activity, 48)), dash(actionText(f.Action)))
	}
	tw.Flush()
}

func fmtTime(t *time.Time) string {
	if t == nil {
		return "?"
	}
	return t.UTC().Format("2006-01-02 15:04:05Z")
}

// actionText renders an action in a few words for the frame table.
func actionText(a *trace.Action) string {
	if a == nil {
		return ""
	}
	s := a.Type
	if a.Type == "other" {
		return "other: " + termtext.ClipLine(a.Raw, 50)
	}
	if a.X != nil && a.Y != nil {
		s += fmt.Sprintf(" (%.0f,%.0f)", *a.X, *a.Y)
	}
	if a.Element != nil {
		s += fmt.Sprintf(" element %d", *a.Element)
	}
	if a.Direction != "" {
		s += " " + a.Direction
	}
	if a.Text != "" {
		s += " " + fmt.Sprintf("%q", termtext.ClipLine(a.Text, 40))
	}
	return s
}

func traceValidateRun(_ context.Context, opts *TraceValidateOptions) error {
	if err := opts.Pixels.check(); err != nil {
		return err
	}
	w := opts.IO.Out
	bad, total := 0, 0
	err := eachTrace(opts.Path, func(src string, ts []*trace.Trace, err error) {
		if err != nil {
			bad++
			total++
			fmt.Fprintf(w, "FAIL %s\n  %s\n", src, err)
			return
		}
		for _, t := range ts {
			total++
			verr := trace.Validate(t, opts.Pixels.limits, validateBar(opts.IO, trace.Label(t)))
			if verr == nil {
				fmt.Fprintf(w, "ok   %s (%s)\n", trace.Label(t), termtext.Count(len(t.Frames), "frame"))
				continue
			}
			bad++
			fmt.Fprintf(w, "FAIL %s\n", trace.Label(t))
			var ve *trace.ValidationError
			if errors.As(verr, &ve) {
				for _, p := range ve.Problems {
					fmt.Fprintf(w, "  %s\n", p)
				}
			} else {
				fmt.Fprintf(w, "  %s\n", verr)
			}
		}
	})
	if err != nil {
		return err
	}
	if bad > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%d of %s %s problems", bad, termtext.Count(total, "trace"), map[bool]string{true: "has", false: "have"}[bad == 1])}
	}
	return nil
}

// validateBar shows progress through a long trace's files (a few hundred frames take
// seconds; some recordings have a hundred thousand).
func validateBar(io *IOStreams, label string) func(done, total int) {
	const long = 200
	var bar *progress.Bar
	return func(done, total int) {
		if total < long {
			return
		}
		if bar == nil {
			bar = io.Bar("validate "+label, total)
		}
		bar.Set(done)
		if done == total {
			bar.Clear()
		}
	}
}

func traceImportRun(ctx context.Context, opts *TraceImportOptions) error {
	plan, err := importer.PlanImport(opts.Path, opts.Out)
	if err != nil {
		return err
	}
	w, items := opts.IO.Out, plan.Items
	bar := opts.IO.BarIf("import", len(items), len(items) >= 2)
	failed := len(plan.OpenErrs)
	for _, e := range plan.OpenErrs {
		fmt.Fprintln(opts.IO.ErrOut, "autoeval: "+e.Error())
	}
	for i, it := range items {
		// Stop between traces on Ctrl-C: each finished trace is complete on disk (trace.json
		// is written last), so the rerun skips them.
		if ctx.Err() != nil {
			bar.Finish()
			return interrupted(fmt.Sprintf("trace import: interrupted after %d of %s; run the same command again to resume", i, termtext.Count(len(items), "trace")))
		}
		nt, already, err := importer.Import(it)
		switch {
		case already:
			fmt.Fprintf(w, "skipped %s: already imported\n", it.Dest)
			bar.Skip(1)
			continue
		case err != nil:
			failed++
			err = fmt.Errorf("import %s: %w", trace.Label(it.Trace), err)
			if len(items) == 1 && len(plan.OpenErrs) == 0 {
				// One trace: its error is the whole message, on one line.
				bar.Finish()
				return err
			}
			fmt.Fprintf(opts.IO.ErrOut, "autoeval: %v\n", err)
		default:
			fmt.Fprintf(w, "wrote %s (%s, %s from %s)\n", it.Dest, termtext.Count(len(nt.Frames), "frame"), sourceFormat(it.Trace), it.Source)
		}
		bar.Done(trace.Label(it.Trace), err)
	}
	bar.Finish()
	if failed > 0 {
		return &exitError{code: 1, msg: fmt.Sprintf("%s could not be imported", termtext.Count(failed, "trace"))}
	}
	return nil
}

func sourceFormat(t *trace.Trace) string {
	if t.Source == nil {
		return trace.FormatNative
	}
	return t.Source.Format
}
