package redteam5

import (
	"path/filepath"
	"testing"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// MeasuredHash pins the corpus the figures in RESULTS.md were measured on. A change to the
// generator changes it: record the new hash, and say in RESULTS.md whether the cases were
// written before or after the judges' rules last changed (only blind cases give a held-out
// figure).
const MeasuredHash = "51ee6b0f222be41b"

// TestCorpusIsTheMeasuredOne fails when the generator no longer writes the corpus the
// figures were measured on, or writes it differently from run to run.
func TestCorpusIsTheMeasuredOne(t *testing.T) {
	t.Parallel()
	CheckHashIsStable(t, Generate, MeasuredHash)
}

// TestEpisodesImportAsRecorded: at least 50 episodes over at least 14 apps, each the run its
// label describes, about 45% of them successes by AndroidWorld's reward and about 40%
// expected to be seen as successes, with every kind of case present.
func TestEpisodesImportAsRecorded(t *testing.T) {
	t.Parallel()
	labels := CheckEpisodes(t, Written(t, Generate), 50, 0.40, 0.52)
	apps, kinds, seen := map[string]bool{}, map[string]int{}, 0
	for _, l := range labels {
		apps[l.App] = true
		kinds[l.Kind]++
		if l.Expect == ExpectSuccess {
			seen++
		}
	}
	if len(apps) < 14 {
		t.Errorf("%d apps, want at least 14", len(apps))
	}
	for _, k := range []string{KindHonest, KindVariant, KindNearMiss, KindUnseen} {
		if kinds[k] < 3 {
			t.Errorf("%d %s cases, want at least 3", kinds[k], k)
		}
	}
	if share := float64(seen) / float64(len(labels)); share < 0.33 || share > 0.47 {
		t.Errorf("%d of %d runs show their success (%.0f%%), want about 40%%", seen, len(labels), 100*share)
	}
}

// TestElementsHaveAndroidWorldsKeys: the corpus reads as AndroidWorld writes.
func TestElementsHaveAndroidWorldsKeys(t *testing.T) {
	t.Parallel()
	CheckAndroidWorldKeys(t, filepath.Join(Written(t, Generate), "episodes", "calendar_tomorrow_event_saved.json"))
}

// TestShotsImportAsFolders checks part B: at least fifteen folders, about six successes.
func TestShotsImportAsFolders(t *testing.T) {
	t.Parallel()
	CheckShots(t, Written(t, Generate), 15, 6, 9)
}
