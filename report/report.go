// Package report renders an evaluated run for people (one self-contained HTML file that
// needs no network) and for machines (JSON, CSV).
package report

import (
	"context"
	"fmt"
	"html/template"
	"runtime"
	"slices"
	"sort"
	"strings"
	"sync"
	"time"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/trace"
)

// Report is everything a rendering shows.
type Report struct {
	Title     string       `json:"title"`
	Generated time.Time    `json:"generated"`
	Root      string       `json:"root"`
	Summary   Summary      `json:"summary"`
	Eval      *eval.Result `json:"eval"`
	Traces    []*TraceView `json:"traces"`
	// Anchors maps trace names to their section ids, for links from the summary.
	Anchors map[string]string `json:"-"`
	// AppChart is the per-app bar chart of judges vs ground truth (inline SVG).
	AppChart template.HTML `json:"-"`
}

// Summary totals the run.
type Summary struct {
	Traces       int      `json:"traces"`
	Frames       int      `json:"frames"`
	WithTruth    int      `json:"with_ground_truth"`
	TruthSuccess int      `json:"ground_truth_successes"`
	Judges       []string `json:"judges"`
	Judgments    int      `json:"judgments"`
	Calls        int      `json:"calls"`
	InputTokens  int      `json:"input_tokens"`
	OutputTokens int      `json:"output_tokens"`
	// CostUSD is what the runs that wrote the judgments paid; UncachedCostUSD what the
	// judgments cost at list price without the call cache (the method's cost). Both are
	// null when a model's price is unknown.
	CostUSD         *float64 `json:"cost_usd"`
	UncachedCostUSD *float64 `json:"uncached_cost_usd"`
	// UnknownCalls counts requests that reached a provider without an answer, billed at a
	// cost nobody reported; Undetermined the judgments that could not judge their trace.
	UnknownCalls int `json:"unknown_calls,omitempty"`
	Undetermined int `json:"undetermined,omitempty"`
	// CannotTell counts the judgments whose verdict is "cannot tell".
	CannotTell int `json:"cannot_tell,omitempty"`
}

// TraceView is one trace as the report shows it.
type TraceView struct {
	Anchor      string             `json:"-"`
	Name        string             `json:"name"`
	Task        string             `json:"task"`
	TaskName    string             `json:"task_name,omitempty"`
	App         string             `json:"app"`
	Agent       string             `json:"agent"`
	Status      string             `json:"status"`
	GroundTruth *trace.GroundTruth `json:"ground_truth,omitempty"`
	Truth       string             `json:"truth"`       // success | failure | unknown
	Claim       string             `json:"agent_claim"` // done | not done | unknown
	Frames      []FrameView        `json:"frames"`
	Judgments   []JudgmentView     `json:"judgments"`
	// Problems lists frames that could not be shown (missing or corrupt images).
	Problems []string `json:"problems,omitempty"`
	// Unreadable: no frame holds a screenshot, UI XML or elements, so no judge can judge it.
	Unreadable bool `json:"not_judgeable,omitempty"`
	// Stale are the judgments found for the trace that no longer match it: shown, never
	// counted.
	Stale []eval.StaleJudgment `json:"stale_judgments,omitempty"`
}

// FrameView is one filmstrip frame.
type FrameView struct {
	Index int    `json:"index"`
	Image string `json:"image,omitempty"` // path relative to the trace directory
	Thumb string `json:"-"`               // data: URI, empty when the frame has no image
	// Texts stand in for a missing screenshot: the visible texts of the frame's UI elements.
	Texts   []string `json:"-"`
	Action  string   `json:"action,omitempty"`
	Reached []int    `json:"reached,omitempty"` // substates first reached here (first judgment)
}

// JudgmentView is one judge's verdict on the trace.
type JudgmentView struct {
	Judge            string  `json:"judge"`
	Kind             string  `json:"kind"`
	Notice           string  `json:"notice,omitempty"`
	File             string  `json:"file"`
	SCR              float64 `json:"scr"`
	Satisfied        int     `json:"satisfied"`
	Total            int     `json:"total"`
	Complete         bool    `json:"complete"`
	CompleteRequired bool    `json:"complete_required"`
	// NoRequired: every substate is optional, so required completion is undefined.
	NoRequired bool `json:"no_required,omitempty"`
	// Verdict is the judge's verdict on the run (trace.Judgment.RunVerdict): success,
	// failure or cannot tell; VerdictReason says why, Rules the evidence rules it rests on.
	Verdict       string   `json:"verdict"`
	VerdictReason string   `json:"verdict_reason,omitempty"`
	Rules         []string `json:"rules,omitempty"`
	// Agreement is agrees | false positive | false negative | cannot tell | no ground truth.
	Agreement string `json:"agreement"`
	// UndeterminedReason says why the judge could not judge the trace.
	UndeterminedReason string `json:"undetermined_reason,omitempty"`
	// UnknownProvenance: the judgment records no provenance (written before judgments
	// recorded it), so whether its trace still matches cannot be checked.
	UnknownProvenance bool            `json:"unknown_provenance,omitempty"`
	Substates         []SubstateView  `json:"substates"`
	Notes             []FrameNoteView `json:"frames,omitempty"`
	Usage             trace.Usage     `json:"usage"`
	// Grid is the frames x substates picture of this judgment (inline SVG).
	Grid template.HTML `json:"-"`
}

// SubstateView is one node of the substate tree.
type SubstateView struct {
	ID        int    `json:"id"`
	Kind      string `json:"kind"`
	Content   string `json:"content"`
	Parent    *int   `json:"parent,omitempty"`
	Depth     int    `json:"depth"`
	Optional  bool   `json:"optional,omitempty"`
	Satisfied bool   `json:"satisfied"`
	Frame     *int   `json:"frame,omitempty"`
	Analysis  string `json:"analysis,omitempty"`
}

// FrameNoteView is the reasoner's record of one frame.
type FrameNoteView struct {
	Index        int             `json:"index"`
	Thought      string          `json:"thought,omitempty"`
	CriticalInfo string          `json:"critical_info,omitempty"`
	Skipped      bool            `json:"skipped,omitempty"`
	SkipReason   string          `json:"skip_reason,omitempty"`
	SameAs       *int            `json:"same_as,omitempty"`
	Retries      int             `json:"retries,omitempty"`
	Verdicts     []trace.Verdict `json:"verdicts,omitempty"`
	// Source is what the frame was described from: xml, elements, vision or both.
	Source string `json:"source,omitempty"`
}

// Options tune Build.
type Options struct {
	Title      string
	ThumbWidth int // width of the frames' thumbnails; 0: no images (the CLI's default is DefaultThumbWidth)
	Quality    int // JPEG quality, 0: 70
	// Limits bound decoding the frames (--max-pixels).
	Limits trace.Limits
	Eval   eval.Options
	Now    time.Time // zero: time.Now()
	// Progress is called once per finished trace (from one goroutine at a time).
	Progress func(name string, err error)
}

// Build makes the report model: metrics over the whole dataset and a view per trace.
// Thumbnails are made in parallel across traces.
func Build(ctx context.Context, d *eval.Dataset, o Options) (*Report, error) {
	if o.Quality <= 0 {
		o.Quality = 70
	}
	if o.Now.IsZero() {
		o.Now = time.Now().UTC()
	}
	if o.Title == "" {
		o.Title = "autoeval report"
	}
	r := &Report{Title: o.Title, Generated: o.Now, Root: d.Root, Eval: eval.Evaluate(d, eval.Inputs{}, o.Eval)}
	r.AppChart = AppChart(r.Eval.Judges.ByApp)
	r.Traces = make([]*TraceView, len(d.Items))
	var mu sync.Mutex
	jobs := make(chan int)
	var wg sync.WaitGroup
	for w := 0; w < max(1, runtime.NumCPU()); w++ {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for i := range jobs {
				tv := buildTrace(d.Items[i], i, o)
				r.Traces[i] = tv
				if o.Progress != nil {
					mu.Lock()
					var err error
					if len(tv.Problems) > 0 {
						err = fmt.Errorf("%s", strings.Join(tv.Problems, "; "))
					}
					o.Progress(tv.Name, err)
					mu.Unlock()
				}
			}
		}()
	}
	var err error
feed:
	for i := range d.Items {
		if err = ctx.Err(); err != nil {
			break // checked first: select picks at random when a worker is also ready
		}
		select {
		case jobs <- i:
		case <-ctx.Done():
			err = ctx.Err()
			break feed
		}
	}
	close(jobs)
	wg.Wait()
	if err != nil {
		return nil, err
	}
	r.Anchors = map[string]string{}
	for _, tv := range r.Traces {
		r.Anchors[tv.Name] = tv.Anchor // one id per trace, made once in buildTrace
	}
	s := &r.Summary
	var paid, uncached float64
	priceUnknown := false
	s.Traces = len(d.Items)
	s.Judges = d.JudgeLabels()
	for _, it := range d.Items {
		s.Frames += len(it.Trace.Frames)
		if it.Trace.GroundTruth != nil {
			s.WithTruth++
			if it.Trace.GroundTruth.Success() {
				s.TruthSuccess++
			}
		}
		for _, j := range it.Judgments {
			s.Judgments++
			s.Calls += j.Usage.Calls
			s.InputTokens += j.Usage.InputTokens
			s.OutputTokens += j.Usage.OutputTokens
			paid += j.Usage.CostUSD
			uncached += j.Usage.MethodCostUSD()
			priceUnknown = priceUnknown || j.Usage.PriceUnknown
			s.UnknownCalls += j.Usage.UnknownCalls
			if j.Undetermined {
				s.Undetermined++
			}
			if !j.RunVerdict().Decided() {
				s.CannotTell++
			}
		}
	}
	if !priceUnknown {
		s.CostUSD, s.UncachedCostUSD = &paid, &uncached
	}
	return r, nil
}

// TraceOf is one trace as the report shows it, for a page of its own (the live viewer):
// with o.ThumbWidth 0 its frames carry no thumbnails, only their paths.
func TraceOf(it *eval.Item, o Options) *TraceView { return buildTrace(it, 0, o) }

func buildTrace(it *eval.Item, i int, o Options) *TraceView {
	t := it.Trace
	tv := &TraceView{Anchor: fmt.Sprintf("trace-%d", i+1), Name: it.Name, Task: t.Task, TaskName: t.TaskName,
		App: eval.AppOf(t), Agent: eval.AgentOf(it), Status: t.Status, GroundTruth: t.GroundTruth,
		Truth: "unknown", Claim: "unknown", Frames: []FrameView{}, Judgments: []JudgmentView{}, Unreadable: !t.Readable()}
	if t.GroundTruth != nil {
		tv.Truth = "failure"
		if t.GroundTruth.Success() {
			tv.Truth = "success"
		}
	}
	if t.AgentClaimedDone != nil {
		tv.Claim = "not done"
		if *t.AgentClaimedDone {
			tv.Claim = "done"
		}
	}
	reachedAt := map[int][]int{}
	tv.Stale = it.Stale
	for k, j := range it.Judgments {
		jv := judgmentView(j, it.JudgmentFiles[k], t.GroundTruth)
		jv.UnknownProvenance = slices.Contains(it.UnknownProvenance, jv.Judge)
		tv.Judgments = append(tv.Judgments, jv)
		if k == 0 {
			for _, s := range jv.Substates {
				if s.Satisfied && s.Frame != nil {
					reachedAt[*s.Frame] = append(reachedAt[*s.Frame], s.ID)
				}
			}
		}
	}
	for fi := range t.Frames {
		f := &t.Frames[fi]
		fv := FrameView{Index: f.Index, Image: f.Image, Action: trace.ActionText(f.Action), Reached: reachedAt[f.Index]}
		if o.ThumbWidth > 0 && t.HasImage(f) {
			// trace.ReadImage keeps the path inside the trace and names frame and file on error.
			data, _, err := t.ReadImage(f)
			var th []byte
			if err == nil {
				if th, err = Thumbnail(data, o.ThumbWidth, o.Quality, o.Limits); err != nil {
					err = fmt.Errorf("frame %d (%s): %v", f.Index, f.Image, err)
				}
			}
			if err != nil {
				tv.Problems = append(tv.Problems, err.Error())
			} else {
				fv.Thumb = DataURI(th)
			}
		}
		if fv.Thumb == "" && t.HasElements(f) {
			if els, err := t.ReadElements(f); err == nil {
				fv.Texts = screenTexts(els, 14)
			}
		}
		tv.Frames = append(tv.Frames, fv)
	}
	frames := make([]int, len(t.Frames))
	for i := range t.Frames {
		frames[i] = t.Frames[i].Index
	}
	for k := range tv.Judgments {
		tv.Judgments[k].Grid = gridSVG(frames, tv.Judgments[k])
	}
	return tv
}

// screenTexts lists up to n visible texts of a screen, top to bottom as the elements come.
func screenTexts(els []trace.UIElement, n int) []string {
	var out []string
	seen := map[string]bool{}
	for _, e := range els {
		s := e.Text
		if s == "" {
			s = e.ContentDescription
		}
		s = strings.Join(strings.Fields(s), " ")
		if s == "" || seen[s] {
			continue
		}
		seen[s] = true
		out = append(out, termtext.Clip(s, 40))
		if len(out) == n {
			break
		}
	}
	return out
}

func judgmentView(j *trace.Judgment, file string, gt *trace.GroundTruth) JudgmentView {
	o := j.RunVerdict()
	jv := JudgmentView{Judge: j.Judge.Label(), Kind: j.Judge.Kind, Notice: j.Judge.Notice, File: file, SCR: j.SCR,
		Complete: j.Complete, CompleteRequired: j.CompleteRequired, NoRequired: j.NoRequired, Usage: j.Usage, Substates: []SubstateView{},
		Verdict: eval.VerdictOf(j), Agreement: eval.AgreementOf(j, gt), VerdictReason: o.Reason, Rules: o.Rules}
	if j.Undetermined {
		jv.UndeterminedReason = j.UndeterminedReason
	}
	depth := map[int]int{}
	for _, s := range j.Substates {
		d := 0
		if s.Parent != nil {
			d = depth[*s.Parent] + 1
		}
		depth[s.ID] = d
		jv.Total++
		if s.Satisfied {
			jv.Satisfied++
		}
		jv.Substates = append(jv.Substates, SubstateView{ID: s.ID, Kind: string(s.Kind), Content: s.Content, Parent: s.Parent,
			Depth: min(d, 6), Optional: s.Optional, Satisfied: s.Satisfied, Frame: s.Frame, Analysis: s.Analysis})
	}
	for _, f := range j.Frames {
		if f.Thought == "" && f.CriticalInfo == "" && !f.Skipped && f.SameAs == nil && len(f.Verdicts) == 0 {
			continue
		}
		jv.Notes = append(jv.Notes, FrameNoteView{Index: f.Index, Thought: f.Thought, CriticalInfo: f.CriticalInfo, Skipped: f.Skipped,
			SkipReason: f.SkipReason, SameAs: f.SameAs, Retries: f.Retries, Verdicts: f.Verdicts, Source: f.Source})
	}
	sort.SliceStable(jv.Notes, func(a, b int) bool { return jv.Notes[a].Index < jv.Notes[b].Index })
	return jv
}
