package main

import (
	"bytes"
	"context"
	"encoding/json"
	"io"
	"net/http"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/evaltest"
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
