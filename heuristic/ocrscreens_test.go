package heuristic

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// screenshots is a trace of screenshots only, judged by OCR.
func screenshots(t *testing.T, task string, pngs ...[]byte) *trace.Trace {
	tr := &trace.Trace{Version: 1, Task: task, Dir: t.TempDir(), Status: trace.StatusCompleted}
	for i, p := range pngs {
		tr.Frames = append(tr.Frames, trace.Frame{Index: i + 1, ImageData: p})
	}
	return tr
}

func judgeScreenshots(t *testing.T, tr *trace.Trace) *trace.Judgment {
	t.Helper()
	j, err := judge.Run(context.Background(), judge.Config{Kind: trace.JudgeHeuristic, Capture: judge.CaptureOCR}, tr, DeriveSubstates(tr.Task, ""))
	if err != nil {
		t.Fatal(err)
	}
	return j
}

var phone = judgetest.PhoneVariant{W: 1080, H: 2400}

// Screens read off screenshots are held to the rules screens read from a UI dump are held
// to: the launcher is no app, however its labels name apps (the app drawer showed
// "Settings" and was taken for the Settings app); an address typed into a browser's bar,
// with the suggestions under it, is no visit (it was taken for the site); a search typed
// with its suggestions is no result; a message typed and not sent is not sent.
func TestScreenshotLabelsAreNoEvidence(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("draws and reads eight full-size screenshots: too slow under the race detector")
	}
	for _, c := range []struct {
		name, task string
		screens    [][]byte
	}{
		{"the app drawer", "Open the Settings app.", [][]byte{judgetest.DrawPhoneScreen(t, "home", phone).PNG, judgetest.DrawPhoneScreen(t, "drawer", phone).PNG}},
		{"an address typed", "Go to the website wikipedia.org", [][]byte{judgetest.DrawPhoneScreen(t, "browser-typing", phone).PNG}},
		{"a search typed", "Search for coffee shops near me in Maps.", [][]byte{judgetest.DrawPhoneScreen(t, "search-typing", phone).PNG}},
		{"a message typed", `Send a message saying "See you at the station" to Alex Moreno.`,
			[][]byte{judgetest.ChatPNG(t, phone, "Alex Moreno", []string{"Hi Alex"}, "See you at the station", true)}},
	} {
		j := judgeScreenshots(t, screenshots(t, c.task, c.screens...))
		if j.Complete {
			t.Errorf("%s: %q passed:\n%s", c.name, c.task, describeLog(t, j))
		}
	}
	// What shows the effect still does: the Settings app's page, the message sent.
	for _, c := range []struct {
		task   string
		screen []byte
	}{
		{"Open the Settings app.", judgetest.DrawPhoneScreen(t, "settings", phone).PNG},
		{`Send a message saying "See you at the station" to Alex Moreno.`, judgetest.ChatPNG(t, phone, "Alex Moreno", []string{"Hi Alex", "See you at the station"}, "", false)},
	} {
		if j := judgeScreenshots(t, screenshots(t, c.task, c.screen)); !j.Complete {
			t.Errorf("%q failed on the screen that shows it:\n%s", c.task, describeLog(t, j))
		}
	}
}

// A screenshot with no text OCR can read as an app's (a black or blank screen, a splash)
// shows no app open: nothing on it can be told (C3), while the same task on a page of the
// app still passes. The blank screen passed "Open the Clock app." as a success.
func TestBlankScreenshotShowsNoApp(t *testing.T) {
	testenv.RequireTesseract(t)
	var blank bytes.Buffer
	if err := png.Encode(&blank, image.NewGray(image.Rect(0, 0, 540, 1200))); err != nil {
		t.Fatal(err)
	}
	for _, task := range []string{"Open the Clock app.", "Look at the screen."} {
		j := judgeScreenshots(t, screenshots(t, task, blank.Bytes()))
		if v := j.RunVerdict(); v.Verdict != trace.RunCannotTell || !strings.Contains(v.Reason, "[C3]") {
			t.Errorf("%q on a blank screenshot: %s (%s)\n%s", task, v.Verdict, v.Reason, describeLog(t, j))
		}
	}
	if j := judgeScreenshots(t, screenshots(t, "Open the Settings app.", judgetest.DrawPhoneScreen(t, "settings", phone).PNG)); !j.Complete {
		t.Errorf("the Settings page no longer shows the Settings app:\n%s", describeLog(t, j))
	}
}
