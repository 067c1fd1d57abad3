package judge

import (
	"context"
	"crypto/sha256"
	"encoding/binary"
	"fmt"
	"path/filepath"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

// paperModel is llm.Open, with the settings autoeval's flags default to, against a stand-in
// OpenAI server over a real socket that answers every request in 200 to 300 ms (spread by a
// hash of the request): a capture describes the screenshot, a reasoner call leaves every
// substate "uncertain", so every frame of every trace is processed.
func paperModel(b *testing.B) llm.Model {
	b.Helper()
	srv := llmtest.NewOpenAI(b, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		sum := sha256.Sum256(r.Body)
		delay := 200*time.Millisecond + time.Duration(binary.BigEndian.Uint64(sum[:8])%101)*time.Millisecond
		if len(r.Images) > 0 {
			img := sha256.Sum256(r.Images[0].Data)
			return llmtest.Delayed(delay, llmtest.Reply(fmt.Sprintf("A screen with the picture %x.", img[:6])))
		}
		return llmtest.Delayed(delay, llmtest.Reply(judgetest.Answer(judgetest.AskedIDs(r.Text), nil, "")))
	}))
	m, err := llm.Open(context.Background(), llm.Config{Spec: "openai:bench-defaults", BaseURL: srv.URL, NoCache: true})
	if err != nil {
		b.Fatal(err)
	}
	return m
}

// defaultsTraces are 20 screenshot traces of 3 to 10 frames (130 in all), every picture
// distinct, as a batch of recorded runs would be.
func defaultsTraces(b *testing.B) []Target {
	var targets []Target
	for i := 0; i < 20; i++ {
		frames := 3 + (i*5)%8
		t := &trace.Trace{Version: 1, Task: judgetest.ClockSubs().Task, Dir: b.TempDir()}
		for k := 1; k <= frames; k++ {
			t.Frames = append(t.Frames, trace.Frame{Index: k, ImageData: tinyPNG(b, 100*i+k)})
		}
		targets = append(targets, Target{Label: fmt.Sprint("t", i), Trace: t})
	}
	return targets
}

var paperLoop struct {
	once sync.Once
	took time.Duration
}

// BenchmarkBatchDefaults judges 20 traces (130 frames) with a stand-in model answering in
// 200-300 ms, with what autoeval judge --traces does by default (traces at once derived
// from the default --model-concurrency, --capture-concurrency 4, longest traces first, a
// database for progress and leases), and reports the speed-up over the paper's loop: each
// frame captured, then reasoned over, one call at a time (measured once, about a minute).
//
//	go test ./judge -run X -bench BatchDefaults -benchtime 3x
func BenchmarkBatchDefaults(b *testing.B) {
	targets := defaultsTraces(b)
	frames := 0
	for _, tg := range targets {
		frames += len(tg.Trace.Frames)
	}
	paperLoop.once.Do(func() {
		m := paperModel(b)
		start := time.Now()
		for _, tg := range targets {
			if err := plainLoop(context.Background(), m, tg.Trace); err != nil {
				b.Fatal(err)
			}
		}
		paperLoop.took = time.Since(start)
	})
	subsFile := filepath.Join(b.TempDir(), "subs.json")
	writeSubs(b, subsFile)
	m := paperModel(b)
	var took time.Duration
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		b.StopTimer()
		db, err := store.Open(context.Background(), filepath.Join(b.TempDir(), "bench.db"))
		if err != nil {
			b.Fatal(err)
		}
		// What the command line passes when no flag is given.
		o := Options{Judge: Config{Kind: trace.JudgeLLM, Model: m, Store: db}, Source: SubstateSource{File: subsFile}, Out: b.TempDir()}
		b.StartTimer()
		start := time.Now()
		res := Batch(context.Background(), o, targets)
		took += time.Since(start)
		b.StopTimer()
		for k, r := range res {
			if r.Err != nil {
				b.Fatal(r.Err)
			}
			if n := len(targets[k].Trace.Frames); len(r.Judgment.Frames) != n || r.Judgment.Usage.Calls != 2*n {
				b.Fatalf("%s: %d frames judged with %d calls, want all %d with two calls each", r.Label, len(r.Judgment.Frames), r.Judgment.Usage.Calls, n)
			}
		}
		db.Close()
		b.StartTimer()
	}
	per := took / time.Duration(b.N)
	b.ReportMetric(per.Seconds(), "s/batch")
	b.ReportMetric(paperLoop.took.Seconds(), "s/paper_loop")
	b.ReportMetric(float64(paperLoop.took)/float64(per), "x_paper_loop")
	b.ReportMetric(float64(frames), "frames")
}
