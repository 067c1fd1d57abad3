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

// AgentAnswer tells an agent that gave no answer (offered the answer file, or acting
// without answering) from a trace that cannot say (a folder of screenshots).
func TestAgentAnswer(t *testing.T) {
	for _, c := range []struct {
		name   string
		tr     Trace
		answer string
		known  bool
	}{
		{"an answer", Trace{Answer: "12"}, "12", true},
		{"offered the file, silent", Trace{Metadata: map[string]any{"answer_file": "answer.txt"}}, "", true},
		{"actions without an answer", Trace{Frames: []Frame{{Index: 1, Action: &Action{Type: "done"}}}}, "", true},
		{"screenshots only", Trace{Frames: []Frame{{Index: 1, Image: "0001.png"}}}, "", false},
	} {
		if a, known := c.tr.AgentAnswer(); a != c.answer || known != c.known {
			t.Errorf("%s: AgentAnswer = %q, %v; want %q, %v", c.name, a, known, c.answer, c.known)
		}
	}
}
