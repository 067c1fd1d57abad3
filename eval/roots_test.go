package eval

import (
	"bytes"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/evaltest"
)

// The traces of several roots (the shards of a cluster job) evaluate exactly as the same
// traces below one root.
func TestLoadRootsMergesLikeOneRoot(t *testing.T) {
	all := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	// Split as shards split, by a hash: interleaved.
	var even, odd []evaltest.Case
	for i, c := range evaltest.Cases {
		if i%2 == 0 {
			even = append(even, c)
		} else {
			odd = append(odd, c)
		}
	}
	a := evaltest.Write(t, t.TempDir(), even, false)
	b := evaltest.Write(t, t.TempDir(), odd, false)
	one, err := LoadRoots([]string{all}, "")
	if err != nil {
		t.Fatal(err)
	}
	merged, err := LoadRoots([]string{a, b}, "")
	if err != nil {
		t.Fatal(err)
	}
	if len(merged.Items) != len(evaltest.Cases) || len(merged.Warnings) != len(one.Warnings) {
		t.Fatalf("merged %d items with warnings %q; one root: %d, %q", len(merged.Items), merged.Warnings, len(one.Items), one.Warnings)
	}
	if merged.Root != a+", "+b {
		t.Errorf("root shown as %q", merged.Root)
	}
	render := func(d *Dataset) string {
		var buf bytes.Buffer
		res := Evaluate(d, Inputs{}, Options{Seed: 1, Resamples: 200})
		res.Root = ""
		if err := res.WriteJSON(&buf); err != nil {
			t.Fatal(err)
		}
		return buf.String()
	}
	if got, want := render(merged), render(one); got != want {
		t.Errorf("merged roots evaluate differently from one root:\n%s\nwant\n%s", got, want)
	}
}

// A trace below two roots (one trace judged by two shards) is kept twice and named in a
// warning, not silently dropped or merged.
func TestLoadRootsWarnsOfOneTraceInTwoRoots(t *testing.T) {
	a := evaltest.Write(t, t.TempDir(), evaltest.Cases[:2], false)
	b := evaltest.Write(t, t.TempDir(), evaltest.Cases[1:3], false)
	d, err := LoadRoots([]string{a, b}, "")
	if err != nil {
		t.Fatal(err)
	}
	var names []string
	for _, it := range d.Items {
		names = append(names, it.Name)
	}
	dup := evaltest.Cases[1].Name
	if len(d.Items) != 4 || !strings.Contains(strings.Join(names, " "), dup+"~2") {
		t.Fatalf("items %v", names)
	}
	if len(d.Warnings) != 1 || !strings.Contains(d.Warnings[0], dup) || !strings.Contains(d.Warnings[0], filepath.Clean(b)) {
		t.Errorf("warnings %q", d.Warnings)
	}
	if _, err := LoadRoots([]string{a, filepath.Join(t.TempDir(), "missing")}, ""); err == nil || !strings.Contains(err.Error(), "missing") {
		t.Errorf("a missing second root: %v", err)
	}
}
