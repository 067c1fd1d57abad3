package heuristic

import (
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/trace"
)

// Synthetic runs of common kinds of phone tasks, each in a successful and a failed version,
// in apps and words of this test's own: the heuristic judge's rules must tell them apart
// without knowing any task. (The shared AndroidWorld episodes measure the same thing on real
// runs; these keep each rule honest on its own.)

func settingsRow(pkg, label string, y int, on bool) []trace.UIElement {
	return []trace.UIElement{
		judgetest.UI{Pkg: pkg, Text: label, Y1: y, Y2: y + 120, X1: 40, X2: 800}.Element(),
		judgetest.UI{Pkg: pkg, Class: "android.widget.Switch", ID: "switch_widget", Checkable: true, Checked: on, Y1: y, Y2: y + 120, X1: 880, X2: 1040}.Element(),
	}
}

func quickTiles(left, right string, leftOn, rightOn bool) []trace.UIElement {
	const sys = "com.android.systemui"
	onText := map[bool]string{true: "On", false: "Off"}
	return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: sys, Class: "android.widget.Switch", Text: onText[leftOn], Desc: left, Checkable: true, Checked: leftOn, Y1: 130, Y2: 280, X1: 40, X2: 520}.Element(),
		judgetest.UI{Pkg: sys, Class: "android.widget.Switch", Text: onText[rightOn], Desc: right, Checkable: true, Checked: rightOn, Y1: 130, Y2: 280, X1: 550, X2: 1040}.Element(),
	})
}

func TestScenarios(t *testing.T) {
	const (
		settings = "org.example.settings"
		cal      = "org.example.calendar"
		chat     = "org.example.chatter"
		books    = "org.example.bookshelf"
		launcher = "org.example.launcher"
	)
	home := judgetest.Page(launcher, "", "Chatter", "Bookshelf", "Settings")
	cases := []struct {
		name   string
		task   string
		app    string
		frames [][]trace.UIElement
		answer string
		want   bool
	}{
		{name: "toggle off, done", task: "Turn radio silence off.", frames: [][]trace.UIElement{
			judgetest.Concat(judgetest.Page(settings, "Connections"), settingsRow(settings, "Radio silence", 400, true)),
			judgetest.Concat(judgetest.Page(settings, "Connections"), settingsRow(settings, "Radio silence", 400, false))}, want: true},
		{name: "toggle off, still on", task: "Turn radio silence off.", frames: [][]trace.UIElement{
			judgetest.Concat(judgetest.Page(settings, "Connections"), settingsRow(settings, "Radio silence", 400, true), settingsRow(settings, "Night light", 600, false))}, want: false},
		{name: "toggle in quick settings, the neighbouring tile does not count", task: "Turn hotspot off.", frames: [][]trace.UIElement{
			quickTiles("Hotspot", "Flashlight", true, false)}, want: false},
		{name: "toggle in quick settings, done", task: "Turn hotspot off.", frames: [][]trace.UIElement{
			quickTiles("Hotspot", "Flashlight", false, true)}, want: true},
		{name: "toggle: the closest label counts, not a longer one naming it too", task: "Turn radio off.", frames: [][]trace.UIElement{
			judgetest.Concat(judgetest.Page(settings, "Connections"), settingsRow(settings, "Radio", 400, true), settingsRow(settings, "Radio hotspot", 600, false))}, want: false},
		{name: "toggle: the closest label, done", task: "Turn radio off.", frames: [][]trace.UIElement{
			judgetest.Concat(judgetest.Page(settings, "Connections"), settingsRow(settings, "Radio", 400, false), settingsRow(settings, "Radio hotspot", 600, true))}, want: true},
		{name: "a clause about two apps is judged in the one the result goes to", task: "Add the books from wishlist.txt in the Chatter app to the Bookshelf app.",
			frames: [][]trace.UIElement{judgetest.Page(chat, "Files", "wishlist.txt", "notes.txt"), judgetest.Page(books, "Library", "Dune")}, want: false},
		{name: "toggle named with its capitals and without its hyphen", task: "Turn off RadioLink.", frames: [][]trace.UIElement{
			judgetest.Concat(judgetest.Page(settings, "Connections"), settingsRow(settings, "Radio‑Link", 400, false))}, want: true},
		{name: "search hits are no result", task: "Add a bookmark for Lisbon in the Bookshelf app.",
			frames: [][]trace.UIElement{judgetest.Concat(judgetest.Page(books, "Search"), []trace.UIElement{
				judgetest.UI{Pkg: books, Class: "android.widget.EditText", Text: "Lisbon", Hint: "Search places", ID: "search_src_text", Editable: true, Y1: 250, Y2: 330}.Element(),
				judgetest.UI{Pkg: books, Text: "Lisbon, Portugal", ID: "row_name", Y1: 400, Y2: 500}.Element()})}, want: false},
		{name: "two toggles, one done", task: "Turn off hotspot, then enable flashlight", frames: [][]trace.UIElement{
			quickTiles("Hotspot", "Flashlight", false, false)}, want: false},
		{name: "two toggles, both done", task: "Turn off hotspot, then enable flashlight", frames: [][]trace.UIElement{
			quickTiles("Hotspot", "Flashlight", false, true)}, want: true},
		{name: "event created and shown", task: "In the Calendar app, create an event on 2024-03-09 at 14h with the title 'Dentist visit' and the description 'Bring the card'. The event should last for 30 mins.",
			frames: [][]trace.UIElement{judgetest.Page(cal, "Event", "Dentist visit", "Saturday, March 9, 2024", "2:00 PM – 2:30 PM", "Bring the card")}, want: true},
		{name: "event with the wrong hour", task: "In the Calendar app, create an event on 2024-03-09 at 14h with the title 'Dentist visit' and the description 'Bring the card'. The event should last for 30 mins.",
			frames: [][]trace.UIElement{judgetest.Page(cal, "Event", "Dentist visit", "Saturday, March 9, 2024", "3:00 PM – 3:30 PM", "Bring the card")}, want: false},
		{name: "event only typed into the form", task: "In the Calendar app, create an event titled 'Dentist visit'.",
			frames: [][]trace.UIElement{judgetest.Concat(judgetest.Page(cal, "New event"), []trace.UIElement{
				judgetest.UI{Pkg: cal, Class: "android.widget.EditText", Text: "Dentist visit", Hint: "Title", Editable: true, Y1: 400, Y2: 500}.Element()})}, want: false},
		{name: "message sent", task: "Send a message to +1 555 010 4477 with the text: see you at eight in the Chatter app",
			frames: [][]trace.UIElement{home, judgetest.Page(chat, "+1 555-010-4477", "see you at eight", "Sent")}, want: true},
		{name: "message typed, not sent", task: "Send a message to +1 555 010 4477 with the text: see you at eight in the Chatter app",
			frames: [][]trace.UIElement{judgetest.Concat(judgetest.Page(chat, "+1 555-010-4477"), []trace.UIElement{
				judgetest.UI{Pkg: chat, Class: "android.widget.EditText", Text: "see you at eight", Hint: "Message", Editable: true, Y1: 2100, Y2: 2200}.Element()})}, want: false},
		{name: "open the app, pop-ups are optional", task: "Open the Bookshelf app. Dismiss any pop-ups that may appear.",
			frames: [][]trace.UIElement{home, judgetest.Page(books, "Library", "Dune", "Emma")}, want: true},
		{name: "never opened", task: "Open the Bookshelf app. Dismiss any pop-ups that may appear.",
			frames: [][]trace.UIElement{home}, want: false},
		{name: "an action with nothing to identify its result", task: "Start the stopwatch in the Bookshelf app.",
			frames: [][]trace.UIElement{judgetest.Page(books, "Stopwatch", "Start", "Lap")}, want: false},
		{name: "delete a list of items", task: "Delete the following books from the Bookshelf app: Dune, Emma.",
			frames: [][]trace.UIElement{judgetest.Page(books, "Library", "Beloved", "Dune", "Emma", "Ulysses"), judgetest.Page(books, "Library", "Beloved", "Ulysses", "Walden")}, want: true},
		{name: "delete a list, one left", task: "Delete the following books from the Bookshelf app: Dune, Emma.",
			frames: [][]trace.UIElement{judgetest.Page(books, "Library", "Beloved", "Dune", "Emma", "Ulysses"), judgetest.Page(books, "Library", "Beloved", "Emma", "Ulysses")}, want: false},
		{name: "delete the only item, list says empty", task: "Delete the note called groceries.txt in the Bookshelf app.",
			frames: [][]trace.UIElement{judgetest.Page(books, "Notes", "groceries.txt", "Open"), judgetest.Page(books, "Notes", "No notes yet")}, want: true},
		{name: "question answered with a list", task: "Which books are on the shelf 'Summer' in the Bookshelf app? Answer with the titles only, comma separated.",
			frames: [][]trace.UIElement{judgetest.Page(books, "Summer", "Beloved", "Walden")}, answer: "Beloved, Walden", want: true},
		{name: "question answered with a title never shown", task: "Which books are on the shelf 'Summer' in the Bookshelf app? Answer with the titles only, comma separated.",
			frames: [][]trace.UIElement{judgetest.Page(books, "Summer", "Beloved", "Walden")}, answer: "Beloved, Moby Dick", want: false},
		{name: "an answer formatted as asked, its facts written apart on screen", task: "When is my next dentist visit in the Bookshelf app? Express your answer as <month> <day> <year> <hh:mm>.",
			frames: [][]trace.UIElement{judgetest.Page(books, "Dentist visit", "Friday, March 8, 2024", "14:30")}, answer: "March 8 2024 14:30", want: true},
		{name: "yes/no answers cannot be checked", task: "Is 'Dune' marked as read in the Bookshelf app? Respond with True or False.",
			frames: [][]trace.UIElement{judgetest.Page(books, "Dune", "Read")}, answer: "True", want: false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			tr := judgetest.ElementsTrace(t, c.task, c.frames...)
			tr.App = c.app
			if c.answer != "" {
				tr.Frames[len(tr.Frames)-1].Action = &trace.Action{Type: "answer", Text: c.answer}
			}
			j := heuristicRun(t, tr, nil)
			if j.Complete != c.want {
				t.Fatalf("complete %v, want %v:\n%s", j.Complete, c.want, describeLog(t, j))
			}
		})
	}
}

// Levels and durations: a setting at its minimum shows 0% under its name; a duration may
// show in a timer's short form.
func TestScenariosLevelsAndUnits(t *testing.T) {
	const settings, clock = "org.example.settings", "org.example.clock"
	levelPage := func(level string) []trace.UIElement {
		return judgetest.Concat(judgetest.Page(settings, "Display"), []trace.UIElement{
			judgetest.UI{Pkg: settings, Text: "Screen glow level", ID: "title", Y1: 400, Y2: 470, X1: 60, X2: 600}.Element(),
			judgetest.UI{Pkg: settings, Text: level, ID: "summary", Y1: 470, Y2: 520, X1: 60, X2: 200}.Element(),
			judgetest.UI{Pkg: settings, Text: "Battery", ID: "title", Y1: 600, Y2: 670, X1: 60, X2: 600}.Element(),
			judgetest.UI{Pkg: settings, Text: "0%", ID: "summary", Y1: 670, Y2: 720, X1: 60, X2: 200}.Element(),
		})
	}
	cases := []struct {
		name   string
		task   string
		frames [][]trace.UIElement
		want   bool
	}{
		{"level at its minimum", "Turn screen glow to the min value.", [][]trace.UIElement{levelPage("40%"), levelPage("0%")}, true},
		{"level not at its minimum (another setting's 0% does not count)", "Turn screen glow to the min value.", [][]trace.UIElement{levelPage("40%")}, false},
		{"level at its maximum", "Set the screen glow to the maximum.", [][]trace.UIElement{levelPage("100%")}, true},
		{"timer in its short form", "Create a timer with 1 hours, 25 minutes, and 5 seconds in the Clock app.",
			[][]trace.UIElement{judgetest.Page(clock, "Timer", "01h 25m 05s", "Start")}, true},
		{"timer with other minutes", "Create a timer with 1 hours, 25 minutes, and 5 seconds in the Clock app.",
			[][]trace.UIElement{judgetest.Page(clock, "Timer", "01h 20m 05s", "Start")}, false},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := heuristicRun(t, judgetest.ElementsTrace(t, c.task, c.frames...), nil)
			if j.Complete != c.want {
				t.Fatalf("complete %v, want %v:\n%s", j.Complete, c.want, describeLog(t, j))
			}
		})
	}
}

// "Do not ..." is an instruction, not a question; "Do I have ...?" is a question.
func TestQuestionsAndNegativeInstructions(t *testing.T) {
	subs := DeriveSubstates("Create a timer with 5 minutes in the Clock app. Do not start the timer.", "")
	for _, n := range subs.Nodes {
		if strings.Contains(n.Content, "answer") || strings.Contains(n.Content, "start the timer") {
			t.Fatalf("a negative instruction became %q", n.Content)
		}
	}
	subs = DeriveSubstates("Do I have any events on Friday in the Calendar app? Answer with the titles only.", "")
	if last := subs.Nodes[len(subs.Nodes)-1]; !strings.HasPrefix(last.Content, derivedAnswer) {
		t.Fatalf("the question became %q", last.Content)
	}
}
