package redteam2

import (
	"bytes"
	"encoding/json"
	"image/png"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
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
	a, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	b, err := Generate()
	if err != nil {
		t.Fatal(err)
	}
	if a.Hash() != b.Hash() {
		t.Fatalf("two generations differ: %s, %s", a.Hash(), b.Hash())
	}
	if a.Hash() != MeasuredHash {
		t.Errorf("the corpus is %s, RESULTS.md's figures were measured on %s: update MeasuredHash and RESULTS.md", a.Hash(), MeasuredHash)
	}
}

// corpusDir writes the corpus into a temporary folder for one test.
func corpusDir(t *testing.T) string {
	t.Helper()
	dir := t.TempDir()
	if err := WriteTo(dir); err != nil {
		t.Fatal(err)
	}
	return dir
}

// TestEpisodesImportAsRecorded opens every episode with the importer, as judge and eval do,
// and checks each is the run its label describes: a malformed case fails here, not as a
// judge's miss.
func TestEpisodesImportAsRecorded(t *testing.T) {
	t.Parallel()
	dir := corpusDir(t)
	labels, err := ReadLabels(filepath.Join(dir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < 60 {
		t.Fatalf("%d cases, want at least 60", len(labels))
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
	if share := float64(succeeded) / float64(len(labels)); share < 0.3 || share > 0.45 {
		t.Errorf("%d of %d runs succeeded (%.0f%%), want about 35%%", succeeded, len(labels), 100*share)
	}
}

// TestElementsHaveAndroidWorldsKeys compares the keys of the corpus's elements and episodes
// with those of a real AndroidWorld episode: the corpus must read as AndroidWorld writes.
func TestElementsHaveAndroidWorldsKeys(t *testing.T) {
	t.Parallel()
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
	gotEp, gotEl := keys(filepath.Join(corpusDir(t), "episodes", "contacts_add_name_in_two_fields.json"))
	if !equal(gotEl, wantEl) {
		t.Errorf("element keys %v, AndroidWorld's %v", gotEl, wantEl)
	}
	for _, k := range gotEp {
		if !contains(wantEp, k) {
			t.Errorf("episode key %q is not one AndroidWorld's harness writes (%v)", k, wantEp)
		}
	}
}

func equal(a, b []string) bool {
	if len(a) != len(b) {
		return false
	}
	for i := range a {
		if a[i] != b[i] {
			return false
		}
	}
	return true
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// TestShotsImportAsFolders checks part B: at least twenty folders, each of one to three
// 1080x2400 PNG frames with no UI dump, opened by the importer as a folder trace with the
// task; about five successes and fifteen failures.
func TestShotsImportAsFolders(t *testing.T) {
	t.Parallel()
	dir := corpusDir(t)
	labels, err := ReadShotLabels(filepath.Join(dir, "shots.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < 20 {
		t.Fatalf("%d shots, want at least 20", len(labels))
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
			if b := img.Bounds(); b.Dx() != screenW || b.Dy() != screenH {
				t.Errorf("%s: %s is %v, want 1080x2400", l.Name, f.Image, b)
			}
		}
	}
	if succeeded < 4 || len(labels)-succeeded < 14 {
		t.Errorf("%d successes and %d failures, want about 5 and 15", succeeded, len(labels)-succeeded)
	}
}

// TestMalformedCasesAreRefused: the checks that keep the corpus honest refuse a case whose
// label contradicts its outcome, a run without an end, and an action on nothing.
func TestMalformedCasesAreRefused(t *testing.T) {
	t.Parallel()
	good := Case{Name: "x", TaskName: "T", Goal: "g", Behaviour: "b", Evaluator: "e", Truth: true, Expect: ExpectSuccess, Kind: KindHonest,
		Steps: []Step{step(on(homeScreen()), "done", done())}}
	if _, err := good.Episode(); err != nil {
		t.Fatalf("a well-formed case refused: %v", err)
	}
	for name, mutate := range map[string]func(*Case){
		"success expected of a failed run": func(c *Case) { c.Truth = false },
		"near miss that succeeded":         func(c *Case) { c.Kind = KindNearMiss },
		"unseen result expected seen":      func(c *Case) { c.Kind = KindUnseen },
		"no end":                           func(c *Case) { c.Steps = []Step{step(on(homeScreen()), "tap", tap("Chrome"))} },
		"action on no element":             func(c *Case) { c.Steps = []Step{step(on(homeScreen()), "tap", tap("Nothing")), c.Steps[0]} },
		"timeout with a claim":             func(c *Case) { c.TimedOut, c.Final = true, on(homeScreen()) },
		"crash with a final screen":        func(c *Case) { c.Crashed, c.Final = true, on(homeScreen()) },
		"no evaluator":                     func(c *Case) { c.Evaluator = "" },
		"no reason":                        func(c *Case) { c.Steps = []Step{step(on(homeScreen()), "", done())} },
	} {
		c := good
		mutate(&c)
		if _, err := c.Episode(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
	shot := Shot{Name: "s", Task: "t", Kind: KindNearMiss, Expect: ExpectFailure, Behaviour: "b", Evaluator: "e", Frames: []func(*canvas){func(*canvas) {}}}
	if _, _, err := shot.Render(true); err != nil {
		t.Fatalf("a well-formed shot refused: %v", err)
	}
	shot.Frames = nil
	if _, _, err := shot.Render(false); err == nil {
		t.Error("a shot without frames: accepted")
	}
}
