package main

import (
	"context"
	"os"
	"path/filepath"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
	"github.com/autoeval/autoeval/store"
	"github.com/autoeval/autoeval/trace"
)

func TestModelFlagsReachTheModelLayer(t *testing.T) {
	t.Parallel()
	db := decomposeEnv(t)
	setenv(t, "OPENAI_API_KEY", decomposeSecret)
	base := []string{"decompose", "--db", db, "--model", "openai:gpt-4o-mini"}

	t.Run("retries 0 fails on the first 500", func(t *testing.T) {
		srv := llmtest.NewOpenAI(t, llmtest.Key(decomposeSecret), llmtest.Status(500), llmtest.Handler(decomposeAnswer))
		code, _, stderr := cliRun(t, context.Background(), append(base, "--base-url", srv.URL, "--model-retries", "0", "--task", "Open Clock")...)
		if code == 0 || srv.Count() != 1 {
			t.Fatalf("code %d, %d requests (want 1), stderr %s", code, srv.Count(), stderr)
		}
	})
	t.Run("a retry is announced", func(t *testing.T) {
		srv := llmtest.NewOpenAI(t, llmtest.Key(decomposeSecret), llmtest.Status(503), llmtest.Handler(decomposeAnswer))
		code, _, stderr := cliRun(t, context.Background(), append(base, "--base-url", srv.URL, "--task", "Open the Calculator")...)
		if code != 0 || srv.Count() != 2 || !strings.Contains(stderr, "note: openai:gpt-4o-mini:") || !strings.Contains(stderr, "retry 1 of 4 in") {
			t.Fatalf("code %d, %d requests, stderr %s", code, srv.Count(), stderr)
		}
	})
	t.Run("timeout bounds a hanging request", func(t *testing.T) {
		srv := llmtest.NewOpenAI(t, llmtest.Key(decomposeSecret), llmtest.Hang(), llmtest.Hang())
		start := time.Now()
		code, _, stderr := cliRun(t, context.Background(), append(base, "--base-url", srv.URL,
			"--model-timeout", "150ms", "--model-retries", "1", "--task", "Open Settings")...)
		// One retry after a timeout: two attempts of 150ms plus a backoff of at most 1s.
		if code == 0 || srv.Count() != 2 || time.Since(start) > 60*time.Second || !strings.Contains(stderr, "150ms") {
			t.Fatalf("code %d, %d requests in %v, stderr %s", code, srv.Count(), time.Since(start), stderr)
		}
	})
	t.Run("concurrency bounds requests in flight", func(t *testing.T) {
		var inFlight, most atomic.Int32
		srv := llmtest.NewOpenAI(t, llmtest.Key(decomposeSecret), llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
			n := inFlight.Add(1)
			for m := most.Load(); n > m && !most.CompareAndSwap(m, n); m = most.Load() {
			}
			time.Sleep(30 * time.Millisecond)
			inFlight.Add(-1)
			return decomposeAnswer(r)
		}))
		list := filepath.Join(t.TempDir(), "tasks.json")
		os.WriteFile(list, []byte(`["Open Clock", "Open Settings", "Open Files", "Open Camera", "Open Contacts", "Open Chrome"]`), 0o644)
		code, _, stderr := cliRun(t, context.Background(), append(base, "--base-url", srv.URL,
			"--model-concurrency", "1", "--suite", list, "--out", t.TempDir(), "--concurrency", "6")...)
		if code != 0 || srv.Count() != 6 || most.Load() != 1 {
			t.Fatalf("code %d, %d requests, at most %d in flight (want 1), stderr %s", code, srv.Count(), most.Load(), stderr)
		}
	})
	t.Run("Ctrl-C during a call exits 130", func(t *testing.T) {
		srv := llmtest.NewOpenAI(t, llmtest.Key(decomposeSecret), llmtest.Hang())
		ctx, cancel := context.WithCancel(context.Background())
		time.AfterFunc(200*time.Millisecond, cancel)
		code, _, stderr := cliRun(t, ctx, append(base, "--base-url", srv.URL, "--task", "Open the Recorder")...)
		if code != 130 || !strings.Contains(stderr, "interrupted") {
			t.Fatalf("code %d stderr %q", code, stderr)
		}
	})
	t.Run("bad values are one-line usage errors", func(t *testing.T) {
		for flag, val := range map[string]string{"--model-timeout": "0s", "--model-retries": "-1", "--model-concurrency": "0"} {
			code, _, stderr := cliRun(t, context.Background(), append(base, flag, val, "--task", "x")...)
			if code != 2 || !strings.Contains(stderr, flag) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 {
				t.Errorf("%s %s: code %d stderr %q", flag, val, code, stderr)
			}
		}
	})
}

func TestModelFlagsHelp(t *testing.T) {
	t.Parallel()
	code, stdout, _ := cliRun(t, context.Background(), "decompose", "--help")
	for _, want := range []string{"--model-timeout duration", "(default 2m0s)", "--model-retries int", "--model-concurrency int"} {
		if code != 0 || !strings.Contains(stdout, want) {
			t.Errorf("help lacks %q:\n%s", want, stdout)
		}
	}
}

// --no-cache asks the provider again every time, and every call is still in the ledger.
func TestNoCacheStillAccounts(t *testing.T) {
	t.Parallel()
	db := decomposeEnv(t)
	setenv(t, "OPENAI_API_KEY", decomposeSecret)
	srv := llmtest.NewOpenAI(t, llmtest.Key(decomposeSecret), llmtest.Handler(decomposeAnswer))
	args := []string{"decompose", "--db", db, "--model", "openai:gpt-4o-mini", "--base-url", srv.URL, "--no-cache", "--task", "Open Clock"}
	for i := 1; i <= 2; i++ {
		code, _, stderr := cliRun(t, context.Background(), args...)
		if code != 0 || srv.Count() != i || !strings.Contains(stderr, "1 model answer(s)") {
			t.Fatalf("run %d: code %d, %d requests, stderr %s", i, code, srv.Count(), stderr)
		}
	}
	s, err := store.Open(context.Background(), db)
	if err != nil {
		t.Fatal(err)
	}
	defer s.Close()
	u, err := s.SumCalls(context.Background(), llm.Filter{})
	if err != nil || u.Calls != 2 || u.CacheHits != 0 || u.InputTokens == 0 || u.CostUSD <= 0 {
		t.Fatalf("ledger %+v %v", u, err)
	}
}

// A hosted model the price table does not know is named once, so a $0 cost is not
// mistaken for a free run; a known one, or --quiet, prints no note.
func TestUnpricedModelNoted(t *testing.T) {
	t.Parallel()
	db := decomposeEnv(t)
	setenv(t, "OPENAI_API_KEY", decomposeSecret)
	srv := llmtest.NewOpenAI(t, llmtest.Key(decomposeSecret), llmtest.Handler(decomposeAnswer))
	for _, tc := range []struct {
		model string
		quiet bool
		note  bool
	}{{"openai:my-finetune-7b", false, true}, {"openai:gpt-4o-mini", false, false}, {"openai:other-model", true, false}} {
		args := []string{"decompose", "--db", db, "--model", tc.model, "--base-url", srv.URL, "--task", "Open Clock " + tc.model}
		if tc.quiet {
			args = append(args, "--quiet")
		}
		code, _, stderr := cliRun(t, context.Background(), args...)
		if code != 0 || strings.Contains(stderr, "no price known for "+tc.model) != tc.note {
			t.Errorf("%s quiet=%v: code %d stderr %q", tc.model, tc.quiet, code, stderr)
		}
	}
}

// Each model's key goes only to that model's endpoint: --base-url is --model's, and the
// capture model has its own --capture-base-url, else its provider's default host.
func TestCaptureModelKeepsItsEndpointAndKey(t *testing.T) {
	t.Parallel()
	const anthropicKey, openaiKey = "sk-ant-test-0123456789", "sk-openai-test-9876543210"
	ex := judgeExample(t)
	db := judgeEnv(t)
	setenv(t, "ANTHROPIC_API_KEY", anthropicKey)
	setenv(t, "OPENAI_API_KEY", openaiKey)
	dir := filepath.Join(t.TempDir(), "clock")
	if err := os.CopyFS(dir, os.DirFS(ex)); err != nil {
		t.Fatal(err)
	}
	leaks := func(srv *llmtest.Server, key string) int {
		n := 0
		for _, r := range srv.Requests() {
			for _, v := range r.Header {
				if strings.Contains(strings.Join(v, " "), key) {
					n++
				}
			}
		}
		return n
	}
	reasoner := llmtest.NewAnthropic(t, llmtest.Key(anthropicKey), llmtest.Handler(flowModel))
	capturer := llmtest.NewOpenAI(t, llmtest.Key(openaiKey), llmtest.Handler(func(llmtest.Request) llmtest.Answer {
		return llmtest.Reply("App package: com.google.android.deskclock. The alarm list shows 10:30 AM, switched on.")
	}))
	args := []string{"--db", db, "-q", "--model", "anthropic:claude-haiku-4-5", "--base-url", reasoner.URL,
		"--capture-model", "openai:gpt-4o-mini", "--model-retries", "0"}
	judgeArgs := []string{"judge", "--trace", dir, "--substates", filepath.Join(dir, "substates.json"), "--capture", "vision", "--out", filepath.Join(t.TempDir(), "j.json")}

	code, _, stderr := evalCapture(t, append(append(args, "--capture-base-url", capturer.URL), judgeArgs...)...)
	if code != 0 || capturer.Count() == 0 || reasoner.Count() == 0 {
		t.Fatalf("exit %d, %d capture and %d reasoner requests: %s", code, capturer.Count(), reasoner.Count(), stderr)
	}
	if leaks(reasoner, openaiKey) != 0 || leaks(capturer, anthropicKey) != 0 {
		t.Fatalf("a key went to the other model's endpoint")
	}

	// Without --capture-base-url the capture model goes to OpenAI's own host (unreachable
	// here), never to --base-url.
	before := reasoner.Count()
	code, _, stderr = evalCapture(t, append(args, append(judgeArgs, "--fresh")...)...)
	if leaks(reasoner, openaiKey) != 0 {
		t.Fatalf("the OpenAI key was sent to --base-url (%d requests after %d)", reasoner.Count(), before)
	}
	if code != 1 || !strings.Contains(stderr, "openai:gpt-4o-mini") || !(strings.Contains(stderr, "api.openai.com:443") || strings.Contains(stderr, "401")) {
		t.Fatalf("exit %d, stderr %s", code, stderr)
	}
}

// --capture-base-url without --capture-model is a usage error.
func TestCaptureBaseURLNeedsCaptureModel(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	code, _, stderr := evalCapture(t, "--db", db, "--capture-base-url", "http://127.0.0.1:1/v1", "judge", "--trace", "x")
	if code != 2 || !strings.Contains(stderr, "--capture-model") {
		t.Fatalf("exit %d: %s", code, stderr)
	}
}

// A model that never answers usably leaves the trace undetermined: the judgment says so,
// and the command fails instead of printing a confident "complete: no". A model without a
// price has its cost shown as unknown.
func TestJudgeUndeterminedExitsOne(t *testing.T) {
	t.Parallel()
	ex := judgeExample(t)
	db := judgeEnv(t)
	dir := filepath.Join(t.TempDir(), "clock")
	if err := os.CopyFS(dir, os.DirFS(ex)); err != nil {
		t.Fatal(err)
	}
	srv := llmtest.NewOpenAI(t, llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		return llmtest.Reply("I am not sure what JSON means.")
	}))
	out := filepath.Join(t.TempDir(), "j.json")
	code, stdout, stderr := evalCapture(t, "--db", db, "--model", "openai:my-local-model", "--base-url", srv.URL,
		"judge", "--trace", dir, "--substates", filepath.Join(dir, "substates.json"), "--out", out)
	if code != 1 || !strings.Contains(stdout, "UNDETERMINED") || !strings.Contains(stderr, "could not judge") ||
		!strings.Contains(stdout, "cost unknown") || !strings.Contains(stderr, "no price known for openai:my-local-model") {
		t.Fatalf("exit %d\nstdout %s\nstderr %s", code, stdout, stderr)
	}
	j, err := trace.ReadJudgment(out)
	if err != nil || !j.Undetermined || !j.Usage.PriceUnknown {
		t.Fatalf("judgment %+v %v", j, err)
	}
}
