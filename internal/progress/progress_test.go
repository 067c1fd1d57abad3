package progress

import (
	"bytes"
	"context"
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

// FAILED is for failures only: a warning (a report written with a frame left out) and an
// interruption (Ctrl-C) say what they are, and names from traces reach the terminal with
// their control characters shown.
func TestWordsForWarningsAndInterruptions(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "report", 3, false, false)
	b.Done("a", Warning(errors.New("frame 2 left out")))
	b.Done("b\x1b[2J", context.Canceled)
	b.Done("c", errors.New("no frames\r"))
	b.Finish()
	out := buf.String()
	for _, want := range []string{"[1/3] a ok, but frame 2 left out", `[2/3] b\u001b[2J interrupted`, `[3/3] c FAILED: no frames\r`, "2/3 done, 1 failed, 1 with warnings, 1 interrupted"} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	if strings.Count(out, "FAILED") != 1 || strings.ContainsRune(out, 0x1b) {
		t.Errorf("only the failure says FAILED, and no raw ESC:\n%q", out)
	}
}

// Set reports long work by tenths when not on a terminal, never a line per step.
func TestSetByTenths(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "validate t", 1000, false, false)
	for i := 1; i <= 1000; i++ {
		b.Set(i)
	}
	b.Finish()
	lines := strings.Split(strings.TrimSpace(buf.String()), "\n")
	if len(lines) != 11 || lines[0] != "validate t: 100/1000" || !strings.HasPrefix(lines[10], "validate t: 1000/1000 done, 0 failed") {
		t.Errorf("want ten progress lines and the summary, got %d:\n%s", len(lines), buf.String())
	}
}
