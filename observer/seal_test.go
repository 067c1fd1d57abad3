package observer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/trace"
)

// Through the real adb server and the device stand-in: the agent's answer file is outside
// the trace folder and the agent is not told the folder; a frame file the agent overwrites
// while it runs is named in the trace and fails validation; a file it adds to the folder is
// moved aside; a file that was there before it started, unchanged, stays.
func TestAgentCannotChangeTheTrace(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t)
	if err := os.MkdirAll(o.Dir, 0o755); err != nil {
		t.Fatal(err)
	}
	notes := filepath.Join(o.Dir, "notes.txt") // the user's, before the run
	if err := os.WriteFile(notes, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	o.Agent = []string{script(t, fmt.Sprintf(`sleep 0.2
echo "trace dir: [$AUTOEVAL_TRACE_DIR] answer: $AUTOEVAL_ANSWER_FILE"
printf 'fake' > %[1]s/0001.png
printf '{}' > %[1]s/substates.json
echo 42 > "$AUTOEVAL_ANSWER_FILE"`, o.Dir))}
	if _, err := observer.Observe(context.Background(), d, o); err != nil {
		t.Fatal(err)
	}
	tr, err := trace.ReadManifest(o.Dir)
	if err != nil {
		t.Fatal(err)
	}
	out, _ := os.ReadFile(filepath.Join(o.Dir, observer.StdoutLog))
	if !strings.Contains(string(out), "trace dir: []") || strings.Contains(string(out), "answer: "+o.Dir) {
		t.Fatalf("the agent was told: %s", out)
	}
	if tr.Answer != "42" {
		t.Fatalf("answer %q", tr.Answer)
	}
	if a, _ := os.ReadFile(filepath.Join(o.Dir, observer.AnswerFile)); string(a) != "42\n" {
		t.Fatalf("the answer's copy in the trace holds %q", a)
	}
	if tr.Frames[0].SHA256 == nil || tr.Frames[0].SHA256.Image == "" || tr.Frames[0].SHA256.XML == "" {
		t.Fatalf("frame 1 records no digests: %+v", tr.Frames[0])
	}
	if got := fmt.Sprint(tr.Metadata["changed_during_run"]); !strings.Contains(got, "0001.png changed") {
		t.Fatalf("metadata.changed_during_run %q", got)
	}
	if err := trace.Validate(tr, trace.Limits{}, nil); err == nil || !strings.Contains(err.Error(), "changed after it was recorded") {
		t.Fatalf("validate: %v", err)
	}
	aside, _ := tr.Metadata["agent_written"].(map[string]any)
	if fmt.Sprint(aside["files"]) != "[substates.json]" {
		t.Fatalf("metadata.agent_written %v", tr.Metadata["agent_written"])
	}
	if _, err := os.Stat(filepath.Join(o.Dir, "substates.json")); err == nil {
		t.Fatal("substates.json is still in the trace folder")
	}
	if _, err := os.Stat(filepath.Join(o.Dir, aside["folder"].(string), "substates.json")); err != nil {
		t.Fatal(err)
	}
	if data, err := os.ReadFile(notes); err != nil || string(data) != "mine" {
		t.Fatalf("the user's file: %q %v", data, err)
	}
}

// A process the agent started and left running when it exited is stopped with it: such a
// process wrote into the trace folder after it was checked (here a substates.json once the
// trace was finished), which nothing moved aside. Through the real adb server and the
// device stand-in.
func TestAgentsLeftoversAreStoppedWhenItExits(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t)
	pidFile := filepath.Join(t.TempDir(), "pid")
	o.Agent = []string{script(t, fmt.Sprintf(`sh -c 'while :; do
	grep -q "\"status\": \"unknown\"" %[1]s/trace.json || printf "{}" > %[1]s/substates.json
	sleep 0.05
done' &
echo $! > %[2]s
sleep 0.2`, o.Dir, pidFile))}
	if _, err := observer.Observe(context.Background(), d, o); err != nil {
		t.Fatal(err)
	}
	data, err := os.ReadFile(pidFile)
	if err != nil {
		t.Fatal(err)
	}
	var pid int
	if _, err := fmt.Sscan(string(data), &pid); err != nil || pid <= 1 {
		t.Fatalf("pid file %q", data)
	}
	p, _ := os.FindProcess(pid)
	t.Cleanup(func() { p.Kill() })
	// Gone, or a zombie waiting for its new parent to reap it.
	for deadline := time.Now().Add(5 * time.Second); running(pid); time.Sleep(20 * time.Millisecond) {
		if time.Now().After(deadline) {
			t.Fatalf("the process the agent left running (pid %d) still runs after observe returned", pid)
		}
	}
	if _, err := os.Stat(filepath.Join(o.Dir, "substates.json")); err == nil {
		t.Fatal("a process the agent left running wrote substates.json into the finished trace")
	}
}

// running reports whether pid is a live process (neither gone nor a zombie).
func running(pid int) bool {
	stat, err := os.ReadFile(fmt.Sprintf("/proc/%d/stat", pid))
	if err != nil {
		return false
	}
	s := string(stat)
	fields := strings.Fields(s[strings.LastIndexByte(s, ')')+1:])
	return len(fields) > 0 && fields[0] != "Z" && fields[0] != "X"
}

// Names the agent takes in the trace folder before autoeval writes its frames there are
// replaced, never written through: a named pipe at a frame's name blocked observe forever
// (past --timeout and Ctrl-C), and a link there had autoeval write the frame into the file
// it points to, outside the trace.
func TestFrameNamesTakenByTheAgent(t *testing.T) {
	_, _, d := fixture(t, 1)
	o := opts(t)
	o.Timeout = 20 * time.Second
	victim := filepath.Join(t.TempDir(), "victim.txt")
	if err := os.WriteFile(victim, []byte("mine"), 0o644); err != nil {
		t.Fatal(err)
	}
	o.Agent = []string{script(t, fmt.Sprintf(`for i in 2 3 4 5 6 7 8 9; do
	mkfifo %[1]s/000$i.png 2>/dev/null
	ln -s %[2]s %[1]s/000$i.xml 2>/dev/null
done
sleep 0.5`, o.Dir, victim))}
	done := make(chan error, 1)
	go func() { _, err := observer.Observe(context.Background(), d, o); done <- err }()
	select {
	case err := <-done:
		if err != nil {
			t.Fatal(err)
		}
	case <-time.After(60 * time.Second):
		t.Fatal("observe blocked on a frame name the agent took")
	}
	if data, err := os.ReadFile(victim); err != nil || string(data) != "mine" {
		t.Fatalf("the file a link pointed to holds %q (%v)", data, err)
	}
	tr := validTrace(t, o.Dir)
	if len(tr.Frames) < 3 {
		t.Fatalf("%d frames", len(tr.Frames))
	}
}
