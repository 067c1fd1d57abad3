package trace

import (
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/autoeval/autoeval/internal/safefile"
	"github.com/autoeval/autoeval/internal/strictjson"
	"github.com/autoeval/autoeval/llm/record"
	"github.com/autoeval/autoeval/substate"
)

// JudgmentName is the default file name of a judgment inside a trace directory.
const JudgmentName = "judgment.json"

// Verdict values the reasoner may give.
const (
	VerdictTrue      = "true"
	VerdictUncertain = "uncertain"
)

// Judge kinds.
const (
	JudgeLLM       = "llm"
	JudgeHeuristic = "heuristic" // a transparent rule baseline, never the real judge
)

// Judgment is the judge's verdict on one trace: written as judgment.json and read by eval and report.
type Judgment struct {
	Version   int              `json:"version"`
	Trace     string           `json:"trace"` // the trace directory as given
	Task      string           `json:"task"`
	TaskName  string           `json:"task_name,omitempty"`
	Judge     JudgeInfo        `json:"judge"`
	Substates []SubstateResult `json:"substates"`
	Frames    []FrameResult    `json:"frames"`
	// SCR is satisfied substates / all substates.
	SCR float64 `json:"scr"`
	// Complete: every substate satisfied. CompleteRequired: every non-optional substate satisfied.
	Complete         bool `json:"complete"`
	CompleteRequired bool `json:"complete_required"`
	StoppedEarly     bool `json:"stopped_early,omitempty"` // all satisfied before the last frame
	// Undetermined is set when the judge could not judge the trace (no frame got a usable
	// answer from the model, and not every substate was reached): SCR and Complete then
	// say nothing about the agent, and eval counts the trace apart, never as a failure.
	Undetermined       bool   `json:"undetermined,omitempty"`
	UndeterminedReason string `json:"undetermined_reason,omitempty"`
	// Outcome is the verdict on the run: success, failure or cannot tell, and why. Read it
	// through RunVerdict, which also reads judgments written before it existed.
	Outcome  *Outcome  `json:"outcome,omitempty"`
	Usage    Usage     `json:"usage"`
	Started  time.Time `json:"started"`
	Finished time.Time `json:"finished"`

	// NoRequired: every substate is optional, so completion over required substates is
	// undefined (CompleteRequired is false then and means nothing).
	NoRequired bool `json:"no_required,omitempty"`

	// Provenance records what the judgment was computed from (content digests), so a
	// reader can tell when its trace no longer matches (StaleReasons); nil in judgments
	// written before it was recorded (unknown provenance).
	Provenance *Provenance `json:"provenance,omitempty"`
}

// JudgeInfo identifies what produced a judgment, so results can be compared per judge.
type JudgeInfo struct {
	Kind           string            `json:"kind"` // llm | heuristic
	Model          string            `json:"model,omitempty"`
	CaptureModel   string            `json:"capture_model,omitempty"`
	Capture        string            `json:"capture,omitempty"` // xml | vision | both | auto
	PromptVersions map[string]string `json:"prompt_versions,omitempty"`
	Notice         string            `json:"notice,omitempty"` // e.g. "heuristic baseline: no model configured"
}

// Label is a short human name for the judge, used as a row key in comparisons.
func (j JudgeInfo) Label() string {
	if j.Kind == JudgeHeuristic {
		return "heuristic (baseline)"
	}
	if j.Model != "" {
		return j.Model
	}
	return j.Kind
}

// SubstateResult is the outcome for one substate.
type SubstateResult struct {
	substate.Node
	Satisfied bool   `json:"satisfied"`
	Frame     *int   `json:"frame,omitempty"` // the frame index where it was reached
	Analysis  string `json:"analysis,omitempty"`
}

// FrameResult records what happened on one frame.
type FrameResult struct {
	Index        int       `json:"index"`
	Verdicts     []Verdict `json:"verdicts,omitempty"`
	Retries      int       `json:"retries,omitempty"`
	Skipped      bool      `json:"skipped,omitempty"`
	SkipReason   string    `json:"skip_reason,omitempty"`
	SameAs       *int      `json:"same_as,omitempty"` // description identical to this earlier frame: no reasoner call
	CriticalInfo string    `json:"critical_info,omitempty"`
	Thought      string    `json:"thought,omitempty"`
	// Source is what the frame was described from: xml | elements | vision | both (empty
	// when it was skipped before any description), so "capture: auto" can be audited.
	Source string `json:"source,omitempty"`
}

// Verdict is the reasoner's answer for one substate on one frame.
type Verdict struct {
	ID       int    `json:"id"`
	Verdict  string `json:"verdict"`
	Analysis string `json:"analysis,omitempty"`
}

// Usage is what a judgment's model calls cost (see record.Usage: one type for llm, the
// ledger and judgment files). Calls counts only the calls a provider answered in the run
// that wrote the judgment; cache hits are counted apart.
type Usage = record.Usage

// ReadJudgment reads a judgment file.
func ReadJudgment(path string) (*Judgment, error) {
	data, err := safefile.ReadFile(path, MaxJudgmentBytes)
	if err != nil {
		return nil, err
	}
	var j Judgment
	if err := strictjson.Unmarshal(data, &j); err != nil {
		return nil, fmt.Errorf("%s: invalid JSON: %w", path, err)
	}
	return &j, nil
}

// WriteJudgment writes a judgment atomically.
func WriteJudgment(path string, j *Judgment) error {
	if j.Version == 0 {
		j.Version = 1
	}
	return WriteJSONAtomic(path, j)
}

// IsJudgmentFile reports whether a base name is a judgment: judgment.json or
// judgment.*.json (several judges write side by side, e.g. judgment.heuristic.json).
func IsJudgmentFile(name string) bool {
	return name == JudgmentName || (strings.HasPrefix(name, "judgment.") && strings.HasSuffix(name, ".json"))
}

// JudgmentPath is where a trace's judgment lives by default.
func JudgmentPath(traceDir string) string { return filepath.Join(traceDir, JudgmentName) }
