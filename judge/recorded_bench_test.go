//go:build unix

package judge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// BenchmarkRecordedTrace judges a trace of 3,000 frames as observe records them: every
// frame a real screenshot (LlamaTouch's trace_18, 129 to 660 KB, 330 KB on average) and
// its real UI dump, the five screens in turn so that no frame is passed over as unchanged.
// The files are hard links, so the trace costs no disk, yet every frame is a file of its
// own to read. "model": an in-process stand-in model that answers at once (every substate
// uncertain) with progress saved in a store; "rules": the model-free stub kind without a
// store, the judge's cheapest path per frame. What it measures is the judge's own time per
// frame (reading, describing, reasoning, checking, saving), so what reading a frame's
// files costs shows in full.
func BenchmarkRecordedTrace(b *testing.B) {
	const frames = 3000
	src := testenv.SharedData(b, "traces/llamatouch/trace_18")
	tr := linkedTrace(b, src, frames)
	for _, kind := range []string{"model", "rules"} {
		b.Run(kind, func(b *testing.B) {
			var judging, cpu time.Duration
			for i := 0; i < b.N; i++ {
				b.StopTimer()
				cfg := Config{Kind: stubKind, Capture: CaptureXML}
				var db *store.DB
				if kind == "model" {
					m := &judgetest.Model{Handler: func(_ int, req llm.Request) (string, error) {
						return judgetest.Answer(judgetest.AskedIDs(req.Prompt), nil, ""), nil
					}}
					cfg = llmConfig(m)
					var err error
					if db, err = store.Open(context.Background(), filepath.Join(b.TempDir(), "p.db")); err != nil {
						b.Fatal(err)
					}
					cfg.Store = db
				}
				b.StartTimer()
				start, cpuStart := time.Now(), cpuTime(b)
				j, err := Run(context.Background(), cfg, tr, judgetest.ClockSubs())
				judging += time.Since(start)
				cpu += cpuTime(b) - cpuStart
				b.StopTimer()
				if err != nil {
					b.Fatal(err)
				}
				if len(j.Frames) != frames {
					b.Fatalf("%d frames judged, want %d", len(j.Frames), frames)
				}
				if db != nil {
					db.Close()
				}
				b.StartTimer()
			}
			b.ReportMetric(float64(judging.Microseconds())/float64(b.N*frames), "us/frame")
			// The process's CPU time (every thread, the garbage collector's too): on a
			// shared machine it varies far less than the wall time with what else runs.
			b.ReportMetric(float64(cpu.Microseconds())/float64(b.N*frames), "cpu_us/frame")
		})
	}
}

// cpuTime is the CPU time the process has used so far, user and system.
func cpuTime(b *testing.B) time.Duration {
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	return time.Duration(ru.Utime.Nano() + ru.Stime.Nano())
}

// linkedTrace is a native trace of n frames whose screenshots and UI dumps are hard links
// to the LlamaTouch trace in src (N.png, N.xml, N.activity), taken in turn.
func linkedTrace(b *testing.B, src string, n int) *trace.Trace {
	b.Helper()
	var screens []int
	for k := 0; ; k++ {
		if _, err := os.Stat(filepath.Join(src, fmt.Sprintf("%d.png", k))); err != nil {
			break
		}
		screens = append(screens, k)
	}
	if len(screens) < 2 {
		b.Fatalf("%s: want at least two screens", src)
	}
	dir := b.TempDir()
	tr := &trace.Trace{Version: 1, Task: judgetest.ClockSubs().Task, Dir: dir, Status: trace.StatusCompleted}
	for i := 1; i <= n; i++ {
		k := screens[(i-1)%len(screens)]
		name := trace.FrameName(i)
		f := trace.Frame{Index: i, Image: name + ".png", XML: name + ".xml"}
		for ext, dst := range map[string]string{".png": f.Image, ".xml": f.XML} {
			from := filepath.Join(src, fmt.Sprintf("%d%s", k, ext))
			if err := os.Link(from, filepath.Join(dir, dst)); err != nil {
				// Another file system: copy instead.
				data, rerr := os.ReadFile(from)
				if rerr != nil {
					b.Fatal(rerr)
				}
				if err := os.WriteFile(filepath.Join(dir, dst), data, 0o644); err != nil {
					b.Fatal(err)
				}
			}
		}
		if a, err := os.ReadFile(filepath.Join(src, fmt.Sprintf("%d.activity", k))); err == nil {
			f.Activity = string(a)
		}
		tr.Frames = append(tr.Frames, f)
	}
	return tr
}
