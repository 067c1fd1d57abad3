package main

import (
	"context"
	"encoding/json"
	"os"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/suite"
)

const decomposeSecret = "sk-decompose-SECRET-9f8e7d6c5b4a"

func decomposeEnv(t *testing.T) (db string) {
	t.Helper()
	setenv(t, "AUTOEVAL_MODEL", "")
	setenv(t, "OPENAI_API_KEY", "")
	setenv(t, "ANTHROPIC_API_KEY", "")
	return filepath.Join(t.TempDir(), "autoeval.db")
}

var decomposeTaskRe = regexp.MustCompile(`Now decompose this task.\nTask: (".*")`)

// decomposeAnswer is a valid decomposition naming the task, so outputs can be traced back.
func decomposeAnswer(r llmtest.Request) llmtest.Answer {
	m := decomposeTaskRe.FindStringSubmatch(r.Text)
	if m == nil {
		return llmtest.Status(400)
	}
	task, _ := strconv.Unquote(m[1])
	b, _ := json.Marshal(map[string]any{"substates": []any{
		map[string]any{"id": 0, "kind": "page", "content": "The target app is open", "parent": nil},
		map[string]any{"id": 1, "kind": "page", "content": "The page for the task is visible", "parent": 0},
		map[string]any{"id": 2, "kind": "unit", "content": "Done: " + task, "parent": 1},
	}})
	return llmtest.Delayed(10*time.Millisecond, llmtest.Reply(string(b)))
}

func TestDecomposeWithoutModelSaysHowToConfigure(t *testing.T) {
	t.Parallel()
	db := decomposeEnv(t)
	code, _, stderr := cliRun(t, context.Background(), "decompose", "--db", db, "--task", "Open Clock")
	if code == 0 || !strings.Contains(stderr, "--model") || !strings.Contains(stderr, "AUTOEVAL_MODEL") || !strings.Contains(stderr, "OPENAI_API_KEY") {
		t.Fatalf("code %d stderr %q", code, stderr)
	}
	code, _, stderr = cliRun(t, context.Background(), "decompose", "--db", db, "--model", "openai:gpt-4o-mini", "--task", "Open Clock")
	if code == 0 || !strings.Contains(stderr, "OPENAI_API_KEY is not set") {
		t.Fatalf("code %d stderr %q", code, stderr)
	}
}

func TestDecomposeFlagErrors(t *testing.T) {
	t.Parallel()
	db := decomposeEnv(t)
	for _, args := range [][]string{
		{"decompose", "--db", db},
		{"decompose", "--db", db, "--task", "x", "--suite", "y"},
		{"decompose", "--db", db, "--suite", "y"},
	} {
		if code, _, stderr := cliRun(t, context.Background(), args...); code != 2 || !strings.Contains(stderr, "decompose:") {
			t.Errorf("%v: code %d stderr %q", args, code, stderr)
		}
	}
	bad := filepath.Join(t.TempDir(), "bad.json")
	os.WriteFile(bad, []byte(`{"tasks": [`), 0o644)
	if code, _, stderr := cliRun(t, context.Background(), "decompose", "--db", db, "--suite", bad, "--out", t.TempDir()); code == 0 || !strings.Contains(stderr, bad) {
		t.Errorf("bad suite: code %d stderr %q", code, stderr)
	}
}

func TestDecomposeTaskEndToEnd(t *testing.T) {
	t.Parallel()
	db := decomposeEnv(t)
	setenv(t, "OPENAI_API_KEY", decomposeSecret)
	srv := llmtest.NewOpenAI(t, llmtest.Key(decomposeSecret), llmtest.Handler(decomposeAnswer))
	dir := t.TempDir()
	know := filepath.Join(dir, "clock.md")
	os.WriteFile(know, []byte("The Alarm tab lists alarms with a switch each."), 0o644)
	// A file in a folder that does not exist is refused at once, before any model call.
	out := filepath.Join(dir, "out", "alarm.json")
	args := []string{"decompose", "--db", db, "--model", "openai:gpt-4o-mini", "--base-url", srv.URL,
		"--task", "Set an alarm for 7:30 AM", "--app", "clock", "--knowledge", know, "--out", out}
	code, _, stderr := cliRun(t, context.Background(), args...)
	if code != 1 || !strings.Contains(stderr, "the folder "+filepath.Dir(out)+" does not exist; create it first") || srv.Count() != 0 {
		t.Fatalf("--out in a missing folder: code %d, %d requests, stderr %s", code, srv.Count(), stderr)
	}
	os.Mkdir(filepath.Dir(out), 0o755)
	code, stdout, stderr := cliRun(t, context.Background(), args...)
	if code != 0 {
		t.Fatalf("code %d stderr %s", code, stderr)
	}
	if !strings.Contains(stdout, "0 [page] The target app is open\n└─ 1 [page]") || !strings.Contains(stdout, "[unit] Done: Set an alarm for 7:30 AM") {
		t.Errorf("tree:\n%s", stdout)
	}
	if !strings.Contains(srv.Requests()[0].Text, "The Alarm tab lists alarms") {
		t.Error("knowledge not in the prompt")
	}
	data, err := os.ReadFile(out)
	if err != nil {
		t.Fatal(err)
	}
	if s, err := substate.Parse(data); err != nil || len(s.Nodes) != 3 || s.Task != "Set an alarm for 7:30 AM" {
		t.Fatalf("%v %+v", err, s)
	}
	// The same command again: zero HTTP requests.
	code, stdout2, stderr2 := cliRun(t, context.Background(), append(args, "--json")...)
	if code != 0 || srv.Count() != 1 || !strings.Contains(stderr2, "no model call") {
		t.Fatalf("rerun: code %d, %d requests, stderr %s", code, srv.Count(), stderr2)
	}
	if _, err := substate.Parse([]byte(stdout2)); err != nil {
		t.Errorf("--json output: %v", err)
	}
	// The key appears in no output, no file, and not in the database.
	for name, text := range map[string]string{"stdout": stdout + stdout2, "stderr": stderr + stderr2} {
		if strings.Contains(text, decomposeSecret) {
			t.Errorf("%s contains the API key", name)
		}
	}
	decomposeNoSecret(t, db+"*", out)
}

func decomposeNoSecret(t *testing.T, globs ...string) {
	t.Helper()
	n := 0
	for _, g := range globs {
		files, _ := filepath.Glob(g)
		for _, f := range files {
			filepath.Walk(f, func(p string, info os.FileInfo, err error) error {
				if err != nil || info.IsDir() {
					return nil
				}
				n++
				if data, _ := os.ReadFile(p); strings.Contains(string(data), decomposeSecret) {
					t.Errorf("%s contains the API key", p)
				}
				return nil
			})
		}
	}
	if n == 0 {
		t.Error("no files searched")
	}
}

func TestDecomposeSuitesResume(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		rel   string
		tasks int
	}{
		{"androidlab/config/clock.yaml", 27},
		{"androidworld/task_metadata.json", 116},
	} {
		t.Run(filepath.Base(tc.rel), func(t *testing.T) {
			path := testenv.SharedData(t, tc.rel)
			db := decomposeEnv(t)
			setenv(t, "ANTHROPIC_API_KEY", decomposeSecret)
			ctx, cancel := context.WithCancel(context.Background())
			defer cancel()
			var n atomic.Int32
			srv := llmtest.NewAnthropic(t, llmtest.Key(decomposeSecret), llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
				if n.Add(1) == int32(tc.tasks/3) {
					cancel() // killed midway
				}
				return decomposeAnswer(r)
			}))
			out := filepath.Join(t.TempDir(), "subs")
			args := []string{"decompose", "--db", db, "--model", "anthropic:claude-3-5-haiku-latest", "--base-url", srv.URL,
				"--suite", path, "--out", out, "--concurrency", "6"}
			code, _, stderr := cliRun(t, ctx, args...)
			if code != 130 || !strings.Contains(stderr, "resume") {
				t.Fatalf("interrupted run: code %d stderr %s", code, stderr)
			}
			var first struct{ Done int }
			data, _ := os.ReadFile(filepath.Join(out, "summary.json"))
			json.Unmarshal(data, &first)
			if first.Done == 0 || first.Done >= tc.tasks {
				t.Fatalf("first run finished %d of %d", first.Done, tc.tasks)
			}
			code, stdout, stderr := cliRun(t, context.Background(), args...)
			if code != 0 {
				t.Fatalf("resumed run: code %d stderr %s", code, stderr)
			}
			want := strconv.Itoa(tc.tasks) + "/" + strconv.Itoa(tc.tasks) + " tasks decomposed (" + strconv.Itoa(first.Done) + " resumed"
			if !strings.Contains(stdout, want) || !strings.Contains(stdout, "whole suite: ") {
				t.Errorf("stdout %q lacks %q or says the calls were made now", stdout, want)
			}
			// Finished tasks were not redone: at most the few cut off in flight were asked
			// again. Tasks sharing a text share one decomposition (AndroidWorld has such).
			tasks, _ := suite.Load(path)
			distinct := map[string]bool{}
			for _, x := range tasks {
				distinct[x.Instruction()] = true
			}
			if got := srv.Count(); got < len(distinct) || got > len(distinct)+6 {
				t.Errorf("%d requests for %d distinct tasks", got, len(distinct))
			}
			files, _ := filepath.Glob(filepath.Join(out, "*.json"))
			if len(files) != tc.tasks+1 {
				t.Errorf("%d files, want %d + summary", len(files), tc.tasks)
			}
			var sum struct {
				Done, Failed int
				Results      []struct{ ID, File string }
			}
			data, _ = os.ReadFile(filepath.Join(out, "summary.json"))
			if err := json.Unmarshal(data, &sum); err != nil || sum.Done != tc.tasks || sum.Failed != 0 || len(sum.Results) != tc.tasks {
				t.Fatalf("summary %v %+v", err, sum)
			}
			decomposeNoSecret(t, db+"*", out)
		})
	}
}

func TestDecomposeSuiteKnowledgeDirAndFilters(t *testing.T) {
	t.Parallel()
	path := testenv.SharedData(t, "androidlab/config")
	db := decomposeEnv(t)
	srv := llmtest.NewOpenAI(t, llmtest.Handler(decomposeAnswer))
	know := t.TempDir()
	os.WriteFile(filepath.Join(know, "Clock.txt"), []byte("CLOCK-KNOWLEDGE"), 0o644)
	out := filepath.Join(t.TempDir(), "o")
	code, stdout, stderr := cliRun(t, context.Background(), "decompose", "--db", db, "--model", "openai:local", "--base-url", srv.URL,
		"--suite", path, "--operations", "--limit", "40", "--knowledge", know, "--out", out, "-q")
	if code != 0 {
		t.Fatalf("code %d stderr %s", code, stderr)
	}
	if !strings.Contains(stdout, "40/40 tasks decomposed") || stderr != "" {
		t.Errorf("stdout %q stderr %q", stdout, stderr)
	}
	withKnowledge := 0
	for _, r := range srv.Requests() {
		if strings.Contains(r.Text, "CLOCK-KNOWLEDGE") {
			withKnowledge++
			if !strings.Contains(r.Text, "Target app: clock") {
				t.Errorf("knowledge for another app: %s", r.Text)
			}
		}
	}
	// The first 40 operation tasks in file order: bluecoins 10, calendar 14, cantook 7, then 9 of clock.
	if withKnowledge != 9 || srv.Count() != 40 {
		t.Errorf("%d of %d prompts carry the clock knowledge", withKnowledge, srv.Count())
	}
}
