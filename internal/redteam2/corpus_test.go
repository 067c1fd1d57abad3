package redteam2

import (
	"path/filepath"
	"testing"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// MeasuredHash pins the corpus the figures in RESULTS.md were measured on. A change to the
// generator changes it: record the new hash, and say in RESULTS.md whether the cases were
// written before or after the judges' rules last changed (only blind cases give a held-out
// figure).
const MeasuredHash = "a3a7263e8d225aba"

// TestCorpusIsTheMeasuredOne fails when the generator no longer writes the corpus the
// figures were measured on, or writes it differently from run to run.
func TestCorpusIsTheMeasuredOne(t *testing.T) {
	t.Parallel()
	CheckHashIsStable(t, Generate, MeasuredHash)
}

// TestEpisodesImportAsRecorded: at least 60 episodes, each the run its label describes,
// about 35% of them successes.
func TestEpisodesImportAsRecorded(t *testing.T) {
	t.Parallel()
	CheckEpisodes(t, Written(t, Generate), 60, 0.3, 0.45)
}

// TestElementsHaveAndroidWorldsKeys: the corpus reads as AndroidWorld writes.
func TestElementsHaveAndroidWorldsKeys(t *testing.T) {
	t.Parallel()
	CheckAndroidWorldKeys(t, filepath.Join(Written(t, Generate), "episodes", "contacts_add_name_in_two_fields.json"))
}

// TestShotsImportAsFolders checks part B: at least twenty folders, about five successes and
// fifteen failures.
func TestShotsImportAsFolders(t *testing.T) {
	t.Parallel()
	CheckShots(t, Written(t, Generate), 20, 4, 14)
}
