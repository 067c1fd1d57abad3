package eval

import "github.com/autoeval/autoeval/trace"

// A judge's verdict on a whole trace, as report and view show it.
const (
	VerdictSuccess = "success"
	VerdictFailure = "failure"
	// VerdictUndetermined: the judge could not judge the trace (no usable model answer).
	VerdictUndetermined = "undetermined"
)

// How a verdict compares with ground truth.
const (
	AgreementAgrees        = "agrees"
	AgreementFalsePositive = "false positive"
	AgreementFalseNegative = "false negative"
	AgreementNoTruth       = "no ground truth"
	AgreementUndetermined  = "undetermined"
)

// VerdictOf is the one place a judgment's verdict on the whole trace is read (strict
// completion), so every view shows the same word for it.
func VerdictOf(j *trace.Judgment) string {
	switch {
	case j.Undetermined:
		return VerdictUndetermined
	case j.Complete:
		return VerdictSuccess
	}
	return VerdictFailure
}

// AgreementOf compares a judgment's verdict with ground truth (nil when there is none). A
// verdict that is neither success nor failure agrees or disagrees with nothing.
func AgreementOf(j *trace.Judgment, gt *trace.GroundTruth) string {
	v := VerdictOf(j)
	switch {
	case v != VerdictSuccess && v != VerdictFailure:
		return AgreementUndetermined
	case gt == nil:
		return AgreementNoTruth
	case (v == VerdictSuccess) == gt.Success():
		return AgreementAgrees
	case v == VerdictSuccess:
		return AgreementFalsePositive
	}
	return AgreementFalseNegative
}

// Disagrees reports whether an agreement is a false positive or a false negative.
func Disagrees(agreement string) bool {
	return agreement == AgreementFalsePositive || agreement == AgreementFalseNegative
}
