package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

// Screenshots of a result that is not committed, read by OCR: the form's values under a
// question whether to save them, a name typed into a dialog whose buttons were never
// pressed, a message with the app's error beside it. Each has a near miss where the same
// values are committed. Drawn here with the test phone's primitives, read by Tesseract.

// shotPage starts a light 1080x2400 screen with the status bar and an app bar title.
func shotPage(t *testing.T, title string) *judgetest.Phone {
	p := judgetest.NewPhone(t, 1080, 2400, false)
	p.StatusBar("9:41", false)
	p.Text(title, 72, 56, 22, judgetest.Regular, p.Fg(), judgetest.Left)
	return p
}

// shotForm draws an entry form: its title field holding title, and a date under it.
func shotForm(t *testing.T, title string) *judgetest.Phone {
	p := shotPage(t, "New entry")
	p.Round(16, 100, 379, 56, 4, p.Sub())
	p.Round(17, 101, 377, 54, 3, p.Bg())
	p.Fill(28, 98, p.TextWidth("Title", 12, judgetest.Regular)+8, 4, p.Bg())
	p.Text("Title", 32, 100, 12, judgetest.Regular, p.Sub(), judgetest.Left)
	p.Text(title, 32, 128, 16, judgetest.Regular, p.Fg(), judgetest.Left)
	p.Text("Sun, Oct 22, 2023", 16, 200, 16, judgetest.Regular, p.Fg(), judgetest.Left)
	return p
}

// shotDialog draws a dialog over the dimmed page: its message in the dialog's grey, its
// buttons right-aligned.
func shotDialog(p *judgetest.Phone, msg string, body string, buttons ...string) {
	p.Dim(0.32)
	p.Round(28, 300, 355, 220, 28, p.Surface(1))
	p.Text(msg, 52, 344, 16, judgetest.Regular, p.Sub(), judgetest.Left)
	if body != "" {
		p.Round(52, 380, 307, 48, 4, p.Bg())
		p.Text(body, 64, 404, 16, judgetest.Regular, p.Fg(), judgetest.Left)
	}
	for i, b := range buttons {
		p.Text(b, 359-float64(len(buttons)-1-i)*100, 490, 15, judgetest.Medium, p.Accent(), judgetest.Right)
	}
}

func shotList(t *testing.T, title string, rows ...string) []byte {
	p := shotPage(t, title)
	for i, r := range rows {
		p.Text(r, 24, 120+float64(i)*64, 16, judgetest.Regular, p.Fg(), judgetest.Left)
	}
	p.NavBar(false)
	return p.PNG()
}

// shotChat draws a conversation: each message sent in a bubble, with the status line the
// app writes under it.
func shotChat(t *testing.T, contact string, msg, status string) []byte {
	p := shotPage(t, contact)
	w := p.TextWidth(msg, 16, judgetest.Regular) + 32
	p.Round(395-w, 400, w, 44, 20, judgetest.PhoneBlue)
	p.Text(msg, 395-w+16, 422, 16, judgetest.Regular, judgetest.PhoneWhite, judgetest.Left)
	p.Text(status, 395, 462, 12, judgetest.Regular, p.Sub(), judgetest.Right)
	p.Round(12, p.HDp()-110, 330, 48, 24, p.Surface(2))
	p.Text("Text message", 32, p.HDp()-86, 16, judgetest.Regular, p.Sub(), judgetest.Left)
	p.NavBar(false)
	return p.PNG()
}

func TestScreenshotResultNotCommitted(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("draws and reads full-size screenshots: too slow under the race detector")
	}
	const entry = `Create an entry titled "Harbour walk" in the Diary app.`
	const folder = "Create a new folder named trips_2023 in the Jotter app."
	const send = `Send the message "see you at eight" to Mira Costa in the Chatter app.`
	asked := shotForm(t, "Harbour walk")
	shotDialog(asked, "You have unsaved changes. Save before exiting?", "", "Discard", "Save")
	named := shotPage(t, "Jotter")
	shotDialog(named, "Create new folder", "trips_2023", "Cancel", "OK")
	for _, c := range []struct {
		name, task string
		screens    [][]byte
		success    bool
	}{
		{"the form's values under a question whether to save them", entry, [][]byte{asked.PNG()}, false},
		{"the entry listed after the save", entry, [][]byte{shotList(t, "Agenda", "Dentist", "Harbour walk")}, true},
		{"the name typed in a dialog whose buttons were not pressed", folder, [][]byte{named.PNG()}, false},
		{"the folder listed", folder, [][]byte{shotList(t, "Jotter", "notes.md", "trips_2023")}, true},
		{"the message with the app's error under it", send, [][]byte{shotChat(t, "Mira Costa", "see you at eight", "Not sent. Tap to try again.")}, false},
		{"the message with its time under it", send, [][]byte{shotChat(t, "Mira Costa", "see you at eight", "Delivered 9:40")}, true},
	} {
		j := judgeScreenshots(t, screenshots(t, c.task, c.screens...))
		if got := j.RunVerdict().Verdict == trace.RunSuccess; got != c.success {
			t.Errorf("%s: success %v, want %v (%s):\n%s", c.name, got, c.success, j.RunVerdict().Reason, describeLog(t, j))
		}
	}
}
