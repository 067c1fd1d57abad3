package eval

import "github.com/autoeval/autoeval/trace"

// A judge's verdict on a whole trace, as report and view show it: the words of
// trace.Judgment.RunVerdict, the one reading of it.
const (
	VerdictSuccess = "success"
	VerdictFailure = "failure"
	// VerdictCannotTell: the screens never showed what the task needs (the recording
	// ended before the result, the result was never displayed, the text cannot be read),
	// or the judge could not judge the trace at all (no usable model answer, or no frame
	// it could describe).
	VerdictCannotTell = "cannot tell"
)

// How a verdict compares with ground truth.
const (
	AgreementAgrees        = "agrees"
	AgreementFalsePositive = "false positive"
	AgreementFalseNegative = "false negative"
	AgreementNoTruth       = "no ground truth"
	// AgreementCannotTell: the verdict is "cannot tell", which agrees or disagrees with
	// nothing (the as-androidworld figures count it as not successful).
	AgreementCannotTell = "cannot tell"
)

// VerdictOf is a judgment's verdict on the whole trace in words (trace.Judgment.RunVerdict),
// so every view shows the same word for it.
func VerdictOf(j *trace.Judgment) string { return trace.VerdictText(j.RunVerdict().Verdict) }

// AgreementOf compares a judgment's verdict with ground truth (nil when there is none). A
// verdict that is neither success nor failure agrees or disagrees with nothing.
func AgreementOf(j *trace.Judgment, gt *trace.GroundTruth) string {
	o := j.RunVerdict()
	switch {
	case !o.Decided():
		return AgreementCannotTell
	case gt == nil:
		return AgreementNoTruth
	case o.Success() == gt.Success():
		return AgreementAgrees
	case o.Success():
		return AgreementFalsePositive
	}
	return AgreementFalseNegative
}

// Disagrees reports whether an agreement is a false positive or a false negative.
func Disagrees(agreement string) bool {
	return agreement == AgreementFalsePositive || agreement == AgreementFalseNegative
}
