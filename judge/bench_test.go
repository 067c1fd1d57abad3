package judge

import (
	"context"
	"crypto/sha256"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/trace"
)

// Latencies the fake provider injects: a vision description is slower than a reasoner call.
const (
	benchCapture = 40 * time.Millisecond
	benchReason  = 20 * time.Millisecond
	benchFrames  = 10
)

// latencyModel is llm.Open against a fake OpenAI server that answers captures after
// benchCapture and reasoner calls after benchReason; every substate stays "uncertain" so
// every frame is reasoned over (no early stop).
func latencyModel(b *testing.B, concurrency int) llm.Model {
	b.Helper()
	srv := llmtest.NewOpenAI(b, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		if len(r.Images) > 0 {
			sum := sha256.Sum256(r.Images[0].Data)
			return llmtest.Delayed(benchCapture, llmtest.Reply(fmt.Sprintf("A screen with the picture %x.", sum[:6])))
		}
		return llmtest.Delayed(benchReason, llmtest.Reply(judgetest.Answer(judgetest.AskedIDs(r.Text), nil, "")))
	}))
	m, err := llm.Open(context.Background(), llm.Config{Spec: "openai:bench", BaseURL: srv.URL, NoCache: true, Concurrency: concurrency, MaxRetries: -1})
	if err != nil {
		b.Fatal(err)
	}
	return m
}

func imageTrace(b *testing.B, frames int) *trace.Trace {
	t := &trace.Trace{Version: 1, Task: judgetest.ClockSubs().Task, Dir: b.TempDir()}
	for i := 1; i <= frames; i++ {
		t.Frames = append(t.Frames, trace.Frame{Index: i, ImageData: tinyPNG(b, i)})
	}
	return t
}

// plainLoop is the straightforward judge this package improves on: capture a frame, then
// reason over it, frame after frame.
func plainLoop(ctx context.Context, m llm.Model, t *trace.Trace) error {
	subs := judgetest.ClockSubs()
	cp := &capturer{mode: CaptureVision, model: m, task: t.Task}
	rs := &llmReasoner{model: m}
	for i := range t.Frames {
		c, err := cp.capture(ctx, t, &t.Frames[i])
		if err != nil {
			return err
		}
		q := buildQuery(subs, map[int]bool{})
		if _, _, err := rs.Reason(ctx, ReasonInput{Task: t.Task, Subs: subs, Query: q, Satisfied: map[int]hit{},
			Frame: t.Frames[i].Index, Description: c.Desc}); err != nil {
			return err
		}
	}
	return nil
}

// BenchmarkSingleTrace compares the pipelined judge with the plain loop on one trace. The
// critical path is the slowest capture plus the reasoner calls in sequence.
func BenchmarkSingleTrace(b *testing.B) {
	critical := benchCapture + benchFrames*benchReason
	plain := benchFrames * (benchCapture + benchReason)
	b.Run("pipeline", func(b *testing.B) {
		m := latencyModel(b, 8)
		t := imageTrace(b, benchFrames)
		cfg := Config{Kind: trace.JudgeLLM, Model: m, CaptureModel: m, Capture: CaptureVision, CaptureConcurrency: 4}
		b.ResetTimer()
		start := time.Now()
		for i := 0; i < b.N; i++ {
			j, err := Run(context.Background(), cfg, t, judgetest.ClockSubs())
			if err != nil {
				b.Fatal(err)
			}
			if j.Usage.Calls != 2*benchFrames {
				b.Fatalf("%d calls, want %d", j.Usage.Calls, 2*benchFrames)
			}
		}
		per := time.Since(start) / time.Duration(b.N)
		b.ReportMetric(float64(per)/float64(critical), "x_critical_path")
		b.ReportMetric(float64(per)/float64(plain), "x_plain_ideal")
	})
	b.Run("plain", func(b *testing.B) {
		m := latencyModel(b, 8)
		t := imageTrace(b, benchFrames)
		b.ResetTimer()
		start := time.Now()
		for i := 0; i < b.N; i++ {
			if err := plainLoop(context.Background(), m, t); err != nil {
				b.Fatal(err)
			}
		}
		per := time.Since(start) / time.Duration(b.N)
		b.ReportMetric(float64(per)/float64(critical), "x_critical_path")
	})
}

// BenchmarkBatch judges 8 traces of 5 frames at once with the provider limited to 4
// concurrent calls: the batch should take about (all call latency) / 4, the provider bound.
func BenchmarkBatch(b *testing.B) {
	const traces, frames, limit = 8, 5, 4
	bound := time.Duration(traces*frames) * (benchCapture + benchReason) / limit
	for _, mode := range []string{"pipeline", "plain"} {
		b.Run(mode, func(b *testing.B) {
			m := latencyModel(b, limit)
			var targets []Target
			for i := 0; i < traces; i++ {
				t := imageTrace(b, frames)
				for k := range t.Frames { // distinct screenshots across traces
					t.Frames[k].ImageData = tinyPNG(b, 10*i+k+1)
				}
				t.Dir = b.TempDir()
				targets = append(targets, Target{Label: fmt.Sprint("t", i), Trace: t})
			}
			subsFile := b.TempDir() + "/subs.json"
			writeSubs(b, subsFile)
			o := Options{Judge: Config{Kind: trace.JudgeLLM, Model: m, CaptureModel: m, Capture: CaptureVision, CaptureConcurrency: 4},
				Source: SubstateSource{File: subsFile}, Out: b.TempDir(), Concurrency: traces}
			b.ResetTimer()
			start := time.Now()
			for i := 0; i < b.N; i++ {
				if mode == "plain" {
					for _, tg := range targets {
						if err := plainLoop(context.Background(), m, tg.Trace); err != nil {
							b.Fatal(err)
						}
					}
					continue
				}
				for _, r := range Batch(context.Background(), o, targets) {
					if r.Err != nil {
						b.Fatal(r.Err)
					}
				}
			}
			per := time.Since(start) / time.Duration(b.N)
			b.ReportMetric(float64(per)/float64(bound), "x_provider_bound")
		})
	}
}

func writeSubs(b *testing.B, path string) {
	data := `{"substates":[{"id":0,"kind":"page","content":"The Clock app is open","parent":null},
	{"id":1,"kind":"page","content":"The alarm list is visible","parent":0},
	{"id":2,"kind":"unit","content":"An alarm for 7:30 AM is listed","parent":1},
	{"id":3,"kind":"unit","content":"The 7:30 AM alarm is switched on","parent":1}]}`
	if err := os.WriteFile(path, []byte(data), 0o644); err != nil {
		b.Fatal(err)
	}
}
