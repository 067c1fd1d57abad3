package redteam3

import (
	"path/filepath"
	"testing"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// MeasuredHash pins the corpus the figures in RESULTS.md were measured on. A change to the
// generator changes it: record the new hash, and say in RESULTS.md whether the cases were
// written before or after the judges' rules last changed (only blind cases give a held-out
// figure).
const MeasuredHash = "0bcd37698a87142f"

// TestCorpusIsTheMeasuredOne fails when the generator no longer writes the corpus the
// figures were measured on, or writes it differently from run to run.
func TestCorpusIsTheMeasuredOne(t *testing.T) {
	t.Parallel()
	CheckHashIsStable(t, Generate, MeasuredHash)
}

// TestEpisodesImportAsRecorded: at least 45 episodes over at least 12 apps, each the run its
// label describes, about 40% of them successes, with every kind of case present.
func TestEpisodesImportAsRecorded(t *testing.T) {
	t.Parallel()
	labels := CheckEpisodes(t, Written(t, Generate), 45, 0.35, 0.47)
	apps, kinds := map[string]bool{}, map[string]int{}
	for _, l := range labels {
		apps[l.App] = true
		kinds[l.Kind]++
	}
	if len(apps) < 12 {
		t.Errorf("%d apps, want at least 12", len(apps))
	}
	for _, k := range []string{KindHonest, KindVariant, KindNearMiss, KindUnseen} {
		if kinds[k] < 3 {
			t.Errorf("%d %s cases, want at least 3", kinds[k], k)
		}
	}
}

// TestElementsHaveAndroidWorldsKeys: the corpus reads as AndroidWorld writes.
func TestElementsHaveAndroidWorldsKeys(t *testing.T) {
	t.Parallel()
	CheckAndroidWorldKeys(t, filepath.Join(Written(t, Generate), "episodes", "phone_call_number.json"))
}

// TestShotsImportAsFolders checks part B: at least fourteen folders, about five successes.
func TestShotsImportAsFolders(t *testing.T) {
	t.Parallel()
	CheckShots(t, Written(t, Generate), 14, 4, 9)
}
