package groundtruth

import (
	"encoding/json"
	"math"
	"os"
	"strconv"
	"strings"
	"testing"
)

// testdata/pytext_cases.json holds what Python 3.11 (Unicode 14) gives for str.lower(),
// str.strip() and float() (testdata/pytext_cases.py); AndroidWorld lower-cases before
// every fuzzy match and casts number answers with float(). Before pyLower, the final Σ
// and İ rows differed (strings.ToLower); before asciiDigits, float("３") was refused.
func TestPythonTextRules(t *testing.T) {
	data, err := os.ReadFile("testdata/pytext_cases.json")
	if err != nil {
		t.Fatal(err)
	}
	var cases struct {
		Lower [][2]string
		Strip [][2]string
		Float [][2]any
	}
	if err := json.Unmarshal(data, &cases); err != nil {
		t.Fatal(err)
	}
	if len(cases.Lower) < 500 {
		t.Fatalf("only %d lower-case rows", len(cases.Lower))
	}
	bad := 0
	for _, c := range cases.Lower {
		if got := pyLower(c[0]); got != c[1] {
			if bad++; bad <= 10 {
				t.Errorf("pyLower(%q) = %q, Python %q", c[0], got, c[1])
			}
		}
	}
	for _, c := range cases.Strip {
		if got := pyStrip(c[0]); got != c[1] {
			t.Errorf("pyStrip(%q) = %q, Python %q", c[0], got, c[1])
		}
	}
	for _, c := range cases.Float {
		s := c[0].(string)
		got, err := pyFloat(s)
		switch want := c[1].(type) {
		case nil:
			if err == nil {
				t.Errorf("float(%q) raises in Python, pyFloat gave %v", s, got)
			}
		case string:
			w, _ := strconv.ParseFloat(want, 64)
			if err != nil || (got != w && !(math.IsNaN(got) && math.IsNaN(w))) {
				t.Errorf("float(%q) = %v in Python, pyFloat gave %v, %v", s, want, got, err)
			}
		}
	}
	// The fuzzy match lower-cases as Python does: ΟΔΟΣ is "οδος" with a final sigma.
	if !strings.HasSuffix(pyLower("ΟΔΟΣ"), "ς") || FuzzyMatch("ΟΔΟΣ", "οδοσ") {
		t.Errorf("FuzzyMatch does not fold a final sigma as Python does")
	}
}
