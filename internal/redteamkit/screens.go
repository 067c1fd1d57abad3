package redteamkit

import "strings"

// Parts most app screens share, placed as AndroidWorld's emulator lays them out.

// Toolbar is an app's toolbar: the navigation button (its description, or none), the title
// and action icons by their descriptions, from the right.
func Toolbar(u UI, nav, title string, actions ...string) []El {
	var out []El
	x := 63
	if nav != "" {
		out = append(out, u.Icon(nav, "", Bx(0, 138, 147, 285)))
		x = 189
	}
	if title != "" {
		out = append(out, u.Text(title, "toolbar_title", Bx(x, 166, 700, 248)))
	}
	right := 1080
	for _, a := range actions {
		out = append(out, u.MenuIcon(a, "", Bx(right-126, 148, right, 274)))
		right -= 126
	}
	return out
}

// Rows is a list of clickable rows from y down, each a title with an optional summary
// ("title|summary").
func Rows(u UI, id string, y int, items ...string) []El {
	var out []El
	for _, it := range items {
		title, summary, _ := strings.Cut(it, "|")
		out = append(out, u.TapText(title, id, Bx(63, y, 1017, y+70)))
		if summary != "" {
			out = append(out, u.Text(summary, id+"_summary", Bx(63, y+78, 1017, y+130)))
		}
		y += 180
	}
	return out
}

// FabIcon is a floating action button.
func FabIcon(u UI, desc string) El { return u.Icon(desc, "fab", Bx(870, 1938, 1017, 2085)) }

// Then is a run that starts with the steps of base and goes on with more. It copies base,
// so runs that share a start never write into each other's steps.
func Then(base []Step, more ...Step) []Step {
	return append(append([]Step(nil), base...), more...)
}

// ItemRows is a list of rows from y down, each h tall: a clickable container (ids[0]) with a
// title (ids[1]) and a second line (ids[2]) beside a leading icon, from items "title|line".
func ItemRows(u UI, ids [3]string, y, h int, items ...string) []El {
	var out []El
	for i, it := range items {
		title, line, _ := strings.Cut(it, "|")
		top := y + i*h
		out = append(out, u.Row("", ids[0], Bx(0, top, 1080, top+h-10)),
			u.Text(title, ids[1], Bx(220, top+30, 1017, top+90)),
			u.Text(line, ids[2], Bx(220, top+100, 1017, top+150)))
	}
	return out
}

var (
	smsUI      = UIOf("com.simplemobiletools.smsmessenger")
	tracksUI   = UIOf("de.dennisguse.opentracks")
	recorderUI = UIOf("com.dimowner.audiorecorder")
	clockUI    = UIOf("com.google.android.deskclock")
)

// SmsList is Simple SMS Messenger's conversations, newest first: rows "who|last message|when"
// (who is the contact's name, or the number when it is no contact), and the new-conversation
// button.
func SmsList(rows ...string) []El {
	u := smsUI
	out := Screen(Toolbar(u, "", "Simple SMS Messenger", "More options", "Search"))
	out = append(out, Listed(len(rows), 320, 200, func(i, y int) []El {
		f := strings.Split(rows[i], "|")
		return Els(u.Row("", "conversation_frame", Bx(0, y, 1080, y+190)), u.Image("", "conversation_image", Bx(40, y+35, 160, y+155)),
			u.Text(f[0], "conversation_address", Bx(200, y+30, 800, y+90)), u.Text(f[1], "conversation_body_short", Bx(200, y+100, 1017, y+160)),
			u.Text(f[2], "conversation_date", Bx(820, y+30, 1017, y+90)))
	})...)
	return append(out, u.Icon("New conversation", "conversations_fab", Bx(870, 2100, 1017, 2247)))
}

// OpenTracksList is OpenTracks' recorded activities, newest first: rows
// "name|category|date|time|distance". The date column ends at dateEnd and the time and
// distance column starts at valuesAt: the app sizes them to the texts they hold.
func OpenTracksList(dateEnd, valuesAt int, rows ...string) []El {
	u := tracksUI
	out := Screen(Toolbar(u, "", "OpenTracks", "Search", "More options"),
		Els(u.Scroller("androidx.recyclerview.widget.RecyclerView", "track_list", Bx(0, 300, 1080, 2080))))
	out = append(out, Listed(len(rows), 320, 230, func(i, y int) []El {
		f := strings.Split(rows[i], "|")
		return Els(u.Row("", "track_list_item", Bx(0, y, 1080, y+220)), u.Image(f[1], "list_item_icon", Bx(40, y+40, 160, y+160)),
			u.Text(f[0], "list_item_name", Bx(200, y+20, 1017, y+80)), u.Text(f[1], "list_item_category", Bx(200, y+85, 600, y+140)),
			u.Text(f[2], "list_item_date", Bx(200, y+145, dateEnd, y+200)), u.Text(f[3], "list_item_time", Bx(valuesAt, y+85, 1017, y+140)),
			u.Text(f[4], "list_item_distance", Bx(valuesAt, y+145, 1017, y+200)))
	})...)
	return append(out, u.Icon("Record", "track_list_fab_action", Bx(870, 2100, 1017, 2247)))
}

// RecorderMain is Audio Recorder's main screen: the time recorded and the record button, which
// becomes a stop button while recording.
func RecorderMain(time string, recording bool) []El {
	button := "Record"
	if recording {
		button = "Stop recording"
	}
	return Screen(Els(recorderUI.Text("Audio Recorder", "txt_title", Bx(63, 166, 700, 248)),
		recorderUI.Icon("Records list", "btn_records_list", Bx(828, 148, 954, 274)), recorderUI.Icon("Settings", "btn_settings", Bx(954, 148, 1080, 274)),
		recorderUI.Text(time, "txt_progress", Bx(300, 700, 780, 820)), recorderUI.Image("", "recording_view", Bx(0, 900, 1080, 1400)),
		recorderUI.Icon(button, "btn_record", Bx(440, 1900, 640, 2100))))
}

// RecorderName is the dialog Audio Recorder opens when a recording stops, its name field
// holding name, under the keyboard.
func RecorderName(name string) []El {
	return TypingIn(Screen(RecorderMain("00:00:09", false), Els(recorderUI.Text("Enter name", "dialog_title", Bx(116, 760, 964, 840)),
		recorderUI.Edit(name, "", "input_name", Bx(116, 880, 964, 1000)), recorderUI.Button("SAVE", "dialog_positive_btn", Bx(700, 1060, 964, 1180)),
		recorderUI.Button("CANCEL", "dialog_negative_btn", Bx(420, 1060, 680, 1180)))), "input_name", "Done")
}

// RecorderList is Audio Recorder's records list, "name|length".
func RecorderList(records ...string) []El {
	out := Screen(Toolbar(recorderUI, "Navigate up", "Records", "More options"))
	for i, r := range records {
		name, length, _ := strings.Cut(r, "|")
		y := 320 + i*200
		out = append(out, recorderUI.Row("", "list_item", Bx(0, y, 1080, y+190)), recorderUI.Text(name, "list_item_name", Bx(63, y+25, 850, y+90)),
			recorderUI.Text("m4a, 44.1kHz", "list_item_info", Bx(63, y+105, 600, y+160)), recorderUI.Text(length, "list_item_duration", Bx(800, y+105, 1017, y+160)),
			recorderUI.Icon("More options", "list_item_more", Bx(900, y+20, 1040, y+100)))
	}
	return out
}

func clockTabs(selected string) []El {
	var out []El
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		e := clockUI.TapText(t, "navigation_bar_item_small_label_view", Bx(i*216, 2150, i*216+216, 2300))
		e.Desc = t
		e.Selected = t == selected
		out = append(out, e)
	}
	return out
}

// ClockStopwatch is Clock's Stopwatch tab: its time and the round button (Start while stopped or
// paused, Pause while running); once it has run, Reset and Lap or Share sit either side.
func ClockStopwatch(time string, running, started bool) []El {
	out := Els(clockUI.Text("Stopwatch", "action_bar_title", Bx(63, 166, 700, 248)), clockUI.MenuIcon("More options", "", Bx(954, 148, 1080, 274)),
		clockUI.Text(time, "stopwatch_time_text", Bx(200, 800, 880, 1000)))
	switch {
	case running:
		out = append(out, clockUI.Icon("Lap", "left_button", Bx(160, 1900, 340, 2050)), clockUI.Icon("Pause", "fab", Bx(440, 1850, 640, 2050)))
	case started:
		out = append(out, clockUI.Icon("Reset", "left_button", Bx(160, 1900, 340, 2050)), clockUI.Icon("Start", "fab", Bx(440, 1850, 640, 2050)),
			clockUI.Icon("Share", "right_button", Bx(740, 1900, 920, 2050)))
	default:
		out = append(out, clockUI.Icon("Start", "fab", Bx(440, 1850, 640, 2050)))
	}
	return Screen(out, clockTabs("Stopwatch"))
}

// ClockAlarms is Clock's Alarm tab with one weekday alarm, off.
func ClockAlarms() []El {
	return Screen(Els(clockUI.Text("Alarm", "action_bar_title", Bx(63, 166, 700, 248)), clockUI.MenuIcon("More options", "", Bx(954, 148, 1080, 274)),
		clockUI.Text("8:30 AM", "digital_clock", Bx(63, 360, 700, 520)), clockUI.Text("Mon, Tue, Wed, Thu, Fri", "days_text", Bx(63, 540, 800, 600)),
		clockUI.Sw("8:30 AM", "onoff", false, Bx(860, 380, 1017, 480)), clockUI.Icon("Add alarm", "fab", Bx(440, 1850, 640, 2050))), clockTabs("Alarm"))
}

// ExpenseCategories are Pro Expense's categories, as its drop-down lists them.
var ExpenseCategories = []string{"Income", "Food", "Housing", "Social", "Entertainment", "Transportation", "Clothes", "Health Care", "Education", "Donation", "Others"}

// ExpenseForm is Pro Expense's add form (name, amount, category, note, today's date, Save);
// focus names the field with the keyboard open, and dropdown shows the category list.
func ExpenseForm(name, amount, category, note, focus string, dropdown bool) []El {
	if category == "" {
		category = "Others"
	}
	out := Screen(Toolbar(expenseUI, "Navigate up", "Add Expense"), Els(
		expenseUI.Edit(name, "Name", "edt_name", Bx(63, 340, 1017, 480)), expenseUI.Edit(amount, "Amount", "edt_amount", Bx(63, 520, 1017, 660)),
		expenseUI.TapText(category, "spinner_category", Bx(63, 700, 1017, 840)), expenseUI.Edit(note, "Note", "edt_note", Bx(63, 880, 1017, 1100)),
		expenseUI.TapText("Oct 15, 2023", "tv_date", Bx(63, 1140, 1017, 1240)), expenseUI.Button("Save", "btn_save", Bx(63, 1320, 1017, 1450))))
	if dropdown {
		out = append(out, Listed(len(ExpenseCategories), 840, 110, func(i, y int) []El {
			return Els(expenseUI.TapText(ExpenseCategories[i], "android:id/text1", Bx(63, y, 1017, y+100)))
		})...)
	}
	return TypingIn(out, focus, "Next")
}
