package view

import (
	"path/filepath"
	"time"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/termtext"
	"github.com/autoeval/autoeval/trace"
)

// Summary is what the trace list shows of one trace, and one object of GET /api/traces.
// It stays small (a shortened task, one line per judge) so that tens of thousands of
// traces fit in memory; the trace page reads the trace itself.
type Summary struct {
	ID       string `json:"id"`
	Root     string `json:"root"`
	Path     string `json:"path"`
	Task     string `json:"task"` // shortened to taskRunes
	TaskName string `json:"task_name,omitempty"`
	App      string `json:"app"`
	Agent    string `json:"agent"`
	Status   string `json:"status"`
	Frames   int    `json:"frames"`
	// Judgeable: some frame holds a screenshot, UI XML or elements.
	Judgeable   bool        `json:"judgeable"`
	GroundTruth *TruthShort `json:"ground_truth,omitempty"`
	Truth       string      `json:"truth"`       // success | failure | unknown
	Claim       string      `json:"agent_claim"` // done | not done | unknown
	Judgments   []Verdict   `json:"judgments"`
	// Updated is the latest change seen to the trace or its judgments.
	Updated time.Time `json:"updated"`
	// state identifies the version of the files read for the summary (sigState): what the
	// trace's page, frames and thumbnails are cached by. Updated cannot be: a file written
	// back with an older time changes the trace without moving it.
	state string

	name  string // eval's name for it; ID differs when another root has a trace of that name
	entry int    // position of the trace among those its source holds
	// evalTrace and evalJudgments are the trace and judgments stripped to what eval's
	// summary reads (no frames, substates or analyses), for the summary page.
	evalTrace     *trace.Trace
	evalJudgments []*trace.Judgment
	judgmentFiles []string
	// readFiles are every judgment file found for the trace, stale ones included: its
	// page reads them all.
	readFiles []string
	// stale are its judgments that no longer match it, which eval's summary lists apart;
	// unknown the judges of those counted whose provenance is unknown, which it counts.
	stale   []eval.StaleJudgment
	unknown []string
}

// TruthShort is the ground truth without its explanation (the trace page shows that).
type TruthShort struct {
	Reward  float64 `json:"reward"`
	Source  string  `json:"source"`
	Success bool    `json:"success"`
}

// Verdict is one judge's verdict on a trace, as the list shows it.
type Verdict struct {
	Judge            string  `json:"judge"`
	Kind             string  `json:"kind"`
	Verdict          string  `json:"verdict"`   // eval.VerdictOf
	Agreement        string  `json:"agreement"` // eval.AgreementOf
	Complete         bool    `json:"complete"`
	CompleteRequired bool    `json:"complete_required"`
	SCR              float64 `json:"scr"`
	Satisfied        int     `json:"satisfied"`
	Substates        int     `json:"substates"`
	// CostUSD is what judging cost without the call cache; null when a model has no price.
	CostUSD  *float64  `json:"cost_usd"`
	File     string    `json:"file"`
	Finished time.Time `json:"finished"`
	// Stale says why the judgment no longer matches its trace (trace.StaleReasons): its
	// Verdict is then VerdictStale, and it is counted nowhere.
	Stale []string `json:"stale,omitempty"`
}

// VerdictStale is the verdict the list shows for a judgment whose trace changed since it
// was judged: eval and report leave such a judgment out, and so does the summary.
const VerdictStale = "stale"

// taskRunes bounds the task text kept per trace: enough for a list row and a search.
const taskRunes = 240

// summarize makes the list's summary of one trace and its judgments. strs interns the
// texts many traces share (apps, agents, judges), so each is held once.
func summarize(id, root, path string, entry int, t *trace.Trace, judgments []*trace.Judgment, files []string, strs *interner) *Summary {
	s := &Summary{ID: id, name: id, Root: root, Path: path, entry: entry, Task: termtext.ClipLine(t.Task, taskRunes),
		TaskName: strs.get(t.TaskName), App: strs.get(eval.AppOf(t)), Agent: strs.get(agentOf(t)), Status: strs.get(t.Status),
		Frames: len(t.Frames), Judgeable: t.Readable(), Truth: "unknown", Claim: "unknown", Judgments: []Verdict{}}
	if gt := t.GroundTruth; gt != nil {
		s.GroundTruth = &TruthShort{Reward: gt.Reward, Source: strs.get(gt.Source), Success: gt.Success()}
		s.Truth = "failure"
		if gt.Success() {
			s.Truth = "success"
		}
	}
	if t.AgentClaimedDone != nil {
		s.Claim = "not done"
		if *t.AgentClaimedDone {
			s.Claim = "done"
		}
	}
	et := &trace.Trace{Task: s.Task, TaskName: s.TaskName, App: t.App, Agent: t.Agent, Status: t.Status,
		AgentClaimedDone: t.AgentClaimedDone, GroundTruth: t.GroundTruth}
	if s.Judgeable {
		// eval asks this trace only whether it is judgeable (Readable): one frame of
		// elements, held by nobody, says it is.
		et.Frames = []trace.Frame{{Index: 1, ElementsData: []trace.UIElement{}}}
	}
	s.evalTrace = et
	for k, j := range judgments {
		v := Verdict{Judge: strs.get(j.Judge.Label()), Kind: strs.get(j.Judge.Kind), Verdict: eval.VerdictOf(j),
			Agreement: eval.AgreementOf(j, t.GroundTruth), Complete: j.Complete, CompleteRequired: j.CompleteRequired,
			SCR: j.SCR, Substates: len(j.Substates), File: files[k], Finished: j.Finished}
		for _, st := range j.Substates {
			if st.Satisfied {
				v.Satisfied++
			}
		}
		if !j.Usage.PriceUnknown {
			c := j.Usage.MethodCostUSD()
			v.CostUSD = &c
		}
		s.Judgments = append(s.Judgments, v)
		// Every field but the bulky ones, so a verdict eval reads from a new field still reaches it.
		// The provenance (digests of every frame judged) has been checked already: the
		// judgment is counted (stale ones are in s.stale), and eval's summary does not read it.
		slim := *j
		slim.Substates, slim.Frames, slim.Task, slim.TaskName, slim.Trace = nil, nil, "", "", ""
		slim.Provenance = nil
		slim.Judge.PromptVersions = nil
		slim.Judge.Kind, slim.Judge.Model = strs.get(j.Judge.Kind), strs.get(j.Judge.Model)
		s.evalJudgments = append(s.evalJudgments, &slim)
	}
	s.judgmentFiles = files
	return s
}

// addStale lists the trace's stale judgments among its verdicts, as stale: shown, never
// counted (they are not among evalJudgments).
func (s *Summary) addStale(stale []eval.StaleJudgment, strs *interner) {
	s.stale = stale
	for _, st := range stale {
		s.Judgments = append(s.Judgments, Verdict{Judge: strs.get(st.Judge), Verdict: VerdictStale, Stale: st.Reasons, File: filepath.Base(st.File)})
	}
}

// evalItem is the trace as eval's summary sees it.
func (s *Summary) evalItem() *eval.Item {
	return &eval.Item{Name: s.ID, Trace: s.evalTrace, Judgments: s.evalJudgments, JudgmentFiles: s.judgmentFiles, Stale: s.stale,
		UnknownProvenance: s.unknown}
}

// judgment returns the trace's verdict by the judge labelled label, or nil.
func (s *Summary) judgment(label string) *Verdict {
	for i := range s.Judgments {
		if s.Judgments[i].Judge == label {
			return &s.Judgments[i]
		}
	}
	return nil
}

// cost is what judging the trace cost over its judges, nil when a price is unknown.
func (s *Summary) cost() *float64 {
	var sum float64
	for _, v := range s.Judgments {
		if v.Stale != nil {
			continue // counted nowhere, as eval leaves it out
		}
		if v.CostUSD == nil {
			return nil
		}
		sum += *v.CostUSD
	}
	return &sum
}

func agentOf(t *trace.Trace) string {
	if t.Agent != "" {
		return t.Agent
	}
	return "unknown"
}

// interner hands out one copy of each string.
type interner struct{ m map[string]string }

func (in *interner) get(s string) string {
	if in.m == nil {
		in.m = map[string]string{}
	}
	if v, ok := in.m[s]; ok {
		return v
	}
	if len(in.m) < 100_000 { // bounded: a pathological corpus of distinct strings is not kept twice
		in.m[s] = s
	}
	return s
}
