package trace

import "fmt"

// The judge's verdict on a run is three-valued: a success needs the evidence the task asks
// for shown on the screens and still standing at the run's end; a failure needs evidence
// against it (an error, a discard, the result absent where it must appear, the run ending
// elsewhere with the goal never shown); when neither was shown (the screens end before the
// result, the result is never displayed, the text cannot be read) the judge cannot tell.
const (
	RunSuccess    = "success"
	RunFailure    = "failure"
	RunCannotTell = "cannot_tell"
)

// Outcome is the judge's verdict on the whole run, recorded in the judgment as "outcome".
// Judgments written before three-valued verdicts have none; RunVerdict reads those too.
type Outcome struct {
	// Verdict is RunSuccess, RunFailure or RunCannotTell.
	Verdict string `json:"verdict"`
	// Reason says what the verdict rests on, for people.
	Reason string `json:"reason"`
	// Rules are the ids of the evidence rules (package judge/evidence) the verdict rests on.
	Rules []string `json:"rules,omitempty"`
	// Frame is the frame that shows the deciding evidence, when one does.
	Frame *int `json:"frame,omitempty"`
	// Review is the last look at the run's end taken before the verdict, when one was.
	Review *Review `json:"review,omitempty"`
	// Derived is set when the judgment recorded no outcome and RunVerdict derived it from
	// the older fields (never written to a file).
	Derived bool `json:"-"`
}

// Review is the judge's last look at the run's end (the frames after the last substate was
// reached, or the last frames of a run that reached them not all): what it read and found.
type Review struct {
	// By is what reviewed: the heuristic's rule set or the review prompt's version.
	By string `json:"by"`
	// From and To are the first and last frames the review read.
	From int `json:"from,omitempty"`
	To   int `json:"to,omitempty"`
	// Findings are what it found, each citing its rule, e.g. "[L1] ... was listed ... and is gone at frame 9".
	Findings []string `json:"findings,omitempty"`
	// Retries counts answers of a review call rejected and asked again.
	Retries int `json:"retries,omitempty"`
}

// String is the verdict as people read it: "success", "failure", "cannot tell".
func (o Outcome) String() string { return VerdictText(o.Verdict) }

// VerdictText names a run verdict for people.
func VerdictText(v string) string {
	if v == RunCannotTell {
		return "cannot tell"
	}
	return v
}

// Decided reports whether the verdict is a success or a failure.
func (o Outcome) Decided() bool { return o.Verdict == RunSuccess || o.Verdict == RunFailure }

// Success reports whether the verdict is a success: the AndroidWorld-comparable view, in
// which "cannot tell" counts as not successful like a failure.
func (o Outcome) Success() bool { return o.Verdict == RunSuccess }

// RunVerdict is the judge's verdict on the run: the one place every reader of a judgment
// (judge's output, eval, report, the viewer, the runner) takes it from. A judgment with an
// outcome gives it; an older one is read by the rules it was written under: undetermined is
// "cannot tell", every substate reached is a success, anything else a failure (then the
// two-valued verdict, kept so old results stay comparable). An outcome whose verdict this
// build does not know (a newer build's, or an edited file) is "cannot tell": the older
// fields say only whether every substate was reached, which is not the verdict the
// judgment gave.
func (j *Judgment) RunVerdict() Outcome {
	if j.Outcome != nil {
		if validVerdict(j.Outcome.Verdict) {
			return *j.Outcome
		}
		return Outcome{Verdict: RunCannotTell, Derived: true,
			Reason: fmt.Sprintf("the judgment's verdict %q is not one this build knows (success, failure, cannot_tell)", j.Outcome.Verdict)}
	}
	switch {
	case j.Undetermined:
		return Outcome{Verdict: RunCannotTell, Reason: "the judge could not judge the trace: " + j.UndeterminedReason, Derived: true}
	case j.Complete:
		return Outcome{Verdict: RunSuccess, Reason: "every substate reached (judged before three-valued verdicts)", Derived: true}
	}
	sat := 0
	for _, s := range j.Substates {
		if s.Satisfied {
			sat++
		}
	}
	return Outcome{Verdict: RunFailure, Derived: true,
		Reason: fmt.Sprintf("%d of %d substates reached (judged before three-valued verdicts, when not reached was a failure)", sat, len(j.Substates))}
}

func validVerdict(v string) bool { return v == RunSuccess || v == RunFailure || v == RunCannotTell }
