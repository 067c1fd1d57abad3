package llm_test

import (
	"math"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/llm"
)

func TestLoadPricesRejectsAbsurdPrice(t *testing.T) {
	p := filepath.Join(t.TempDir(), "prices.json")
	os.WriteFile(p, []byte(`{"m":{"input":1e308,"output":1}}`), 0o644)
	_, err := llm.LoadPrices(p)
	if err == nil || !strings.Contains(err.Error(), p) || !strings.Contains(err.Error(), `"m"`) {
		t.Fatalf("err %v: want one naming the file and the model", err)
	}
}

// FuzzLoadPrices: a --prices file loads or fails with one line naming it, and every
// price it loads costs a finite, non-negative amount for any plausible token count.
func FuzzLoadPrices(f *testing.F) {
	f.Add([]byte(`{"gpt-x":{"input":1.5,"output":6},"openai:y":{"input":0,"output":0}}`))
	f.Add([]byte(`{"m":{"input":-1}}`))
	f.Add([]byte(`{"m":{"input":1e300,"output":1e300}}`))
	f.Add([]byte(`null`))
	f.Fuzz(func(t *testing.T, data []byte) {
		path := filepath.Join(t.TempDir(), "prices.json")
		if err := os.WriteFile(path, data, 0o644); err != nil {
			t.Fatal(err)
		}
		p, err := llm.LoadPrices(path)
		if err != nil {
			if strings.Contains(err.Error(), "\n") || !strings.Contains(err.Error(), path) {
				t.Fatalf("error %q: want one line naming the file", err)
			}
			return
		}
		for model := range p {
			c, known := p.Cost("openai", model, math.MaxInt32, math.MaxInt32)
			if !known || math.IsNaN(c) || math.IsInf(c, 0) || c < 0 {
				t.Fatalf("%s costs %v", model, c)
			}
		}
	})
}
