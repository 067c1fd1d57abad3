package eval

import (
	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
)

// FuzzEvaluate replaces one judgment.json of the hand-made dataset with any bytes (a
// judgment from another tool or version is outside input) and adds any substate labels
// file: loading reports or skips them, and every report that follows (JSON, text, CSV)
// still writes.
func FuzzEvaluate(f *testing.F) {
	f.Add([]byte(`{"version":1,"judge":{"kind":"llm","model":"m"},"complete":true,"usage":{"cost_usd":1e308,"calls":9223372036854775807}}`), []byte("trace,substate,reached\n"+evaltest.Cases[0].Name+",1,true\n"))
	f.Add([]byte(`{"version":1,"substates":[{"id":1,"satisfied":true,"frame":-3},{"id":1,"parent":99}],"complete":false}`), []byte(`[{"trace":"`+evaltest.Cases[1].Name+`","substate":2,"reached":false},{"trace":"x","substate":-1,"reached":true}]`))
	f.Add([]byte(`{"started":"0001-01-01T00:00:00Z","finished":"9999-12-31T23:59:59Z","judge":{"kind":""}}`), []byte(nil))
	f.Add([]byte(`null`), []byte(`{"labels":[]}`))
	root := evaltest.Write(f, f.TempDir(), evaltest.Cases, false)
	victim := filepath.Join(root, evaltest.Cases[0].Name, "judgment.json")
	orig, err := os.ReadFile(victim)
	if err != nil {
		f.Fatal(err)
	}
	f.Add(orig, []byte(nil))
	f.Fuzz(func(t *testing.T, data, labels []byte) {
		// Workers are separate processes, each with its own root; runs within one are serial.
		if err := os.WriteFile(victim, data, 0o644); err != nil {
			t.Fatal(err)
		}
		d, err := LoadRoots([]string{root}, "")
		if err != nil {
			return
		}
		var in Inputs
		if len(labels) > 0 {
			if ls, err := ParseLabels(labels); err == nil {
				in.Labels = ls
			}
		}
		r := Evaluate(d, in, Options{Seed: 1, Resamples: 20})
		var buf bytes.Buffer
		if err := r.WriteJSON(&buf); err != nil {
			t.Fatalf("WriteJSON: %v", err)
		}
		if !json.Valid(buf.Bytes()) {
			t.Fatal("WriteJSON wrote invalid JSON")
		}
		if err := r.WriteText(&bytes.Buffer{}); err != nil {
			t.Fatalf("WriteText: %v", err)
		}
		if err := r.WriteCSV(&bytes.Buffer{}); err != nil {
			t.Fatalf("WriteCSV: %v", err)
		}
	})
}
