package trace

import (
	"encoding/json"
	"os"
	"path/filepath"
	"testing"
)

// RunVerdict is the one reading of a judgment's verdict: the recorded outcome, else the
// verdict an older judgment was written under.
func TestRunVerdict(t *testing.T) {
	two := []SubstateResult{{Satisfied: true}, {}}
	cases := []struct {
		name string
		j    Judgment
		want string
	}{
		{"outcome recorded", Judgment{Complete: true, Outcome: &Outcome{Verdict: RunCannotTell, Reason: "r"}}, RunCannotTell},
		{"outcome of a failure though complete", Judgment{Complete: true, Outcome: &Outcome{Verdict: RunFailure, Reason: "undone"}}, RunFailure},
		{"old: undetermined", Judgment{Undetermined: true, UndeterminedReason: "no answer"}, RunCannotTell},
		{"old: complete", Judgment{Complete: true}, RunSuccess},
		{"old: not complete", Judgment{Substates: two}, RunFailure},
		{"a verdict this build does not know is not guessed from the old fields", Judgment{Complete: true, Outcome: &Outcome{Verdict: "maybe"}}, RunCannotTell},
	}
	for _, c := range cases {
		got := c.j.RunVerdict()
		if got.Verdict != c.want || got.Reason == "" && c.j.Outcome == nil {
			t.Errorf("%s: %+v, want %s with a reason", c.name, got, c.want)
		}
		if got.Derived != (c.j.Outcome == nil || c.j.Outcome.Verdict == "maybe") {
			t.Errorf("%s: derived %v", c.name, got.Derived)
		}
	}
	if o := (&Judgment{Complete: true, Outcome: &Outcome{Verdict: "Success"}}).RunVerdict(); o.Reason != `the judgment's verdict "Success" is not one this build knows (success, failure, cannot_tell)` {
		t.Errorf("unknown verdict's reason %q", o.Reason)
	}
	if o := (&Judgment{Substates: two}).RunVerdict(); o.Reason != "1 of 2 substates reached (judged before three-valued verdicts, when not reached was a failure)" {
		t.Errorf("old failure's reason %q", o.Reason)
	}
	if (Outcome{Verdict: RunCannotTell}).Success() || !(Outcome{Verdict: RunSuccess}).Success() || (Outcome{Verdict: RunCannotTell}).Decided() {
		t.Error("Success/Decided")
	}
}

// The outcome is additive: a judgment file written before it reads as before, and one with
// it keeps it through a write and a read.
func TestOutcomeRoundTrip(t *testing.T) {
	dir := t.TempDir()
	old := filepath.Join(dir, "old.json")
	if err := os.WriteFile(old, []byte(`{"version":1,"trace":"t","task":"x","judge":{"kind":"heuristic"},"substates":[],"frames":[],"scr":1,"complete":true,"complete_required":true,"usage":{"calls":0,"cache_hits":0,"input_tokens":0,"output_tokens":0,"cost_usd":0},"started":"2026-01-01T00:00:00Z","finished":"2026-01-01T00:00:00Z"}`), 0o644); err != nil {
		t.Fatal(err)
	}
	j, err := ReadJudgment(old)
	if err != nil || j.Outcome != nil || j.RunVerdict().Verdict != RunSuccess || !j.RunVerdict().Derived {
		t.Fatalf("old judgment: %v %+v", err, j)
	}
	f := 3
	j.Outcome = &Outcome{Verdict: RunFailure, Reason: "[L1] undone", Rules: []string{"L1"}, Frame: &f, Review: &Review{By: "heuristic/v5", From: 2, To: 3, Findings: []string{"x"}}}
	path := filepath.Join(dir, "new.json")
	if err := WriteJudgment(path, j); err != nil {
		t.Fatal(err)
	}
	raw, _ := os.ReadFile(path)
	var m map[string]any
	if err := json.Unmarshal(raw, &m); err != nil || m["outcome"] == nil {
		t.Fatalf("no outcome field in %s", raw)
	}
	back, err := ReadJudgment(path)
	if err != nil || back.RunVerdict().Verdict != RunFailure || *back.Outcome.Frame != 3 || back.Outcome.Review.By != "heuristic/v5" || back.RunVerdict().Derived {
		t.Fatalf("read back %+v (%v)", back.Outcome, err)
	}
}
