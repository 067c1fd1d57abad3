package heuristic

import (
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// The cases here are about how apps show a committed result and how it is undone: a time's
// half of the day read on the time's own row, a list item's own switch turned off after it
// was made. Each rule has a run where it applies and near misses that must stay failures
// or "cannot tell". Apps and words are this test's own.

// alarmRow is one alarm of the clock's list: its time (in one text, or its digits and its
// half of the day as two texts side by side), its label and its own switch.
type alarmRow struct {
	time, half, label string
	on                bool
}

// alarms is the clock app's alarm list.
func alarms(rows ...alarmRow) []trace.UIElement {
	els := judgetest.Page(clockwork, "Alarms")
	for i, r := range rows {
		y := 300 + i*300
		if r.half == "" {
			els = append(els, judgetest.UI{Pkg: clockwork, Text: r.time, ID: "digital_clock", Y1: y, Y2: y + 150, X1: 40, X2: 600}.Element())
		} else {
			els = append(els, judgetest.UI{Pkg: clockwork, Text: r.time, ID: "digital_clock", Y1: y, Y2: y + 150, X1: 40, X2: 400}.Element(),
				judgetest.UI{Pkg: clockwork, Text: r.half, ID: "am_pm", Y1: y + 80, Y2: y + 140, X1: 410, X2: 520}.Element())
		}
		els = append(els, judgetest.UI{Pkg: clockwork, Text: r.label, ID: "label", Y1: y + 160, Y2: y + 220, X1: 40, X2: 600}.Element(),
			judgetest.UI{Pkg: clockwork, Class: "android.widget.Switch", ID: "onoff", Checkable: true, Checked: r.on, Y1: y + 30, Y2: y + 130, X1: 850, X2: 1020}.Element())
	}
	return els
}

type committedCase struct {
	name  string
	task  string
	steps []act
	want  string
	cite  string // a rule the judgment must cite, "" for none
}

func runCommittedCases(t *testing.T, cases []committedCase) {
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			j := heuristicRun(t, stepsTrace(t, c.task, c.steps...), nil)
			o := j.RunVerdict()
			if o.Verdict != c.want {
				t.Fatalf("verdict %s (%s), want %s:\n%s", o.Verdict, o.Reason, c.want, describeLog(t, j))
			}
			if c.cite != "" && !cited(j, c.cite) {
				t.Fatalf("the judgment never cites %s:\n%s", c.cite, describeLog(t, j))
			}
		})
	}
}

// A time asked with its half of the day ("6:45 AM") shows only with that half on the time's
// own row: one text "6:45 AM", or "6:45" and "AM" side by side. The other half on its row,
// or an "AM" of another row, shows another time.
func TestTimeWithItsHalfOfTheDay(t *testing.T) {
	const task = "Set an alarm for 6:45 AM in the Clockwork app."
	runCommittedCases(t, []committedCase{
		{name: "listed as one text", task: task, want: trace.RunSuccess, cite: "E1",
			steps: []act{{alarms(alarmRow{time: "5:00 AM", label: "Weekdays"}, alarmRow{time: "6:45 AM", label: "Tomorrow", on: true}), nil}}},
		{name: "the time and a small AM beside it on its row", task: task, want: trace.RunSuccess, cite: "E3",
			steps: []act{{alarms(alarmRow{time: "6:45", half: "AM", label: "Tomorrow", on: true}), nil}}},
		{name: "the time listed PM, another alarm AM", task: task, want: trace.RunFailure,
			steps: []act{{alarms(alarmRow{time: "5:00 AM", label: "Weekdays"}, alarmRow{time: "6:45 PM", label: "Today", on: true}), nil}}},
		{name: "the time with PM beside it, AM on another row", task: task, want: trace.RunFailure,
			steps: []act{{alarms(alarmRow{time: "5:00", half: "AM", label: "Weekdays"}, alarmRow{time: "6:45", half: "PM", label: "Today", on: true}), nil}}},
	})
}

// A list item made on with its own switch (an alarm) and that switch turned off on a later
// screen is undone (evidence rule L1). Another item's switch turned off undoes nothing.
func TestOwnSwitchTurnedOffAfter(t *testing.T) {
	const task = "Set an alarm for 6:45 AM in the Clockwork app."
	made := alarms(alarmRow{time: "5:00 AM", label: "Weekdays", on: true}, alarmRow{time: "6:45 AM", label: "Tomorrow", on: true})
	tapNew, tapOld := judgetest.TapOn(850, 630, 1020, 730), judgetest.TapOn(850, 330, 1020, 430)
	runCommittedCases(t, []committedCase{
		{name: "the new alarm's own switch turned off", task: task, want: trace.RunFailure, cite: "L1",
			steps: []act{{made, tapNew}, {alarms(alarmRow{time: "5:00 AM", label: "Weekdays", on: true}, alarmRow{time: "6:45 AM", label: "Not scheduled"}), nil}}},
		{name: "the other alarm's switch turned off", task: task, want: trace.RunSuccess, cite: "L1",
			steps: []act{{made, tapOld}, {alarms(alarmRow{time: "5:00 AM", label: "Weekdays"}, alarmRow{time: "6:45 AM", label: "Tomorrow", on: true}), nil}}},
		{name: "the new alarm's switch left on, another page after", task: task, want: trace.RunSuccess, cite: "L1",
			steps: []act{{made, nil}, {judgetest.Page(clockwork, "Stopwatch", "00:00"), nil}}},
	})
}

// An item shown with the app's error right under it (a message "Not sent. Tap to try
// again.") did not take (evidence rule F1); an error elsewhere on the page (a banner about
// older messages) says nothing of it.
func TestErrorBesideTheResult(t *testing.T) {
	const task = `Send the message "see you at eight" to Mira in the Chatter app.`
	thread := func(status string, y int) []trace.UIElement {
		return judgetest.Concat(chatThread("Mira", "", "Hello"), []trace.UIElement{
			judgetest.UI{Pkg: chatter, Text: "see you at eight", ID: "message_body", Y1: 1500, Y2: 1580, X1: 500, X2: 1040}.Element(),
			judgetest.UI{Pkg: chatter, Text: status, ID: "status", Y1: y, Y2: y + 50, X1: 500, X2: 1040}.Element()})
	}
	runCommittedCases(t, []committedCase{
		{name: "not sent, under the message", task: task, want: trace.RunFailure, cite: "F1",
			steps: []act{{thread("Not sent. Tap to try again.", 1590), nil}}},
		{name: "delivered, under the message", task: task, want: trace.RunSuccess,
			steps: []act{{thread("Delivered", 1590), nil}}},
		{name: "an error about older messages at the top of the thread", task: task, want: trace.RunSuccess,
			steps: []act{{thread("Couldn't load older messages", 300), nil}}},
	})
}

// errorBeside reads the screen's errors once, not again for every element showing the
// value: a long conversation holding the message many times (a UI dump may hold 100,000
// nodes) cost the square of its length in regular-expression matches. Counted in
// allocations, which do not depend on the machine's speed: four times the rows, about
// four times the allocations; reading the errors per row made it sixteen.
func TestErrorBesideReadsTheErrorsOnce(t *testing.T) {
	allocs := func(n int) float64 {
		sc := &judge.Screen{Package: chatter, Title: "Mira"}
		for i := range n {
			y := 300 + i*200
			sc.Elements = append(sc.Elements,
				judge.Element{Package: chatter, Text: "see you at eight", X1: 500, X2: 1040, Y1: y, Y2: y + 80, HasBounds: true},
				judge.Element{Package: chatter, Text: "Delivered at 9:40 on Sunday", X1: 500, X2: 1040, Y1: y + 90, Y2: y + 140, HasBounds: true})
		}
		v := makeValue("see you at eight")
		return testing.AllocsPerRun(2, func() {
			if msg := errorBeside(sc, v); msg != "" {
				t.Fatal(msg)
			}
		})
	}
	small, large := allocs(100), allocs(400)
	if large > 6*small {
		t.Fatalf("100 rows: %.0f allocations; 400 rows: %.0f, %.1f times as many", small, large, large/small)
	}
}

// A switch described by its item's own name (an alarm's switch read out as its time) is
// that item's one switch, however often the name shows on its row.
func TestOwnSwitchNamedByItsItem(t *testing.T) {
	const task = "Set an alarm for 6:45 AM in the Clockwork app."
	list := func(on bool) []trace.UIElement {
		els := alarms(alarmRow{time: "5:00 AM", label: "Weekdays", on: true}, alarmRow{time: "6:45 AM", label: "Tomorrow", on: on})
		for i := range els {
			switch {
			case els[i].ClassName != "android.widget.Switch":
			case els[i].BBoxPixels.YMin < 500:
				els[i].ContentDescription = "5:00 AM"
			default:
				els[i].ContentDescription = "6:45 AM"
			}
		}
		return els
	}
	runCommittedCases(t, []committedCase{
		{name: "turned off after", task: task, want: trace.RunFailure, cite: "L1",
			steps: []act{{list(true), judgetest.TapOn(850, 630, 1020, 730)}, {list(false), nil}}},
		{name: "left on", task: task, want: trace.RunSuccess, cite: "L1",
			steps: []act{{list(true), nil}, {list(true), nil}}},
	})
}

// A web address with a path is one value: the page it names shows it whole in the browser's
// address bar. A search results page for the address's words (its own address another), or
// the address typed with its suggestions, shows no visit to it.
func TestWebAddressIsOneValue(t *testing.T) {
	const browser = "org.example.browser"
	const task = "In the Browser app, bookmark the page docs.example.org/guide/harbours."
	page := func(address string, rows ...string) []trace.UIElement {
		els := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
			judgetest.UI{Pkg: browser, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
			judgetest.UI{Pkg: browser, Text: address, ID: "url_bar", Y1: 150, Y2: 250, X1: 230, X2: 800}.Element()})
		for i, r := range rows {
			els = append(els, judgetest.UI{Pkg: browser, Text: r, Y1: 330 + i*140, Y2: 440 + i*140, X1: 40, X2: 1040}.Element())
		}
		return judgetest.Concat(els, []trace.UIElement{judgetest.UI{Pkg: browser, Text: "Bookmarked", ID: "snackbar_message", Y1: 2150, Y2: 2250, X1: 40, X2: 800}.Element()})
	}
	runCommittedCases(t, []committedCase{
		{name: "the page under its address", task: task, want: trace.RunSuccess, cite: "E1",
			steps: []act{{page("docs.example.org/guide/harbours", "Harbours", "A guide to the harbours of the coast"), nil}}},
		{name: "the search results for its words", task: task, want: trace.RunFailure,
			steps: []act{{page("search.example.com/search?q=docs+example+guide+harbours", "docs example guide harbours", "Harbours - docs.example.org", "docs.example.org › guide › harbours"), nil}}},
		{name: "another page of the site", task: task, want: trace.RunFailure,
			steps: []act{{page("docs.example.org/guide/harbours-history", "Harbours history"), nil}}},
	})
}

// While a search box or address bar holds text being typed (focused, the keyboard up), what
// is listed under it is its suggestions or hits (evidence rule N2), whatever it holds: an
// address offered as a suggestion is no visit to it. The page loaded after the search shows
// it.
func TestSuggestionsUnderATypedSearch(t *testing.T) {
	const browser = "org.example.browser"
	const task = "In the Browser app, bookmark the page docs.example.org/guide/harbours."
	typing := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: browser, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: browser, Class: "android.widget.EditText", Text: "harbours guide", Hint: "Search or type URL", ID: "url_bar", Editable: true, Focused: true, Y1: 150, Y2: 250, X1: 150, X2: 900}.Element(),
		judgetest.UI{Pkg: browser, Text: "docs.example.org/guide/harbours", ID: "line_1", Y1: 320, Y2: 380, X1: 170, X2: 940}.Element(),
		judgetest.UI{Pkg: browser, Text: "harbours guide pdf", ID: "line_1", Y1: 490, Y2: 550, X1: 170, X2: 940}.Element(),
	}, judgetest.Keyboard())
	loaded := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: browser, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: browser, Text: "docs.example.org/guide/harbours", ID: "url_bar", Y1: 150, Y2: 250, X1: 230, X2: 800}.Element(),
		judgetest.UI{Pkg: browser, Text: "Harbours", Y1: 330, Y2: 440, X1: 40, X2: 1040}.Element(),
	})
	runCommittedCases(t, []committedCase{
		{name: "the address offered as a suggestion", task: task, want: trace.RunFailure, cite: "N2",
			steps: []act{{typing, nil}}},
		{name: "the suggestion tapped, the page loaded", task: task, want: trace.RunSuccess, cite: "E1",
			steps: []act{{typing, judgetest.TapOn(170, 320, 940, 380)}, {loaded, nil}}},
	})
}

// A message the task sends once, sent twice into the same conversation (the compose box
// filled and sent again), was sent twice (evidence rule F6, nothing extra): the thread then
// holds one more message than asked. Sent once, or twice where the task asks for it twice,
// it stands.
func TestSentTwice(t *testing.T) {
	const task = `Send the message "see you at eight" to Mira in the Chatter app.`
	once := []act{{chatThread("Mira", "see you at eight", "Hello"), tapSend}, {chatThread("Mira", "", "Hello", "see you at eight"), nil}}
	twice := []act{{chatThread("Mira", "see you at eight", "Hello"), tapSend}, {chatThread("Mira", "", "Hello", "see you at eight"), nil},
		{chatThread("Mira", "see you at eight", "Hello", "see you at eight"), tapSend}, {chatThread("Mira", "", "Hello", "see you at eight", "see you at eight"), nil}}
	runCommittedCases(t, []committedCase{
		{name: "sent twice", task: task, want: trace.RunFailure, cite: "F6", steps: twice},
		{name: "sent once", task: task, want: trace.RunSuccess, steps: once},
		{name: "sent twice, as asked", task: `Send the message "see you at eight" to Mira twice in the Chatter app.`, want: trace.RunSuccess, steps: twice},
	})
}

// A send control that shows its mode as its text ("SMS") and says "Send" in its description
// sends: two sends of the same text through it are two messages.
func TestSentTwiceThroughAModeButton(t *testing.T) {
	const task = `Send the message "see you at eight" to Mira in the Chatter app.`
	thread := func(draft string, sent int) []trace.UIElement {
		els := smsThread("Mira", draft)
		for i := range sent {
			els = append(els, judgetest.UI{Pkg: chatter, Text: "see you at eight", ID: "message_body", Y1: 1500 + i*200, Y2: 1580 + i*200, X1: 500, X2: 1040}.Element())
		}
		return els
	}
	send := judgetest.TapOn(920, 2150, 1060, 2280)
	runCommittedCases(t, []committedCase{
		{name: "sent twice", task: task, want: trace.RunFailure, cite: "F6",
			steps: []act{{thread("see you at eight", 0), send}, {thread("", 1), nil}, {thread("see you at eight", 1), send}, {thread("", 2), nil}}},
		{name: "sent once", task: task, want: trace.RunSuccess, steps: []act{{thread("see you at eight", 0), send}, {thread("", 1), nil}}},
	})
}

// A value the task gives for one field ("description X, directions Y") shows in that role:
// under its own heading, or in the element the app names for it. Shown under the heading of
// another field of the task, or in the element named for another while the page has one for
// its own, it is in the wrong place (evidence rule E6).
func TestValueInItsOwnRole(t *testing.T) {
	const cook = "org.example.cookbook"
	const task = `Add a recipe to the Cookbook app with title "Lentil soup", description "A warming winter bowl", directions "Simmer the lentils for twenty minutes".`
	details := func(desc, dirs string) []trace.UIElement {
		return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
			judgetest.UI{Pkg: cook, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
			judgetest.UI{Pkg: cook, Text: "Lentil soup", ID: "recipe_title", Y1: 600, Y2: 700, X1: 60, X2: 1020}.Element(),
			judgetest.UI{Pkg: cook, Text: desc, ID: "recipe_description", Y1: 720, Y2: 840, X1: 60, X2: 1020}.Element(),
			judgetest.UI{Pkg: cook, Text: "Directions", Y1: 1200, Y2: 1280, X1: 60, X2: 500}.Element(),
			judgetest.UI{Pkg: cook, Text: dirs, ID: "recipe_directions", Y1: 1300, Y2: 1500, X1: 60, X2: 1020}.Element(),
		})
	}
	plain := func(desc, dirs string) []trace.UIElement {
		return judgetest.Page(cook, "Lentil soup", desc, dirs)
	}
	runCommittedCases(t, []committedCase{
		{name: "each under its own heading and field", task: task, want: trace.RunSuccess, cite: "E1",
			steps: []act{{details("A warming winter bowl", "Simmer the lentils for twenty minutes"), nil}}},
		{name: "swapped", task: task, want: trace.RunFailure, cite: "E6",
			steps: []act{{details("Simmer the lentils for twenty minutes", "A warming winter bowl"), nil}}},
		{name: "a page that names no roles", task: task, want: trace.RunSuccess,
			steps: []act{{plain("A warming winter bowl", "Simmer the lentils for twenty minutes"), nil}}},
		// The app's element for another field counts only where the page has one for the
		// value's own (E6 says so for both judges): here it has none for the description.
		{name: "in another field's element, the page naming none for its own", task: task, want: trace.RunSuccess,
			steps: []act{{judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
				judgetest.UI{Pkg: cook, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
				judgetest.UI{Pkg: cook, Text: "Lentil soup", ID: "recipe_title", Y1: 600, Y2: 700, X1: 60, X2: 1020}.Element(),
				judgetest.UI{Pkg: cook, Text: "A warming winter bowl\nSimmer the lentils for twenty minutes", ID: "recipe_directions", Y1: 720, Y2: 900, X1: 60, X2: 1020}.Element(),
			}), nil}}},
	})
	// A field named in several words ("category name") is one name: an item's name shown in
	// the list's name element is in no other field's role.
	const ledger = "org.example.ledger"
	runCommittedCases(t, []committedCase{
		{name: "a field named in several words", task: `Add an expense to the Ledger app with expense "Office chair", amount "$12", category name "Housing".`,
			want: trace.RunSuccess, steps: []act{{judgetest.Concat(judgetest.Page(ledger, "Expenses"), []trace.UIElement{
				judgetest.UI{Pkg: ledger, Class: "androidx.recyclerview.widget.RecyclerView", ID: "rv_expense", Y1: 280, Y2: 2200}.Element(),
				judgetest.UI{Pkg: ledger, Text: "Office chair", ID: "tv_name", Y1: 300, Y2: 380, X1: 40, X2: 600}.Element(),
				judgetest.UI{Pkg: ledger, Text: "$12", ID: "tv_amount", Y1: 300, Y2: 380, X1: 700, X2: 1040}.Element(),
				judgetest.UI{Pkg: ledger, Text: "Housing", ID: "tv_category", Y1: 390, Y2: 450, X1: 40, X2: 600}.Element()}), nil}}},
	})
}

// An app saying its permission was not granted, after the agent denied the system's prompt,
// is a refusal (evidence rule F1): the action it needed did not happen, a failure, where the
// same run with a recording made is left "cannot tell" (an action with no name to look for).
func TestPermissionRefusedIsEvidenceAgainst(t *testing.T) {
	const voice = "org.example.voicebox"
	const task = "Record an audio clip in the Voicebox app."
	main := func(toast string) []trace.UIElement {
		els := judgetest.Concat(judgetest.Page(voice, "Voicebox"), []trace.UIElement{
			judgetest.UI{Pkg: voice, Class: "android.widget.ImageButton", Desc: "Record", ID: "record_button", Y1: 1800, Y2: 2000, X1: 440, X2: 640}.Element()})
		if toast != "" {
			els = append(els, judgetest.UI{Pkg: voice, Text: toast, ID: "toast", Y1: 2100, Y2: 2180, X1: 200, X2: 880}.Element())
		}
		return els
	}
	tapRecord, tapDeny := judgetest.TapOn(440, 1800, 640, 2000), judgetest.TapOn(80, 1740, 1000, 1840)
	runCommittedCases(t, []committedCase{
		{name: "denied, then the app says so", task: task, want: trace.RunFailure, cite: "F1",
			steps: []act{{main(""), tapRecord}, {judgetest.Concat(main(""), permissionPrompt("Voicebox")), tapDeny}, {main("Recording permission not granted"), nil}}},
		{name: "allowed, a recording made", task: task, want: trace.RunCannotTell,
			steps: []act{{main(""), tapRecord}, {judgetest.Concat(main(""), permissionPrompt("Voicebox")), judgetest.TapOn(80, 1500, 1000, 1600)}, {main("Recording saved"), nil}}},
	})
}

// An edit that renames an item ("change the title of 'Dentist' to 'Harbour walk'") is shown
// by the new name; the old one is rightly gone. An old value of another kind than the new
// (the contact whose number changes) still names the item and must show.
func TestRenameNeedsOnlyTheNewValue(t *testing.T) {
	const task = "In the Diary app, change the title of the entry 'Dentist' to 'Harbour walk'."
	const number = "Change the phone number of Odile Brandt to +14155550123 in the Phonebook app."
	runCommittedCases(t, []committedCase{
		{name: "listed under its new title", task: task, want: trace.RunSuccess, cite: "E1",
			steps: []act{{judgetest.Page(diary, "Agenda", "Harbour walk", "Zoo trip"), nil}}},
		{name: "still listed under its old title", task: task, want: trace.RunFailure,
			steps: []act{{judgetest.Page(diary, "Agenda", "Dentist", "Zoo trip"), nil}}},
		{name: "the new title listed beside the old one", task: task, want: trace.RunFailure,
			steps: []act{{judgetest.Page(diary, "Agenda", "Dentist", "Harbour walk"), nil}}},
		{name: "the new number under another contact", task: number, want: trace.RunFailure,
			steps: []act{{judgetest.Page(book, "Contact", "Mira Costa", "+1 415-555-0123"), nil}}},
		{name: "the new number under the contact", task: number, want: trace.RunSuccess,
			steps: []act{{judgetest.Page(book, "Contact", "Odile Brandt", "+1 415-555-0123"), nil}}},
	})
}

// Media apps list a video or a song by its name without the file's extension: a row whose
// whole text is "harbor" shows harbor.mp4. A longer name, or a document's name without its
// extension, does not.
func TestMediaFileListedWithoutExtension(t *testing.T) {
	const reel = "org.example.reel"
	const task = `Create a playlist titled "Road Trip" in the Reel app with the following files, in order: harbor_dawn.mp4, rooftop.mp4`
	runCommittedCases(t, []committedCase{
		{name: "listed by their names", task: task, want: trace.RunSuccess, cite: "E3",
			steps: []act{{judgetest.Page(reel, "Road Trip", "harbor_dawn", "rooftop"), nil}}},
		{name: "another video of a longer name", task: task, want: trace.RunFailure,
			steps: []act{{judgetest.Page(reel, "Road Trip", "harbor_dawn_2", "rooftop"), nil}}},
		{name: "a document without its extension", task: "Create a note named packing.md in the Jotter app.", want: trace.RunFailure,
			steps: []act{{judgetest.Page(jotter, "All notes", "packing", "Groceries"), nil}}},
	})
}

// An editor that saves as it is left (a note app with no save control, a task editor) shows
// it by what follows: the page it returns to with back, seen without the item before the
// form was opened, then lists the item's name, new. Listed on a page never seen before the
// form, or not listed, the form left by back holds nothing saved (F2).
func TestFormSavedWhenLeftShowsInItsList(t *testing.T) {
	const task = `Create a note titled "Packing list" in the Jotter app with the text "passport and charger".`
	form := formScreen(jotter, "New note", field{"Title", "Packing list"}, field{"Note", "passport and charger"})
	before := judgetest.Page(jotter, "All notes", "Groceries")
	after := judgetest.Page(jotter, "All notes", "Packing list", "Groceries")
	tapNew := judgetest.TapOn(440, 1900, 640, 2100)
	runCommittedCases(t, []committedCase{
		{name: "the list seen before, then listing the note", task: task, want: trace.RunSuccess, cite: "E2",
			steps: []act{{before, tapNew}, {form, pressBack}, {after, nil}}},
		{name: "the list seen before, then not listing it", task: task, want: trace.RunFailure, cite: "F2",
			steps: []act{{before, tapNew}, {form, pressBack}, {before, nil}}},
		{name: "a list never seen before the form", task: task, want: trace.RunFailure, cite: "F2",
			steps: []act{{form, pressBack}, {after, nil}}},
	})
}
