package groundtruth

import (
	"encoding/json"
	"os"
	"strings"
	"testing"
)

// Every ratio in testdata/difflib_pairs.json was computed by Python's
// difflib.SequenceMatcher(None, a.lower(), b.lower()).ratio() (testdata/difflib_pairs.py):
// the port must give the same float, and FuzzyMatch AndroidWorld's verdict, for each
// pair in the order given (the ratio is not symmetric). Before the port extended matches
// over every equal character, not only popular ones, receipts with two lines swapped
// and most of the long pairs here scored lower than difflib.
func TestSimilarityEqualsDifflib(t *testing.T) {
	data, err := os.ReadFile("testdata/difflib_pairs.json")
	if err != nil {
		t.Fatal(err)
	}
	var pairs []struct {
		A, B       string
		Ratio      float64
		FuzzyMatch bool `json:"fuzzy_match"`
	}
	if err := json.Unmarshal(data, &pairs); err != nil {
		t.Fatal(err)
	}
	if len(pairs) < 200 {
		t.Fatalf("only %d pairs", len(pairs))
	}
	wrong := 0
	for i, p := range pairs {
		got := Similarity(strings.ToLower(p.A), strings.ToLower(p.B))
		if got != p.Ratio || FuzzyMatch(p.A, p.B) != p.FuzzyMatch {
			wrong++
			if wrong <= 5 {
				t.Errorf("pair %d: ratio %v, difflib %v (match %v)\na=%q\nb=%q", i, got, p.Ratio, p.FuzzyMatch, clip(p.A, 120), clip(p.B, 120))
			}
		}
	}
	if wrong > 0 {
		t.Fatalf("%d of %d pairs differ from difflib", wrong, len(pairs))
	}
}
