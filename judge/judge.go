package judge

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"time"

	"golang.org/x/sync/errgroup"

	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// Config selects and tunes a judge.
type Config struct {
	// Kind is a registered kind of judge (see Kinds): trace.JudgeLLM, the default, or
	// trace.JudgeHeuristic once package heuristic is linked in.
	Kind string
	// Model is the reasoner; required for the LLM judge.
	Model llm.Model
	// CaptureModel describes screenshots; nil disables vision capture.
	CaptureModel llm.Model
	// Capture is one of CaptureModes; empty means auto.
	Capture string
	// Limits bounds the screenshots the judge decodes itself (OCR): a frame over them is
	// skipped with the reason (--max-pixels). A vision model's are llm.Config's.
	Limits trace.Limits
	// CaptureConcurrency bounds parallel captures (default 4).
	CaptureConcurrency int
	// Lookahead caps how many frames capture may run ahead of the reasoner (default
	// CaptureConcurrency). Within it, captures run only as far ahead as the reasoner can
	// use (see pacer), so an early stop wastes few vision calls.
	Lookahead int
	// Retries is how often a frame whose answer breaks a rule is asked again before it is
	// skipped (0: never; the CLI's default is DefaultRetries).
	Retries int
	// Store keeps per-frame progress (resume) and the final per-substate rows; optional.
	Store ProgressStore
	// Fresh discards saved progress of this exact job and judges from the first frame.
	Fresh bool
	// DecomposeUsage is what decomposing this trace's task into its substates cost. It is
	// counted in the judgment's usage and saved with the progress, so a resumed run (whose
	// decomposition comes from the cache for free) still reports it.
	DecomposeUsage trace.Usage
	// Notice is recorded in the judgment (e.g. why the heuristic baseline was used).
	Notice string
	// SubstatesFrom says where the substates came from (trace.SubstatesFrom*), for the
	// judgment's provenance; JudgeTrace sets it.
	SubstatesFrom string
	// OnStart, when set, is told how many frames were finished by an earlier run (resumed)
	// and how many the trace has, before judging begins.
	OnStart func(resumed, total int)
	// OnFrame, when set, is called after each frame is finished (and saved when it cost calls).
	OnFrame func(trace.FrameResult)
}

const defaultConcurrency = 4

// DefaultRetries is the CLI's default for Config.Retries.
const DefaultRetries = 2

// normalize checks the config, fills in its defaults and returns the driver of its kind.
func (c *Config) normalize() (Driver, error) {
	if c.Kind == "" {
		c.Kind = trace.JudgeLLM
	}
	if c.Capture == "" {
		c.Capture = CaptureAuto
	}
	ok := false
	for _, m := range CaptureModes {
		ok = ok || m == c.Capture
	}
	if !ok {
		return nil, fmt.Errorf("capture mode %q: want one of %s", c.Capture, strings.Join(CaptureModes, ", "))
	}
	d, err := lookup(c.Kind)
	if err != nil {
		return nil, err
	}
	if err := d.Check(c); err != nil {
		return nil, err
	}
	if c.CaptureConcurrency <= 0 {
		c.CaptureConcurrency = defaultConcurrency
	}
	if c.Lookahead <= 0 {
		c.Lookahead = c.CaptureConcurrency
	}
	c.Retries = max(c.Retries, 0)
	return d, nil
}

// info describes the judge for the judgment file. vision says whether any frame will be
// described by the capture model: only then are that model and its prompt named; readsOCR
// says whether any frame is read by OCR, which names the OCR engine.
func (c *Config) info(d Driver, vision, readsOCR bool) trace.JudgeInfo {
	ji := trace.JudgeInfo{Kind: c.Kind, Capture: c.Capture, Notice: c.Notice}
	d.Record(&ji, c, vision)
	if ji.PromptVersions == nil {
		ji.PromptVersions = map[string]string{}
	}
	// The evidence rules every kind judges by (judge/evidence): which table a verdict
	// rests on, whatever the kind.
	ji.PromptVersions["evidence"] = evidence.Version()
	if v, ok := ocr.Available(); readsOCR && ok {
		if ji.PromptVersions == nil {
			ji.PromptVersions = map[string]string{}
		}
		ji.PromptVersions["ocr"] = v + "; " + ocr.Preprocessing + "; " + ocrLayoutVersion
	}
	return ji
}

// Run judges one trace against its substates.
func Run(ctx context.Context, cfg Config, t *trace.Trace, subs *substate.List) (*trace.Judgment, error) {
	d, err := cfg.normalize()
	if err != nil {
		return nil, err
	}
	if err := subs.Validate(); err != nil {
		return nil, err
	}
	if len(t.Frames) == 0 {
		return nil, fmt.Errorf("%s: the trace has no frames to judge", trace.UniqueName(t))
	}
	vision := cfg.CaptureModel != nil
	if err := nothingToDescribe(cfg.Capture, t, vision); err != nil {
		// Every frame would be skipped and the trace judged a failure for want of data,
		// which says nothing about the agent.
		return nil, fmt.Errorf("%s: %w", trace.UniqueName(t), err)
	}
	info := cfg.info(d, usesVision(cfg.Capture, t, vision), usesOCR(cfg.Capture, t, vision))
	scope := trace.UniqueName(t)
	task := subs.Task
	if t.Task != "" {
		task = t.Task
	}
	rs := d.Reasoner(&cfg, scope)
	rv := d.Reviewer(&cfg, scope)
	setup := judgeSetup(&cfg, info)
	job, err := jobKey(t, task, subs, setup)
	if err != nil {
		return nil, err
	}
	st := newState()
	started := time.Now().UTC()
	if cfg.Store != nil {
		if cfg.Fresh {
			if err := clearJob(ctx, cfg.Store, job); err != nil {
				return nil, err
			}
		}
		if err := st.load(ctx, cfg.Store, job); err != nil {
			return nil, err
		}
		if len(st.Frames) > 0 && !savedStillHolds(t, st) {
			// A frame judged before is not what the trace holds now (its files were
			// replaced, or the progress predates the digests): judge afresh.
			if err := clearJob(ctx, cfg.Store, job); err != nil {
				return nil, err
			}
			decomposed := st.Decompose // the substates are the job's: what they cost still counts
			st = newState()
			st.Decompose = decomposed
		}
		if !st.Started.IsZero() {
			started = st.Started
		}
	}
	st.Started = started
	st.Decompose.Add(cfg.DecomposeUsage)
	if cfg.Store != nil && cfg.DecomposeUsage != (trace.Usage{}) {
		// Saved now, not with the next frame: a run that dies first would otherwise lose
		// what decomposing cost, since the resumed run gets its decomposition for free.
		if err := st.save(ctx, cfg.Store, job); err != nil {
			return nil, err
		}
	}

	l := &loop{cfg: cfg, t: t, subs: subs, task: task, rs: rs, st: st, job: job,
		cap: &capturer{mode: cfg.Capture, model: cfg.CaptureModel, task: task, scope: scope, limits: cfg.Limits}}
	if cfg.OnStart != nil {
		cfg.OnStart(len(st.Frames), len(t.Frames))
	}
	extra, err := l.run(ctx)
	if err != nil {
		return nil, err
	}
	j := l.judgment(info)
	if l.st.Outcome == nil {
		// The last look, once per job: saved with the progress, so the finished job judged
		// again reports the same verdict and usage without asking anew.
		o, ou, err := l.outcome(ctx, rv, j)
		if err != nil {
			return nil, err
		}
		l.st.Outcome, l.st.EndSums = &o, l.endSums
		l.st.Usage.Add(ou)
		j.Usage.Add(ou)
		l.dirty = true
		if err := l.save(ctx); err != nil {
			return nil, err
		}
	}
	j.Outcome = l.st.Outcome
	j.Provenance = provenance(t, task, subs, cfg.SubstatesFrom, setup, l.st)
	j.Usage.Add(extra)
	j.Usage.Add(l.st.Decompose)
	j.Started = started
	j.Finished = time.Now().UTC()
	if cfg.Store != nil {
		if err := saveJudgments(ctx, cfg.Store, job, trace.UniqueName(t), info.Label(), j); err != nil {
			return nil, err
		}
	}
	return j, nil
}

// loop is one judging job in progress.
type loop struct {
	cfg  Config
	t    *trace.Trace
	subs *substate.List
	task string
	rs   Reasoner
	cap  *capturer
	st   *state
	job  string
	// dirty is set while the in-memory state is ahead of the saved one.
	dirty bool
	// rejected are the attempts of a frame just skipped for rejected answers, forgotten
	// from the call cache once the skip is saved.
	rejected []ReasonInput
	// kept are the captures of the trace's last frames (by position), reasoned over or
	// captured ahead of an early stop: the last look reads them without describing again.
	kept map[int]captured
	// endSums are the digests of the frames after an early stop, which the last look read.
	endSums []trace.FrameSums
}

// keep holds on to a capture the last look will read: one of the trace's last frames.
func (l *loop) keep(pos int, c captured) {
	if pos < len(l.t.Frames)-maxEndScreens {
		return
	}
	if l.kept == nil {
		l.kept = map[int]captured{}
	}
	c.Usage = trace.Usage{} // paid for where it was captured
	l.kept[pos] = c
}

// forgetter is a reasoner whose answers can be dropped from the call cache.
type forgetter interface {
	forget(ctx context.Context, attempts []ReasonInput)
}

func (l *loop) save(ctx context.Context) error {
	if l.cfg.Store == nil || !l.dirty || len(l.st.Frames) == 0 {
		return nil
	}
	l.dirty = false
	return l.st.save(ctx, l.cfg.Store, l.job)
}

// capSlot is one frame's capture, filled by a worker and awaited by the reasoner.
type capSlot struct {
	done     chan struct{}
	res      captured
	err      error
	consumed bool // touched only by the reasoning goroutine
}

// run reasons over the frames not yet finished. Captures that ran ahead but were never
// reasoned over (an early stop) still count: in the state when the run finishes, in the
// returned usage when it fails, so the accounting stays honest.
func (l *loop) run(ctx context.Context) (trace.Usage, error) {
	var extra trace.Usage
	start := len(l.st.Frames)
	if start >= len(l.t.Frames) || l.allSatisfied() {
		return extra, nil
	}
	cctx, cancel := context.WithCancel(ctx)
	defer cancel()
	n := len(l.t.Frames)
	slots := make([]*capSlot, n)
	for i := start; i < n; i++ {
		slots[i] = &capSlot{done: make(chan struct{})}
	}
	pace := newPacer(l.cfg.Lookahead)
	g, gctx := errgroup.WithContext(cctx)
	g.SetLimit(l.cfg.CaptureConcurrency)
	launched := make(chan struct{})
	go func() {
		defer close(launched)
		for i := start; i < n; i++ {
			if !pace.wait(gctx) {
				for k := i; k < n; k++ {
					slots[k].err = gctx.Err()
					close(slots[k].done)
				}
				return
			}
			i := i
			g.Go(func() error {
				s := slots[i]
				began := time.Now()
				s.res, s.err = l.cap.capture(gctx, l.t, &l.t.Frames[i])
				pace.captured(time.Since(began))
				close(s.done)
				return nil // errors travel through the slot, in frame order
			})
		}
	}()
	// finish stops the captures still running and counts what every capture not reasoned
	// over spent, cancelled requests included (as calls of unknown tokens).
	finish := func() {
		cancel()
		<-launched
		_ = g.Wait()
		for i := start; i < n; i++ {
			select {
			case <-slots[i].done:
				if !slots[i].consumed {
					extra.Add(slots[i].res.Usage)
					if slots[i].err == nil {
						l.keep(i, slots[i].res)
					}
				}
			default:
			}
		}
	}
	for i := start; i < n; i++ {
		s := slots[i]
		select {
		case <-s.done:
		case <-ctx.Done():
			finish()
			return extra, ctx.Err()
		}
		s.consumed = true
		pace.took()
		if err := ctx.Err(); err != nil {
			extra.Add(s.res.Usage)
			finish()
			return extra, err
		}
		if s.err != nil {
			extra.Add(s.res.Usage)
			finish()
			return extra, s.err
		}
		began := time.Now()
		err := l.frame(ctx, i, s.res)
		if err != nil {
			finish()
			return extra, err
		}
		l.keep(i, s.res)
		s.res = captured{} // used: a long trace must not keep every screen's description
		if l.allSatisfied() {
			break
		}
		// Measured only once the run goes on: a new measurement can widen the look-ahead,
		// and on the frame that ends the run that would launch captures no one will use.
		pace.reasoned(time.Since(began))
	}
	finish()
	if extra != (trace.Usage{}) {
		// Captures paid for ahead of an early stop belong to this job: saved with the
		// state, so running the finished job again reports the same usage.
		l.st.Usage.Add(extra)
		l.dirty = true
		extra = trace.Usage{}
	}
	return extra, l.save(ctx)
}

func (l *loop) allSatisfied() bool { return len(l.st.Satisfied) == len(l.subs.Nodes) }

// frame reasons over one captured frame, applies the Checker, updates and saves the state.
func (l *loop) frame(ctx context.Context, pos int, c captured) error {
	f := &l.t.Frames[pos]
	fr := trace.FrameResult{Index: f.Index, Source: c.Source}
	usage := c.Usage
	switch {
	case c.Skip != "":
		fr.Skipped, fr.SkipReason = true, c.Skip
		l.st.Listings.observe(f.Index, nil, f.Action)
		l.st.Forms.observe(f.Index, nil, f.Action, false)
	case l.st.LastDesc != "" && c.Desc == l.st.LastDesc && !l.st.Forms.commitsUnchanged(c.Screen):
		// The same screen as the previous frame: nothing new to see, no reasoner call.
		// What the agent did on it is new, and decides what becomes of a form on it.
		prev := l.st.lastShown()
		fr.SameAs = &prev
		l.st.Listings.observe(f.Index, nil, f.Action)
		l.st.Forms.observe(f.Index, c.Screen, f.Action, true)
	case l.st.LastDesc != "" && c.Desc == l.st.LastDesc:
		// The same screen, but the save tapped on the last one committed the form without
		// changing the screen (a document editor): the memory has news, so the frame is read.
		l.st.Listings.observe(f.Index, nil, f.Action)
		l.st.Forms.observe(f.Index, c.Screen, f.Action, true)
		if err := l.reason(ctx, f.Index, c, &fr, &usage); err != nil {
			return err
		}
	default:
		l.st.Listings.observe(f.Index, c.Screen, f.Action)
		l.st.Forms.observe(f.Index, c.Screen, f.Action, false)
		if err := l.reason(ctx, f.Index, c, &fr, &usage); err != nil {
			return err
		}
	}
	switch {
	case fr.Skipped && c.Skip == "":
		// Every answer on this screen was rejected, so it was never judged: the next
		// frame showing it must be asked rather than passed over as unchanged.
		l.st.LastDesc = ""
	case c.Skip == "":
		l.st.LastDesc = c.Desc
	}
	l.st.Usage.Add(usage)
	l.st.Frames = append(l.st.Frames, fr)
	l.st.Sums = append(l.st.Sums, c.Sums)
	// Only frames that cost model calls need saving: the rest are recomputed for free and
	// identically on resume, and skipping them keeps heuristic batches off the disk.
	l.dirty = true
	if l.cfg.Store != nil && usage.Calls+usage.CacheHits > 0 {
		if err := l.save(ctx); err != nil {
			return err
		}
	}
	if f, ok := l.rs.(forgetter); ok && len(l.rejected) > 0 {
		f.forget(ctx, l.rejected)
	}
	l.rejected = nil
	if l.cfg.OnFrame != nil {
		l.cfg.OnFrame(fr)
	}
	return nil
}

// reason asks the reasoner, retrying answers that break a rule, and applies the verdicts.
func (l *loop) reason(ctx context.Context, frame int, c captured, fr *trace.FrameResult, usage *trace.Usage) error {
	q := buildQuery(l.subs, l.st.satisfiedSet())
	in := ReasonInput{Task: l.task, Subs: l.subs, Query: q, Satisfied: l.st.Satisfied, Facts: l.st.Facts,
		Frame: frame, Description: c.Desc, Screen: c.Screen, Listings: l.st.Listings, Forms: l.st.Forms, Answer: l.t.FinalAnswer()}
	var problems []string
	var tried []ReasonInput
	for attempt := 0; attempt <= l.cfg.Retries; attempt++ {
		if attempt > 0 {
			fr.Retries++
			// The attempt number keeps a retry's prompt distinct from the last one, so the
			// call cache cannot hand back the same rejected answer.
			in.Repair = fmt.Sprintf("(attempt %d of %d) %s", attempt+1, l.cfg.Retries+1, strings.Join(problems, "; "))
		}
		out, u, err := l.rs.Reason(ctx, in)
		usage.Add(u)
		tried = append(tried, in)
		var bad *errAnswer
		if errors.As(err, &bad) {
			problems = []string{bad.msg}
			continue
		}
		if err != nil {
			return err
		}
		verdicts, probs := check(l.subs, q, out)
		if len(probs) > 0 {
			problems = probs
			continue
		}
		fr.Verdicts = verdicts
		fr.Thought = out.Thought
		fr.CriticalInfo = out.CriticalInfo.String()
		for _, v := range verdicts {
			if v.Verdict != trace.VerdictTrue {
				continue
			}
			if _, done := l.st.Satisfied[v.ID]; !done {
				l.st.Satisfied[v.ID] = hit{Frame: frame, Analysis: v.Analysis}
			}
		}
		// The latest reason each still-open substate was not reached, so a failed one can
		// say why in the judgment (an empty analysis keeps the last one that said something).
		for _, v := range verdicts {
			if _, done := l.st.Satisfied[v.ID]; !done && strings.TrimSpace(v.Analysis) != "" {
				l.st.Last[v.ID] = hit{Frame: frame, Analysis: v.Analysis}
			}
		}
		for _, s := range out.CriticalInfo {
			l.st.Facts = append(l.st.Facts, fact{Frame: frame, Text: s})
		}
		return nil
	}
	l.rejected = tried
	fr.Skipped = true
	fr.SkipReason = fmt.Sprintf(rejectedPrefix+"%d attempts: %s", l.cfg.Retries+1, strings.Join(problems, "; "))
	return nil
}

// judgment assembles the output from the state.
func (l *loop) judgment(info trace.JudgeInfo) *trace.Judgment {
	j := &trace.Judgment{Version: 1, Trace: trace.UniqueName(l.t), Task: l.task, TaskName: l.t.TaskName, Judge: info,
		Frames: append([]trace.FrameResult{}, l.st.Frames...), Usage: l.st.Usage}
	sat, req, reqSat := 0, 0, 0
	for _, n := range l.subs.Nodes {
		r := trace.SubstateResult{Node: n}
		if h, ok := l.st.Satisfied[n.ID]; ok {
			fr := h.Frame
			r.Satisfied, r.Frame, r.Analysis = true, &fr, h.Analysis
			sat++
		} else if h, ok := l.st.Last[n.ID]; ok {
			r.Analysis = fmt.Sprintf("%s%d: %s", LastSeenPrefix, h.Frame, h.Analysis)
		}
		if !n.Optional {
			req++
			if r.Satisfied {
				reqSat++
			}
		}
		j.Substates = append(j.Substates, r)
	}
	if len(l.subs.Nodes) > 0 {
		j.SCR = float64(sat) / float64(len(l.subs.Nodes))
	}
	j.Complete = sat == len(l.subs.Nodes)
	// Over no required substate, "all required reached" is undefined, not true.
	j.CompleteRequired = req > 0 && reqSat == req
	j.NoRequired = req == 0
	j.StoppedEarly = j.Complete && len(l.st.Frames) < len(l.t.Frames)
	j.Undetermined, j.UndeterminedReason = undetermined(j)
	return j
}

// undetermined says whether the judge failed to judge the trace at all: not every substate
// was reached and no frame was judged (every one skipped: answers the Checker rejected, or
// screens that could not be described). "Not reached" would then be a guess about the
// agent, not a verdict.
func undetermined(j *trace.Judgment) (bool, string) {
	if j.Complete || len(j.Frames) == 0 {
		return false, ""
	}
	rejected, unreadable := 0, 0
	for _, f := range j.Frames {
		switch {
		case !f.Skipped:
			return false, ""
		case strings.HasPrefix(f.SkipReason, rejectedPrefix):
			rejected++
		default:
			unreadable++
		}
	}
	// Why the frames could not be described is the trace's to fix: said with the frames.
	why := skipSummary(skipGroups(j.Frames, func(f trace.FrameResult) bool { return !Rejected(f) }))
	switch {
	case unreadable == 0:
		return true, fmt.Sprintf("the model gave no usable answer on any of the %d frames (every answer rejected by the Checker)", rejected)
	case rejected == 0:
		return true, fmt.Sprintf("none of the %d frames could be described (%s)", unreadable, why)
	}
	return true, fmt.Sprintf("no frame was judged: the model's answers were rejected on %d frames and %d could not be described (%s)", rejected, unreadable, why)
}

// rejectedPrefix starts the skip reason of a frame whose every answer broke a rule.
const rejectedPrefix = "answer rejected after "

// LastSeenPrefix starts the analysis of a substate that was never satisfied: the reasoner's
// last word on it, and the frame it was said on.
const LastSeenPrefix = "last seen at frame "
