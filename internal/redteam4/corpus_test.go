package redteam4

import (
	"path/filepath"
	"testing"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// MeasuredHash pins the corpus the figures in RESULTS.md were measured on. A change to the
// generator changes it: record the new hash, and say in RESULTS.md whether the cases were
// written before or after the judges' rules last changed (only blind cases give a held-out
// figure).
const MeasuredHash = "2c01e5b63a74ad94"

// TestCorpusIsTheMeasuredOne fails when the generator no longer writes the corpus the
// figures were measured on, or writes it differently from run to run.
func TestCorpusIsTheMeasuredOne(t *testing.T) {
	t.Parallel()
	CheckHashIsStable(t, Generate, MeasuredHash)
}

// TestEpisodesImportAsRecorded: at least 50 episodes over at least 14 apps, each the run its
// label describes, about 40% of them expected to be seen as successes, with every kind of
// case present.
func TestEpisodesImportAsRecorded(t *testing.T) {
	t.Parallel()
	labels := CheckEpisodes(t, Written(t, Generate), 50, 0.38, 0.48)
	CheckMix(t, labels, Mix{MinApps: 14, MinEachKind: 3, SeenLo: 0.33, SeenHi: 0.45})
}

// TestElementsHaveAndroidWorldsKeys: the corpus reads as AndroidWorld writes.
func TestElementsHaveAndroidWorldsKeys(t *testing.T) {
	t.Parallel()
	CheckAndroidWorldKeys(t, filepath.Join(Written(t, Generate), "episodes", "phone_missed_call_returned.json"))
}

// TestShotsImportAsFolders checks part B: at least fifteen folders, about five successes.
func TestShotsImportAsFolders(t *testing.T) {
	t.Parallel()
	CheckShots(t, Written(t, Generate), 15, 5, 10)
}
