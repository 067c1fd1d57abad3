package observer_test

import (
	"context"
	"fmt"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/internal/hostiletest"
	"github.com/autoeval/autoeval/observer"
	"github.com/autoeval/autoeval/trace"
)

// logs collects what the observer logs.
type logs struct {
	mu    sync.Mutex
	lines []string
}

func (l *logs) logf(format string, args ...any) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.lines = append(l.lines, fmt.Sprintf(format, args...))
}

func (l *logs) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return strings.Join(l.lines, "\n")
}

// A device answering screencap with a PNG whose header claims 1,000,000 x 1,000,000
// pixels killed observe and run ("fatal error: out of memory", trace.json left "unknown"):
// the header is read first, that frame gets an error, and the run goes on to a valid trace.
// Through the real adb server.
func TestHugeScreenshotHeader(t *testing.T) {
	_, dev, d := fixture(t, 1)
	screens := adbtest.ThreeScreens(1)
	huge := screens[1]
	huge.PNG = hostiletest.File("huge-header.png")
	dev.SetScreens([]adbtest.Screen{screens[0], huge, huge, huge, screens[2]}, 1)
	var l logs
	o := opts(t, script(t, `sleep 1`))
	o.Logf = l.logf
	res, err := observer.Observe(context.Background(), d, o)
	if err != nil {
		t.Fatal(err)
	}
	tr := validTrace(t, o.Dir)
	if res.Status != trace.StatusCompleted || tr.Status != trace.StatusCompleted {
		t.Fatalf("status %s", tr.Status)
	}
	if len(tr.Frames) != 2 || tr.Metadata["capture_errors"] == nil {
		t.Errorf("%d frames, capture errors %v: want screens A and C, and the failures counted", len(tr.Frames), tr.Metadata["capture_errors"])
	}
	if !strings.Contains(l.String(), "1000000 x 1000000 pixels, over the limit of 33554432 pixels") {
		t.Errorf("the frame's error is not told:\n%s", l.String())
	}
}

// A UI dump beyond uixml's limits is not stored: the frame is kept without it, and the
// error told once.
func TestHugeUIDump(t *testing.T) {
	_, dev, d := fixture(t, 1)
	screens := adbtest.ThreeScreens(1)
	deep := "<hierarchy>" + strings.Repeat(`<node text="x">`, 300) + strings.Repeat("</node>", 300) + "</hierarchy>"
	big := `<hierarchy><node text="` + strings.Repeat("a", 17<<20) + `"/></hierarchy>`
	screens[1].XML, screens[2].XML = deep, big
	dev.SetScreens(screens, 1)
	var l logs
	o := opts(t, script(t, `sleep 1`))
	o.Logf = l.logf
	if _, err := observer.Observe(context.Background(), d, o); err != nil {
		t.Fatal(err)
	}
	tr := validTrace(t, o.Dir)
	if len(tr.Frames) != 3 || tr.Frames[0].XML == "" || tr.Frames[1].XML != "" || tr.Frames[2].XML != "" {
		t.Fatalf("frames %+v: want the first with its dump, the others without", tr.Frames)
	}
	for _, want := range []string{"frame 2: UI dump: the UI dump nests more than 256 elements deep", "frame 3: pull /sdcard/autoeval_window_dump.xml", "over the limit of 16777216 bytes"} {
		if !strings.Contains(l.String(), want) {
			t.Errorf("log does not say %q:\n%s", want, l.String())
		}
	}
}

// An agent leaving a named pipe (or a link) at its answer path: the answer is refused at
// once, the run ends. Reading the pipe blocked observe forever, past --timeout and Ctrl-C.
func TestAnswerFileNotARegularFile(t *testing.T) {
	_, _, d := fixture(t, 1)
	for _, c := range []struct{ agent, want string }{
		{`mkfifo "$AUTOEVAL_ANSWER_FILE"`, "answer.txt: not a regular file (a named pipe): not taken"},
		{`ln -s /etc/hostname "$AUTOEVAL_ANSWER_FILE"`, "answer.txt is a symbolic link, not a file the agent wrote: not taken"},
	} {
		o := opts(t, script(t, c.agent))
		done := make(chan error, 1)
		go func() { _, err := observer.Observe(context.Background(), d, o); done <- err }()
		select {
		case err := <-done:
			if err != nil {
				t.Fatal(err)
			}
		case <-time.After(60 * time.Second):
			t.Fatal("observe blocked on the answer file")
		}
		tr := validTrace(t, o.Dir)
		if tr.Answer != "" || tr.Metadata["answer_error"] != c.want {
			t.Errorf("answer %q, error %v; want %q", tr.Answer, tr.Metadata["answer_error"], c.want)
		}
	}
}
