package eval

import (
	"bytes"
	"encoding/csv"
	"strings"
	"testing"
)

// Names from traces in eval's CSV are kept from running as spreadsheet formulas.
func TestCSVCellsAreNotFormulas(t *testing.T) {
	r := &Result{Judges: &JudgeReport{}, Agents: []AgentRow{{Agent: "=cmd|' /C calc'!A0", Judge: "@judge", Tasks: 1}}}
	var b bytes.Buffer
	if err := r.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	for _, rec := range recs[1:] {
		if rec[1] != "'=cmd|' /C calc'!A0" || rec[3] != "'@judge" {
			t.Fatalf("row %q: the agent and judge cells are not neutralised", rec)
		}
	}
}

// Labels, decomposer labels and references are read with exact keys, a key twice refused.
func TestInputKeysMatchExactly(t *testing.T) {
	if _, err := ParseLabels([]byte(`[{"trace":"a","substate":0,"reached":true,"reached":false}]`)); err == nil || !strings.Contains(err.Error(), `the key "reached" appears twice`) {
		t.Errorf("labels: %v", err)
	}
	if _, err := ParseReference([]byte(`{"tasks":{"a":[{"type":"tap"}]},"tasks":{}}`)); err == nil || !strings.Contains(err.Error(), `the key "tasks" appears twice`) {
		t.Errorf("reference: %v", err)
	}
}
