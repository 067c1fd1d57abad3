package eval

import (
	"bytes"
	"encoding/csv"
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
