package progress

import (
	"bytes"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"
	"unicode/utf8"
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

// Resumed items take no time, so they must not speed up the estimate; more items than
// announced must not break the bar; long names are cut on a character boundary.
func TestTerminalEstimateAndLimits(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "x", 100, false, true)
	b.start = time.Now().Add(-10 * time.Second)
	b.Skip(90)
	b.Done("a", nil) // one item in 10s: nine left take about 90s
	if out := buf.String(); !strings.Contains(out, "91/100 eta 1m30s") {
		t.Errorf("estimate after resume: %q", out)
	}
	b.Done(strings.Repeat("é", 60), nil)
	for i := 0; i < 20; i++ {
		b.Done("extra", nil)
	}
	b.Finish()
	if !utf8.ValidString(buf.String()) || !strings.Contains(buf.String(), "[########################] 112/100") {
		t.Errorf("output %q", buf.String()[max(0, buf.Len()-200):])
	}
}
