package observer_test

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

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
