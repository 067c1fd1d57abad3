package main

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

func TestViewFlags(t *testing.T) {
	t.Parallel()
	var got *ViewOptions
	f := &Factory{IO: NewIOStreams(io.Discard, io.Discard, false), Getenv: func(string) string { return "" }}
	cmd := NewCmdView(f, func(_ context.Context, o *ViewOptions) error { got = o; return nil })
	cmd.SetArgs([]string{"--traces", "a", "--traces", "b"})
	cmd.SetOut(io.Discard)
	if err := cmd.Execute(); err != nil {
		t.Fatal(err)
	}
	if strings.Join(got.Traces, ",") != "a,b" || got.Addr != "127.0.0.1:7575" {
		t.Errorf("options %+v: want both roots and the loopback default", got)
	}
}

// lineWriter hands each write to a channel, so a test can read what a running command printed.
type lineWriter chan string

func (w lineWriter) Write(p []byte) (int, error) { w <- string(p); return len(p), nil }

// TestViewServesUntilStopped runs the command on a free port: it prints the URL, serves
// the traces, says so when the address is not loopback, and ends cleanly when its context does.
func TestViewServesUntilStopped(t *testing.T) {
	t.Parallel()
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, false)
	for _, addr := range []string{"127.0.0.1:0", "0.0.0.0:0"} {
		out := make(lineWriter, 10)
		var errOut bytes.Buffer
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan error, 1)
		go func() {
			done <- viewRun(ctx, &ViewOptions{IO: NewIOStreams(out, &errOut, false), Traces: []string{root}, Addr: addr})
		}()
		var line string
		select {
		case line = <-out:
		case err := <-done:
			t.Fatalf("%s: view ended: %v", addr, err)
		case <-time.After(30 * time.Second):
			t.Fatalf("%s: no URL printed", addr)
		}
		u := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(line)
		if !strings.Contains(line, "6 traces") || u == "" {
			t.Fatalf("%s: printed %q", addr, line)
		}
		resp, err := http.Get(u + "api/traces")
		if err != nil {
			t.Fatal(err)
		}
		var traces []map[string]any
		json.NewDecoder(resp.Body).Decode(&traces)
		resp.Body.Close()
		if len(traces) != 6 {
			t.Errorf("%s: %d traces served", addr, len(traces))
		}
		cancel()
		if err := <-done; err != nil {
			t.Errorf("%s: after Ctrl-C: %v", addr, err)
		}
		warned := strings.Contains(errOut.String(), "anyone who can reach it can read")
		if warned != (addr == "0.0.0.0:0") {
			t.Errorf("%s: warning %q", addr, errOut.String())
		}
	}
	if err := viewRun(context.Background(), &ViewOptions{IO: NewIOStreams(io.Discard, io.Discard, false), Traces: []string{root}, Addr: "7575"}); err == nil || !strings.Contains(err.Error(), "host:port") {
		t.Errorf("--addr 7575: %v", err)
	}
}

// startView runs 'autoeval view' over roots on a free loopback port and returns its URL;
// the server stops with the test.
func startView(t *testing.T, roots ...string) string {
	t.Helper()
	out := make(lineWriter, 10)
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		done <- viewRun(ctx, &ViewOptions{IO: NewIOStreams(out, io.Discard, false), Traces: roots, Addr: "127.0.0.1:0"})
	}()
	t.Cleanup(func() {
		cancel()
		if err := <-done; err != nil {
			t.Errorf("view after Ctrl-C: %v", err)
		}
	})
	select {
	case line := <-out:
		if u := regexp.MustCompile(`http://127\.0\.0\.1:\d+/`).FindString(line); u != "" {
			return u
		}
		t.Fatalf("view printed %q", line)
	case err := <-done:
		t.Fatalf("view ended: %v", err)
	case <-time.After(30 * time.Second):
		t.Fatal("view printed no URL")
	}
	return ""
}

// viewGet fetches a path of the viewer, failing the test on anything but 200.
func viewGet(t *testing.T, base, path string) (http.Header, string) {
	t.Helper()
	resp, err := http.Get(base + strings.TrimPrefix(path, "/"))
	if err != nil {
		t.Fatal(err)
	}
	defer resp.Body.Close()
	body, _ := io.ReadAll(resp.Body)
	if resp.StatusCode != http.StatusOK {
		t.Fatalf("GET %s: %s\n%s", path, resp.Status, body)
	}
	return resp.Header, string(body)
}

// waitView asks for a path until ok holds of its answer, for up to 20 s (the viewer polls
// the traces for changes).
func waitView(t *testing.T, base, path, what string, ok func(http.Header, string) bool) string {
	t.Helper()
	deadline := time.Now().Add(20 * time.Second)
	for {
		h, body := viewGet(t, base, path)
		if ok(h, body) {
			return body
		}
		if time.Now().After(deadline) {
			t.Fatalf("%s: GET %s still answers\n%s", what, path, body)
		}
		time.Sleep(100 * time.Millisecond)
	}
}

// A judgment whose trace changed since it was judged shows as stale in the viewer, in the
// list and on the trace page, and is left out of the summary, as eval and report leave it
// out; a frame rewritten in place (no rename: the folder does not change) is noticed.
func TestViewShowsStaleJudgments(t *testing.T) {
	t.Parallel()
	tr := judgedClockTrace(t, judgeEnv(t))
	base := startView(t, tr.Dir)
	type verdict struct {
		Verdict string   `json:"verdict"`
		Stale   []string `json:"stale"`
	}
	var listed []struct {
		ID        string    `json:"id"`
		Judgments []verdict `json:"judgments"`
	}
	// counted is the tasks the summary counts per agent, then minus the stale judgments
	// it lists apart.
	counted := func(body string) []float64 {
		var sum struct {
			Agents []struct {
				Tasks float64 `json:"tasks"`
			} `json:"agents"`
			Provenance *struct {
				Stale []any `json:"stale"`
			} `json:"provenance"`
		}
		if err := json.Unmarshal([]byte(body), &sum); err != nil {
			t.Fatal(err)
		}
		var n []float64
		for _, a := range sum.Agents {
			n = append(n, a.Tasks)
		}
		if sum.Provenance != nil {
			n = append(n, -float64(len(sum.Provenance.Stale)))
		}
		return n
	}
	_, body := viewGet(t, base, "/api/traces")
	if err := json.Unmarshal([]byte(body), &listed); err != nil || len(listed) != 1 || len(listed[0].Judgments) != 1 || listed[0].Judgments[0].Stale != nil {
		t.Fatalf("a fresh judgment: %v %s", err, body)
	}
	id := listed[0].ID
	fresh := listed[0].Judgments[0].Verdict
	if _, body := viewGet(t, base, "/api/summary"); fmt.Sprint(counted(body)) != "[1]" {
		t.Fatalf("a fresh judgment: summary counts %v", counted(body))
	}

	judgeWriteFile(t, filepath.Join(tr.Dir, tr.Frames[2].XML), judgetest.ScreenXML("com.google.android.deskclock", "Timer", "Start"))
	waitView(t, base, "/api/traces", "the list after frame 3 changed", func(_ http.Header, body string) bool {
		json.Unmarshal([]byte(body), &listed)
		return len(listed) == 1 && len(listed[0].Judgments) == 1 && listed[0].Judgments[0].Verdict == "stale" &&
			strings.Contains(strings.Join(listed[0].Judgments[0].Stale, ";"), "0003.xml changed")
	})
	if _, body := viewGet(t, base, "/?verdict=stale"); !strings.Contains(body, `class="badge stale"`) || !strings.Contains(body, "0003.xml changed") {
		t.Errorf("the list filtered on stale verdicts does not show it as stale:\n%s", body)
	}
	if _, body := viewGet(t, base, "/?verdict="+url.QueryEscape(fresh)); strings.Contains(body, `data-id="`+id+`"`) {
		t.Errorf("the stale judgment still counts as %q in the list's filter", fresh)
	}
	if _, body := viewGet(t, base, "/trace?id="+url.QueryEscape(id)); !strings.Contains(body, "stale, not counted") ||
		!strings.Contains(body, "0003.xml changed") || strings.Contains(body, `data-verdict="`+fresh+`"`) {
		t.Errorf("the trace page does not show the judgment as stale:\n%s", body)
	}
	waitView(t, base, "/api/summary", "the summary after frame 3 changed", func(h http.Header, body string) bool {
		n := fmt.Sprint(counted(body)) // no agent left with a task counted, the judgment listed as stale
		return h.Get("X-Updating") == "false" && (n == "[-1]" || n == "[0 -1]")
	})
}

// A run under way publishes its status below --out as judge --traces does, so the viewer
// over that folder shows it: the tasks done, and the one being recorded; the status goes
// when the run ends. Each task's agent waits for a file the test writes.
func TestViewShowsARunInProgress(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, _ := clockDevice(t)
	dir := t.TempDir()
	out := filepath.Join(dir, "runs")
	if err := os.MkdirAll(out, 0o755); err != nil {
		t.Fatal(err)
	}
	suitePath := filepath.Join(dir, "suite.yaml")
	judgeWriteFile(t, suitePath, "tasks:\n  - {id: first, task: Open the Clock app}\n  - {id: second, task: Open the Clock app}\n")
	agent := `while [ ! -f ` + dir + `/go-$AUTOEVAL_TASK_ID ]; do sleep 0.05; done`
	base := startView(t, out)
	done := make(chan string, 1)
	go func() {
		code, stdout, errOut := evalCapture(t, "--db", db, "-q", "run", "--adb", srv.Addr(), "--suite", suitePath, "--out", out,
			"--agent-cmd", agent, "--interval", "30ms", "--xml", "--judge", "heuristic", "--timeout", "2m")
		done <- fmt.Sprintf("exit %d\n%s\n%s", code, stdout, errOut)
	}()
	type batch struct {
		Kind, Judge string
		Total, Done int
		Current     []trace.BatchItem
	}
	progress := func(body string) []batch {
		var bs []batch
		if err := json.Unmarshal([]byte(body), &bs); err != nil {
			t.Fatal(err)
		}
		return bs
	}
	for _, task := range []string{"first", "second"} {
		waitView(t, base, "/api/progress", "the run recording "+task, func(_ http.Header, body string) bool {
			bs := progress(body)
			return len(bs) == 1 && bs[0].Kind == "run" && bs[0].Judge == "heuristic (baseline)" && bs[0].Total == 2 &&
				len(bs[0].Current) == 1 && bs[0].Current[0].Trace == task && bs[0].Current[0].Step == trace.StepRecording
		})
		if _, body := viewGet(t, base, "/"); !strings.Contains(body, "of 2 tasks") || !strings.Contains(body, `recording <a href="/?q=`+task+`">`) {
			t.Errorf("the list page does not show the run recording %s:\n%s", task, body)
		}
		judgeWriteFile(t, filepath.Join(dir, "go-"+task), "")
	}
	select {
	case res := <-done:
		if !strings.HasPrefix(res, "exit 0") {
			t.Fatalf("run: %s", res)
		}
	case <-time.After(2 * time.Minute):
		t.Fatal("the run did not end")
	}
	if _, err := os.Stat(filepath.Join(out, ".autoeval")); !os.IsNotExist(err) {
		t.Errorf("the run left its status behind: %v", err)
	}
	waitView(t, base, "/api/progress", "the run ended", func(_ http.Header, body string) bool { return len(progress(body)) == 0 })
}
