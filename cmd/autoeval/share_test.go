package main

import (
	"bytes"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/internal/storetest"
	"github.com/autoeval/autoeval/trace"
)

// writeShareTraces writes n native traces of XML frames below root, of different lengths;
// the file each task names is on the last screen of every other trace.
func writeShareTraces(t *testing.T, root string, n int) {
	t.Helper()
	for i := 0; i < n; i++ {
		dir := filepath.Join(root, fmt.Sprintf("run%02d", i))
		if err := os.MkdirAll(dir, 0o755); err != nil {
			t.Fatal(err)
		}
		file := fmt.Sprintf("notes_%d.txt", i)
		screens := []string{judgeXMLScreen("com.google.android.apps.nexuslauncher", "Markor", "Phone")}
		for k := 0; k < 2+i%4; k++ {
			screens = append(screens, judgeXMLScreen("net.gsantner.markor", "Notebook", fmt.Sprintf("draft_%d_%d.txt", i, k)))
		}
		if i%2 == 0 {
			screens = append(screens, judgeXMLScreen("net.gsantner.markor", "Notebook", file))
		}
		var frames []string
		for k, s := range screens {
			name := fmt.Sprintf("%04d.xml", k+1)
			judgeWriteFile(t, filepath.Join(dir, name), s)
			frames = append(frames, fmt.Sprintf(`{"index":%d,"xml":%q}`, k+1, name))
		}
		judgeWriteFile(t, filepath.Join(dir, trace.ManifestName), fmt.Sprintf(`{"version":1,"task":"In Markor, open the note %s","status":"completed","frames":[%s],"ground_truth":{"reward":%d,"source":"test"}}`,
			file, strings.Join(frames, ","), 1-i%2))
	}
}

// slowFlowModel is flowModel answering after a little while, so processes overlap.
func slowFlowModel(r llmtest.Request) llmtest.Answer {
	return llmtest.Delayed(20*time.Millisecond, flowModel(r))
}

// judgmentsBelow reads the model judge's judgment of every trace below root, by trace name.
func judgmentsBelow(t *testing.T, root string) map[string]*trace.Judgment {
	t.Helper()
	out := map[string]*trace.Judgment{}
	paths, _ := filepath.Glob(filepath.Join(root, "*", trace.JudgmentName))
	for _, p := range paths {
		out[filepath.Base(filepath.Dir(p))] = judgeRead(t, p)
	}
	return out
}

// sameVerdicts fails unless got holds, for every trace of want, the same verdicts.
func sameVerdicts(t *testing.T, what string, got, want map[string]*trace.Judgment) {
	t.Helper()
	if len(got) != len(want) {
		t.Errorf("%s: %d judgments, want %d", what, len(got), len(want))
	}
	for name, w := range want {
		g, ok := got[name]
		if !ok {
			t.Errorf("%s: no judgment of %s", what, name)
			continue
		}
		if !reflect.DeepEqual(g.Substates, w.Substates) || !reflect.DeepEqual(g.Frames, w.Frames) || g.SCR != w.SCR || g.Complete != w.Complete {
			t.Errorf("%s: the judgment of %s differs from one process alone", what, name)
		}
	}
}

func autoevalCmd(bin, db, url string, args ...string) *exec.Cmd {
	cmd := exec.Command(bin, append([]string{"--db", db, "-q", "--model", "openai:fake-judge", "--base-url", url}, args...)...)
	cmd.Env = append(os.Environ(), "AUTOEVAL_MODEL=", "OPENAI_API_KEY=")
	return cmd
}

// Two autoeval processes judging the same traces with the same database at once share the
// work: the provider answers exactly the requests of one process alone (decompositions
// included), and the judgments are the same. A process killed mid-batch leaves its traces to
// the next one at once (its pid is gone), not after its claims expire.
func TestTwoProcessesShareTheWork(t *testing.T) {
	t.Parallel()
	if testing.Short() {
		t.Skip("builds the binary")
	}
	bin := buildAutoeval(t)
	judgeEnv(t)
	const traces = 10

	refRoot := filepath.Join(t.TempDir(), "traces")
	writeShareTraces(t, refRoot, traces)
	ref := llmtest.NewOpenAI(t, llmtest.Handler(flowModel))
	if out, err := autoevalCmd(bin, filepath.Join(t.TempDir(), "ref.db"), ref.URL, "judge", "--traces", refRoot).CombinedOutput(); err != nil {
		t.Fatalf("one process: %v\n%s", err, out)
	}
	want := judgmentsBelow(t, refRoot)
	if len(want) != traces {
		t.Fatalf("one process judged %d of %d traces", len(want), traces)
	}

	t.Run("together", func(t *testing.T) {
		root := filepath.Join(t.TempDir(), "traces")
		writeShareTraces(t, root, traces)
		srv := llmtest.NewOpenAI(t, llmtest.Handler(slowFlowModel))
		db := filepath.Join(t.TempDir(), "shared.db")
		var wg sync.WaitGroup
		outs := make([]bytes.Buffer, 2)
		errs := make([]error, 2)
		for p := range outs {
			cmd := autoevalCmd(bin, db, srv.URL, "judge", "--traces", root, "--concurrency", "3")
			cmd.Stdout, cmd.Stderr = &outs[p], &outs[p]
			wg.Add(1)
			go func() {
				defer wg.Done()
				errs[p] = cmd.Run()
			}()
		}
		wg.Wait()
		for p := range errs {
			if errs[p] != nil {
				t.Fatalf("process %d: %v\n%s", p, errs[p], outs[p].String())
			}
			if !strings.Contains(outs[p].String(), fmt.Sprintf("overall (%d traces)", traces)) {
				t.Errorf("process %d does not report every trace:\n%s", p, outs[p].String())
			}
		}
		if srv.Count() != ref.Count() {
			t.Errorf("two processes made %d requests, one alone %d", srv.Count(), ref.Count())
		}
		sameVerdicts(t, "together", judgmentsBelow(t, root), want)
	})

	t.Run("killed", func(t *testing.T) {
		root := filepath.Join(t.TempDir(), "traces")
		writeShareTraces(t, root, traces)
		srv := llmtest.NewOpenAI(t, llmtest.Handler(slowFlowModel))
		db := filepath.Join(t.TempDir(), "shared.db")
		first := autoevalCmd(bin, db, srv.URL, "judge", "--traces", root, "--concurrency", "4")
		if err := first.Start(); err != nil {
			t.Fatal(err)
		}
		for deadline := time.Now().Add(20 * time.Second); srv.Count() < ref.Count()/3; {
			if time.Now().After(deadline) {
				first.Process.Kill()
				t.Fatalf("the first process made only %d requests in 20s", srv.Count())
			}
			time.Sleep(5 * time.Millisecond)
		}
		first.Process.Signal(syscall.SIGKILL)
		first.Wait()
		killedAt := srv.Count()
		// The dead process's claims are still there, unexpired.
		var held int
		err := storetest.SQL(t, db).QueryRow(`SELECT COUNT(*) FROM leases`).Scan(&held)
		if err != nil || held == 0 {
			t.Fatalf("%d claims left by the killed process (%v); the test needs some", held, err)
		}
		start := time.Now()
		if out, err := autoevalCmd(bin, db, srv.URL, "judge", "--traces", root).CombinedOutput(); err != nil {
			t.Fatalf("second process: %v\n%s", err, out)
		}
		t.Logf("one process alone: %d requests; killed after %d with %d claims held; %d in all", ref.Count(), killedAt, held, srv.Count())
		if took := time.Since(start); took > 15*time.Second {
			t.Errorf("the second process took %v: it waited for the dead process's claims to expire", took)
		}
		// Calls in flight when the first died were answered but never saved: at most one
		// per trace it was judging.
		if n := srv.Count(); n < ref.Count() || n > ref.Count()+4 {
			t.Errorf("%d requests in all (%d before the kill); one process alone made %d", n, killedAt, ref.Count())
		}
		sameVerdicts(t, "after a kill", judgmentsBelow(t, root), want)
	})
}
