package eval

import (
	"hash/fnv"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/trace"
)

// Variants of a judge's task verdict.
const (
	// VariantVerdict is the judge's three-valued verdict (trace.Judgment.RunVerdict) over
	// the runs it decided: "cannot tell" is counted apart, never as a failure.
	VariantVerdict = "verdict"
	// VariantAW is the same verdict with "cannot tell" counted as not successful, as
	// AndroidWorld counts every run: comparable with figures that decide every run.
	VariantAW       = "as-androidworld"
	VariantStrict   = "strict"   // Complete: every substate satisfied
	VariantRequired = "required" // CompleteRequired: every non-optional substate satisfied
	VariantClaim    = "claim"    // the agent's own claim of being done
)

// ClaimLabel names the baseline row: the agent's claim of success, which a judge must beat.
const ClaimLabel = "agent claim (baseline)"

// JudgeRow is one predictor (a judge in one variant, or the agent's claim) scored against
// ground truth over every trace that has both.
type JudgeRow struct {
	Judge   string `json:"judge"`
	Variant string `json:"variant"`
	N       int    `json:"n"`
	// Undetermined counts traces with ground truth that the judge could not judge: they
	// are left out of the confusion matrix, never counted as negatives.
	Undetermined int `json:"undetermined,omitempty"`
	// CannotTell counts the runs with ground truth the judge could not tell (undetermined
	// ones included): left out of the verdict row's matrix, counted as not successful in
	// the as-androidworld row.
	CannotTell int `json:"cannot_tell,omitempty"`
	// Coverage is the share of the runs with ground truth the row decided.
	Coverage  Stat      `json:"coverage"`
	Confusion Confusion `json:"confusion"`
	Metrics   Metrics   `json:"metrics"`
}

// runs counts the runs with ground truth the row covers: those it scored and those it
// could not tell, which the as-androidworld row scores already (as not successful).
func (r JudgeRow) runs() int {
	if r.Variant == VariantAW {
		return r.N
	}
	return r.N + r.CannotTell
}

// Undecided is a run with ground truth that a judge could not tell, and why.
type Undecided struct {
	Judge  string  `json:"judge"`
	Trace  string  `json:"trace"`
	Task   string  `json:"task"`
	Reward float64 `json:"reward"`
	Truth  bool    `json:"truth"`
	Reason string  `json:"reason"`
}

// GroupRow is a predictor's result inside one breakdown group.
type GroupRow struct {
	Group     string    `json:"group"`
	Judge     string    `json:"judge"`
	Variant   string    `json:"variant"`
	N         int       `json:"n"`
	Confusion Confusion `json:"confusion"`
	Accuracy  Stat      `json:"accuracy"`
}

// Decider is a substate that decided a verdict.
type Decider struct {
	ID        int    `json:"id"`
	Content   string `json:"content"`
	Optional  bool   `json:"optional,omitempty"`
	Satisfied bool   `json:"satisfied"`
	Frame     *int   `json:"frame,omitempty"`
	Analysis  string `json:"analysis,omitempty"`
}

// Disagreement is a trace where a predictor and ground truth differ.
type Disagreement struct {
	Judge   string  `json:"judge"`
	Variant string  `json:"variant"`
	Trace   string  `json:"trace"`
	Task    string  `json:"task"`
	Reward  float64 `json:"reward"`
	Truth   bool    `json:"truth"`
	Pred    bool    `json:"predicted"`
	Kind    string  `json:"kind"` // false positive | false negative
	// Deciding: for a false negative the substates never reached; for a false positive the
	// substate reached last (the one that completed the task in the judge's eyes).
	Deciding []Decider `json:"deciding,omitempty"`
	// Reason is the judge's reason for its verdict on the run.
	Reason string `json:"reason,omitempty"`
}

// JudgeReport compares every predictor with ground truth.
type JudgeReport struct {
	Traces    int `json:"traces"`
	WithTruth int `json:"with_ground_truth"`
	// TruthSuccesses counts the traces ground truth calls successful.
	TruthSuccesses int `json:"ground_truth_successes"`
	// NotJudgeable counts traces that hold nothing a judge can read (no screenshot, UI XML
	// or elements): they have no judgment by nature, not for want of running the judge.
	NotJudgeable  int            `json:"not_judgeable"`
	Rows          []JudgeRow     `json:"rows"`
	ByApp         []GroupRow     `json:"by_app"`
	ByTask        []GroupRow     `json:"by_task"`
	Disagreements []Disagreement `json:"disagreements"`
	// CannotTell lists the runs each judge could not tell, with its reason.
	CannotTell []Undecided `json:"cannot_tell"`
}

// Options tune the computations.
type Options struct {
	Seed      uint64
	Resamples int
}

// multiWordApps are AndroidWorld task-name prefixes whose app name spans several words.
var multiWordApps = []string{"SimpleCalendar", "SimpleSms", "SimpleDrawPro", "AudioRecorder", "RetroMusic", "SportsTracker", "OpenTracks", "ExpenseTracker", "ClockStopWatch", "ClockTimer", "BrowserDraw", "BrowserMaze", "BrowserMultiply", "OsmAnd"}

// appAliases are AndroidWorld task names that do not start with their app's name.
var appAliases = map[string]string{"SaveCopyOfReceipt": "SimpleGallery", "TurnOn": "System", "TurnOff": "System", "OpenAppTaskEval": "System"}

// AppOf names the app (task family) of a trace: its App field, else the leading word of
// its catalogue task name (AndroidWorld names start with the app: "MarkorMoveNote" -> "Markor").
func AppOf(t *trace.Trace) string {
	if t.App != "" {
		return t.App
	}
	name := t.TaskName
	if name == "" {
		return "unknown"
	}
	for p, app := range appAliases {
		if strings.HasPrefix(name, p) {
			return app
		}
	}
	for _, p := range multiWordApps {
		if strings.HasPrefix(name, p) {
			return p
		}
	}
	for i, r := range name {
		if i > 0 && r >= 'A' && r <= 'Z' {
			return name[:i]
		}
	}
	return name
}

// TaskOf names the task of a trace for breakdowns: its catalogue name, else its text.
func TaskOf(t *trace.Trace) string {
	if t.TaskName != "" {
		return t.TaskName
	}
	return t.Task
}

type predictor struct {
	judge, variant string
	// pred is the prediction of a run, whether the predictor has one, and whether it left
	// the run undecided (counted apart, not in the matrix).
	pred func(it *Item) (pred, present, undecided bool)
}

func predictors(d *Dataset) []predictor {
	var ps []predictor
	hasClaim := false
	for _, it := range d.Items {
		if it.Trace.AgentClaimedDone != nil {
			hasClaim = true
		}
	}
	if hasClaim {
		ps = append(ps, predictor{ClaimLabel, VariantClaim, func(it *Item) (bool, bool, bool) {
			if it.Trace.AgentClaimedDone == nil {
				return false, false, false
			}
			return *it.Trace.AgentClaimedDone, true, false
		}})
	}
	for _, l := range d.JudgeLabels() {
		l := l
		ps = append(ps,
			predictor{l, VariantVerdict, func(it *Item) (bool, bool, bool) {
				if j := it.Judgment(l); j != nil {
					o := j.RunVerdict()
					return o.Success(), true, !o.Decided()
				}
				return false, false, false
			}},
			predictor{l, VariantAW, func(it *Item) (bool, bool, bool) {
				if j := it.Judgment(l); j != nil {
					return j.RunVerdict().Success(), true, false
				}
				return false, false, false
			}},
			predictor{l, VariantStrict, func(it *Item) (bool, bool, bool) {
				if j := it.Judgment(l); j != nil {
					return j.Complete, true, j.Undetermined
				}
				return false, false, false
			}},
			predictor{l, VariantRequired, func(it *Item) (bool, bool, bool) {
				if j := it.Judgment(l); j != nil && !j.NoRequired {
					return j.CompleteRequired, true, j.Undetermined
				}
				return false, false, false
			}})
	}
	return ps
}

func rowSeed(seed uint64, parts ...string) uint64 {
	h := fnv.New64a()
	for _, p := range parts {
		h.Write([]byte(p))
		h.Write([]byte{0})
	}
	return seed ^ h.Sum64()
}

// CompareJudges scores every judge (strict and required) and the agent-claim baseline
// against ground truth. Traces without ground truth are left out.
func CompareJudges(d *Dataset, o Options) *JudgeReport {
	r := &JudgeReport{Traces: len(d.Items), Rows: []JudgeRow{}, ByApp: []GroupRow{}, ByTask: []GroupRow{}, Disagreements: []Disagreement{}, CannotTell: []Undecided{}}
	for _, it := range d.Items {
		if it.Trace.GroundTruth != nil {
			r.WithTruth++
			if it.Trace.GroundTruth.Success() {
				r.TruthSuccesses++
			}
		}
		if !it.Trace.Readable() && len(it.Judgments) == 0 {
			r.NotJudgeable++
		}
	}
	for _, p := range predictors(d) {
		var pairs []Pair
		var decided []float64
		undetermined, cannotTell := 0, 0
		apps := map[string][]Pair{}
		tasks := map[string][]Pair{}
		for _, it := range d.Items {
			gt := it.Trace.GroundTruth
			pred, ok, undecided := p.pred(it)
			if gt == nil || !ok {
				continue
			}
			j := it.Judgment(p.judge)
			if j != nil && j.Undetermined && p.variant != VariantAW {
				undetermined++
			}
			if undecided {
				cannotTell++
				decided = append(decided, 0)
				if p.variant == VariantVerdict {
					r.CannotTell = append(r.CannotTell, Undecided{Judge: p.judge, Trace: it.Name, Task: it.Trace.Task,
						Reward: gt.Reward, Truth: gt.Success(), Reason: j.RunVerdict().Reason})
				}
				continue
			}
			decided = append(decided, 1)
			if p.variant == VariantAW && !j.RunVerdict().Decided() {
				cannotTell++ // counted as not successful, and said so
			}
			pair := Pair{Pred: pred, Truth: gt.Success()}
			pairs = append(pairs, pair)
			apps[AppOf(it.Trace)] = append(apps[AppOf(it.Trace)], pair)
			tasks[TaskOf(it.Trace)] = append(tasks[TaskOf(it.Trace)], pair)
			if pair.Pred != pair.Truth && (p.variant == VariantVerdict || p.variant == VariantClaim) {
				r.Disagreements = append(r.Disagreements, disagreement(p, it, pair))
			}
		}
		if len(pairs) == 0 && cannotTell == 0 {
			continue
		}
		c, m := Score(pairs, rowSeed(o.Seed, p.judge, p.variant), o.Resamples)
		r.Rows = append(r.Rows, JudgeRow{Judge: p.judge, Variant: p.variant, N: c.N(), Undetermined: undetermined, CannotTell: cannotTell,
			Coverage: MeanStat(decided, rowSeed(o.Seed, p.judge, p.variant, "coverage"), o.Resamples), Confusion: c, Metrics: m})
		r.ByApp = append(r.ByApp, groupRows(apps, p, o)...)
		r.ByTask = append(r.ByTask, groupRows(tasks, p, o)...)
	}
	sortGroups(r.ByApp)
	sortGroups(r.ByTask)
	return r
}

func groupRows(groups map[string][]Pair, p predictor, o Options) []GroupRow {
	var out []GroupRow
	for g, pairs := range groups {
		var c Confusion
		for _, pair := range pairs {
			c.Add(pair.Pred, pair.Truth)
		}
		acc := accuracyStat(c, rowSeed(o.Seed, p.judge, p.variant, g), o.Resamples)
		out = append(out, GroupRow{Group: g, Judge: p.judge, Variant: p.variant, N: c.N(), Confusion: c, Accuracy: acc})
	}
	return out
}

// sortGroups orders by group, keeping predictor order stable inside a group.
func sortGroups(rows []GroupRow) {
	sort.SliceStable(rows, func(i, k int) bool { return rows[i].Group < rows[k].Group })
}

func disagreement(p predictor, it *Item, pair Pair) Disagreement {
	dis := Disagreement{Judge: p.judge, Variant: p.variant, Trace: it.Name, Task: it.Trace.Task,
		Reward: it.Trace.GroundTruth.Reward, Truth: pair.Truth, Pred: pair.Pred, Kind: "false negative"}
	if pair.Pred {
		dis.Kind = "false positive"
	}
	j := it.Judgment(p.judge)
	if j == nil {
		return dis // the agent-claim row: no substates behind it
	}
	dis.Reason = j.RunVerdict().Reason
	if !pair.Pred {
		for _, s := range j.Substates {
			if !s.Satisfied {
				dis.Deciding = append(dis.Deciding, decider(s))
			}
		}
		return dis
	}
	var last *trace.SubstateResult
	for i := range j.Substates {
		s := &j.Substates[i]
		if s.Satisfied && (last == nil || s.Frame != nil && (last.Frame == nil || *s.Frame >= *last.Frame)) {
			last = s
		}
	}
	if last != nil {
		dis.Deciding = append(dis.Deciding, decider(*last))
	}
	return dis
}

func decider(s trace.SubstateResult) Decider {
	return Decider{ID: s.ID, Content: s.Content, Optional: s.Optional, Satisfied: s.Satisfied, Frame: s.Frame, Analysis: s.Analysis}
}
