package eval

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/trace"
)

// A judgment whose trace changed since it was judged is left out of every figure, with a
// warning that says why; when every judgment is stale, eval does not also say that none
// were found (they were: they need judging again).
func TestStaleJudgmentsAreLeftOutAndNamed(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases[:2], true)
	for _, name := range []string{"t1", "t2"} {
		p := trace.JudgmentPath(filepath.Join(root, name))
		j, err := trace.ReadJudgment(p)
		if err != nil {
			t.Fatal(err)
		}
		// Judged against another task text than the trace holds now.
		j.Provenance = &trace.Provenance{Scheme: trace.ProvenanceScheme, Task: trace.Sum([]byte("an earlier task"))}
		if err := trace.WriteJudgment(p, j); err != nil {
			t.Fatal(err)
		}
	}
	d, err := LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	if labels := d.JudgeLabels(); len(labels) != 0 {
		t.Fatalf("stale judgments counted: %v", labels)
	}
	all := strings.Join(d.Warnings, "\n")
	if strings.Count(all, "stale judgment") != 2 || !strings.Contains(all, "the task text changed") {
		t.Errorf("warnings do not name the stale judgments:\n%s", all)
	}
	if strings.Contains(all, "no judgments found") {
		t.Errorf("the stale judgments were found, yet eval says none were:\n%s", all)
	}
	r := Evaluate(d, Inputs{}, Options{Seed: 1, Resamples: 20})
	if r.Provenance == nil || len(r.Provenance.Stale) != 2 {
		t.Errorf("provenance %+v", r.Provenance)
	}
}

// A trace folder's judgment that is a link to a file outside the folder is not read (the
// viewer does not read it either, so both would count different verdicts).
func TestJudgmentLinkedFromOutsideTheTrace(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases[:2], true)
	elsewhere := filepath.Join(t.TempDir(), "judgment.json")
	if err := os.Rename(trace.JudgmentPath(filepath.Join(root, "t1")), elsewhere); err != nil {
		t.Fatal(err)
	}
	if err := os.Symlink(elsewhere, trace.JudgmentPath(filepath.Join(root, "t1"))); err != nil {
		t.Fatal(err)
	}
	d, err := LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	for _, it := range d.Items {
		if it.Name == "t1" && len(it.Judgments) != 0 {
			t.Errorf("t1's judgment, a link out of its folder, was read")
		}
	}
	if all := strings.Join(d.Warnings, "\n"); !strings.Contains(all, "t1/judgment.json: resolves outside the folder through a symbolic link") {
		t.Errorf("warnings do not name the linked judgment:\n%s", all)
	}
}
