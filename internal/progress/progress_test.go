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
	for _, want := range []string{"1 of 3 already done, resuming", "[2/3] trace_7 ok", "[3/3] trace_18 FAILED: no frames", "3/3 done (1 by an earlier run), 1 failed"} {
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

// A resumed batch says once that items were done before, not once per item (an import of
// twelve traces resumed said "n/12 already done, resuming" twelve times).
func TestResumedItemsSaidOnce(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "import", 12, false, false)
	for range 11 {
		b.Skip(1)
	}
	b.Done("last", nil)
	b.Finish()
	out := buf.String()
	if strings.Count(out, "already done") != 1 || !strings.Contains(out, "import: 11 of 12 already done, resuming") ||
		!strings.Contains(out, "import: 12/12 done (11 by an earlier run), 0 failed") {
		t.Errorf("output:\n%s", out)
	}
	// Everything done before: the summary says so, once.
	buf.Reset()
	b = NewWriter(&buf, "import", 2, false, false)
	b.Skip(1)
	b.Skip(1)
	b.Finish()
	if out := buf.String(); strings.Count(out, "earlier run") != 1 || strings.Contains(out, "resuming") {
		t.Errorf("all resumed:\n%s", out)
	}
}

// An item set aside is neither ok nor failed: it says its status ("not judgeable" was
// printed as "(not judgeable) ok"), and the summary counts it.
func TestAsideSaysWhatItIs(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "judge", 3, false, false)
	b.Done("a", Aside("not judgeable"))
	b.Done("b", Aside("not judgeable"))
	b.Done("c", nil)
	b.Finish()
	out := buf.String()
	if !strings.Contains(out, "[1/3] a not judgeable\n") || strings.Contains(out, "a not judgeable ok") ||
		!strings.Contains(out, "judge: 3/3 done, 0 failed, 2 not judgeable") {
		t.Errorf("output:\n%s", out)
	}
}

// Items the work never reached (Ctrl-C, a fatal error) are counted as not started, apart
// from those interrupted under way.
func TestNotStartedCountedApart(t *testing.T) {
	var buf bytes.Buffer
	b := NewWriter(&buf, "judge", 70, false, false)
	b.Done("a", nil)
	b.Done("b", context.Canceled)
	b.Done("c", context.Canceled)
	b.Finish()
	if out := buf.String(); !strings.Contains(out, "judge: 1/70 done, 0 failed, 2 interrupted, 67 not started") {
		t.Errorf("output:\n%s", out)
	}
}

// Off a terminal, a batch whose items take long still writes a line at least every
// heartbeat, with the units done across the batch.
func TestHeartbeatOffTerminal(t *testing.T) {
	var buf syncBuffer
	b := newBar(&buf, "judge", 3, false, false, 20*time.Millisecond)
	b.SetUnits("frame", 240)
	b.SkipUnits(40)
	b.AddUnits(17)
	deadline := time.Now().Add(10 * time.Second)
	for !strings.Contains(buf.String(), "judge: 57/240 frames, 0/3 done, ") && time.Now().Before(deadline) {
		time.Sleep(5 * time.Millisecond)
	}
	b.Done("a", nil)
	b.Finish()
	out := buf.String()
	if !strings.Contains(out, "judge: 57/240 frames, 0/3 done, ") || !strings.Contains(out, "judge: 1/3 done (57/240 frames), 0 failed, 2 not started") {
		t.Errorf("output:\n%s", out)
	}
	// Nothing after the summary: the heartbeat ends with the bar.
	time.Sleep(60 * time.Millisecond)
	if lines := strings.Split(strings.TrimSpace(buf.String()), "\n"); !strings.Contains(lines[len(lines)-1], "not started") {
		t.Errorf("the summary is not the last line:\n%s", buf.String())
	}
}

// On a terminal the bar fills by the units, so a batch moves with its frames.
func TestTerminalBarFillsByUnits(t *testing.T) {
	var buf syncBuffer
	b := NewWriter(&buf, "judge", 2, false, true)
	b.SetUnits("frame", 100)
	b.AddUnits(50)
	time.Sleep(150 * time.Millisecond) // past the redraw limit of ten a second
	b.AddUnits(0)
	b.Finish()
	if out := buf.String(); !strings.Contains(out, "[############............] 50/100 frames, 0/2 done") {
		t.Errorf("output %q", out)
	}
}

type syncBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.Write(p)
}

func (s *syncBuffer) String() string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.buf.String()
}
