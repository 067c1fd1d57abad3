package heuristic

import (
	"image/color"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// shotRow is a row of a drawn settings page: its label and its control's state.
type shotRow struct {
	label string
	ctrl  string // "switch", "checkbox", "grey-end" (a switch drawn grey with its thumb at the end: no state), "" none
	on    bool
}

// settingsShot draws a settings page (app bar, rows of a label, a summary and a control
// at the row's end, or a checkbox at its start) in Material 3's light theme.
func settingsShot(t *testing.T, title string, rows ...shotRow) []byte {
	p := judgetest.NewPhone(t, 1080, 2400, false)
	p.StatusBar("15:34", false)
	p.Text(title, 16, 56+28, 22, judgetest.Regular, p.Fg(), judgetest.Left)
	accent := color.RGBA{103, 80, 164, 255}
	y := 170.0
	for _, r := range rows {
		x := 16.0
		switch r.ctrl {
		case "switch":
			p.Switch(judgetest.Material3, 411-16-52, y-10, r.on, accent)
		case "grey-end":
			p.Switch(judgetest.Material3, 411-16-52, y-10, true, color.RGBA{96, 96, 96, 255})
		case "checkbox":
			p.Checkbox(16, y-3, r.on, accent)
			x = 56
		}
		p.Text(r.label, x, y, 18, judgetest.Regular, p.Fg(), judgetest.Left)
		p.Text("Tap to change", x, y+24, 14, judgetest.Regular, p.Sub(), judgetest.Left)
		y += 80
	}
	p.NavBar(false)
	return p.PNG()
}

// Switches read off screenshots are held to the rules a dump's switches are: the switch
// on the asked row in the asked state shows the task done; the asked row's switch in the
// other state is evidence against it, whatever another row's switch shows; a switch turned
// back on a later screen undoes it; a switch whose drawing does not show its state is no
// evidence either way. Before, a screenshot had no switches and every such task failed.
func TestScreenshotSwitches(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("draws and reads full-size screenshots: too slow under the race detector")
	}
	wifiOn := settingsShot(t, "Network & internet", shotRow{"Wi-Fi", "switch", true}, shotRow{"Bluetooth", "switch", false})
	wifiOff := settingsShot(t, "Network & internet", shotRow{"Wi-Fi", "switch", false}, shotRow{"Bluetooth", "switch", true})
	wifiGrey := settingsShot(t, "Network & internet", shotRow{"Wi-Fi", "grey-end", true}, shotRow{"Bluetooth", "switch", true})
	for _, c := range []struct {
		name, task string
		screens    [][]byte
		want       string
	}{
		{"the asked switch on", "Turn on Wi-Fi.", [][]byte{wifiOn}, trace.RunSuccess},
		{"the asked switch off", "Turn off Bluetooth.", [][]byte{wifiOn}, trace.RunSuccess},
		{"the asked switch in the other state, another row's as asked", "Turn on Wi-Fi.", [][]byte{wifiOff}, trace.RunFailure},
		{"the asked switch off, asked off, another row's on", "Turn off Wi-Fi.", [][]byte{wifiOff}, trace.RunSuccess},
		{"turned on, then off again", "Turn on Wi-Fi.", [][]byte{wifiOn, wifiOff}, trace.RunFailure},
		{"a switch drawn in no readable state", "Turn on Wi-Fi.", [][]byte{wifiGrey}, trace.RunCannotTell},
		{"turned on, then a switch in no readable state", "Turn on Wi-Fi.", [][]byte{wifiOn, wifiGrey}, trace.RunCannotTell},
	} {
		j := judgeScreenshots(t, screenshots(t, c.task, c.screens...))
		if v := j.RunVerdict(); v.Verdict != c.want {
			t.Errorf("%s: %q judged %s (%s), want %s\n%s", c.name, c.task, v.Verdict, v.Reason, c.want, describeLog(t, j))
		}
	}
}

// A checkbox read off a screenshot belongs to the label on its row: the asked item's box
// checked shows it; another item's box checked, the asked one's empty, does not.
func TestScreenshotCheckboxes(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("draws and reads full-size screenshots: too slow under the race detector")
	}
	task := "Enable Show notifications."
	for _, c := range []struct {
		name string
		rows []shotRow
		want string
	}{
		{"its box checked", []shotRow{{"Show notifications", "checkbox", true}, {"Play sounds", "checkbox", false}}, trace.RunSuccess},
		{"another item's box checked", []shotRow{{"Show notifications", "checkbox", false}, {"Play sounds", "checkbox", true}}, trace.RunFailure},
	} {
		j := judgeScreenshots(t, screenshots(t, task, settingsShot(t, "Notifications", c.rows...)))
		if v := j.RunVerdict(); v.Verdict != c.want {
			t.Errorf("%s: %q judged %s (%s), want %s\n%s", c.name, task, v.Verdict, v.Reason, c.want, describeLog(t, j))
		}
	}
}

// A screenshot's row is taken for the switch's unread row only when its label names the
// switch (the name and a word or two): not a sentence mentioning it, another name holding
// it (a network called "AndroidWifi"), or a row whose switch was read.
func TestUnreadSwitchRows(t *testing.T) {
	row := func(text string, y int) judge.Element {
		return judge.Element{Class: "text", Text: text, HasBounds: true, X1: 40, Y1: y, X2: 600, Y2: y + 40}
	}
	sw := judge.Element{Class: "android.widget.Switch", Checkable: true, HasBounds: true, X1: 900, Y1: 600, X2: 1040, Y2: 660}
	for _, c := range []struct {
		els  []judge.Element
		want bool
	}{
		{[]judge.Element{row("Wi-Fi", 300)}, true},
		{[]judge.Element{row("Use Bluetooth", 300)}, true},
		{[]judge.Element{row("AndroidWifi", 300)}, false},
		{[]judge.Element{row("When Bluetooth is turned on, your device can communicate", 300)}, false},
		{[]judge.Element{row("Use Bluetooth", 610), sw}, false},
	} {
		sc := &judge.Screen{OCR: true, Height: 2400, Elements: c.els}
		terms := []string{"wi-fi", "bluetooth"}
		if _, got := unreadSwitch(sc, terms, false); got != c.want {
			t.Errorf("%q: unread %v, want %v", c.els[0].Text, got, c.want)
		}
	}
}
