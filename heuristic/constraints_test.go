package heuristic

import (
	"reflect"
	"strconv"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge"
	"github.com/autoeval/autoeval/trace"
)

// The tests of evidence rule C5, the gate before a success: for each kind of constraint a
// task states, a run that shows it holding stays a success, a run whose screens never
// compare it (or show it broken) is "cannot tell", and words that only look like a
// constraint (inside a name, "in order to", "all-day", "every week", "at once") change
// nothing. Apps and names are this test's own.

const tunebox = "org.example.tunebox"

// alarmListRow is an alarm as clock apps list it: large digits with a small AM/PM beside them.
func alarmListRow(y int, digits, suffix string) []trace.UIElement {
	return []trace.UIElement{
		judgetest.UI{Pkg: clockwork, Text: digits, ID: "digital_clock", Y1: y, Y2: y + 120, X1: 40, X2: 300}.Element(),
		judgetest.UI{Pkg: clockwork, Text: suffix, ID: "am_pm", Y1: y + 40, Y2: y + 110, X1: 310, X2: 400}.Element(),
	}
}

// meridiemPicker is a time picker's dialog: the time, and its AM and PM buttons, one picked.
func meridiemPicker(digits string, am bool) []trace.UIElement {
	return judgetest.Concat(judgetest.Page(clockwork, "Set time"), []trace.UIElement{
		judgetest.UI{Pkg: clockwork, Text: digits, ID: "time_header", Y1: 400, Y2: 560, X1: 100, X2: 600}.Element(),
		judgetest.UI{Pkg: clockwork, Class: "android.widget.RadioButton", Text: "AM", ID: "am_label", Checkable: true, Checked: am, Y1: 400, Y2: 470, X1: 640, X2: 760}.Element(),
		judgetest.UI{Pkg: clockwork, Class: "android.widget.RadioButton", Text: "PM", ID: "pm_label", Checkable: true, Checked: !am, Y1: 490, Y2: 560, X1: 640, X2: 760}.Element(),
	})
}

func alarmList(rows ...[]trace.UIElement) []trace.UIElement {
	return judgetest.Concat(append([][]trace.UIElement{judgetest.Page(clockwork, "Alarms")}, rows...)...)
}

var (
	headerTask     = `Add the line "Status: approved" to the top of the note "Plans" in the Jotter app.`
	playlistTask   = `Create a playlist titled "Night drive" in the Tunebox app with the following songs, in order: Silver Coast, Paper Lanterns`
	alarmTask      = `Set an alarm for 7:30 AM in the Clockwork app.`
	fileHeaderTask = "Edit plans.md in the Jotter app. Add to the top of the note Status: approved"
	replyTask      = `Reply "on my way" to the most recent message in the Chatter app.`
	onceTask       = `Send "see you at eight" to Mira once in the Chatter app.`
	tagAllTask     = `Tag every entry in the Diary app with "Trips".`
	openDueTask    = "What incomplete tasks do I have due November 6 2023 in the Chores app? Answer with the titles only. If there are several, separate them with commas."
	doneDueTask    = "Which tasks have I completed for November 6 2023 in the Chores app? Answer with the titles only. If there are several, separate them with commas."
)

// octTask asks for a day's tasks with the date written out; datedTasks' list writes it
// short ("Oct 12"), a task due the day before between that day's.
const octTask = "What tasks do I have due October 12 2023 in the Chores app? Answer with the titles only. If there are several, separate them with commas."

func datedTasks() []trace.UIElement {
	const chores = "org.example.chores"
	els := judgetest.Page(chores, "My tasks")
	for i, r := range [][2]string{{"Review code", "Oct 12"}, {"Book flights", "Oct 11"}, {"Draft email", "Oct 12"}, {"Organize files", "Oct 9"}} {
		y := 300 + i*180
		els = append(els, judgetest.UI{Pkg: chores, Text: r[0], ID: "task_title", Y1: y, Y2: y + 70, X1: 150, X2: 1000}.Element(),
			judgetest.UI{Pkg: chores, Text: r[1], ID: "task_due", Y1: y + 80, Y2: y + 140, X1: 150, X2: 600}.Element())
	}
	return els
}

// choresWithBoxes is chores' list with a checkbox on each task's row, the one at done
// ticked (none when done < 0).
func choresWithBoxes(done int) []trace.UIElement {
	els := chores(true)
	for i := 0; i < 3; i++ {
		y := 300 + i*180
		els = append(els, judgetest.UI{Pkg: "org.example.chores", Class: "android.widget.CheckBox", Desc: "Complete", ID: "done_box",
			Checkable: true, Checked: i == done, Y1: y, Y2: y + 120, X1: 20, X2: 130}.Element())
	}
	return els
}

// constraintCases are C5's cases, run by TestEvidenceRules: hold, the constraint not
// compared (cannot tell); near misses, the constraint shown holding, or words that state none.
func constraintCases() []ruleCase {
	plans := func(body string, save bool) []trace.UIElement { return docEditor(jotter, "Plans", body, save) }
	playlist := func(songs ...string) []trace.UIElement { return judgetest.Page(tunebox, "Night drive", songs...) }
	agenda := func(rows ...string) []trace.UIElement { return judgetest.Page(diary, "Agenda", rows...) }
	return []ruleCase{
		// Position.
		{rule: "C5", name: "the header on the note's first line", task: headerTask,
			steps: []act{{plans("Budget draft\nVenue list", true), nil}, {plans("Status: approved\nBudget draft\nVenue list", true), tapSaveIcon},
				{plans("Status: approved\nBudget draft\nVenue list", false), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "the header added under the note's text", task: headerTask,
			steps: []act{{plans("Budget draft\nVenue list", true), nil}, {plans("Budget draft\nVenue list\nStatus: approved", true), tapSaveIcon},
				{plans("Budget draft\nVenue list\nStatus: approved", false), nil}}, want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "the header on the note's first line, then moved under its text", task: headerTask,
			steps: []act{{plans("Budget draft\nVenue list", true), nil}, {plans("Status: approved\nBudget draft\nVenue list", true), tapSaveIcon},
				{plans("Budget draft\nVenue list\nStatus: approved", true), tapSaveIcon}, {plans("Budget draft\nVenue list\nStatus: approved", false), nil}}, want: trace.RunCannotTell},
		{rule: "C5", name: "the header on the first line of the named file's editor", task: fileHeaderTask,
			steps: []act{{docEditor(jotter, "plans.md", "Status: approved\nBudget draft", true), tapSaveIcon}, {docEditor(jotter, "plans.md", "Status: approved\nBudget draft", false), nil}},
			want:  trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "the header on the first line of another file's editor", task: fileHeaderTask,
			steps: []act{{judgetest.Page(jotter, "All notes", "plans.md", "plans_old.md"), nil},
				{docEditor(jotter, "plans_old.md", "Status: approved\nBudget draft", true), tapSaveIcon}, {docEditor(jotter, "plans_old.md", "Status: approved\nBudget draft", false), nil}},
			want: trace.RunCannotTell},
		{rule: "C5", name: `"top" inside the note's name`, task: `Create a note named "Top of the list" in the Jotter app with the text "socks and a torch".`,
			steps: []act{{judgetest.Page(jotter, "All notes", "Top of the list", "socks and a torch"), nil}}, want: trace.RunSuccess, cite: "E1"},

		// A day named from today: the result's day shows, today's date never does, so the
		// day is not compared (a saved entry on "tomorrow"'s page, or on today's, is the same
		// page to a judge that does not know today). The date given whole is compared.
		{rule: "C5", hold: true, name: "an entry for tomorrow listed on a day's page", task: `Create an entry titled "Harbour walk" for tomorrow at 14h in the Diary app.`,
			steps: []act{{judgetest.Page(diary, "Monday, October 23", "Harbour walk", "14:00 - 15:00"), nil}}, want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "a task for this Friday listed with its due date", task: `Add a task "Pay rent" due this Friday in the Chores app.`,
			steps: []act{{chores(true), nil}}, want: trace.RunCannotTell},
		{rule: "C5", name: "an entry for a date given whole listed on that day's page", task: `Create an entry titled "Harbour walk" on October 23 2023 at 14h in the Diary app.`,
			steps: []act{{judgetest.Page(diary, "Monday, October 23", "Harbour walk", "14:00 - 15:00"), nil}}, want: trace.RunSuccess, cite: "L1"},

		// Order.
		{rule: "C5", name: "the playlist lists the songs in the task's order", task: playlistTask,
			steps: []act{{playlist("Silver Coast", "Paper Lanterns"), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "the playlist lists the songs in reverse", task: playlistTask,
			steps: []act{{playlist("Paper Lanterns", "Silver Coast"), nil}}, want: trace.RunCannotTell},
		{rule: "C5", hold: true, name: "the songs in order only on a screen that is not the playlist", task: playlistTask,
			steps: []act{{playlist("Paper Lanterns", "Silver Coast"), nil}, {judgetest.Page(tunebox, "Add songs", "Silver Coast", "Paper Lanterns"), nil}}, want: trace.RunCannotTell},
		{rule: "C5", name: `"in order to" states a purpose`, task: `In order to plan the walk, create an entry titled "Harbour walk" in the Diary app.`,
			steps: []act{{agenda("Dentist", "Harbour walk"), nil}}, want: trace.RunSuccess, cite: "L1"},

		// AM or PM.
		{rule: "C5", name: "the alarm's digits with AM beside them", task: alarmTask,
			steps: []act{{alarmList(alarmListRow(300, "6:00", "PM"), alarmListRow(500, "7:30", "AM")), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", name: "the alarm as a 24-hour time", task: alarmTask,
			steps: []act{{alarmList(alarmListRow(300, "07:30", ""), alarmListRow(500, "19:00", "")), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "the alarm's digits with PM beside them, AM on another alarm", task: alarmTask,
			steps: []act{{alarmList(alarmListRow(300, "7:30", "PM"), alarmListRow(500, "6:00", "AM"),
				[]trace.UIElement{judgetest.UI{Pkg: clockwork, Text: "7:30 AM", ID: "label", Y1: 700, Y2: 800, X1: 40, X2: 700}.Element()}), nil},
				{alarmList(alarmListRow(300, "7:30", "PM"), alarmListRow(500, "6:00", "AM")), nil}}, want: trace.RunCannotTell},

		{rule: "C5", hold: true, name: "the alarm listed AM, then PM, then a time picker's AM button beside the time", task: alarmTask,
			steps: []act{{alarmList(alarmListRow(300, "7:30", "AM")), nil}, {alarmList(alarmListRow(300, "7:30", "PM")), nil},
				{meridiemPicker("7:30", false), nil}}, want: trace.RunCannotTell},

		// Which item.
		{rule: "C5", hold: true, name: "a reply, which thread the most recent was never compared", task: replyTask,
			steps: []act{{chatThread("Mira", "", "Are you close?", "on my way"), nil}}, want: trace.RunCannotTell},
		{rule: "C5", name: `"first" inside a quoted name`, task: `Create an entry titled "The first snow" in the Diary app.`,
			steps: []act{{agenda("Dentist", "The first snow"), nil}}, want: trace.RunSuccess, cite: "L1"},

		// How many times.
		{rule: "C5", name: "sent once, the one send counted", task: onceTask,
			steps: []act{{chatThread("Mira", "see you at eight", "Hello"), tapSend}, {chatThread("Mira", "", "Hello", "see you at eight"), nil}}, want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "asked three times, sent twice", task: `Send "see you at eight" to Mira three times in the Chatter app.`,
			steps: []act{{chatThread("Mira", "see you at eight", "Hello"), tapSend}, {chatThread("Mira", "", "Hello", "see you at eight"), nil},
				{chatThread("Mira", "see you at eight", "Hello", "see you at eight"), tapSend}, {chatThread("Mira", "", "Hello", "see you at eight", "see you at eight"), nil}},
			want: trace.RunCannotTell},
		{rule: "C5", name: `"at once" is a when`, task: `Send "see you at eight" to Mira at once in the Chatter app.`,
			steps: []act{{chatThread("Mira", "see you at eight"), tapSend}, {chatThread("Mira", "", "see you at eight"), nil}}, want: trace.RunSuccess, cite: "L1"},

		// Every item.
		{rule: "C5", hold: true, name: "every entry tagged: the entries were not checked one by one", task: tagAllTask,
			steps: []act{{agenda("Dentist", "Trips"), nil}}, want: trace.RunCannotTell},
		{rule: "C5", name: `"all-day" and "every week" ask for no item`, task: `Create an all-day entry titled "Harbour walk" in the Diary app that repeats every week.`,
			steps: []act{{agenda("Dentist", "Harbour walk"), nil}}, want: trace.RunSuccess, cite: "L1"},

		// A mark.
		{rule: "C5", hold: true, name: "incomplete tasks: no mark was compared", task: openDueTask,
			steps: []act{{chores(true), nil}}, answer: "Pay rent, Walk the dog", want: trace.RunCannotTell},
		{rule: "C5", name: "each task answered beside an unticked box", task: openDueTask,
			steps: []act{{choresWithBoxes(-1), nil}}, answer: "Pay rent, Walk the dog", want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "a task answered as incomplete beside a ticked box", task: openDueTask,
			steps: []act{{choresWithBoxes(1), nil}}, answer: "Pay rent, Walk the dog", want: trace.RunCannotTell},
		{rule: "C5", name: "completed tasks: the ticked one answered, the unticked one of that day left out", task: doneDueTask,
			steps: []act{{choresWithBoxes(0), nil}}, answer: "Pay rent", want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", hold: true, name: "completed tasks: an unticked one of that day answered too", task: doneDueTask,
			steps: []act{{choresWithBoxes(0), nil}}, answer: "Pay rent, Walk the dog", want: trace.RunCannotTell},
		{rule: "C5", name: "incomplete tasks: the unticked one answered, the ticked one of that day left out", task: openDueTask,
			steps: []act{{choresWithBoxes(0), nil}}, answer: "Walk the dog", want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", name: "a task due another day answered among that day's, its title shown whole on its own row", task: dueTask,
			steps: []act{{chores(true), nil}}, answer: "Pay rent, Walk the dog, Buy soap", want: trace.RunFailure, cite: "F3"},
		{rule: "C5", name: "a task due the day before answered among that day's, the list dated short", task: octTask,
			steps: []act{{datedTasks(), nil}}, answer: "Review code, Book flights, Draft email", want: trace.RunFailure, cite: "F3"},
		{rule: "C5", name: "that day's tasks answered, the list dated short", task: octTask,
			steps: []act{{datedTasks(), nil}}, answer: "Review code, Draft email", want: trace.RunSuccess, cite: "L1"},
		{rule: "C5", name: "the same question without a mark", task: dueTask,
			steps: []act{{chores(true), nil}}, answer: "Pay rent, Walk the dog", want: trace.RunSuccess, cite: "E7"},

		// A role.
		{rule: "C5", hold: true, name: "a record's description saved in its directions field", task: "Add the following recipe into the Cookbook app:\nTitle: Lentil soup\ndescription: A warm winter dish\ndirections: Simmer the lentils",
			steps: []act{{formScreen("org.example.cookbook", "New recipe", field{"Title", "Lentil soup"}, field{"Description", "Simmer the lentils"}, field{"Directions", "A warm winter dish"}), tapSave},
				{judgetest.Page("org.example.cookbook", "Recipes", "Lentil soup"), nil}}, want: trace.RunCannotTell},
		{rule: "C5", name: "each of a record's values saved in its own field", task: "Add the following recipe into the Cookbook app:\nTitle: Lentil soup\ndescription: A warm winter dish\ndirections: Simmer the lentils",
			steps: []act{{formScreen("org.example.cookbook", "New recipe", field{"Title", "Lentil soup"}, field{"Description", "A warm winter dish"}, field{"Directions", "Simmer the lentils"}), tapSave},
				{judgetest.Page("org.example.cookbook", "Recipes", "Lentil soup"), nil}}, want: trace.RunSuccess, cite: "L1"},
	}
}

// TestConstraintRecogniser: the kinds read from a task's words, and none from words that
// only look like one.
func TestConstraintRecogniser(t *testing.T) {
	for _, c := range []struct {
		task string
		want []string
	}{
		{headerTask, []string{conPosition}},
		{"At the end of the note, add Status: approved.", []string{conPosition}},
		{playlistTask, []string{conOrder}},
		{"Add the songs Moonrise followed by Low Tide to the queue.", []string{conOrder}},
		{alarmTask, []string{conMeridiem}},
		{"Set an alarm for 6 pm.", []string{conMeridiem}},
		{replyTask, []string{conSelection}},
		{"Open the oldest note and delete it.", []string{conSelection}},
		{"Delete the one with the red label.", []string{conSelection}},
		{onceTask, []string{conCount}},
		{"Take exactly three photos.", []string{conCount}},
		{tagAllTask, []string{conEvery}},
		{"Delete all expenses in the Ledger app.", []string{conEvery}},
		{openDueTask, []string{conMark}},
		{"How many tasks that are not done are left?", []string{conMark}},
		{`Create a note with "Buy milk" as the title.`, []string{conRole}},
		// Near misses of the recogniser.
		{`Create a note named "Top of the list" with the text "first things first".`, nil},
		{"Open example.org/top in Chrome.", nil},
		{"In order to save space, delete the file notes.txt.", nil},
		{`Create an all-day entry titled "Harbour walk".`, nil},
		{`Create an entry titled "Gym" that repeats every week.`, nil},
		{`Send "see you" to Mira at once.`, nil},
		{"Once the app opens, turn on Wi-Fi.", nil},
		{"Create a contact with the first name Odile and the last name Brandt.", nil},
		{"Set a reminder at the end of the day.", nil},
		{"Create a timer for 7 minutes and 30 seconds.", nil},
		{"What is the distance in meters? Express your answer as just a single number.", nil},
		{"Clear any pop-ups that may appear by granting all permissions that are required.", nil},
		{"Create an event at 17:30 titled Standup.", nil},
		{"Do not start the timer once it is set.", nil},
		{"Create a recurring event titled Choir that repeats weekly, each occurrence lasting an hour.", nil},
		// A position on the screen locates what to read or tap, not where the result's text
		// goes; putting something there is a result position still.
		{"Follow the instructions shown on the top of the screen: open the settings.", nil},
		{"Read the code at the bottom of your home screen and type it in the note Codes.", nil},
		{"Tap the button at the top right, then turn on dark mode.", nil},
		{"Open the menu in the top-left corner and choose Archive.", nil},
		{"Scroll to the end of the Settings page and open About phone.", nil},
		{"Add the header Status at the top of the note.", []string{conPosition}},
		{"Add a line Done to the end of the page in the Notes app.", []string{conPosition}},
		{"Move the Clock icon to the top of the home screen.", []string{conPosition}},
		{"Write Summary on the first line of the page.", []string{conPosition}},
		{"Add the header Status at the top of the page.", []string{conPosition}},
		// A question's times bound what it asks about; a question may still ask for a time set.
		{"Do I have any events between 4:15pm and 8pm on October 15 in Simple Calendar Pro? Answer with the titles only.", nil},
		{"Which meetings do I have from 9am to 5pm tomorrow?", []string{conDay}},
		{"How many alarms are set after 6 pm?", nil},
		{"What is on my calendar 9am-11am on Friday?", nil},
		// A day named from today is a constraint of an instruction and of a question (whose
		// weekday alone would find any such day's items). A date given whole is a value, no
		// such constraint.
		{"Do I have any events the Tuesday after next in Simple Calendar Pro? Answer with the titles only.", []string{conDay}},
		{"What tasks are due next Friday?", []string{conDay}},
		{"Create an event for tomorrow titled Standup.", []string{conDay}},
		{"Create an event for this Thursday at 14h titled Dentist.", []string{conDay}},
		{"Create an event in two weeks from today at 9h titled Visa.", []string{conDay}},
		{"Move the meeting to next week.", []string{conDay}},
		{"Create an event on October 19 2023 at 14h titled Dentist.", nil},
		{`Create a note titled "Tomorrow's plan".`, nil},
		{"Set an alarm for 7:30 AM.", []string{conMeridiem}},
		{"Could you set an alarm for 7:30 AM?", []string{conMeridiem}},
		{"Create an event from 9am to 5pm titled Offsite.", []string{conMeridiem, conMeridiem}},
	} {
		var got []string
		for _, k := range taskConstraints(c.task) {
			got = append(got, k.Kind)
		}
		if !reflect.DeepEqual(got, c.want) {
			t.Errorf("%q: constraints %v, want %v", c.task, got, c.want)
		}
	}
}

// TestOrderedItems: the items an order phrase orders, and the name of what holds them.
func TestOrderedItems(t *testing.T) {
	cons := taskConstraints(playlistTask)
	if len(cons) != 1 || valueList(cons[0].Values) != `"Silver Coast", "Paper Lanterns"` || cons[0].Container == nil || cons[0].Container.Text != "Night drive" {
		t.Fatalf("read %+v", cons)
	}
	cons = taskConstraints(`Add "Moonrise", "Low Tide" and "Harbour" to the queue, in this order.`)
	if len(cons) != 1 || valueList(cons[0].Values) != `"Moonrise", "Low Tide", "Harbour"` {
		t.Fatalf("read %+v", cons)
	}
	// A title with "in the" in it is an item, not where the items go; the destination
	// follows the last item.
	for task, want := range map[string]string{
		`Create a playlist in the Tunebox app titled "Dusk" with the following songs, in order: Silver Coast, Lost in the Echo, Paper Lanterns. Then share it.`: `"Silver Coast", "Lost in the Echo", "Paper Lanterns"`,
		"Add the following songs, in order, Silver Coast, Lost in the Echo, Paper Lanterns to my queue in the Tunebox app.":                                     `"Silver Coast", "Lost in the Echo", "Paper Lanterns"`,
	} {
		if cons := taskConstraints(task); len(cons) != 1 || valueList(cons[0].Values) != want {
			t.Errorf("%q: read %+v, want %s", task, cons, want)
		}
	}
	// Two playlists, each "in order": the same words, other items, two constraints.
	cons = taskConstraints(`Create a playlist titled "Night drive" in the Tunebox app with the following files, in order: coast.mp4, lanterns.mp4. And then, create a playlist titled "Dawn" with the following files, in order: harbour.mp4, rooftop.mp4.`)
	var got []string
	for _, c := range cons {
		in := ""
		if c.Container != nil {
			in = c.Container.Text
		}
		got = append(got, valueList(c.Values)+" in "+strconv.Quote(in))
	}
	if want := []string{`"coast.mp4", "lanterns.mp4" in "Night drive"`, `"harbour.mp4", "rooftop.mp4" in "Dawn"`}; !reflect.DeepEqual(got, want) {
		t.Fatalf("read %q, want %q", got, want)
	}
}

// A time's AM or PM is compared on every frame the reasoner reads: its patterns are
// compiled once, as the task is read, not again for each screen (a compile is some fifty
// allocations).
func TestMeridiemComparedWithoutCompiling(t *testing.T) {
	c := taskConstraints(alarmTask)[0]
	sc := &judge.Screen{Package: clockwork, Elements: []judge.Element{{Package: clockwork, Text: "Alarms", HasBounds: true, Y2: 100, X2: 500}}}
	if n := testing.AllocsPerRun(10, func() { c.observe(sc, "") }); n > 5 {
		t.Fatalf("%s compared on a screen with %.0f allocations", c.Phrase, n)
	}
}

// The reasoner reads the task's constraints once, also when it states none (most tasks):
// each frame then compares what was read.
func TestConstraintsReadOncePerTask(t *testing.T) {
	sc := &judge.Screen{Package: clockwork, Elements: []judge.Element{{Package: clockwork, Text: "Alarms", HasBounds: true, Y2: 100, X2: 500}}}
	for _, task := range []string{"Open the Clockwork app.", alarmTask} {
		h := &reasoner{}
		in := judge.ReasonInput{Task: task, Screen: sc, Frame: 1}
		h.observeConstraints(in)
		if n := testing.AllocsPerRun(10, func() { h.observeConstraints(in) }); n > 5 {
			t.Errorf("%q: a frame read with %.0f allocations", task, n)
		}
	}
}
