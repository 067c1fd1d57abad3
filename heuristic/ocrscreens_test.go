package heuristic

import (
	"bytes"
	"context"
	"image"
	"image/png"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/redteamkit"
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

// A sent message that wraps is read off a screenshot line by line; its lines joined are
// the message, as a UI dump's one text view holds it (a conversation showing the sent
// message of two lines was a failure). The same words typed into a compose field that
// grew to two lines are no message sent, with the keyboard up or closed.
func TestWrappedMessageIsReadWholeAndATwoLineDraftIsNot(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("draws and reads full-size screenshots: too slow under the race detector")
	}
	const msg = "Monthly budget meeting pushed to Friday, same room as last time."
	task := "Send a text message using Simple SMS Messenger to +16823751249 with message: " + msg
	thread := func(sent, draft string, keyboard bool) []byte {
		c := redteamkit.NewCanvas(redteamkit.White)
		redteamkit.AppScreen("+16823751249", "back", "more")(c)
		if sent != "" {
			c.Round(300, 400, 1040, 620, 36, redteamkit.BubbleOut)
			c.Wrapped(340, 430, sent, redteamkit.Regular, 40, redteamkit.Ink, 660)
			c.Text(900, 640, "15:35", redteamkit.Regular, 32, redteamkit.Grey, 0)
		}
		y := 2150
		if keyboard {
			y = 1370
		}
		if draft == "" {
			c.Outline(40, y, 880, y+140, 60, 3, redteamkit.LightGrey, redteamkit.White)
			c.Text(90, y+45, "Type a message…", redteamkit.Regular, 42, redteamkit.Grey, 0)
		} else {
			// The field grows by a line's height for the second line, as Material's does.
			c.Outline(40, y-52, 880, y+140, 60, 3, redteamkit.LightGrey, redteamkit.White)
			c.Wrapped(90, y-7, draft, redteamkit.Regular, 40, redteamkit.Ink, 720)
		}
		c.IconSend(940, y+45, redteamkit.Primary)
		if keyboard {
			c.Keyboard("send")
		}
		return canvasPNG(t, c)
	}
	if j := judgeScreenshots(t, screenshots(t, task, thread(msg, "", false))); !j.Complete {
		t.Errorf("the message sent, wrapped in its bubble, failed:\n%s", describeLog(t, j))
	}
	for _, keyboard := range []bool{true, false} {
		if j := judgeScreenshots(t, screenshots(t, task, thread("", msg, keyboard))); j.Complete {
			t.Errorf("the message typed over two lines of the field (keyboard %v) passed as sent:\n%s", keyboard, describeLog(t, j))
		}
	}
}

// A stopwatch's state is read off a screenshot by what its controls' captions say and what
// its display shows, since its play and pause buttons are icons OCR never reads: Reset
// offered (a clock app offers it only once stopped) or a display at zero is a stopwatch
// that does not run; a display running on, or Pause or Lap offered, is one that runs.
func TestStopwatchStateOnAScreenshot(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("draws and reads full-size screenshots: too slow under the race detector")
	}
	stopwatch := func(display string, captions ...string) []byte {
		c := redteamkit.NewCanvas(redteamkit.White)
		redteamkit.AppScreen("Stopwatch", "", "more")(c)
		c.Circle(540, 900, 330, redteamkit.Surface)
		c.Centered(540, 840, display, redteamkit.Regular, 120, redteamkit.Ink)
		c.Round(440, 1850, 640, 2050, 60, redteamkit.Primary)
		for i, cap := range captions {
			c.Centered(250+i*580, 1930, cap, redteamkit.Medium, 44, redteamkit.Ink)
		}
		for i, tab := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
			c.Centered(108+i*216, 2230, tab, redteamkit.Medium, 34, redteamkit.Ink)
		}
		return canvasPNG(t, c)
	}
	for _, c := range []struct {
		name     string
		screen   []byte
		complete bool
	}{
		{"paused, Reset and Start offered", stopwatch("00:04.52", "Reset", "Start"), true},
		{"paused, Reset offered beside the play icon", stopwatch("00:13.05", "Reset"), true},
		{"at zero under the play icon", stopwatch("00:00.00"), true},
		{"running, Lap offered", stopwatch("00:01.27", "Lap"), false},
		{"running, Lap and Pause offered", stopwatch("00:01.27", "Lap", "Pause"), false},
		{"running, nothing but icons", stopwatch("00:07.80"), false},
		{"just started, Pause offered at zero", stopwatch("00:00.00", "Lap", "Pause"), false},
	} {
		j := judgeScreenshots(t, screenshots(t, "Pause the stopwatch.", c.screen))
		if j.Complete != c.complete {
			t.Errorf("%s: complete %v, want %v:\n%s", c.name, j.Complete, c.complete, describeLog(t, j))
		}
	}
}

// On screenshots a list's emptying is read where the page says so ("No events"): the day's
// page listed its events on an earlier screenshot, and the same page, under the same date
// header, now says it has none (E5). Another day's page saying so, or the page still
// listing one of them, shows nothing emptied. The date header sits under an app bar of
// icons, whose search icon OCR reads as a "Q": no page's title.
func TestListEmptiedOnScreenshots(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("draws and reads full-size screenshots: too slow under the race detector")
	}
	day := func(date string, events ...string) []byte {
		c := redteamkit.NewCanvas(redteamkit.White)
		c.StatusBar(redteamkit.White, redteamkit.Ink)
		c.IconSearch(830, 190, redteamkit.Ink)
		c.Centered(540, 330, date, redteamkit.Regular, 48, redteamkit.Ink)
		if len(events) == 0 {
			c.Centered(540, 700, "No events", redteamkit.Regular, 40, redteamkit.Grey)
		}
		for i, ev := range events {
			c.Text(90, 510+i*200, ev, redteamkit.Medium, 46, redteamkit.Ink, 0)
			c.Text(90, 585+i*200, "5:20 PM - 6:20 PM", redteamkit.Regular, 36, redteamkit.Grey, 0)
		}
		return canvasPNG(t, c)
	}
	const task = "In the Planner app, delete all the calendar events on 2023-10-27"
	full := day("Fri, October 27", "Volunteer cleanup", "Book club")
	for _, c := range []struct {
		name   string
		frames [][]byte
		want   bool
	}{
		{"the day's page says No events", [][]byte{full, day("Fri, October 27")}, true},
		{"another day's page says No events", [][]byte{full, day("Sat, October 28")}, false},
		{"the day's page still lists one", [][]byte{full, day("Fri, October 27", "Book club")}, false},
	} {
		if j := judgeScreenshots(t, screenshots(t, task, c.frames...)); j.Complete != c.want {
			t.Errorf("%s: complete %v, want %v:\n%s", c.name, j.Complete, c.want, describeLog(t, j))
		}
	}
}

// On screenshots the page behind a dialog is left out, so a delete the app asked to
// confirm naming a note ("Do you really want to delete ideas.md?", wrapped over two lines)
// is shown done by the screen right after it listing the other notes without it (E5); the
// list still holding it (Cancel) shows nothing gone.
func TestDeleteQuestionThenTheListWithoutIt(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("draws and reads full-size screenshots: too slow under the race detector")
	}
	list := func(dialog bool, notes ...string) []byte {
		c := redteamkit.NewCanvas(redteamkit.White)
		redteamkit.AppScreen("Jotter", "", "more")(c)
		y := 400
		for _, n := range notes {
			y = c.ListRow(y, "", redteamkit.White, n, "Oct 14, 2023")
		}
		if dialog {
			c.Dialog("Delete", "Do you really want to delete ideas_for_the_weekend.md?", "OK", "Cancel")
		}
		return canvasPNG(t, c)
	}
	const task = "Delete the note in Jotter named ideas_for_the_weekend.md."
	all := []string{"groceries.md", "ideas_for_the_weekend.md", "trip.md"}
	asked := list(true, all...)
	for _, c := range []struct {
		name   string
		frames [][]byte
		want   bool
	}{
		{"the question, then the list without it", [][]byte{asked, list(false, "groceries.md", "trip.md")}, true},
		{"the question, then the list still holding it", [][]byte{asked, list(false, all...)}, false},
	} {
		if j := judgeScreenshots(t, screenshots(t, task, c.frames...)); j.Complete != c.want {
			t.Errorf("%s: complete %v, want %v:\n%s", c.name, j.Complete, c.want, describeLog(t, j))
		}
	}
}

// canvasPNG encodes a drawn screen as the screenshot a trace holds.
func canvasPNG(t *testing.T, c *redteamkit.Canvas) []byte {
	t.Helper()
	var buf bytes.Buffer
	if err := png.Encode(&buf, c.Img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}
