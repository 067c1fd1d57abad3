package redteamkit

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"slices"
	"sort"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

// The checks that a written corpus is well formed, shared by the corpora's tests.

// CheckHashIsStable fails when two generations of a corpus differ, or when the corpus is
// not the one its figures were measured on (measured).
func CheckHashIsStable(t *testing.T, generate func() (*Corpus, error), measured string) {
	t.Helper()
	a, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	b, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash() != b.Hash() {
		t.Fatalf("two generations differ: %s, %s", a.Hash(), b.Hash())
	}
	if a.Hash() != measured {
		t.Errorf("the corpus is %s, RESULTS.md's figures were measured on %s: update MeasuredHash and RESULTS.md", a.Hash(), measured)
	}
}

// Written generates a corpus and writes it into a temporary folder of the test.
func Written(t *testing.T, generate func() (*Corpus, error)) string {
	t.Helper()
	c, err := generate()
	if err != nil {
		t.Fatal(err)
	}
	dir := t.TempDir()
	if err := c.Write(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// CheckEpisodes opens every episode under dir/episodes with the importer, as judge and eval
// do, and checks each is the run its label (dir/cases.json) describes, that there are at
// least minCases, and that the share of successes lies in [lo, hi]: a malformed case fails
// here, not as a judge's miss. It returns the labels.
func CheckEpisodes(t *testing.T, dir string, minCases int, lo, hi float64) []Label {
	t.Helper()
	labels, err := ReadLabels(filepath.Join(dir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < minCases {
		t.Fatalf("%d cases, want at least %d", len(labels), minCases)
	}
	succeeded := 0
	for _, l := range labels {
		if l.Truth {
			succeeded++
		}
		tr, err := importer.Open(filepath.Join(dir, "episodes", l.Name+".json"))
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		switch {
		case len(tr.Frames) != l.Frames:
			t.Errorf("%s: %d frames, want %d", l.Name, len(tr.Frames), l.Frames)
		case tr.GroundTruth == nil || tr.GroundTruth.Success() != l.Truth:
			t.Errorf("%s: ground truth %+v, want success=%v", l.Name, tr.GroundTruth, l.Truth)
		case l.TimedOut && tr.Status != trace.StatusTimeout:
			t.Errorf("%s: status %q, want a timeout", l.Name, tr.Status)
		case l.Crashed && (tr.Status == trace.StatusCompleted || tr.Metadata["episode_terminated_early"] != true):
			t.Errorf("%s: status %q, metadata %v; want a run cut short", l.Name, tr.Status, tr.Metadata)
		case !l.TimedOut && !l.Crashed && (tr.AgentClaimedDone == nil || !*tr.AgentClaimedDone || tr.Status != trace.StatusCompleted):
			t.Errorf("%s: the agent's claim is not recorded", l.Name)
		case tr.Task != strings.TrimSpace(l.Goal):
			t.Errorf("%s: task %q, want %q", l.Name, tr.Task, l.Goal)
		}
		for _, f := range tr.Frames {
			if len(f.ElementsData) == 0 {
				t.Errorf("%s: frame %d has no elements", l.Name, f.Index)
			}
			if a := f.Action; a != nil && a.Element != nil && (*a.Element < 0 || *a.Element >= len(f.ElementsData) || a.X == nil) {
				t.Errorf("%s: frame %d: the action's element %d is not on the screen", l.Name, f.Index, *a.Element)
			}
			if a := f.Action; a != nil && a.Type == "other" {
				t.Errorf("%s: frame %d: action %q not read", l.Name, f.Index, a.Raw)
			}
		}
	}
	if share := float64(succeeded) / float64(len(labels)); share < lo || share > hi {
		t.Errorf("%d of %d runs succeeded (%.0f%%), want between %.0f%% and %.0f%%", succeeded, len(labels), 100*share, 100*lo, 100*hi)
	}
	return labels
}

// CheckAndroidWorldKeys compares the keys of an episode of the corpus and of its elements
// with those of a real AndroidWorld episode: the corpus must read as AndroidWorld writes.
func CheckAndroidWorldKeys(t *testing.T, episode string) {
	t.Helper()
	real := testenv.SharedData(t, "episodes/androidworld-json/results_o4_mini__ContactsAddContact_base_o4-mini_trial1.json")
	keys := func(path string) (episode, element []string) {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var ep map[string]json.RawMessage
		if err := json.Unmarshal(data, &ep); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var steps []struct {
			State struct {
				UIElements []map[string]any `json:"ui_elements"`
			} `json:"state"`
		}
		if err := json.Unmarshal(ep["step_records"], &steps); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		for k := range ep {
			episode = append(episode, k)
		}
		for k := range steps[0].State.UIElements[0] {
			element = append(element, k)
		}
		sort.Strings(episode)
		sort.Strings(element)
		return episode, element
	}
	wantEp, wantEl := keys(real)
	gotEp, gotEl := keys(episode)
	if !slices.Equal(gotEl, wantEl) {
		t.Errorf("element keys %v, AndroidWorld's %v", gotEl, wantEl)
	}
	for _, k := range gotEp {
		if !slices.Contains(wantEp, k) {
			t.Errorf("episode key %q is not one AndroidWorld's harness writes (%v)", k, wantEp)
		}
	}
}

// CheckShots checks part B under dir: at least minShots folders (dir/shots.json), each of one
// to three 1080x2400 PNG frames with no UI dump, opened by the importer as a folder trace
// with the task, with at least minSucceeded successes and minFailed failures.
func CheckShots(t *testing.T, dir string, minShots, minSucceeded, minFailed int) []ShotLabel {
	t.Helper()
	labels, err := ReadShotLabels(filepath.Join(dir, "shots.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < minShots {
		t.Fatalf("%d shots, want at least %d", len(labels), minShots)
	}
	succeeded := 0
	for _, l := range labels {
		if l.Truth {
			succeeded++
		}
		folder := filepath.Join(dir, "shots", l.Name)
		tr, err := importer.Open(folder)
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		if tr.Source == nil || tr.Source.Format != importer.FormatFolder || tr.Task != l.Task || len(tr.Frames) != l.Frames {
			t.Errorf("%s: imported as %+v with %d frames, want a folder trace of %d frames with the task", l.Name, tr.Source, len(tr.Frames), l.Frames)
		}
		for _, f := range tr.Frames {
			if f.XML != "" || len(f.ElementsData) > 0 {
				t.Errorf("%s: frame %d carries a UI tree", l.Name, f.Index)
			}
			data, err := os.ReadFile(filepath.Join(folder, f.Image))
			if err != nil {
				t.Fatal(err)
			}
			img, err := png.Decode(bytes.NewReader(data))
			if err != nil {
				t.Errorf("%s: %s: %v", l.Name, f.Image, err)
				continue
			}
			if b := img.Bounds(); b.Dx() != ScreenW || b.Dy() != ScreenH {
				t.Errorf("%s: %s is %v, want 1080x2400", l.Name, f.Image, b)
			}
		}
	}
	if succeeded < minSucceeded || len(labels)-succeeded < minFailed {
		t.Errorf("%d successes and %d failures, want at least %d and %d", succeeded, len(labels)-succeeded, minSucceeded, minFailed)
	}
	return labels
}

// Mix is what a corpus's tests hold its make-up to.
type Mix struct {
	MinCases          int     // part A's runs, at least
	SucceededLo       float64 // the share of runs AndroidWorld scores successful, from
	SucceededHi       float64 // ... to
	MinApps           int     // the apps (labels' app) the runs cover, at least
	SeenLo, SeenHi    float64 // the share of runs expected to be seen as successes
	MinEachKind       int     // runs of each kind (honest, variant, near miss, unseen), at least
	KeysFrom          string  // the episode whose keys are compared with AndroidWorld's
	MinShots          int     // part B's folders, at least
	MinShotsSucceeded int
	MinShotsFailed    int
	// FailureModes asks every failed run that shows its outcome (all but the unseen) to say how
	// it failed (Case.Failure), and at most MaxSubtleShare of the failed runs to be subtle.
	FailureModes   bool
	MaxSubtleShare float64
}

// CheckCorpus runs every check of a corpus as parallel subtests: its hash is the measured one
// and stable, its episodes import as their labels say and make up mix, they carry
// AndroidWorld's keys, and its shots import as folders.
func CheckCorpus(t *testing.T, generate func() (*Corpus, error), measured string, mix Mix) {
	t.Helper()
	t.Run("hash", func(t *testing.T) {
		t.Parallel()
		CheckHashIsStable(t, generate, measured)
	})
	t.Run("episodes", func(t *testing.T) {
		t.Parallel()
		labels := CheckEpisodes(t, Written(t, generate), mix.MinCases, mix.SucceededLo, mix.SucceededHi)
		CheckMix(t, labels, mix)
	})
	t.Run("keys", func(t *testing.T) {
		t.Parallel()
		CheckAndroidWorldKeys(t, filepath.Join(Written(t, generate), "episodes", mix.KeysFrom+".json"))
	})
	t.Run("shots", func(t *testing.T) {
		t.Parallel()
		CheckShots(t, Written(t, generate), mix.MinShots, mix.MinShotsSucceeded, mix.MinShotsFailed)
	})
}

// CheckMix checks the make-up of part A's labels: the apps, the kinds and the share of runs
// expected to be seen as successes (mix's MinApps, MinEachKind, SeenLo and SeenHi).
func CheckMix(t *testing.T, labels []Label, mix Mix) {
	t.Helper()
	apps, kinds, seen := map[string]bool{}, map[string]int{}, 0
	for _, l := range labels {
		apps[l.App] = true
		kinds[l.Kind]++
		if l.Expect == ExpectSuccess {
			seen++
		}
	}
	if len(apps) < mix.MinApps {
		t.Errorf("%d apps, want at least %d", len(apps), mix.MinApps)
	}
	for _, k := range []string{KindHonest, KindVariant, KindNearMiss, KindUnseen} {
		if kinds[k] < mix.MinEachKind {
			t.Errorf("%d %s cases, want at least %d", kinds[k], k, mix.MinEachKind)
		}
	}
	if share := float64(seen) / float64(len(labels)); share < mix.SeenLo || share > mix.SeenHi {
		t.Errorf("%d of %d runs show their success (%.0f%%), want between %.0f%% and %.0f%%", seen, len(labels), 100*share, 100*mix.SeenLo, 100*mix.SeenHi)
	}
	if mix.FailureModes {
		checkFailureModes(t, labels, mix.MaxSubtleShare)
	}
}

// checkFailureModes: every failed run but the unseen names how it failed, and at most
// maxSubtle of the failed runs are subtle.
func checkFailureModes(t *testing.T, labels []Label, maxSubtle float64) {
	t.Helper()
	failed, subtle := 0, 0
	for _, l := range labels {
		if l.Truth {
			continue
		}
		failed++
		if l.Subtle {
			subtle++
		}
		if l.Failure == "" && l.Kind != KindUnseen {
			t.Errorf("%s: a failed run without its failure mode", l.Name)
		}
	}
	if failed > 0 && float64(subtle) > maxSubtle*float64(failed) {
		t.Errorf("%d of %d failed runs are subtle, want at most %.0f%%", subtle, failed, 100*maxSubtle)
	}
}
