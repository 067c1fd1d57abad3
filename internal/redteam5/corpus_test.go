package redteam5

import (
	"testing"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// MeasuredHash pins the corpus the figures in RESULTS.md were measured on. A change to the
// generator changes it: record the new hash, and say in RESULTS.md whether the cases were
// written before or after the judges' rules last changed (only blind cases give a held-out
// figure).
const MeasuredHash = "51ee6b0f222be41b"

// TestCorpus: the generator writes the measured corpus, the same each time; part A has at
// least 50 runs over at least 14 apps, each importing as the run its label describes, about
// 45% of them successes by AndroidWorld's reward and about 40% expected to be seen as such,
// at least three of each kind, with AndroidWorld's keys; part B has at least fifteen
// screenshot folders, about six of them successes.
func TestCorpus(t *testing.T) {
	t.Parallel()
	CheckCorpus(t, Generate, MeasuredHash, Mix{MinCases: 50, SucceededLo: 0.40, SucceededHi: 0.52, MinApps: 14,
		SeenLo: 0.33, SeenHi: 0.47, MinEachKind: 3, KeysFrom: "calendar_tomorrow_event_saved",
		MinShots: 15, MinShotsSucceeded: 6, MinShotsFailed: 9})
}
