package progress

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
)

func TestLinesWhenNotATerminal(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "judge", 3, false, false)
	b.Skip(1)
	b.Done("trace_7", nil)
	b.Done("trace_18", errors.New("no frames"))
	b.Finish()
	out := buf.String()
	for _, want := range []string{"1/3 already done", "[2/3] trace_7 ok", "[3/3] trace_18 FAILED: no frames", "3/3 done, 1 failed"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Contains(out, "\r") {
		t.Errorf("non-terminal output must not redraw with \\r: %q", out)
	}
}

func TestQuietPrintsNothing(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "x", 2, true, true)
	b.Done("a", nil)
	b.Finish()
	if buf.Len() != 0 {
		t.Fatalf("quiet bar wrote %q", buf.String())
	}
}

func TestConcurrentDone(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "x", 100, false, true)
	var wg sync.WaitGroup
	for i := 0; i < 100; i++ {
		wg.Add(1)
		go func() { defer wg.Done(); b.Done("item", nil) }()
	}
	wg.Wait()
	b.Finish()
	if !strings.Contains(buf.String(), "100/100 done, 0 failed") {
		t.Fatalf("summary wrong: %q", buf.String()[max(0, buf.Len()-80):])
	}
}
