package redteam12

import (
	"testing"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// MeasuredHash pins the corpus the judges are measured on. A change to the generator changes
// it: record the new hash, and say with the figures whether the cases were written before or
// after the judges' rules last changed (only blind cases give a held-out figure).
const MeasuredHash = "2d19628a9b4fd14c"

// TestCorpus: the generator writes the pinned corpus, the same each time; part A has at least
// 60 runs over the sample's 12 apps, each importing as the run its label describes, 38-50% of
// them successes by AndroidWorld's reward and 36-45% expected to be seen as such, at least
// three of each kind, every failed run but the unseen saying how it failed and at most a third
// of the failures subtle, with AndroidWorld's keys; part B has at least twenty screenshot
// folders, at least six of them successes and fourteen failures.
func TestCorpus(t *testing.T) {
	t.Parallel()
	CheckCorpus(t, Generate, MeasuredHash, Mix{MinCases: 60, SucceededLo: 0.38, SucceededHi: 0.50, MinApps: 12,
		SeenLo: 0.36, SeenHi: 0.45, MinEachKind: 3, KeysFrom: "marker_added_bar_shows",
		MinShots: 20, MinShotsSucceeded: 6, MinShotsFailed: 14, FailureModes: true, MaxSubtleShare: 1.0 / 3})
}
