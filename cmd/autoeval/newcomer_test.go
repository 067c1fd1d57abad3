package main

import (
	"bufio"
	"bytes"
	"context"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/trace"
)

// What a newcomer tripped over, each pinned through the binary a user runs.

// observe and run say at once which device they wait for, and keep saying it while they
// wait: they printed nothing for the whole --wait, then failed.
func TestNewcomerWaitingForADeviceSaysSo(t *testing.T) {
	t.Parallel()
	srv := adbtest.Start(t) // a real adb server with no device attached
	dir := t.TempDir()
	suitePath := filepath.Join(dir, "suite.json")
	judgeWriteFile(t, suitePath, `["Open the Clock app"]`)
	for _, c := range []struct {
		name, waitsFor string
		args           []string
	}{
		{"observe", "a device", []string{"observe", "--adb", srv.Addr(), "--wait", "7s", "--task", "x", "--out", filepath.Join(dir, "obs"), "--", "true"}},
		{"run", "an online device", []string{"run", "--adb", srv.Addr(), "--wait", "7s", "--suite", suitePath, "--agent-cmd", "true",
			"--out", filepath.Join(dir, "runs"), "--db", filepath.Join(dir, "run.db"), "--no-judge"}},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			code, _, stderr := binRun(t, dir, c.args...)
			lines := strings.Split(strings.TrimSpace(stderr), "\n")
			first := "autoeval: waiting up to 7s for " + c.waitsFor + ": "
			if code != 1 || len(lines) < 3 || !strings.HasPrefix(lines[0], first) || !strings.Contains(lines[0], "adb") {
				t.Fatalf("exit %d; want the wait said first (%q), a heartbeat, then the error:\n%s", code, first, stderr)
			}
			if !strings.HasPrefix(lines[1], "autoeval: still waiting for "+c.waitsFor+" (5s of 7s): ") {
				t.Errorf("no heartbeat while waiting:\n%s", stderr)
			}
			if last := lines[len(lines)-1]; !strings.Contains(last, "(waited 7s)") || strings.Contains(last, "still waiting") {
				t.Errorf("the last line is not the error:\n%s", stderr)
			}
		})
	}
}

// slowUncertain answers every reasoner call after d with "uncertain" for every substate, so
// a judge reads every frame of every trace.
func slowUncertain(d time.Duration) llmtest.Option {
	ids := regexp.MustCompile(`(?m)^- id (\d+) \[`)
	return llmtest.Handler(func(r llmtest.Request) llmtest.Answer {
		var parts []string
		for _, m := range ids.FindAllStringSubmatch(r.Text[strings.Index(r.Text, "Open substates"):], -1) {
			parts = append(parts, `{"id":`+m[1]+`,"analysis":"not yet","verdict":"uncertain"}`)
		}
		return llmtest.Delayed(d, llmtest.Reply(`{"thought":"t","substates":[`+strings.Join(parts, ",")+`],"critical_info":[]}`))
	})
}

// writeXMLTrace writes a native trace of n UI-dump frames in dir.
func writeXMLTrace(t *testing.T, dir string, n int) {
	t.Helper()
	if err := os.MkdirAll(dir, 0o755); err != nil {
		t.Fatal(err)
	}
	var frames []string
	for k := 1; k <= n; k++ {
		name := fmt.Sprintf("%04d.xml", k)
		judgeWriteFile(t, filepath.Join(dir, name), judgeXMLScreen("com.google.android.deskclock", "Alarm", fmt.Sprintf("%s screen %d", filepath.Base(dir), k)))
		frames = append(frames, fmt.Sprintf(`{"index":%d,"xml":%q}`, k, name))
	}
	judgeWriteFile(t, filepath.Join(dir, trace.ManifestName),
		`{"version":1,"task":"Open the Settings app","status":"completed","frames":[`+strings.Join(frames, ",")+`]}`)
}

// neverSubstates is a decomposition the clock screens never satisfy: every frame is judged.
const neverSubstates = `{"substates":[{"id":0,"kind":"page","content":"The Settings app is open","parent":null}]}`

// With several traces, progress counts the frames of the whole batch, and off a terminal a
// line comes at least every 10 s: a long recording looked stuck, its batch silent until the
// trace ended.
func TestNewcomerBatchProgressCountsFramesAndKeepsTalking(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	writeXMLTrace(t, filepath.Join(root, "long"), 12)
	writeXMLTrace(t, filepath.Join(root, "short"), 2)
	subs := filepath.Join(t.TempDir(), "subs.json")
	judgeWriteFile(t, subs, neverSubstates)
	srv := llmtest.NewOpenAI(t, slowUncertain(time.Second)) // the long trace takes 12 s
	code, _, stderr := binRun(t, root, "judge", "--traces", root, "--substates", subs, "--db", filepath.Join(t.TempDir(), "j.db"),
		"--model", "openai:m", "--base-url", srv.URL, "--model-concurrency", "1")
	if code != 0 {
		t.Fatalf("exit %d:\n%s", code, stderr)
	}
	beat := regexp.MustCompile(`(?m)^judge: (\d+)/14 frames, 0/2 done, \d+s$`)
	m := beat.FindStringSubmatch(stderr)
	if m == nil {
		t.Fatalf("no line while the long trace was judged, or not in frames of the batch:\n%s", stderr)
	}
	if n, _ := strconv.Atoi(m[1]); n < 1 || n > 12 {
		t.Errorf("the heartbeat counts %d frames done, want some of the long trace's", n)
	}
	if !strings.Contains(stderr, "judge: 2/2 done (14/14 frames), 0 failed") {
		t.Errorf("summary:\n%s", stderr)
	}
}

// Two copies of one recording are two traces: the batch judged them one after the other,
// saying "X is being judged by pid <its own pid>" while it waited for itself.
func TestNewcomerCopiesOfOneRecordingAreJudgedSideBySide(t *testing.T) {
	t.Parallel()
	root := t.TempDir()
	orig := filepath.Join(root, "copy1")
	writeXMLTrace(t, orig, 3)
	tr, err := trace.ReadManifest(orig)
	if err != nil {
		t.Fatal(err)
	}
	tr.Source = &trace.Source{Format: "androidworld-episode", Path: "/recordings/episode.json"} // imported
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	if err := os.CopyFS(filepath.Join(root, "copy2"), os.DirFS(orig)); err != nil {
		t.Fatal(err)
	}
	subs := filepath.Join(t.TempDir(), "subs.json")
	judgeWriteFile(t, subs, neverSubstates)
	srv := llmtest.NewOpenAI(t, slowUncertain(300*time.Millisecond))
	code, stdout, stderr := binRun(t, root, "judge", "--traces", root, "--substates", subs, "--db", filepath.Join(t.TempDir(), "j.db"),
		"--model", "openai:m", "--base-url", srv.URL, "--model-concurrency", "2")
	if code != 0 || strings.Contains(stderr, "is being judged by pid") || !strings.Contains(stdout, "overall (2 traces)") {
		t.Fatalf("exit %d\nstdout:\n%s\nstderr:\n%s", code, stdout, stderr)
	}
}

// --version names the module version and the VCS revision the binary was built from, as
// the Go toolchain recorded them.
func TestNewcomerVersion(t *testing.T) {
	t.Parallel()
	bin := buildAutoeval(t)
	code, stdout, stderr := binRun(t, t.TempDir(), "--version")
	if code != 0 || stderr != "" || strings.Count(stdout, "\n") != 1 || !strings.HasPrefix(stdout, "autoeval ") {
		t.Fatalf("exit %d, stdout %q, stderr %q", code, stdout, stderr)
	}
	info, err := exec.Command("go", "version", "-m", bin).Output()
	if err != nil {
		t.Fatal(err)
	}
	var version, revision string
	sc := bufio.NewScanner(bytes.NewReader(info))
	for sc.Scan() {
		f := strings.Fields(sc.Text())
		switch {
		case len(f) >= 3 && f[0] == "mod":
			version = f[2]
		case len(f) >= 2 && strings.HasPrefix(f[1], "vcs.revision="):
			revision = strings.TrimPrefix(f[1], "vcs.revision=")
		}
	}
	if version == "" || !strings.HasPrefix(stdout, "autoeval "+version) {
		t.Errorf("--version %q does not start with the module version %q", stdout, version)
	}
	want := "no VCS revision recorded"
	if revision != "" {
		want = "revision " + revision
	}
	if !strings.Contains(stdout, want) {
		t.Errorf("--version %q lacks %q (go version -m says revision %q)", stdout, want, revision)
	}
}

// The same mistakes get the same answers, whichever command was given them.
func TestNewcomerOneVoice(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	ex := judgeExample(t)
	oneLine := func(t *testing.T, args []string, exit int, want string) string {
		t.Helper()
		code, stdout, stderr := binRun(t, dir, args...)
		if code != exit || !strings.Contains(stderr, want) || strings.Count(strings.TrimSpace(stderr), "\n") != 0 || stdout != "" {
			t.Errorf("%v: exit %d, stderr %q, stdout %q; want exit %d and one line with %q", args, code, stderr, stdout, exit, want)
		}
		return stderr
	}
	// A path given as an argument names the flag it belongs to.
	oneLine(t, []string{"judge", ex}, 2, "judge: give the path as --trace "+ex+" (one trace) or --traces "+ex+" (every trace below it)")
	oneLine(t, []string{"eval", ex}, 2, "eval: give the path as --traces "+ex)
	oneLine(t, []string{"eval", "--trace", ex}, 2, "unknown flag: --trace; did you mean --traces? (see 'autoeval eval --help')")
	// An empty folder is the same answer for every command.
	empty := filepath.Join(dir, "empty")
	os.MkdirAll(filepath.Join(empty, "sub"), 0o755)
	want := empty + ": no traces found (no trace.json, traces/trace.jsonl or numbered images, in it or below it)"
	for _, args := range [][]string{
		{"judge", "--trace", empty}, {"judge", "--traces", empty}, {"eval", "--traces", empty},
		{"report", "--traces", empty, "--out", filepath.Join(dir, "r.html")}, {"trace", "info", empty}, {"trace", "validate", empty},
	} {
		if got := oneLine(t, args, 1, want); strings.TrimSpace(got) != "autoeval: "+want {
			t.Errorf("%v: %q", args, got)
		}
	}
	// A task list given as a trace says what it is, in JSON's words, not Go's.
	suitePath := filepath.Join(dir, "task_metadata.json")
	judgeWriteFile(t, suitePath, `[{"task_template": "SystemWifiTurnOn", "template": "Turn on WiFi"}]`)
	for _, args := range [][]string{{"judge", "--trace", suitePath}, {"eval", "--traces", suitePath}, {"trace", "info", suitePath}} {
		if got := oneLine(t, args, 1, suitePath+": not an AndroidWorld episode: the file holds a JSON list"); strings.Contains(got, "Go value") {
			t.Errorf("%v: %q", args, got)
		}
	}
	// A file named on the command line goes into a folder that exists, --db or --out alike;
	// nothing is created.
	missing := filepath.Join(dir, "missing")
	for _, c := range []struct {
		args []string
		file string
	}{
		{[]string{"judge", "--trace", ex, "--db", filepath.Join(missing, "a.db")}, "--db " + filepath.Join(missing, "a.db")},
		{[]string{"report", "--traces", ex, "--out", filepath.Join(missing, "r.html")}, "--out " + filepath.Join(missing, "r.html")},
		{[]string{"judge", "--trace", ex, "--out", filepath.Join(missing, "j.json")}, "--out " + filepath.Join(missing, "j.json")},
	} {
		oneLine(t, c.args, 1, c.file+": the folder "+missing+" does not exist; create it first")
		if _, err := os.Stat(missing); err == nil {
			t.Fatalf("%v created %s", c.args, missing)
		}
	}
	setenv(t, "AUTOEVAL_DB", filepath.Join(missing, "env.db"))
	oneLine(t, []string{"judge", "--trace", ex}, 1, "$AUTOEVAL_DB "+filepath.Join(missing, "env.db")+": the folder "+missing+" does not exist; create it first")
}

// Each thing is said once, and true: a resumed import said "n/12 already done, resuming"
// twelve times; an interrupted batch said "2 interrupted" on stderr and "70 traces
// interrupted" on stdout; a trace with nothing to judge was "(not judgeable) ok".
func TestNewcomerSaysEachThingOnce(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	t.Run("resumed import", func(t *testing.T) {
		t.Parallel()
		src, out := filepath.Join(dir, "src"), filepath.Join(dir, "imported")
		for _, n := range []string{"a", "b", "c"} {
			writeXMLTrace(t, filepath.Join(src, n), 2)
		}
		if code, _, stderr := binRun(t, dir, "trace", "import", src, "--out", out); code != 0 {
			t.Fatalf("import: exit %d\n%s", code, stderr)
		}
		code, _, stderr := binRun(t, dir, "trace", "import", src, "--out", out)
		if code != 0 || strings.Count(stderr, "earlier run") != 1 || strings.Contains(stderr, "resuming") ||
			!strings.Contains(stderr, "import: 3/3 done (3 by an earlier run), 0 failed") {
			t.Errorf("resumed import: exit %d\n%s", code, stderr)
		}
	})
	t.Run("not judgeable", func(t *testing.T) {
		t.Parallel()
		root := filepath.Join(dir, "unjudgeable")
		os.MkdirAll(filepath.Join(root, "actions-only"), 0o755)
		judgeWriteFile(t, filepath.Join(root, "actions-only", trace.ManifestName),
			`{"version":1,"task":"Open the Clock app","status":"completed","frames":[{"index":1,"action":{"type":"click","x":1,"y":2}}]}`)
		code, stdout, stderr := binRun(t, dir, "-q", "judge", "--traces", root, "--db", filepath.Join(t.TempDir(), "j.db"))
		if code != 0 || !strings.Contains(stdout, "1 trace not judgeable") {
			t.Fatalf("exit %d\n%s\n%s", code, stdout, stderr)
		}
		_, _, stderr = binRun(t, dir, "judge", "--traces", root, "--db", filepath.Join(t.TempDir(), "j.db"))
		if !strings.Contains(stderr, "judge: [1/1] actions-only not judgeable\n") || strings.Contains(stderr, "judgeable ok") ||
			!strings.Contains(stderr, "judge: 1/1 done (1/1 frame), 0 failed, 1 not judgeable") {
			t.Errorf("stderr:\n%s", stderr)
		}
	})
	t.Run("interrupted batch", func(t *testing.T) {
		t.Parallel()
		root := filepath.Join(dir, "batch")
		for i := range 4 {
			writeXMLTrace(t, filepath.Join(root, fmt.Sprint("t", i)), 3)
		}
		subs := filepath.Join(t.TempDir(), "subs.json")
		judgeWriteFile(t, subs, neverSubstates)
		srv := llmtest.NewOpenAI(t, slowUncertain(300*time.Millisecond))
		ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
		defer cancel()
		cmd := binCmd(t, ctx, dir, "judge", "--traces", root, "--substates", subs, "--db", filepath.Join(t.TempDir(), "j.db"),
			"--model", "openai:m", "--base-url", srv.URL, "--model-concurrency", "1")
		var stdout, stderr bytes.Buffer
		cmd.Stdout, cmd.Stderr = &stdout, &stderr
		if err := cmd.Start(); err != nil {
			t.Fatal(err)
		}
		for srv.Count() < 4 { // the second trace is under way
			if ctx.Err() != nil {
				t.Fatalf("the batch never reached its second trace:\n%s", stderr.String())
			}
			time.Sleep(20 * time.Millisecond)
		}
		cmd.Process.Signal(syscall.SIGINT)
		err := cmd.Wait()
		if ee, ok := err.(*exec.ExitError); !ok || ee.ExitCode() != 130 {
			t.Fatalf("%v\n%s\n%s", err, stdout.String(), stderr.String())
		}
		bar := regexp.MustCompile(`judge: 1/4 done \(\d+/12 frames\), 0 failed, (?:(\d) interrupted, )?(\d) not started`).FindStringSubmatch(stderr.String())
		table := regexp.MustCompile(`(?m)^(?:(\d) traces? interrupted(?: under way and (\d) not started)?|(\d) traces not started)$`).FindStringSubmatch(stdout.String())
		if bar == nil || table == nil {
			t.Fatalf("stderr:\n%s\nstdout:\n%s", stderr.String(), stdout.String())
		}
		under, notStarted := table[1], table[2]
		if table[3] != "" {
			under, notStarted = "", table[3]
		}
		if bar[1] != under || bar[2] != notStarted {
			t.Errorf("stderr says %s interrupted and %s not started, stdout %s and %s:\n%s\n%s", bar[1], bar[2], under, notStarted, stderr.String(), stdout.String())
		}
		if strings.Count(stdout.String()+stderr.String(), "run the same command again") != 1 {
			t.Errorf("what to do next is said more than once:\n%s\n%s", stdout.String(), stderr.String())
		}
	})
}
