package importer

import "testing"

// An AndroidWorld answer action is imported as an "answer" with its text, so the judge can
// read the agent's reported answer (trace.FinalAnswer).
func TestAnswerActionImported(t *testing.T) {
	a := parseAWAction("Reason: counted them.\nAction: {\"action_type\": \"answer\", \"text\": \"12 guests\"}", nil)
	if a.Type != "answer" || a.Text != "12 guests" {
		t.Fatalf("parsed %+v", a)
	}
}
