package judge

import (
	"context"
	"errors"
	"fmt"
	"io"
	"path/filepath"
	"runtime"
	"sort"
	"strings"
	"sync"
	"text/tabwriter"
	"time"

	"github.com/autoeval/autoeval/internal/progress"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// Target is one trace to judge, with the label it is shown and filed under.
type Target struct {
	Label string
	Trace *trace.Trace
}

// Options drive JudgeTrace and Batch: the judge, where substates come from, and --out.
type Options struct {
	Judge  Config
	Source SubstateSource
	// Out is --out: a file for a single trace, a directory for a batch; empty for the default.
	Out string
	// Concurrency bounds traces judged at once in a batch; 0 derives it from the model
	// budget (TracesAtOnce).
	Concurrency int
	// ModelConcurrency is the model budget: requests in flight per endpoint (llm's default
	// when 0). The provider's limit bounds the calls underneath whatever Concurrency is.
	ModelConcurrency int
	// OnWait, when set, hears that another process sharing the database is judging a trace
	// of the batch; this batch takes the trace up when that process is done with it.
	OnWait func(label string, held *store.HeldError)
	// Bar shows batch progress; nil for none.
	Bar *progress.Bar
	// StatusRoot, when set, is the folder of the traces: the batch keeps its status there
	// while it runs (trace.WriteBatch), for viewers in other processes.
	StatusRoot string
	// poll is how often a trace held by another process is tried again (tests).
	poll time.Duration
}

// TracesAtOnce is how many traces a batch judges at once unless told: the model judge
// reasons over a trace's frames in order, one call at a time, so as many traces as the
// endpoint takes requests keep every request slot busy (captures run ahead within the same
// budget); the heuristic judge is bound by the CPUs.
func TracesAtOnce(cfg Config, modelConcurrency int) int {
	if !usesModel(cfg.Kind) {
		return runtime.GOMAXPROCS(0)
	}
	if modelConcurrency <= 0 {
		modelConcurrency = llm.DefaultConcurrency
	}
	return modelConcurrency
}

// Result is the outcome for one trace.
type Result struct {
	Label    string
	Out      string // where the judgment was written
	Notes    []string
	Judgment *trace.Judgment
	Err      error
}

// JudgeTrace resolves the substates of one trace, judges it and writes judgment.json.
func JudgeTrace(ctx context.Context, o Options, tg Target, batch bool) Result {
	r := Result{Label: tg.Label}
	src := o.Source
	if src.Derive == nil {
		src.Derive = derivation(o.Judge.Kind)
	}
	subs, note, from, du, err := resolveSubstates(ctx, tg.Trace, src)
	if err != nil {
		r.Err = err
		return r
	}
	r.Notes = append(r.Notes, note)
	cfg := o.Judge
	cfg.DecomposeUsage, cfg.SubstatesFrom = du, from
	if subs.Task == "" {
		subs.Task = tg.Trace.Task
	}
	if note == derivedNote {
		cfg.Notice = joinNotice(cfg.Notice, "substates derived from the task text by fixed rules (no model to decompose)")
	}
	j, err := Run(ctx, cfg, tg.Trace, subs)
	if err != nil {
		r.Err = err
		if msg := err.Error(); !strings.HasPrefix(msg, tg.Label+":") && !strings.HasPrefix(msg, trace.UniqueName(tg.Trace)+":") {
			r.Err = fmt.Errorf("%s: %w", tg.Label, err) // name the trace once, not twice
		}
		return r
	}
	path, why := trace.JudgmentOutputPath(tg.Trace, tg.Label, o.Out, batch)
	if why != "" {
		r.Notes = append(r.Notes, why)
	}
	if path != o.Out { // a file named by --out is the user's choice; a default name is ours
		var moved string
		if path, moved = trace.BesideOtherJudgment(path, j.Judge); moved != "" {
			r.Notes = append(r.Notes, moved)
		}
	}
	if err := trace.WriteJudgment(path, j); err != nil {
		r.Err = fmt.Errorf("%s: writing the judgment: %w", tg.Label, err)
		return r
	}
	r.Out, r.Judgment = path, j
	return r
}

func joinNotice(a, b string) string {
	if a == "" {
		return b
	}
	return a + "; " + b
}

// Batch judges many traces with bounded concurrency, the longest first (a long trace
// started last would finish alone). Each trace resumes from its own saved progress, so a
// killed batch continues without repeating calls. With a store, each trace is claimed with
// a lease, so several processes on the same traces and database share the work: a trace
// another process is judging is taken up after it (resuming its finished progress, with no
// new calls), or taken over if that process died. Results keep input order.
func Batch(ctx context.Context, o Options, targets []Target) []Result {
	workers := o.Concurrency
	if workers <= 0 {
		workers = TracesAtOnce(o.Judge, o.ModelConcurrency)
	}
	order := longestFirst(targets)
	keys := make([]string, len(order))
	for k, i := range order {
		keys[k] = leaseKey(targets[i].Trace, o.Judge)
	}
	q := store.NewQueue(o.Judge.Store, keys)
	q.Poll = o.poll
	if o.OnWait != nil {
		q.OnWait = func(k int, held *store.HeldError) { o.OnWait(targets[order[k]].Label, held) }
	}
	if o.Bar != nil {
		frames := 0
		for _, tg := range targets {
			frames += len(tg.Trace.Frames)
		}
		o.Bar.SetUnits("frame", frames)
	}
	status := newBatchStatus(o.StatusRoot, o.Judge, len(targets))
	defer status.close()
	res := make([]Result, len(targets))
	reached := make([]bool, len(targets))
	var mu sync.Mutex
	var stopErr error
	var wg sync.WaitGroup
	for range min(workers, len(targets)) {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for {
				k, lease, err := q.Next(ctx)
				if errors.Is(err, io.EOF) {
					return
				}
				if err != nil {
					mu.Lock()
					if stopErr == nil {
						stopErr = err
					}
					mu.Unlock()
					return
				}
				i := order[k]
				wctx := ctx
				if lease != nil {
					wctx = lease.Hold(ctx)
				}
				r := judgeCounted(wctx, o, targets[i], status)
				if cause := context.Cause(wctx); r.Err != nil && errors.Is(cause, store.ErrLeaseLost) {
					r.Err = fmt.Errorf("%s: %w", targets[i].Label, cause)
				}
				q.Done(k, lease)
				mu.Lock()
				res[i], reached[i] = r, true
				mu.Unlock()
			}
		}()
	}
	wg.Wait()
	for i, tg := range targets {
		if !reached[i] {
			err := stopErr
			if err == nil || ctx.Err() != nil {
				err = notStarted{ctx.Err()}
			}
			res[i] = Result{Label: tg.Label, Err: err}
		}
	}
	return res
}

// notStarted is the error of a trace a batch stopped before reaching: it matches the cause
// (context.Canceled after Ctrl-C) and is told apart from a trace interrupted under way.
type notStarted struct{ error }

func (e notStarted) Unwrap() error { return e.error }

// judgeCounted is JudgeTrace in a batch, telling o.Bar and status (either may be nil) of
// the trace's frames as they are judged (those an earlier run judged as resumed) and of the
// trace when it is done.
func judgeCounted(ctx context.Context, o Options, tg Target, status *batchStatus) Result {
	counted := 0
	onStart, onFrame := o.Judge.OnStart, o.Judge.OnFrame
	o.Judge.OnStart = func(resumed, total int) {
		counted = resumed
		if o.Bar != nil {
			o.Bar.SkipUnits(resumed)
		}
		status.frames(tg.Trace, counted)
		if onStart != nil {
			onStart(resumed, total)
		}
	}
	o.Judge.OnFrame = func(f trace.FrameResult) {
		counted++
		if o.Bar != nil {
			o.Bar.AddUnits(1)
		}
		status.frames(tg.Trace, counted)
		if onFrame != nil {
			onFrame(f)
		}
	}
	status.started(tg.Trace)
	r := JudgeTrace(ctx, o, tg, true)
	status.finished(tg.Trace, r.Err != nil)
	if o.Bar == nil {
		return r
	}
	switch {
	case errors.Is(r.Err, context.Canceled):
		o.Bar.Done(tg.Label, r.Err) // its frames not judged stay to do
	case errors.Is(r.Err, ErrNothingToJudge):
		o.Bar.AddUnits(len(tg.Trace.Frames) - counted)
		o.Bar.Done(tg.Label, progress.Aside("not judgeable")) // why is said once, under the table
	default:
		o.Bar.AddUnits(len(tg.Trace.Frames) - counted) // an early stop or a failure ends the trace
		o.Bar.Done(tg.Label, r.Err)
	}
	return r
}

// longestFirst orders the targets by frames, most first, ties in input order.
func longestFirst(targets []Target) []int {
	order := make([]int, len(targets))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool {
		return len(targets[order[a]].Trace.Frames) > len(targets[order[b]].Trace.Frames)
	})
	return order
}

// leaseKey names the work of judging t with cfg's judge, the same in every process that
// sees the trace at the same place: two judges of one trace do not wait for each other. A
// trace is named by where it is read (its folder; a file's path for a trace inside a file),
// not by the recording it came from: two copies of one recording are two traces to judge.
func leaseKey(t *trace.Trace, cfg Config) string {
	name := trace.UniqueName(t)
	if t.IsNative() {
		name = t.Dir
	}
	if abs, err := filepath.Abs(name); err == nil {
		name = abs
	}
	who := cfg.Kind
	if usesModel(cfg.Kind) {
		if cfg.Model != nil {
			who += " " + cfg.Model.Name()
		}
		if cfg.CaptureModel != nil && cfg.CaptureModel != cfg.Model {
			who += " capture " + cfg.CaptureModel.Name()
		}
	}
	return "judge " + name + " with " + who + " (" + cfg.Capture + ")"
}

// WriteTable prints SCR and completion per trace and overall: mean SCR, and the task
// completion rate strictly and over required substates.
func WriteTable(w io.Writer, results []Result) {
	tw := tabwriter.NewWriter(w, 0, 0, 2, ' ', 0)
	fmt.Fprintln(tw, "trace\tverdict\tsubstates\tSCR\tcomplete\trequired\tframes\tskipped\tcalls\tcost $\t")
	var n, complete, required, withRequired, failed, interrupted, unreadable int
	var undetermined []Result
	verdicts := map[string]int{}
	var scr float64
	var calls int
	var total trace.Usage
	var notStarted int
	for _, r := range results {
		if errors.Is(r.Err, context.Canceled) {
			// Stopped by the user, not broken: its progress is saved and a rerun continues.
			state := "interrupted"
			if isNotStarted(r.Err) {
				state = "not started"
				notStarted++
			} else {
				interrupted++
			}
			fmt.Fprintf(tw, "%s\t%s\t\t\t\t\t\t\t\t\t\n", r.Label, state)
			continue
		}
		if errors.Is(r.Err, ErrNothingToJudge) {
			unreadable++
			fmt.Fprintf(tw, "%s\tnot judgeable\t\t\t\t\t\t\t\t\t\n", r.Label)
			continue
		}
		if r.Err != nil {
			failed++
			fmt.Fprintf(tw, "%s\tFAILED: %s\t\t\t\t\t\t\t\t\t\n", r.Label, firstLine(r.Err.Error()))
			continue
		}
		j := r.Judgment
		verdict := j.RunVerdict()
		verdicts[verdict.Verdict]++
		sat := 0
		for _, s := range j.Substates {
			if s.Satisfied {
				sat++
			}
		}
		total.Add(j.Usage)
		calls += j.Usage.Calls
		skipped := 0
		for _, f := range j.Frames {
			if f.Skipped {
				skipped++
			}
		}
		if j.Undetermined {
			// No verdict: left out of SCR and TCR, never counted as a failure.
			undetermined = append(undetermined, r)
			fmt.Fprintf(tw, "%s\t%s\t%d/%d\tundetermined\t-\t-\t%d\t%d\t%d\t%s\t\n", r.Label, verdict, sat, len(j.Substates),
				len(j.Frames), skipped, j.Usage.Calls, costCell(j.Usage))
			continue
		}
		n++
		scr += j.SCR
		if j.Complete {
			complete++
		}
		req := yesNo(j.CompleteRequired)
		if j.NoRequired {
			req = "undefined"
		} else {
			withRequired++
			if j.CompleteRequired {
				required++
			}
		}
		fmt.Fprintf(tw, "%s\t%s\t%d/%d\t%.2f\t%s\t%s\t%d\t%d\t%d\t%s\t\n", r.Label, verdict, sat, len(j.Substates), j.SCR,
			yesNo(j.Complete), req, len(j.Frames), skipped, j.Usage.Calls, costCell(j.Usage))
	}
	if n > 0 {
		tcrq := "TCR -" // every trace's substates are all optional
		if withRequired > 0 {
			tcrq = fmt.Sprintf("TCR %.2f", float64(required)/float64(withRequired))
		}
		fmt.Fprintf(tw, "overall (%s)\t\t\t%.2f\tTCR %.2f\t%s\t\t\t%d\t%s\t\n", termtext.Count(n, "trace"), scr/float64(n),
			float64(complete)/float64(n), tcrq, calls, costCell(total))
	}
	tw.Flush()
	if len(verdicts) > 0 {
		fmt.Fprintf(w, "verdicts: %d success, %d failure, %d cannot tell (a failure rests on evidence against the run; \"cannot tell\" when the screens never showed what the task needs)\n",
			verdicts[trace.RunSuccess], verdicts[trace.RunFailure], verdicts[trace.RunCannotTell])
	}
	writeUndetermined(w, undetermined)
	if unreadable > 0 {
		fmt.Fprintf(w, "%s not judgeable: they hold nothing a judge can read (no frame has a screenshot, UI XML or elements); not counted as failed (eval still reports their ground truth and the agent's claim)\n",
			termtext.Count(unreadable, "trace"))
	}
	if failed > 0 {
		fmt.Fprintf(w, "%s failed\n", termtext.Count(failed, "trace"))
	}
	switch {
	case interrupted > 0 && notStarted > 0:
		fmt.Fprintf(w, "%s interrupted under way and %d not started\n", termtext.Count(interrupted, "trace"), notStarted)
	case interrupted > 0:
		fmt.Fprintf(w, "%s interrupted\n", termtext.Count(interrupted, "trace"))
	case notStarted > 0:
		fmt.Fprintf(w, "%s not started\n", termtext.Count(notStarted, "trace"))
	}
}

// maxUndeterminedShown bounds the undetermined traces a batch's table names with why.
const maxUndeterminedShown = 10

// writeUndetermined says which traces the judge could not judge and why: no usable model
// answer, or frames that could not be described, each reason with its frames.
func writeUndetermined(w io.Writer, results []Result) {
	if len(results) == 0 {
		return
	}
	fmt.Fprintf(w, "%s undetermined: the judge could not judge them; left out of SCR and TCR:\n", termtext.Count(len(results), "trace"))
	for i, r := range results {
		if i == maxUndeterminedShown {
			fmt.Fprintf(w, "  and %d more (the undetermined_reason of their judgments)\n", len(results)-i)
			break
		}
		fmt.Fprintf(w, "  %s: %s\n", termtext.Line(r.Label), termtext.ClipLine(r.Judgment.UndeterminedReason, 300))
	}
}

func isNotStarted(err error) bool {
	var ns notStarted
	return errors.As(err, &ns)
}

func firstLine(s string) string {
	if i := strings.IndexByte(s, '\n'); i >= 0 {
		return s[:i]
	}
	return s
}

// costCell is a cost for the table's "cost $" column: "unknown" without a price, ">="
// when requests were billed for tokens nobody reported.
func costCell(u trace.Usage) string {
	switch {
	case u.PriceUnknown:
		return "unknown"
	case u.UnknownCalls > 0:
		return fmt.Sprintf(">=%.4f", u.CostUSD)
	}
	return fmt.Sprintf("%.4f", u.CostUSD)
}
