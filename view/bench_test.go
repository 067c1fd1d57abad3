package view

import (
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"os"
	"path/filepath"
	"runtime"
	"testing"
	"time"

	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// writeCorpus writes n native traces (trace.json with 20 frames, and a judgment of five
// substates) below root, spread over folders of 100, as a large run leaves them.
func writeCorpus(tb testing.TB, root string, n int) {
	tb.Helper()
	apps := []string{"Markor", "Contacts", "SimpleCalendar", "Expense", "System", "Files", "Clock", "Broccoli"}
	start := time.Date(2026, 1, 2, 3, 4, 5, 0, time.UTC)
	for i := 0; i < n; i++ {
		dir := filepath.Join(root, fmt.Sprintf("shard-%03d", i/100), fmt.Sprintf("run-%05d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			tb.Fatal(err)
		}
		claim := i%3 != 0
		tr := trace.Trace{Version: 1, Task: fmt.Sprintf("Do task number %d in the %s app, carefully, and report back", i, apps[i%len(apps)]),
			TaskName: apps[i%len(apps)] + "DoSomething", Agent: fmt.Sprintf("agent-%d", i%4), Status: trace.StatusCompleted,
			AgentClaimedDone: &claim, GroundTruth: &trace.GroundTruth{Reward: float64(i % 2), Source: "bench", Details: "rows compared"}}
		for f := 1; f <= 20; f++ {
			tr.Frames = append(tr.Frames, trace.Frame{Index: f, Image: trace.FrameName(f) + ".png", XML: trace.FrameName(f) + ".xml",
				Action: &trace.Action{Type: "tap", Raw: "tap somewhere"}})
		}
		data, _ := json.Marshal(tr)
		if err := os.WriteFile(filepath.Join(dir, trace.ManifestName), data, 0o644); err != nil {
			tb.Fatal(err)
		}
		j := trace.Judgment{Version: 1, Trace: dir, Task: tr.Task, Judge: trace.JudgeInfo{Kind: trace.JudgeHeuristic},
			Complete: i%5 < 2, CompleteRequired: i%5 < 3, SCR: 0.6, Usage: trace.Usage{Calls: 20, InputTokens: 20000, OutputTokens: 2000},
			Started: start, Finished: start.Add(time.Minute)}
		for s := 1; s <= 5; s++ {
			j.Substates = append(j.Substates, trace.SubstateResult{Node: substate.Node{ID: s, Kind: substate.Page,
				Content: fmt.Sprintf("The %s screen number %d is visible", apps[i%len(apps)], s)}, Satisfied: s <= 3,
				Analysis: "the screen shows the expected title and the list below it"})
		}
		data, _ = json.Marshal(j)
		if err := os.WriteFile(filepath.Join(dir, trace.JudgmentName), data, 0o644); err != nil {
			tb.Fatal(err)
		}
	}
}

// BenchmarkListFirstPage serves the list's first page (HTML, 100 rows, every filter and
// facet computed) over HTTP for 10,000 traces; the target is under 200 ms.
func BenchmarkListFirstPage(b *testing.B) {
	root := b.TempDir()
	writeCorpus(b, root, 10_000)
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	start := time.Now()
	srv, err := New(Options{Roots: []string{root}})
	if err != nil {
		b.Fatal(err)
	}
	indexed := time.Since(start)
	runtime.GC()
	runtime.ReadMemStats(&after)
	if n := len(srv.Index().Traces()); n != 10_000 {
		b.Fatalf("%d traces indexed", n)
	}
	start = time.Now()
	srv.Index().Poll()
	polled := time.Since(start)
	start = time.Now()
	srv.currentSummary()
	summarised := time.Since(start)
	hs := httptest.NewServer(srv.Handler(nil))
	defer hs.Close()
	for _, path := range []string{"/", "/api/traces?limit=100", "/?disagree=1&sort=cost&order=desc"} {
		b.Run(path, func(b *testing.B) {
			for b.Loop() {
				resp, err := http.Get(hs.URL + path)
				if err != nil {
					b.Fatal(err)
				}
				io.Copy(io.Discard, resp.Body)
				resp.Body.Close()
				if resp.StatusCode != 200 {
					b.Fatal(resp.Status)
				}
			}
			b.ReportMetric(float64(b.Elapsed().Microseconds())/1000/float64(b.N), "ms/page")
		})
	}
	b.Logf("10,000 traces: indexed in %v, a look for changes takes %v, eval's summary %v, %.0f bytes of heap per trace",
		indexed.Round(time.Millisecond), polled.Round(time.Millisecond), summarised.Round(time.Millisecond), float64(after.HeapAlloc-before.HeapAlloc)/10_000)
}

// BenchmarkSummaryFirstComputation is the summary page's first load for 10,000 traces:
// eval's figures (every interval) over the index, with nothing cached.
func BenchmarkSummaryFirstComputation(b *testing.B) {
	root := b.TempDir()
	writeCorpus(b, root, 10_000)
	srv, err := New(Options{Roots: []string{root}})
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	for b.Loop() {
		srv.computeSummary()
	}
}
