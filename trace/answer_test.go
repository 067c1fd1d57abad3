package trace

import "testing"

// FinalAnswer finds the last answer action; a trace-level answer wins; older imports
// (which kept answers as "other") still count.
func TestFinalAnswer(t *testing.T) {
	a := &Action{Type: "answer", Text: "12 guests"}
	tr := &Trace{Frames: []Frame{{Index: 1, Action: &Action{Type: "answer", Text: "11"}}, {Index: 2, Action: a},
		{Index: 3, Action: &Action{Type: "done"}}}}
	if got := tr.FinalAnswer(); got != "12 guests" {
		t.Fatalf("FinalAnswer %q", got)
	}
	old := &Trace{Frames: []Frame{{Index: 1, Action: &Action{Type: "other", Text: "Lisbon", Raw: `{"action_type": "answer", "text": "Lisbon"}`}}}}
	if got := old.FinalAnswer(); got != "Lisbon" {
		t.Fatalf("legacy FinalAnswer %q", got)
	}
	tr.Answer = "13"
	if got := tr.FinalAnswer(); got != "13" {
		t.Fatalf("trace-level answer %q", got)
	}
	if got := (&Trace{}).FinalAnswer(); got != "" {
		t.Fatalf("no answer %q", got)
	}
}
