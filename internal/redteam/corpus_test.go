package redteam

import (
	"encoding/json"
	"os"
	"path/filepath"
	"sort"
	"testing"

	"github.com/autoeval/autoeval/importer"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

// MeasuredHash pins the corpus the figures in RESULTS.md were measured on. A change to the
// generator changes it: record the new hash, and say in RESULTS.md whether the cases were
// written before or after the judge's rules last changed (only blind cases give a held-out
// figure).
const MeasuredHash = "1e8c92947c8e9663"

// TestCorpusIsTheMeasuredOne fails when the generator no longer writes the corpus the
// figures were measured on, or writes it differently from run to run.
func TestCorpusIsTheMeasuredOne(t *testing.T) {
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

// TestEpisodesImportAsRecorded opens every committed episode with the importer, as judge
// and eval do, and checks each is the run its label describes: a malformed case fails here,
// not as a judge's miss.
func TestEpisodesImportAsRecorded(t *testing.T) {
	dir := corpusDir(t)
	labels, err := ReadLabels(filepath.Join(dir, "cases.json"))
	if err != nil {
		t.Fatal(err)
	}
	if len(labels) < 60 {
		t.Fatalf("%d cases, want at least 60", len(labels))
	}
	for _, l := range labels {
		tr, err := importer.Open(filepath.Join(dir, "episodes", l.Name+".json"))
		if err != nil {
			t.Errorf("%s: %v", l.Name, err)
			continue
		}
		frames := l.Steps
		if !l.NoFinal {
			frames++
		}
		switch {
		case len(tr.Frames) != frames:
			t.Errorf("%s: %d frames, want %d", l.Name, len(tr.Frames), frames)
		case tr.GroundTruth == nil || tr.GroundTruth.Success() != l.Truth:
			t.Errorf("%s: ground truth %+v, want success=%v", l.Name, tr.GroundTruth, l.Truth)
		case l.TimedOut && tr.Status != trace.StatusTimeout:
			t.Errorf("%s: status %q, want a timeout", l.Name, tr.Status)
		case !l.TimedOut && (tr.AgentClaimedDone == nil || !*tr.AgentClaimedDone):
			t.Errorf("%s: the agent's claim is not recorded", l.Name)
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
}

// TestElementsHaveAndroidWorldsKeys compares the keys of the corpus's elements with those
// of a real AndroidWorld episode: the corpus must read as AndroidWorld writes.
func TestElementsHaveAndroidWorldsKeys(t *testing.T) {
	real := testenv.SharedData(t, "episodes/androidworld-json/results_o4_mini__ContactsAddContact_base_o4-mini_trial1.json")
	keys := func(path string) []string {
		data, err := os.ReadFile(path)
		if err != nil {
			t.Fatal(err)
		}
		var ep struct {
			StepRecords []struct {
				State struct {
					UIElements []map[string]any `json:"ui_elements"`
				} `json:"state"`
			} `json:"step_records"`
		}
		if err := json.Unmarshal(data, &ep); err != nil {
			t.Fatalf("%s: %v", path, err)
		}
		var ks []string
		for k := range ep.StepRecords[0].State.UIElements[0] {
			ks = append(ks, k)
		}
		sort.Strings(ks)
		return ks
	}
	want := keys(real)
	got := keys(filepath.Join(corpusDir(t), "episodes", "contacts_add_saved.json"))
	if !equal(got, want) {
		t.Errorf("element keys %v, AndroidWorld's %v", got, want)
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

// TestMalformedCasesAreRefused: the checks that keep the corpus honest refuse a case whose
// label contradicts its outcome, a run without an end, and an action on nothing.
func TestMalformedCasesAreRefused(t *testing.T) {
	good := Case{Name: "x", TaskName: "T", Goal: "g", Behaviour: "b", Truth: true, Expect: ExpectSuccess, Kind: KindHonest,
		Steps: []Step{step(home("15:34"), "done", done())}}
	if _, err := good.Episode(); err != nil {
		t.Fatalf("a well-formed case refused: %v", err)
	}
	for name, mutate := range map[string]func(*Case){
		"success expected of a failed run": func(c *Case) { c.Truth = false },
		"near miss that succeeded":         func(c *Case) { c.Kind = KindNearMiss },
		"no end":                           func(c *Case) { c.Steps = []Step{step(home("15:34"), "tap", tap("Chrome"))} },
		"action on no element":             func(c *Case) { c.Steps = []Step{step(home("15:34"), "tap", tap("Nothing")), c.Steps[0]} },
		"timeout with a claim":             func(c *Case) { c.TimedOut = true },
	} {
		c := good
		mutate(&c)
		if _, err := c.Episode(); err == nil {
			t.Errorf("%s: accepted", name)
		}
	}
}
