package heuristic

import (
	"fmt"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/judge/evidence"
	"github.com/autoeval/autoeval/trace"
)

// Every evidence rule (package judge/evidence, the text the model judge reads too) has
// synthetic runs here: at least one where the rule applies and the heuristic cites it, and a
// near miss that must come out otherwise. The runs are built as uiautomator dumps of real
// apps look (resource ids, classes, editable and checked flags, packages), in apps and words
// of this test's own. TestEveryRuleHasCases fails when a rule of the table has no case of
// either kind, so the heuristic and the prompt cannot drift apart unnoticed.

const (
	diary     = "org.example.diary"
	ledger    = "org.example.ledger"
	choresPkg = "org.example.chores"
	jotter    = "org.example.jotter"
	book      = "org.example.phonebook"
	chatter   = "org.example.chatter"
	settings  = "org.example.settings"
	launcher  = "org.example.launcher"
)

// docEditor is a note editor: a toolbar with the note's name (and a save icon when asked),
// and the note's body in one large text field.
func docEditor(pkg, name, body string, saveIcon bool, extra ...trace.UIElement) []trace.UIElement {
	els := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: pkg, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: pkg, Class: "android.widget.ImageButton", Desc: "Navigate up", Y1: 140, Y2: 250, X1: 0, X2: 140}.Element(),
		judgetest.UI{Pkg: pkg, Text: name, ID: "toolbar_title", Y1: 150, Y2: 230, X1: 160, X2: 700}.Element(),
	})
	if saveIcon {
		els = append(els, judgetest.UI{Pkg: pkg, Class: "android.widget.ImageButton", Desc: "Save", ID: "action_save", Y1: 140, Y2: 250, X1: 920, X2: 1040}.Element())
	}
	els = append(els, judgetest.UI{Pkg: pkg, Class: "android.widget.EditText", Text: body, ID: "note_body", Editable: true, Y1: 300, Y2: 2200, X1: 0, X2: 1080}.Element())
	return append(els, extra...)
}

var tapSaveIcon = judgetest.TapOn(920, 140, 1040, 250)

// chatThread is a conversation with a compose box holding draft and a send button.
func chatThread(title, draft string, lines ...string) []trace.UIElement {
	return judgetest.Concat(judgetest.Page(chatter, title, lines...), []trace.UIElement{
		judgetest.UI{Pkg: chatter, Class: "android.widget.EditText", Text: draft, Hint: "Message", ID: "compose", Editable: true, Y1: 2150, Y2: 2280, X1: 0, X2: 900}.Element(),
		judgetest.UI{Pkg: chatter, Class: "android.widget.ImageButton", Desc: "Send", ID: "send_button", Y1: 2150, Y2: 2280, X1: 920, X2: 1060}.Element(),
	})
}

const clockwork = "org.example.clockwork"

// clockTabs is the clock app's bottom navigation, the tab named selected.
func clockTabs(selected string) []trace.UIElement {
	var out []trace.UIElement
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch"} {
		e := judgetest.UI{Pkg: clockwork, Text: t, ID: "tab_label", Y1: 2250, Y2: 2350, X1: i * 270, X2: i*270 + 260}.Element()
		e.IsSelected = t == selected
		out = append(out, e)
	}
	return out
}

// stopwatch is the stopwatch page: its time, its round button (the first control named)
// and the button beside it (the second, when given).
func stopwatch(time string, controls ...string) []trace.UIElement {
	els := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: clockwork, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: clockwork, Text: time, ID: "stopwatch_time_text", Y1: 700, Y2: 900, X1: 200, X2: 880}.Element(),
		judgetest.UI{Pkg: clockwork, Class: "android.widget.ImageButton", Desc: controls[0], ID: "fab", Y1: 1900, Y2: 2100, X1: 440, X2: 640}.Element(),
	}, clockTabs("Stopwatch"))
	if len(controls) > 1 {
		els = append(els, judgetest.UI{Pkg: clockwork, Class: "android.widget.Button", Text: controls[1], ID: "left_button", Y1: 1950, Y2: 2050, X1: 100, X2: 350}.Element())
	}
	return els
}

var tapFab = judgetest.TapOn(440, 1900, 640, 2100)

// timerEntry is the timer's setup page: the duration typed on its keypad and Start.
func timerEntry(duration string) []trace.UIElement {
	els := judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: clockwork, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: clockwork, Text: duration, ID: "timer_setup_time", Y1: 400, Y2: 560, X1: 150, X2: 930}.Element(),
	}, clockTabs("Timer"))
	for d := 0; d <= 9; d++ {
		y := 700 + (d/3)*250
		els = append(els, judgetest.UI{Pkg: clockwork, Class: "android.widget.Button", Text: fmt.Sprint(d), ID: fmt.Sprintf("timer_setup_digit_%d", d), Y1: y, Y2: y + 200, X1: (d % 3) * 330, X2: (d%3)*330 + 300}.Element())
	}
	return append(els, judgetest.UI{Pkg: clockwork, Class: "android.widget.ImageButton", Desc: "Start", ID: "fab", Y1: 1900, Y2: 2100, X1: 440, X2: 640}.Element())
}

// timerRunning is a timer counting down: its time left, Pause, and the buttons beside it.
func timerRunning(left string) []trace.UIElement {
	return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: clockwork, Class: "android.widget.FrameLayout", Y1: 120, Y2: judgetest.ScreenH}.Element(),
		judgetest.UI{Pkg: clockwork, Text: left, ID: "timer_time_text", Y1: 700, Y2: 900, X1: 200, X2: 880}.Element(),
		judgetest.UI{Pkg: clockwork, Class: "android.widget.Button", Text: "Delete", ID: "reset_add", Y1: 1950, Y2: 2050, X1: 100, X2: 350}.Element(),
		judgetest.UI{Pkg: clockwork, Class: "android.widget.ImageButton", Desc: "Pause", ID: "fab", Y1: 1900, Y2: 2100, X1: 440, X2: 640}.Element(),
		judgetest.UI{Pkg: clockwork, Class: "android.widget.Button", Text: "+1:00", ID: "timer_add_time", Y1: 1950, Y2: 2050, X1: 730, X2: 980}.Element(),
	}, clockTabs("Timer"))
}

// newFileDialog is a new-file dialog over a file list: the name and extension fields, side
// by side, and Cancel and OK.
func newFileDialog(name, ext string) []trace.UIElement {
	return judgetest.Concat(dialog(jotter, "Create a new file", "Cancel", "OK"), []trace.UIElement{
		judgetest.UI{Pkg: jotter, Class: "android.widget.EditText", Text: name, Hint: "Name", ID: "new_file_name", Editable: true, Y1: 1120, Y2: 1220, X1: 120, X2: 700}.Element(),
		judgetest.UI{Pkg: jotter, Class: "android.widget.EditText", Text: ext, Hint: "Extension", ID: "new_file_ext", Editable: true, Y1: 1120, Y2: 1220, X1: 720, X2: 960}.Element(),
	})
}

// eventForm is the diary's event editor: its title field, and the date and time its
// pickers set, shown as text.
func eventForm(title, date, time string) []trace.UIElement {
	return judgetest.Concat(formScreen(diary, "New event", field{"Title", title}), []trace.UIElement{
		judgetest.UI{Pkg: diary, Text: date, ID: "event_start_date", Y1: 700, Y2: 800, X1: 40, X2: 700}.Element(),
		judgetest.UI{Pkg: diary, Text: time, ID: "event_start_time", Y1: 700, Y2: 800, X1: 760, X2: 1040}.Element(),
	})
}

// quizTask is a page that sets a puzzle and judges the answer itself, as AndroidWorld's
// browser tasks do; quizPage is that page with its lines.
const quizTask = "Open the quiz in the Quizzer app, add the two numbers it shows and submit their sum."

func quizPage(lines ...string) []trace.UIElement {
	return judgetest.Page("org.example.quizzer", "Quiz", lines...)
}

// smsThread is a conversation whose send control shows its mode ("SMS") and says what it
// does in its description.
func smsThread(title, draft string) []trace.UIElement {
	return judgetest.Concat(judgetest.Page(chatter, title), []trace.UIElement{
		judgetest.UI{Pkg: chatter, Class: "android.widget.EditText", Text: draft, Hint: "Type a message", ID: "type_message", Editable: true, Y1: 2150, Y2: 2280, X1: 0, X2: 900}.Element(),
		judgetest.UI{Pkg: chatter, Text: "SMS", Desc: "Send", ID: "send_message", Y1: 2150, Y2: 2280, X1: 920, X2: 1060}.Element(),
	})
}

// clipboardOverlay is the system's preview of what was just copied, as AOSP's clipboard
// overlay lays it out: the text, its edit and share chips and a dismiss button.
func clipboardOverlay(text string) []trace.UIElement {
	const sys = "com.android.systemui"
	return []trace.UIElement{
		judgetest.UI{Pkg: sys, Class: "android.widget.ImageView", Desc: "Dismiss", ID: "dismiss_button", Y1: 1880, Y2: 1960, X1: 640, X2: 720}.Element(),
		judgetest.UI{Pkg: sys, Text: text, ID: "text_preview", Y1: 1920, Y2: 2150, X1: 60, X2: 680}.Element(),
		judgetest.UI{Pkg: sys, Class: "android.widget.ImageView", Desc: "Edit", ID: "edit_chip", Y1: 2170, Y2: 2280, X1: 60, X2: 200}.Element(),
		judgetest.UI{Pkg: sys, Class: "android.widget.ImageView", Desc: "Share", ID: "share_chip", Y1: 2170, Y2: 2280, X1: 220, X2: 360}.Element(),
	}
}

// snapshotApp is a camera app's viewfinder.
func snapshotApp() []trace.UIElement {
	const cam = "org.example.snapshot"
	return judgetest.Concat(judgetest.StatusBar(), []trace.UIElement{
		judgetest.UI{Pkg: cam, Class: "android.view.View", Desc: "Viewfinder", ID: "preview", Y1: 120, Y2: 1900}.Element(),
		judgetest.UI{Pkg: cam, Class: "android.widget.ImageButton", Desc: "Take photo", ID: "shutter", Y1: 2000, Y2: 2200, X1: 440, X2: 640}.Element(),
		judgetest.UI{Pkg: cam, Class: "android.widget.ImageButton", Desc: "Switch camera", ID: "switch_camera", Y1: 2030, Y2: 2170, X1: 800, X2: 940}.Element(),
	})
}

// permissionPrompt is the system's permission request over an app, from the permission
// controller.
func permissionPrompt(app string) []trace.UIElement {
	const pc = "com.android.permissioncontroller"
	return []trace.UIElement{
		judgetest.UI{Pkg: pc, Text: "Allow " + app + " to take pictures and record video?", ID: "permission_message", Y1: 1100, Y2: 1300, X1: 80, X2: 1000}.Element(),
		judgetest.UI{Pkg: pc, Class: "android.widget.Button", Text: "While using the app", ID: "permission_allow_foreground_only_button", Y1: 1500, Y2: 1600, X1: 80, X2: 1000}.Element(),
		judgetest.UI{Pkg: pc, Class: "android.widget.Button", Text: "Only this time", ID: "permission_allow_one_time_button", Y1: 1620, Y2: 1720, X1: 80, X2: 1000}.Element(),
		judgetest.UI{Pkg: pc, Class: "android.widget.Button", Text: "Don't allow", ID: "permission_deny_button", Y1: 1740, Y2: 1840, X1: 80, X2: 1000}.Element(),
	}
}

// conversations is the chat app's list of threads: Mira's row with its last message and,
// at its right, the mark given (a time, or "Draft"), and Tom's row.
func conversations(mark string) []trace.UIElement {
	return judgetest.Concat(judgetest.Page(chatter, "Chats"), []trace.UIElement{
		judgetest.UI{Pkg: chatter, Text: "Mira", ID: "conversation_address", Y1: 300, Y2: 380, X1: 160, X2: 800}.Element(),
		judgetest.UI{Pkg: chatter, Text: mark, ID: "conversation_date", Y1: 300, Y2: 380, X1: 820, X2: 1040}.Element(),
		judgetest.UI{Pkg: chatter, Text: "see you at eight", ID: "conversation_body_short", Y1: 380, Y2: 450, X1: 160, X2: 1040}.Element(),
		judgetest.UI{Pkg: chatter, Text: "Tom", ID: "conversation_address", Y1: 500, Y2: 580, X1: 160, X2: 800}.Element(),
		judgetest.UI{Pkg: chatter, Text: "Yesterday", ID: "conversation_date", Y1: 500, Y2: 580, X1: 820, X2: 1040}.Element(),
		judgetest.UI{Pkg: chatter, Text: "ok", ID: "conversation_body_short", Y1: 580, Y2: 650, X1: 160, X2: 1040}.Element(),
	})
}

// fileRow is a row of a file list: its kind as the app describes it ("File", "Folder")
// and its name.
type fileRow struct{ kind, name string }

// fileList is a file manager's list: each row's container describes the row ("File
// notes.md 10/15/2023") and its title shows the name.
func fileList(rows ...fileRow) []trace.UIElement {
	els := judgetest.Page(jotter, "Jotter")
	for i, r := range rows {
		y := 300 + i*150
		els = append(els,
			judgetest.UI{Pkg: jotter, Class: "android.widget.LinearLayout", Desc: r.kind + " " + r.name + " 10/15/2023", ID: "item_root", Y1: y, Y2: y + 140}.Element(),
			judgetest.UI{Pkg: jotter, Text: r.name, ID: "item_title", Y1: y + 10, Y2: y + 80, X1: 150, X2: 900}.Element())
	}
	return els
}

// activities is a fitness app's list: each row's name and duration on one line, its date
// and distance on the next, and an icon naming its kind.
func activities() []trace.UIElement {
	const trail = "org.example.trailbook"
	els := judgetest.Page(trail, "Trailbook")
	for i, r := range [][5]string{{"Evening loop", "0:45:00", "11/04/2023", "Running", "7.1 km"}, {"Hill ride", "1:12:05", "11/03/2023", "Cycling", "31.0 km"},
		{"Commute", "0:22:40", "11/02/2023", "Cycling", "8.4 km"}} {
		y := 300 + i*220
		els = append(els,
			judgetest.UI{Pkg: trail, Text: r[0], ID: "activity_name", Y1: y, Y2: y + 60, X1: 180, X2: 800}.Element(),
			judgetest.UI{Pkg: trail, Text: r[1], ID: "activity_time", Y1: y, Y2: y + 60, X1: 800, X2: 1050}.Element(),
			judgetest.UI{Pkg: trail, Class: "android.widget.ImageView", Desc: r[3], ID: "activity_icon", Y1: y + 20, Y2: y + 140, X1: 30, X2: 150}.Element(),
			judgetest.UI{Pkg: trail, Text: r[2], ID: "activity_date", Y1: y + 70, Y2: y + 120, X1: 180, X2: 600}.Element(),
			judgetest.UI{Pkg: trail, Text: r[4], ID: "activity_distance", Y1: y + 70, Y2: y + 120, X1: 800, X2: 1050}.Element())
	}
	return els
}

// chores is a task list: each task's title, and under it its due date when the rows are
// not compact.
func chores(dates bool) []trace.UIElement {
	const chores = "org.example.chores"
	els := judgetest.Page(chores, "My tasks")
	for i, r := range [][2]string{{"Pay rent", "Mon, Nov 6"}, {"Walk the dog", "Mon, Nov 6"}, {"Buy soap", "Tue, Nov 7"}} {
		y := 300 + i*180
		els = append(els, judgetest.UI{Pkg: chores, Text: r[0], ID: "task_title", Y1: y, Y2: y + 70, X1: 150, X2: 1000}.Element())
		if dates {
			els = append(els, judgetest.UI{Pkg: chores, Text: r[1], ID: "task_due", Y1: y + 80, Y2: y + 140, X1: 150, X2: 600}.Element())
		}
	}
	return els
}

// noteList is a notes app's list where to-dos carry a checkbox before their title.
func noteList() []trace.UIElement {
	els := judgetest.Page(jotter, "All notes")
	for i, r := range []struct {
		title string
		todo  bool
	}{{"Groceries", false}, {"Packing", true}, {"Ideas", false}} {
		y := 300 + i*150
		if r.todo {
			els = append(els, judgetest.UI{Pkg: jotter, Class: "android.widget.CheckBox", Checkable: true, ID: "note_checkbox", Y1: y, Y2: y + 120, X1: 20, X2: 120}.Element())
		}
		els = append(els, judgetest.UI{Pkg: jotter, Text: r.title, ID: "note_title", Y1: y, Y2: y + 120, X1: 140, X2: 1000}.Element())
	}
	return els
}

// brightnessPanel is a display settings page with its brightness slider (a seek bar
// whose element holds no value) and, when given, the level written under its name.
func brightnessPanel(level string) []trace.UIElement {
	els := judgetest.Concat(judgetest.Page(settings, "Display"), []trace.UIElement{
		judgetest.UI{Pkg: settings, Text: "Brightness level", ID: "title", Y1: 400, Y2: 470, X1: 60, X2: 800}.Element(),
	})
	if level != "" {
		els = append(els, judgetest.UI{Pkg: settings, Text: level, ID: "summary", Y1: 480, Y2: 540, X1: 60, X2: 800}.Element())
	}
	return append(els, judgetest.UI{Pkg: settings, Class: "android.widget.SeekBar", Text: "Screen brightness", ID: "slider", Y1: 600, Y2: 720, X1: 40, X2: 1040}.Element())
}

// emptyThread is a conversation whose message list shows nothing: the list view alone,
// as AndroidWorld's elements give an empty list (a leaf), and the compose box.
func emptyThread(title string) []trace.UIElement {
	return judgetest.Concat(chatThread(title, ""), []trace.UIElement{
		judgetest.UI{Pkg: chatter, Class: "androidx.recyclerview.widget.RecyclerView", ID: "thread_messages", Y1: 250, Y2: 2100}.Element()})
}

var (
	sendTask = `Send "see you at eight" to Mira in the Chatter app.`
	tapSend  = judgetest.TapOn(920, 2150, 1060, 2280)
)

// contactForm is the phonebook's form with a first, middle (when given) and last name.
func contactForm(first, middle, last, phone string) []trace.UIElement {
	fields := []field{{"First name", first}}
	if middle != "" {
		fields = append(fields, field{"Middle name", middle})
	}
	fields = append(fields, field{"Last name", last}, field{"Phone", phone})
	return formScreen(book, "Create contact", fields...)
}

// timePicker is the platform's time picker dialog over a screen: the hour and minute
// headers, the clock face's hours and its Cancel and OK buttons.
func timePicker(under []trace.UIElement) []trace.UIElement {
	pick := []trace.UIElement{
		judgetest.UI{Pkg: diary, Text: "10", ID: "android:id/hours", Y1: 700, Y2: 820, X1: 300, X2: 450}.Element(),
		judgetest.UI{Pkg: diary, Text: "00", ID: "android:id/minutes", Y1: 700, Y2: 820, X1: 480, X2: 630}.Element(),
		judgetest.UI{Pkg: diary, Text: "AM", ID: "android:id/am_label", Class: "android.widget.CheckedTextView", Y1: 700, Y2: 760, X1: 660, X2: 760}.Element(),
		judgetest.UI{Pkg: diary, Class: "android.widget.Button", Text: "Cancel", ID: "android:id/button2", Y1: 1500, Y2: 1600, X1: 400, X2: 650}.Element(),
		judgetest.UI{Pkg: diary, Class: "android.widget.Button", Text: "OK", ID: "android:id/button1", Y1: 1500, Y2: 1600, X1: 700, X2: 950}.Element(),
	}
	for h := 1; h <= 12; h++ {
		pick = append(pick, judgetest.UI{Pkg: diary, Class: "android.widget.RadialTimePickerView$RadialPickerTouchHelper", Desc: fmt.Sprint(h),
			Y1: 900 + h*30, Y2: 960 + h*30, X1: 200 + h*40, X2: 260 + h*40}.Element())
	}
	return judgetest.Concat(under, pick)
}

var tapPickerOK = judgetest.TapOn(700, 1500, 950, 1600)

// rowOf puts texts side by side on one row at y.
func rowOf(pkg string, y int, texts ...string) []trace.UIElement {
	var out []trace.UIElement
	for i, t := range texts {
		out = append(out, judgetest.UI{Pkg: pkg, Text: t, ID: "header_part", Y1: y, Y2: y + 100, X1: 40 + i*330, X2: 40 + i*330 + 300}.Element())
	}
	return out
}

type ruleCase struct {
	rule  string // the rule the case is about
	hold  bool   // the rule applies (and is cited); false: a near miss
	name  string
	task  string
	steps []act
	// status is the trace's status (completed unless given); answer the agent's answer.
	status, answer string
	// want is the run's verdict; cite a rule the judgment must cite (the case's rule when
	// it holds, unless given).
	want, cite string
}

var (
	entryTask    = `Create an entry titled "Harbour walk" in the Diary app.`
	noteTask     = `Create a note named "Packing list" in the Jotter app with the text "socks and a torch".`
	contactTask  = "Create a contact for Odile Brandt in the Phonebook app. Their number is +14155550199."
	deleteTask   = "Delete the entry Zoo trip from the Agenda in the Diary app."
	moveTask     = "In the Jotter app, move the note trip_plan.txt from Drafts to Archive."
	fileTask     = `Create a note named packing.md in the Jotter app with the text "socks and a torch".`
	eventTask    = `Create an entry titled "Harbour walk" on October 22 at 14:00 in the Diary app.`
	clipTask     = "Copy the following text to the clipboard: Gate 7 at noon"
	folderTask   = "Create a new folder in the Jotter app named trips."
	durationTask = "How long was my cycling activity on November 3 2023 in the Trailbook app? Express your answer in minutes as a single integer."
	dueTask      = "What tasks do I have due November 6 2023 in the Chores app? Answer with the titles only. If there are several, separate them with commas."
	todoTask     = "Is the note titled 'Packing' in the Jotter app marked as a todo item? Respond with either 'True' if it is a todo or 'False' if not."
	runTask      = "Run the stopwatch in the Clockwork app."
	pauseTask    = "Pause the stopwatch in the Clockwork app."
	timerTask    = "Create a timer for 25 minutes and 30 seconds in the Clockwork app. Do not start the timer."
	draftTask    = "Go to the new contact screen in the Phonebook app and enter the following details: First Name: Odile, Last Name: Brandt, Phone: +14155550199. Do NOT hit save."
	pressHome    = &trace.Action{Type: "key", Text: "home"}
)

func ruleCases() []ruleCase {
	agenda := func(rows ...string) []trace.UIElement { return judgetest.Page(diary, "Agenda", rows...) }
	entryForm := func(title string) []trace.UIElement { return formScreen(diary, "New entry", field{"Title", title}) }
	notes := judgetest.Page(jotter, "All notes", "Packing list", "Groceries")
	drafts := func(rows ...string) []trace.UIElement { return judgetest.Page(jotter, "Drafts", rows...) }
	archive := func(rows ...string) []trace.UIElement { return judgetest.Page(jotter, "Archive", rows...) }
	detail := judgetest.Page(book, "Contact", "Odile", "Brandt", "+1 415-555-0199")
	home := judgetest.Page(launcher, "", "Jotter", "Diary", "Clock")
	radio := func(on bool) []trace.UIElement {
		return judgetest.Concat(judgetest.Page(settings, "Connections"), settingsRow(settings, "Radio silence", 400, on))
	}
	withText := func(els []trace.UIElement, pkg, text, id string) []trace.UIElement {
		return judgetest.Concat(els, []trace.UIElement{judgetest.UI{Pkg: pkg, Text: text, ID: id, Y1: 2200, Y2: 2300}.Element()})
	}
	return append([]ruleCase{
		// E1: the app's own content shows the effect.
		{rule: "E1", hold: true, name: "the entry listed", task: entryTask, steps: []act{{agenda("Dentist", "Harbour walk"), nil}}, want: trace.RunSuccess},
		{rule: "E1", name: "another entry listed", task: entryTask, steps: []act{{agenda("Dentist", "Harbour walks"), nil}}, want: trace.RunFailure, cite: "F4"},

		// E2: text in a field counts once the app committed it.
		{rule: "E2", hold: true, name: "a document editor left with back saves as it is left", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), pressBack}, {notes, nil}}, want: trace.RunSuccess},
		{rule: "E2", hold: true, name: "a save the app confirms, the editor still open", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), tapSaveIcon},
				{withText(docEditor(jotter, "Packing list", "socks and a torch", true), jotter, "Note saved", "snackbar_text"), nil}}, want: trace.RunSuccess},
		{rule: "E2", hold: true, name: "a save whose control then goes away, the editor still open", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), tapSaveIcon}, {docEditor(jotter, "Packing list", "socks and a torch", false), nil}}, want: trace.RunSuccess},
		{rule: "E2", hold: true, name: "a document editor's save control tapped, the editor unchanged and nothing said", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), tapSaveIcon}, {docEditor(jotter, "Packing list", "socks and a torch", true), nil}},
			want:  trace.RunSuccess},
		{rule: "E2", hold: true, name: "the date and time an event form's pickers set count with its saved title", task: eventTask,
			steps: []act{{eventForm("Harbour walk", "October 22, 2023", "14:00"), tapSave}, {judgetest.Page(diary, "October 2023"), nil}}, want: trace.RunSuccess},
		{rule: "E2", name: "the event saved with another time", task: eventTask,
			steps: []act{{eventForm("Harbour walk", "October 22, 2023", "15:00"), tapSave}, {judgetest.Page(diary, "October 2023"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E2", name: "a form's save tapped and nothing changed on screen", task: entryTask,
			steps: []act{{entryForm("Harbour walk"), tapSave}, {entryForm("Harbour walk"), nil}},
			want:  trace.RunCannotTell, cite: "C2"},
		{rule: "E2", name: "a time picker's OK over the form, then the recording ends on the form's save", task: entryTask,
			steps: []act{{entryForm("Harbour walk"), judgetest.TapOn(40, 600, 1040, 750)}, {timePicker(entryForm("Harbour walk")), tapPickerOK},
				{entryForm("Harbour walk"), tapSave}},
			want: trace.RunCannotTell, cite: "C2"},
		{rule: "E2", name: "a message's compose box left with back is a draft, not sent", task: `Send "see you at eight" to Mira in the Chatter app.`,
			steps: []act{{chatThread("Mira", "see you at eight", "Hello"), pressBack}, {judgetest.Page(chatter, "Chats", "Mira", "Tom"), nil}}, want: trace.RunFailure, cite: "F2"},
		{rule: "E2", name: "a document editor left with a discard", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), pressBack},
				{dialog(jotter, "Discard changes?", "Keep editing", "Discard"), tapDialogRight}, {notes, nil}}, want: trace.RunFailure, cite: "F2"},

		// E3: a value assembled from adjacent fields of one committed form, or one row.
		{rule: "E3", hold: true, name: "first and last name of one saved form", task: contactTask,
			steps: []act{{contactForm("Odile", "", "Brandt", "+1 415-555-0199"), tapSave}, {detail, nil}}, want: trace.RunSuccess},
		{rule: "E3", hold: true, name: "first and last name side by side on one row", task: contactTask,
			steps: []act{{judgetest.Concat(judgetest.Page(book, "Contact", "+1 415-555-0199"), rowOf(book, 900, "Odile", "Brandt")), nil}}, want: trace.RunSuccess},
		{rule: "E3", name: "a middle name between them", task: contactTask,
			steps: []act{{contactForm("Odile", "Marie", "Brandt", "+1 415-555-0199"), tapSave}, {detail, nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E3", name: "the two names in two forms", task: contactTask,
			steps: []act{{formScreen(book, "Create contact", field{"First name", "Odile"}, field{"Phone", "+1 415-555-0199"}), tapSave}, {detail, nil},
				{formScreen(book, "Edit contact", field{"Last name", "Brandt"}), tapSave}, {judgetest.Page(book, "Contact", "Brandt"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E3", name: "the names on two rows", task: contactTask,
			steps: []act{{detail, nil}}, want: trace.RunFailure, cite: "F4"},

		{rule: "E3", hold: true, name: "a file's name and extension from its new-file dialog, its editor titled by the name", task: fileTask,
			steps: []act{{newFileDialog("packing", ".md"), tapDialogRight}, {docEditor(jotter, "packing", "socks and a torch", true), tapSaveIcon},
				{docEditor(jotter, "packing", "socks and a torch", true), nil}}, want: trace.RunSuccess},
		{rule: "E3", name: "the file made with another extension, its editor titled the same", task: fileTask,
			steps: []act{{newFileDialog("packing", ".txt"), tapDialogRight}, {docEditor(jotter, "packing", "socks and a torch", true), tapSaveIcon},
				{docEditor(jotter, "packing", "socks and a torch", true), nil}}, want: trace.RunFailure, cite: "F4"},

		// E4: apps by their package, named only when the task names them as the app.
		{rule: "E4", hold: true, name: "their phone number names no phone app", task: `Send the text "on my way" to their phone number 555-0142.`,
			steps: []act{{judgetest.Page(chatter, "555-0142", "on my way", "Delivered"), nil}}, want: trace.RunSuccess},
		{rule: "E4", name: "the app named is never in front", task: entryTask,
			steps: []act{{judgetest.Page(jotter, "All notes", "Harbour walk"), nil}}, want: trace.RunFailure, cite: "F4"},

		{rule: "E4", hold: true, name: "a permission prompt in front of the app", task: "Open the Snapshot app.",
			steps: []act{{home, nil}, {judgetest.Concat(snapshotApp(), permissionPrompt("Snapshot")), nil}}, want: trace.RunFailure, cite: "E4"},
		{rule: "E4", name: "the prompt answered, the app in front", task: "Open the Snapshot app.",
			steps: []act{{judgetest.Concat(snapshotApp(), permissionPrompt("Snapshot")), judgetest.TapOn(80, 1500, 1000, 1600)}, {snapshotApp(), nil}}, want: trace.RunSuccess, cite: "E4"},

		// E5: gone when the page shows its place taken.
		{rule: "E5", hold: true, name: "the entry's place taken by the next", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}, {agenda("Dentist", "Yoga", "Walk"), nil}}, want: trace.RunSuccess},
		{rule: "E5", hold: true, name: "deleted from the entry's own page: the list, not scrolled, shows the next entry first", task: deleteTask,
			steps: []act{{agenda("Zoo trip", "Dentist", "Yoga"), judgetest.TapOn(40, 300, 900, 420)},
				{judgetest.Page(diary, "Zoo trip", "Saturday 10:00", "Bring snacks"), judgetest.TapOn(40, 150, 700, 230)},
				{dialog(diary, "Delete this entry?", "Cancel", "Delete"), tapDialogRight}, {agenda("Dentist", "Yoga", "Walk"), nil}},
			want: trace.RunSuccess},
		{rule: "E5", name: "the list scrolled by one: the next entry first", task: deleteTask,
			steps: []act{{agenda("Zoo trip", "Dentist", "Yoga"), &trace.Action{Type: "scroll", Direction: "down"}}, {agenda("Dentist", "Yoga", "Walk"), nil}},
			want:  trace.RunFailure, cite: "F4"},
		{rule: "E5", name: "the list scrolled past the entry", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}, {agenda("Yoga", "Walk"), nil}}, want: trace.RunFailure, cite: "F4"},

		// E5: the item is the row named by the task's name; a row whose longer name holds it
		// is another item, once a row of that name alone was seen gone.
		{rule: "E5", hold: true, name: "the named expense gone, one whose name starts the same stays", task: "Delete the expense Parking from the Ledger app.",
			steps: []act{{judgetest.Page(ledger, "Expenses", "Parking", "Parking meter", "Lunch"), nil}, {judgetest.Page(ledger, "Expenses", "Parking meter", "Lunch"), nil}}, want: trace.RunSuccess},
		{rule: "E5", hold: true, name: "the named note gone, a longer name holding it stays", task: `Delete the note "Budget" in the Jotter app.`,
			steps: []act{{judgetest.Page(jotter, "All notes", "Groceries", "Budget", "Budget review"), nil}, {judgetest.Page(jotter, "All notes", "Groceries", "Budget review"), nil}}, want: trace.RunSuccess},
		{rule: "E5", name: "the lookalike deleted, the named expense stays", task: "Delete the expense Parking from the Ledger app.",
			steps: []act{{judgetest.Page(ledger, "Expenses", "Parking", "Parking meter", "Lunch"), nil}, {judgetest.Page(ledger, "Expenses", "Parking", "Lunch"), nil}}, want: trace.RunFailure, cite: "F3"},
		// E5: every item on a day the task gives whole: that day's page lists none of them.
		{rule: "E5", hold: true, name: "every entry of the day gone from the day's page", task: "In the Diary app, delete all the entries on 2023-10-20",
			steps: []act{{judgetest.Page(diary, "Friday, October 20", "Dentist", "Yoga"), nil}, {judgetest.Concat(judgetest.Page(diary, "Friday, October 20"), []trace.UIElement{judgetest.UI{Pkg: diary, Text: "No entries", Y1: 1000, Y2: 1080, X1: 200, X2: 880}.Element()}), nil}}, want: trace.RunSuccess},
		{rule: "E5", hold: true, name: "every task due that day gone from its page", task: "Delete all tasks due October 20 2023 in the Chores app.",
			steps: []act{{judgetest.Page(choresPkg, "Fri, Oct 20, 2023", "Pay rent", "Walk the dog"), nil}, {judgetest.Concat(judgetest.Page(choresPkg, "Fri, Oct 20, 2023"), []trace.UIElement{judgetest.UI{Pkg: choresPkg, Text: "Nothing here", Y1: 1000, Y2: 1080, X1: 200, X2: 880}.Element()}), nil}}, want: trace.RunSuccess},
		{rule: "E5", name: "one entry of the day left", task: "In the Diary app, delete all the entries on 2023-10-20",
			steps: []act{{judgetest.Page(diary, "Friday, October 20", "Dentist", "Yoga"), nil}, {judgetest.Page(diary, "Friday, October 20", "Yoga"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "E5", name: "the next day's page emptied", task: "In the Diary app, delete all the entries on 2023-10-20",
			steps: []act{{judgetest.Page(diary, "Saturday, October 21", "Market"), nil}, {judgetest.Concat(judgetest.Page(diary, "Saturday, October 21"), []trace.UIElement{judgetest.UI{Pkg: diary, Text: "No entries", Y1: 1000, Y2: 1080, X1: 200, X2: 880}.Element()}), nil}}, want: trace.RunFailure, cite: "F4"},

		// E6: every constraint.
		{rule: "E6", hold: true, name: "a move needs the item at the destination", task: "In the Jotter app, move the note trip_plan.txt from Drafts to Archive.",
			steps: []act{{judgetest.Page(jotter, "Drafts", "budget.txt", "trip_plan.txt"), nil}}, want: trace.RunFailure},
		{rule: "E6", hold: true, name: "a move needs the item gone from its source: listed at both", task: moveTask,
			steps: []act{{drafts("budget.txt", "trip_plan.txt", "zoo.txt"), nil}, {archive("old.txt", "trip_plan.txt"), nil}, {drafts("budget.txt", "trip_plan.txt", "zoo.txt"), nil}},
			want:  trace.RunFailure, cite: "F3"},
		{rule: "E6", name: "gone from its source and listed at the destination", task: moveTask,
			steps: []act{{drafts("budget.txt", "trip_plan.txt", "zoo.txt"), nil}, {drafts("budget.txt", "zoo.txt", "yarn.txt"), nil}, {archive("old.txt", "trip_plan.txt"), nil}},
			want:  trace.RunSuccess, cite: "E5"},

		// E7: an answer shown on a screen.
		{rule: "E7", hold: true, name: "the answer shown", task: "How many guests are invited to the 'Harvest dinner' in the Diary app?",
			steps: []act{{judgetest.Page(diary, "Harvest dinner", "Guests invited: 7"), nil}}, answer: "7", want: trace.RunSuccess},
		{rule: "E7", name: "an answer never shown", task: "How many guests are invited to the 'Harvest dinner' in the Diary app?",
			steps: []act{{judgetest.Page(diary, "Harvest dinner", "Guests invited: 7"), nil}}, answer: "9", want: trace.RunFailure, cite: "E7"},

		// E8: a state shown by the controls offered.
		{rule: "E8", hold: true, name: "the stopwatch started: it offers Pause and Lap", task: runTask,
			steps: []act{{stopwatch("00:00.00", "Start"), tapFab}, {stopwatch("00:03.41", "Pause", "Lap"), nil}}, want: trace.RunSuccess},
		{rule: "E8", name: "the stopwatch never started: it offers Start alone", task: runTask,
			steps: []act{{stopwatch("00:00.00", "Start"), nil}}, want: trace.RunFailure, cite: "F3"},
		{rule: "E8", hold: true, name: "the stopwatch paused: it offers Start and Reset", task: pauseTask,
			steps: []act{{stopwatch("01:12.07", "Pause", "Lap"), tapFab}, {stopwatch("01:12.93", "Start", "Reset"), nil}}, want: trace.RunSuccess},
		{rule: "E8", name: "the stopwatch still running at the end", task: pauseTask,
			steps: []act{{stopwatch("01:12.07", "Pause", "Lap"), nil}}, want: trace.RunFailure, cite: "F3"},
		{rule: "E8", hold: true, name: "a pause asks it not to run: never started, it offers Start alone", task: pauseTask,
			steps: []act{{stopwatch("00:00.00", "Start"), nil}}, want: trace.RunSuccess},

		{rule: "E7", hold: true, name: "a duration asked in minutes, read off the activity's row", task: durationTask,
			steps: []act{{activities(), nil}}, answer: "72", want: trace.RunSuccess},
		{rule: "E7", name: "the duration of another day's activity", task: durationTask,
			steps: []act{{activities(), nil}}, answer: "45", want: trace.RunFailure, cite: "F3"},
		{rule: "E7", hold: true, name: "every task due that day named", task: dueTask,
			steps: []act{{chores(true), nil}}, answer: "Pay rent, Walk the dog", want: trace.RunSuccess},
		{rule: "E7", name: "one of the two tasks due that day named", task: dueTask,
			steps: []act{{chores(true), nil}}, answer: "Pay rent", want: trace.RunFailure, cite: "F3"},
		{rule: "E7", name: "both tasks named, joined with 'and' where the question asks for commas", task: dueTask,
			steps: []act{{chores(true), nil}}, answer: "Pay rent and Walk the dog", want: trace.RunFailure, cite: "F3"},
		{rule: "E7", hold: true, name: "a note's to-do checkbox answers whether it is a to-do", task: todoTask,
			steps: []act{{noteList(), nil}}, answer: "True", want: trace.RunSuccess},
		{rule: "E7", name: "the answer denies the to-do checkbox the row shows", task: todoTask,
			steps: []act{{noteList(), nil}}, answer: "False", want: trace.RunFailure, cite: "F3"},

		// N1: text being typed.
		{rule: "N1", hold: true, name: "the title only typed into the form", task: entryTask, steps: []act{{entryForm("Harbour walk"), nil}}, want: trace.RunFailure},
		{rule: "N1", name: "the form saved and the entry listed", task: entryTask, steps: []act{{entryForm("Harbour walk"), tapSave}, {agenda("Harbour walk"), nil}},
			want: trace.RunSuccess, cite: "E1"},

		{rule: "N1", hold: true, name: "the message kept as a draft: the conversations list marks its row Draft", task: sendTask,
			steps: []act{{judgetest.Page(chatter, "Chats", "Tom"), nil}, {conversations("Draft"), nil}}, want: trace.RunFailure, cite: "N1"},
		{rule: "N1", name: "the message sent: the conversations list shows it with its time", task: sendTask,
			steps: []act{{chatThread("Mira", "see you at eight"), tapSend}, {conversations("15:34"), nil}}, want: trace.RunSuccess, cite: "E1"},

		// N2: a search box and its hits.
		{rule: "N2", hold: true, name: "the search's hits", task: "Add a bookmark for Lisbon in the Diary app.",
			steps: []act{{judgetest.Concat(judgetest.Page(diary, "Search"), []trace.UIElement{
				judgetest.UI{Pkg: diary, Class: "android.widget.EditText", Text: "Lisbon", Hint: "Search places", ID: "search_src_text", Editable: true, Y1: 250, Y2: 330}.Element(),
				judgetest.UI{Pkg: diary, Text: "Lisbon, Portugal", ID: "suggestion", Y1: 400, Y2: 500}.Element()}), nil}}, want: trace.RunFailure},
		{rule: "N2", name: "the bookmark listed", task: "Add a bookmark for Lisbon in the Diary app.",
			steps: []act{{judgetest.Page(diary, "Bookmarks", "Lisbon", "Oslo"), nil}}, want: trace.RunSuccess, cite: "E1"},

		// N3: the keyboard.
		{rule: "N3", hold: true, name: "the title only on the keyboard's suggestion strip", task: entryTask,
			steps: []act{{judgetest.Concat(agenda("Dentist", "Yoga"), judgetest.Keyboard(judgetest.UI{Class: "android.widget.TextView", Text: "Harbour walk", ID: "suggestion_strip_word", Y1: 1550, Y2: 1650, X2: 500})), nil}},
			want:  trace.RunFailure},
		{rule: "N3", name: "the title in the list above the keyboard", task: entryTask,
			steps: []act{{judgetest.Concat(agenda("Dentist", "Harbour walk"), judgetest.Keyboard()), nil}}, want: trace.RunSuccess, cite: "E1"},

		{rule: "N3", hold: true, name: "the clipboard is the destination: the system's preview of what was copied holds the text", task: clipTask,
			steps: []act{{docEditor(jotter, "Scratch", "Gate 7 at noon", true), judgetest.TapOn(340, 420, 550, 540)},
				{judgetest.Concat(docEditor(jotter, "Scratch", "Gate 7 at noon", true), clipboardOverlay("Gate 7 at noon")), nil}}, want: trace.RunSuccess},
		{rule: "N3", name: "the text typed into a note, never copied", task: clipTask,
			steps: []act{{docEditor(jotter, "Scratch", "Gate 7 at noon", true), nil}}, want: trace.RunFailure, cite: "F4"},

		// N4: notifications.
		{rule: "N4", hold: true, name: "the title only in a notification", task: entryTask,
			steps: []act{{judgetest.Concat(agenda("Dentist"), []trace.UIElement{judgetest.UI{Pkg: "com.android.systemui", Text: "Harbour walk", ID: "notification_text", Y1: 0, Y2: 120, X1: 300, X2: 900}.Element()}), nil}},
			want:  trace.RunFailure},
		{rule: "N4", name: "the title in the app under a notification", task: entryTask,
			steps: []act{{judgetest.Concat(agenda("Harbour walk"), []trace.UIElement{judgetest.UI{Pkg: "com.android.systemui", Text: "Harbour walk", ID: "notification_text", Y1: 0, Y2: 120, X1: 300, X2: 900}.Element()}), nil}},
			want:  trace.RunSuccess, cite: "E1"},

		// N5: the launcher.
		{rule: "N5", hold: true, name: "the app's label on the home screen", task: "Open the Jotter app.", steps: []act{{home, nil}}, want: trace.RunFailure},
		{rule: "N5", name: "the app itself", task: "Open the Jotter app.", steps: []act{{home, nil}, {notes, nil}}, want: trace.RunSuccess, cite: "E4"},

		// F1: an error after the attempt.
		{rule: "F1", hold: true, name: "the save refused with an error", task: contactTask,
			steps: []act{{contactForm("Odile", "", "Brandt", "+1 415"), tapSave},
				{judgetest.Concat(contactForm("Odile", "", "Brandt", "+1 415"), []trace.UIElement{judgetest.UI{Pkg: book, Text: "Phone number is invalid", ID: "textinput_error", Y1: 1100, Y2: 1150}.Element()}), nil}},
			want: trace.RunFailure},
		{rule: "F1", name: "no error, the agent stopped on the list", task: contactTask,
			steps: []act{{judgetest.Page(book, "People", "Pavel Ng"), nil}}, want: trace.RunFailure, cite: "F4"},

		// E9 and F7: a page that sets the task writes its own verdict on the attempt.
		{rule: "E9", hold: true, name: "the quiz page writes Success! after the submit", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSave}, {quizPage("Success!"), nil}}, want: trace.RunSuccess, cite: "E9"},
		{rule: "E9", name: "the page's verdict left for the home screen", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSave}, {quizPage("Success!"), pressHome}, {judgetest.Page(launcher, "", "Jotter", "Quizzer"), nil}}, want: trace.RunCannotTell, cite: "L1"},
		{rule: "E9", name: "the agent's own note titled Success!, saved and listed, is no page's verdict", task: noteTask,
			steps: []act{{formScreen(jotter, "New note", field{"Title", "Success!"}), tapSave}, {judgetest.Page(jotter, "All notes", "Success!", "Groceries"), nil}},
			want:  trace.RunFailure, cite: "F4"},
		{rule: "E9", name: "a page whose text mentions success is no verdict", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSave}, {quizPage("Success rate: 40%"), nil}}, want: trace.RunCannotTell, cite: "C3"},
		{rule: "F7", hold: true, name: "the quiz page writes Wrong answer after the submit", task: quizTask,
			steps: []act{{quizPage("7", "5"), tapSave}, {quizPage("Wrong answer"), nil}}, want: trace.RunFailure, cite: "F7"},
		{rule: "F7", name: "wrong first, then solved", task: quizTask,
			steps: []act{{quizPage("Wrong answer"), tapSave}, {quizPage("Success!"), nil}}, want: trace.RunSuccess, cite: "E9"},

		// F2: a form left without being committed.
		{rule: "F2", hold: true, name: "the form left with back", task: entryTask,
			steps: []act{{entryForm("Harbour walk"), pressBack}, {agenda("Dentist"), nil}}, want: trace.RunFailure},
		{rule: "F2", name: "an entry's form opened to read it and left with back, for a question", task: "Which entry in the Diary app is on Saturday? Answer with the title only.",
			steps: []act{{entryForm("Dentist"), pressBack}, {agenda("Dentist", "Harbour walk"), nil}}, answer: "Harbour walk", want: trace.RunCannotTell, cite: "C4"},
		{rule: "F2", name: "left with back, then filled again and saved", task: entryTask,
			steps: []act{{entryForm("Harbour walk"), pressBack}, {agenda("Dentist"), nil}, {entryForm("Harbour walk"), tapSave}, {agenda("Dentist", "Harbour walk"), nil}},
			want:  trace.RunSuccess, cite: "E1"},

		// F3: the page where the result must show, without it.
		{rule: "F3", hold: true, name: "the entry still listed at the end", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}}, want: trace.RunFailure},
		{rule: "F3", name: "another page at the end", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}, {judgetest.Page(diary, "Settings", "Theme"), nil}}, want: trace.RunFailure, cite: "F4"},
		{rule: "F3", hold: true, name: "the switch in the other state at the end", task: "Turn radio silence off.",
			steps: []act{{radio(true), nil}}, want: trace.RunFailure},

		{rule: "F3", hold: true, name: "the moved item listed at its destination, then still at its source, the run ending elsewhere", task: moveTask,
			steps: []act{{drafts("budget.txt", "trip_plan.txt", "zoo.txt"), nil}, {archive("old.txt", "trip_plan.txt"), nil}, {drafts("budget.txt", "trip_plan.txt", "zoo.txt"), nil},
				{notes, nil}}, want: trace.RunFailure},

		// F4: ended elsewhere.
		{rule: "F4", hold: true, name: "the agent stopped on the home screen", task: entryTask, steps: []act{{agenda("Dentist"), nil}, {home, nil}}, want: trace.RunFailure},
		{rule: "F4", hold: true, name: "the step budget ran out on the unsaved form", task: entryTask, steps: []act{{agenda("Dentist"), nil}, {entryForm("Harbour walk"), nil}},
			status: trace.StatusTimeout, want: trace.RunFailure},
		{rule: "F4", name: "the agent crashed there", task: entryTask, steps: []act{{agenda("Dentist"), nil}, {home, nil}}, status: trace.StatusCrashed,
			want: trace.RunCannotTell, cite: "C1"},

		// F5: what the task says not to do.
		{rule: "F5", hold: true, name: "told not to start the timer, the agent starts it", task: timerTask,
			steps: []act{{timerEntry("00h 25m 30s"), tapFab}, {timerRunning("25:29"), nil}}, want: trace.RunFailure},
		{rule: "F5", name: "the timer set and left unstarted", task: timerTask,
			steps: []act{{timerEntry("00h 25m 30s"), nil}}, want: trace.RunSuccess, cite: "E1"},
		{rule: "F5", hold: true, name: "told not to save, the agent saves the form", task: draftTask,
			steps: []act{{contactForm("Odile", "", "Brandt", "+1 415-555-0199"), tapSave}, {detail, nil}}, want: trace.RunFailure},
		{rule: "E2", hold: true, name: "told not to save: the filled form left open is the goal", task: draftTask,
			steps: []act{{contactForm("", "", "", ""), nil}, {contactForm("Odile", "", "Brandt", "+1 415-555-0199"), nil}}, want: trace.RunSuccess},
		{rule: "E2", name: "told not to save: the filled form then left with back", task: draftTask,
			steps: []act{{contactForm("Odile", "", "Brandt", "+1 415-555-0199"), pressBack}, {judgetest.Page(book, "People", "Pavel Ng"), nil}}, want: trace.RunFailure, cite: "L2"},

		// F6: made once, not twice.
		{rule: "F6", hold: true, name: "the entry saved twice: the agenda lists it twice, never before", task: entryTask,
			steps: []act{{agenda("Dentist"), nil}, {entryForm("Harbour walk"), tapSave}, {agenda("Harbour walk", "Dentist"), nil},
				{entryForm("Harbour walk"), tapSave}, {agenda("Harbour walk", "Harbour walk", "Dentist"), nil}}, want: trace.RunFailure},
		{rule: "F6", name: "the agenda had an entry of that name before: one old, one new", task: entryTask,
			steps: []act{{agenda("Harbour walk", "Dentist"), nil}, {entryForm("Harbour walk"), tapSave}, {agenda("Harbour walk", "Harbour walk", "Dentist"), nil}},
			want:  trace.RunSuccess, cite: "E1"},

		// C1: the recording ended before the run.
		{rule: "C1", hold: true, name: "the device was lost", task: entryTask, steps: []act{{entryForm("Harbour walk"), nil}}, status: trace.StatusDeviceLost, want: trace.RunCannotTell},
		{rule: "C1", name: "a lost device after the result", task: entryTask, steps: []act{{agenda("Harbour walk"), nil}}, status: trace.StatusDeviceLost,
			want: trace.RunSuccess, cite: "E1"},

		// C2: the last action's outcome never shown.
		{rule: "C2", hold: true, name: "the recording ends on the save tap", task: entryTask, steps: []act{{entryForm("Harbour walk"), tapSave}}, want: trace.RunCannotTell},
		{rule: "C2", name: "the recording ends on a tap on the form's title", task: entryTask,
			steps: []act{{entryForm("Harbour walk"), judgetest.TapOn(160, 150, 600, 230)}}, want: trace.RunFailure, cite: "F4"},

		{rule: "C2", hold: true, name: "the recording ends on a send control whose text names its mode", task: sendTask,
			steps: []act{{smsThread("Mira", "see you at eight"), judgetest.TapOn(920, 2150, 1060, 2280)}}, want: trace.RunCannotTell},

		// C3: what the rules cannot read.
		{rule: "C3", hold: true, name: "a yes/no answer about no attribute a row shows", task: "Is the entry 'Harbour walk' longer than an hour in the Diary app? Answer with True or False.",
			steps: []act{{judgetest.Page(diary, "Harbour walk", "Saturday 10:00 - 11:30"), nil}}, answer: "True", want: trace.RunCannotTell},
		{rule: "C3", hold: true, name: "an action with nothing to identify its result", task: "Start the stopwatch in the Diary app.",
			steps: []act{{judgetest.Page(diary, "Stopwatch", "00:05", "Lap"), nil}}, want: trace.RunCannotTell},
		{rule: "C3", hold: true, name: "a message named only by its recipient, its text typed and never sent", task: "Resend the message I just sent to Mira Olsen in the Chatter app.",
			steps: []act{{chatThread("Mira Olsen", "", "see you at eight"), nil}, {chatThread("Mira Olsen", "see you at eight", "see you at eight"), nil}}, want: trace.RunCannotTell},
		{rule: "C3", name: "a message named by its text, sent", task: `Send "see you at eight" to Mira Olsen in the Chatter app.`,
			steps: []act{{chatThread("Mira Olsen", "see you at eight"), tapSend}, {chatThread("Mira Olsen", "", "see you at eight"), nil}}, want: trace.RunSuccess, cite: "E1"},
		{rule: "C3", hold: true, name: "a level set with a slider that writes no value", task: "Turn the screen brightness to the max value.",
			steps: []act{{brightnessPanel(""), &trace.Action{Type: "swipe", Direction: "right"}}, {brightnessPanel(""), nil}}, want: trace.RunCannotTell},
		{rule: "C3", name: "the level written beside the slider, another level", task: "Turn the screen brightness to the max value.",
			steps: []act{{brightnessPanel("40%"), &trace.Action{Type: "swipe", Direction: "right"}}, {brightnessPanel("40%"), nil}}, want: trace.RunFailure, cite: "F3"},
		{rule: "C3", name: "the slider moved, then the settings page writes another level", task: "Turn the screen brightness to the max value.",
			steps: []act{{brightnessPanel(""), &trace.Action{Type: "swipe", Direction: "right"}}, {brightnessPanel(""), pressBack}, {brightnessPanel("40%"), nil}},
			want:  trace.RunFailure, cite: "F3"},
		{rule: "C3", name: "a named answer", task: "Which entry is first in the Agenda in the Diary app?",
			steps: []act{{agenda("Harbour walk", "Dentist"), nil}}, answer: "Harbour walk", want: trace.RunSuccess, cite: "E7"},

		{rule: "E6", hold: true, name: "a folder asked, a file of that name listed", task: folderTask,
			steps: []act{{fileList(fileRow{"File", "notes.md"}, fileRow{"File", "trips.md"}), nil}}, want: trace.RunFailure},
		{rule: "E6", hold: true, name: "a folder asked, the new-file dialog committed with an extension, the file's editor open", task: folderTask,
			steps: []act{{newFileDialog("trips", ".md"), tapDialogRight}, {docEditor(jotter, "trips", "", true), nil}}, want: trace.RunFailure},
		{rule: "E6", name: "the folder listed as a folder", task: folderTask,
			steps: []act{{fileList(fileRow{"File", "notes.md"}, fileRow{"Folder", "trips"}), nil}}, want: trace.RunSuccess, cite: "E1"},

		// C4: part of the result shown, nothing against the rest.
		{rule: "C4", hold: true, name: "the moved item listed at its destination, its source never shown again", task: moveTask,
			steps: []act{{drafts("budget.txt", "trip_plan.txt", "zoo.txt"), nil}, {archive("old.txt", "trip_plan.txt"), nil}}, want: trace.RunCannotTell},
		{rule: "C4", hold: true, name: "the tasks named are listed, but the list shows no due dates", task: dueTask,
			steps: []act{{chores(false), nil}}, answer: "Pay rent, Walk the dog", want: trace.RunCannotTell},
		{rule: "C4", name: "the destination shown without the item", task: moveTask,
			steps: []act{{drafts("budget.txt", "trip_plan.txt", "zoo.txt"), nil}, {archive("old.txt"), nil}}, want: trace.RunFailure, cite: "F4"},

		// L1: not undone later.
		{rule: "L1", hold: true, name: "the level shown at the maximum, then moved down", task: "Turn the screen brightness to the max value.",
			steps: []act{{brightnessPanel("100%"), &trace.Action{Type: "swipe", Direction: "left"}}, {brightnessPanel("0%"), nil}}, want: trace.RunFailure},
		{rule: "L1", name: "the level shown at the maximum and left there", task: "Turn the screen brightness to the max value.",
			steps: []act{{brightnessPanel("100%"), pressBack}, {brightnessPanel("100%"), nil}}, want: trace.RunSuccess, cite: "E1"},
		{rule: "L1", hold: true, name: "switched off, then on again", task: "Turn radio silence off.",
			steps: []act{{radio(true), nil}, {radio(false), nil}, {radio(true), nil}}, want: trace.RunFailure},
		{rule: "L1", hold: true, name: "listed, then deleted", task: entryTask,
			steps: []act{{agenda("Dentist", "Harbour walk", "Zoo trip"), nil}, {agenda("Dentist", "Zoo trip", "Yoga"), nil}}, want: trace.RunFailure},
		{rule: "L1", hold: true, name: "deleted, then listed again (undo)", task: deleteTask,
			steps: []act{{agenda("Dentist", "Zoo trip", "Yoga"), nil}, {agenda("Dentist", "Yoga", "Walk"), nil}, {agenda("Dentist", "Zoo trip", "Yoga"), nil}}, want: trace.RunFailure},
		{rule: "L1", hold: true, name: "sent, then the only message deleted: the thread's list shown empty", task: sendTask,
			steps: []act{{chatThread("Mira", "see you at eight"), tapSend}, {chatThread("Mira", "", "see you at eight"), &trace.Action{Type: "long_press"}},
				{judgetest.Concat(chatThread("Mira", "", "see you at eight"), []trace.UIElement{judgetest.UI{Pkg: chatter, Class: "android.widget.Button", Desc: "Delete", ID: "menu_delete", Y1: 140, Y2: 250, X1: 920, X2: 1040}.Element()}),
					judgetest.TapOn(920, 140, 1040, 250)},
				{emptyThread("Mira"), nil}},
			want: trace.RunFailure},
		{rule: "L1", name: "sent, then the thread shown with the keyboard over its list", task: sendTask,
			steps: []act{{chatThread("Mira", "see you at eight"), tapSend}, {chatThread("Mira", "", "see you at eight"), nil},
				{judgetest.Concat(judgetest.Page(chatter, "Mira"), judgetest.Keyboard()), nil}},
			want: trace.RunSuccess, cite: "L1"},
		{rule: "L1", hold: true, name: "the stopwatch run, then paused before the end", task: runTask,
			steps: []act{{stopwatch("00:00.00", "Start"), tapFab}, {stopwatch("00:02.10", "Pause", "Lap"), tapFab}, {stopwatch("00:04.55", "Start", "Reset"), nil}},
			want:  trace.RunFailure},
		{rule: "L1", hold: true, name: "the app opened, then a permission prompt left in front at the end", task: "Open the Snapshot app.",
			steps: []act{{snapshotApp(), nil}, {judgetest.Concat(snapshotApp(), permissionPrompt("Snapshot")), nil}}, want: trace.RunFailure},
		{rule: "L1", name: "switched off, then another page", task: "Turn radio silence off.",
			steps: []act{{radio(true), nil}, {radio(false), nil}, {judgetest.Page(settings, "Display", "Brightness"), nil}}, want: trace.RunSuccess, cite: "L1"},

		// L2: the form the result rests on discarded afterwards.
		{rule: "L2", hold: true, name: "a confirmed save, then its changes discarded", task: noteTask,
			steps: []act{{docEditor(jotter, "Packing list", "socks and a torch", true), tapSaveIcon},
				{withText(docEditor(jotter, "Packing list", "socks and a torch", true), jotter, "Note saved", "snackbar_text"), pressBack},
				{dialog(jotter, "Discard changes?", "Keep editing", "Discard"), tapDialogRight}, {judgetest.Page(jotter, "All notes", "Groceries"), nil}},
			want: trace.RunFailure},
		{rule: "L2", name: "an edit form opened after the result and left", task: entryTask,
			steps: []act{{agenda("Harbour walk"), judgetest.TapOn(40, 300, 900, 420)}, {formScreen(diary, "Edit entry", field{"Title", "Harbour walk"}), pressBack}, {agenda("Harbour walk"), nil}},
			want:  trace.RunSuccess, cite: "L2"},

		// L3: no error after.
		{rule: "L3", hold: true, name: "an error after the entry was listed", task: entryTask,
			steps: []act{{agenda("Harbour walk", "Dentist"), nil}, {withText(agenda("Harbour walk", "Dentist"), diary, "Couldn't sync the entry", "snackbar_text"), nil}}, want: trace.RunFailure},
		{rule: "L3", name: "a message that is no error after it", task: entryTask,
			steps: []act{{agenda("Harbour walk", "Dentist"), nil}, {withText(agenda("Harbour walk", "Dentist"), diary, "Entry synced", "snackbar_text"), nil}}, want: trace.RunSuccess, cite: "L3"},
	}, constraintCases()...)
}

func TestEvidenceRules(t *testing.T) {
	runRuleCases(t, ruleCases())
}

// runRuleCases judges each case's run and checks its verdict and the rule it cites.
func runRuleCases(t *testing.T, cases []ruleCase) {
	t.Helper()
	for _, c := range cases {
		t.Run(c.rule+" "+c.name, func(t *testing.T) {
			tr := stepsTrace(t, c.task, c.steps...)
			if c.status != "" {
				tr.Status = c.status
			}
			if c.answer != "" {
				tr.Frames[len(tr.Frames)-1].Action = &trace.Action{Type: "answer", Text: c.answer}
			}
			j := heuristicRun(t, tr, nil)
			o := j.RunVerdict()
			if o.Verdict != c.want {
				t.Fatalf("verdict %s (%s), want %s:\n%s", o.Verdict, o.Reason, c.want, describeLog(t, j))
			}
			want := c.cite
			if want == "" {
				want = c.rule
			}
			if !cited(j, want) {
				t.Fatalf("the judgment never cites %s:\n%s", want, describeLog(t, j))
			}
			if !c.hold && c.cite == "" {
				t.Fatalf("a near miss must name the rule it is decided by instead")
			}
		})
	}
}

// cited reports whether the judgment cites a rule: in its verdict, or in an analysis of a
// substate on some frame.
func cited(j *trace.Judgment, id string) bool {
	mark := evidence.Cite(id)
	if strings.Contains(j.RunVerdict().Reason, mark) {
		return true
	}
	for _, f := range j.Frames {
		for _, v := range f.Verdicts {
			if strings.Contains(v.Analysis, mark) {
				return true
			}
		}
	}
	return false
}

func TestEveryRuleHasCases(t *testing.T) {
	holds, misses := map[string]int{}, map[string]int{}
	for _, c := range ruleCases() {
		evidence.Get(c.rule) // panics on an id the table does not have
		if c.hold {
			holds[c.rule]++
		} else {
			misses[c.rule]++
		}
	}
	for _, r := range evidence.Rules {
		if holds[r.ID] == 0 || misses[r.ID] == 0 {
			t.Errorf("rule %s has %d case(s) where it applies and %d near miss(es); it needs both", r.ID, holds[r.ID], misses[r.ID])
		}
	}
}

// A form of several fields left with back is no document editor, however large one of its
// fields: forms of that kind (a recipe's, an event's) may discard on back without asking.
func TestFormWithALargeFieldIsNoDocument(t *testing.T) {
	recipe := judgetest.Concat(docEditor(jotter, "New recipe", "two eggs and flour", true),
		[]trace.UIElement{judgetest.UI{Pkg: jotter, Class: "android.widget.EditText", Text: "Pancakes", Hint: "Title", Editable: true, Y1: 2210, Y2: 2300}.Element()})
	tr := stepsTrace(t, `Create a recipe named "Pancakes" in the Jotter app with the text "two eggs and flour".`,
		act{recipe, pressBack}, act{judgetest.Page(jotter, "Recipes", "Pancakes", "Soup"), nil})
	j := heuristicRun(t, tr, nil)
	if o := j.RunVerdict(); o.Verdict != trace.RunFailure || o.Rules[0] != "F2" {
		t.Fatalf("verdict %+v:\n%s", o, describeLog(t, j))
	}
}
