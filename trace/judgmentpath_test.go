package trace

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
)

func TestJudgmentOutputPath(t *testing.T) {
	dir := t.TempDir()
	tr := &Trace{Dir: dir}
	if p, note := JudgmentOutputPath(tr, "x", "", false); p != filepath.Join(dir, JudgmentName) || note != "" {
		t.Fatalf("writable trace dir: %s %q", p, note)
	}
	ro := filepath.Join(t.TempDir(), "ro")
	os.Mkdir(ro, 0o555)
	if p, note := JudgmentOutputPath(&Trace{Dir: ro}, "my trace", "", false); p != filepath.Join(DefaultOutDir, "my_trace", JudgmentName) || note == "" {
		t.Fatalf("read-only trace dir: %s %q", p, note)
	}
	ep := &Trace{Dir: dir, Source: &Source{Format: "androidworld-episode", Path: filepath.Join(dir, "e.json")}}
	if p, _ := JudgmentOutputPath(ep, "e", "", false); !strings.HasPrefix(p, DefaultOutDir) {
		t.Fatalf("a file trace must not write into the folder it shares: %s", p)
	}
	// An imported trace written natively keeps its Source, yet its directory is its own:
	// the judgment belongs beside it, where eval and report look first.
	src := &Trace{Task: "t", Source: &Source{Format: "androidworld-episode", Path: filepath.Join(dir, "e.json")}}
	nat, err := WriteNative(src, filepath.Join(t.TempDir(), "imported"))
	if err != nil {
		t.Fatal(err)
	}
	if p, note := JudgmentOutputPath(nat, "imported", "", false); p != filepath.Join(nat.Dir, JudgmentName) {
		t.Fatalf("native copy of an import: %s %q", p, note)
	}
	if p, _ := JudgmentOutputPath(tr, "x", "out.json", false); p != "out.json" {
		t.Fatal(p)
	}
	if p, _ := JudgmentOutputPath(tr, "a/b", "outdir", true); p != filepath.Join("outdir", "a_b", JudgmentName) {
		t.Fatal(p)
	}
}

// A second judge of the same trace writes beside the first instead of overwriting it.
func TestBesideOtherJudgment(t *testing.T) {
	dir := t.TempDir()
	p := filepath.Join(dir, JudgmentName)
	heuristic, model := JudgeInfo{Kind: JudgeHeuristic}, JudgeInfo{Kind: JudgeLLM, Model: "openai:gpt-4o"}
	if got, note := BesideOtherJudgment(p, model); got != p || note != "" {
		t.Fatalf("no earlier judgment: %s %q", got, note)
	}
	if err := WriteJudgment(p, &Judgment{Judge: heuristic}); err != nil {
		t.Fatal(err)
	}
	if got, _ := BesideOtherJudgment(p, heuristic); got != p {
		t.Fatalf("the same judge should replace its own judgment, got %s", got)
	}
	got, note := BesideOtherJudgment(p, model)
	if want := filepath.Join(dir, "judgment.openai_gpt-4o.json"); got != want || !strings.Contains(note, "heuristic (baseline)") {
		t.Fatalf("got %s (%q), want %s", got, note, want)
	}
	if err := WriteJudgment(p, &Judgment{Judge: model}); err != nil {
		t.Fatal(err)
	}
	if got, _ := BesideOtherJudgment(p, heuristic); got != filepath.Join(dir, "judgment.heuristic.json") {
		t.Fatalf("the baseline after a model judge: %s", got)
	}
}
