package redteamkit

import "testing"

// TestSharedAppScreens: the app screens the corpora share show what their callers rely on: a
// day cell for each of October's 31 days, Pro Expense's selection bar and rows found by
// ExpenseRow, Chrome's form focused under the keyboard, and Markor's folders without their
// slash, Simple Calendar's day with its selection bar and question, and Settings' sections.
func TestSharedAppScreens(t *testing.T) {
	t.Parallel()
	days := 0
	for _, e := range CalendarMonth() {
		if e.Res == calendarUI.Res("day_monthly_number_id") {
			days++
		}
	}
	if days != 31 {
		t.Errorf("%d day cells, want 31", days)
	}
	list := ExpenseList([]int{1}, "Coffee|$4.60|Food|Sep 30", "Rent Payment|$1,250.00|Housing|Oct 1")
	if _, err := resolve(list, "Delete"); err != nil {
		t.Error("no Delete on the selection bar")
	}
	if i, err := resolve(list, ExpenseRow(1)); err != nil || !list[i].Selected || list[i+1].Text != "Rent Payment" {
		t.Errorf("ExpenseRow(1) finds %v (%v), want the selected Rent Payment row", i, err)
	}
	form := ChromeTaskPage("", "2268", "", true)
	if i, err := resolve(form, "2268"); err != nil || !form[i].Focused || !form[i].Editable {
		t.Errorf("the product field is not focused: %v", err)
	}
	if _, err := resolve(form, "Go"); err != nil {
		t.Error("no keyboard under the form")
	}
	files := MarkorFiles("/x", "b.md", "Notes/|Oct 1", "b.md|Oct 2")
	if _, err := resolve(files, "Notes"); err != nil {
		t.Error("the folder is not listed by its name")
	}
	if _, err := resolve(files, "Rename"); err != nil {
		t.Error("no selection bar for the selected file")
	}
	day := CalendarDay("Thu, October 19", "*Call with HR|10:00 - 10:30")
	if i, err := resolve(day, "Delete"); err != nil || day[i].Res != calendarUI.Res("cab_delete") {
		t.Error("a selected event does not bring the selection bar's Delete")
	}
	if _, err := resolve(CalendarDay("Thu, October 19"), "No events"); err != nil {
		t.Error("an empty day does not say No events")
	}
	if _, err := resolve(CalendarAsk(day), "Yes"); err != nil {
		t.Error("no Yes on the deletion question")
	}
	if _, err := resolve(SettingsHome(), "Connected devices"); err != nil {
		t.Error("Settings' first page has no Connected devices")
	}
}

// TestSharedListScreens: Simple SMS Messenger's conversations are found by who and by the last
// message, with the new-conversation button; OpenTracks' rows carry each field under its id,
// the date and the values in the columns asked for.
func TestSharedListScreens(t *testing.T) {
	t.Parallel()
	sms := SmsList("Ana Lopez|See you at 6|15:30", "+14155550123|Call me|Oct 14")
	for _, want := range []string{"Ana Lopez", "Call me", "+14155550123", "New conversation"} {
		if _, err := resolve(sms, want); err != nil {
			t.Errorf("the conversations have no %q", want)
		}
	}
	tracks := OpenTracksList(650, 720, "Dawn ride|Cycling|Oct 10, 2023 7:00 AM|0:45:00|12.00 km")
	for id, want := range map[string]string{"list_item_name": "Dawn ride", "list_item_category": "Cycling",
		"list_item_date": "Oct 10, 2023 7:00 AM", "list_item_time": "0:45:00", "list_item_distance": "12.00 km"} {
		i, err := resolve(tracks, "res:"+id)
		switch {
		case err != nil:
			t.Errorf("no %s", id)
		case tracks[i].Text != want:
			t.Errorf("%s reads %q, want %q", id, tracks[i].Text, want)
		case id == "list_item_date" && tracks[i].X1 != 650, id == "list_item_time" && tracks[i].X0 != 720:
			t.Errorf("%s is at %+v, not in the column asked for", id, tracks[i].Box)
		}
	}
}

// TestClockAndRecorderScreens: the stopwatch shows Start when stopped or paused and Pause while
// running, with two Stopwatch labels (the title and the tab, as AndroidWorld's check counts
// them); the recorder's button turns into Stop recording, and its name dialog is focused.
func TestClockAndRecorderScreens(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		running, started bool
		button           string
	}{{false, false, "Start"}, {true, true, "Pause"}, {false, true, "Start"}} {
		sw := ClockStopwatch("00:04", tc.running, tc.started)
		if _, err := resolve(sw, tc.button); err != nil {
			t.Errorf("running=%v started=%v: no %s", tc.running, tc.started, tc.button)
		}
		labels := 0
		for _, e := range sw {
			if e.Text == "Stopwatch" || e.Desc == "Stopwatch" {
				labels++
			}
		}
		if labels != 2 {
			t.Errorf("%d Stopwatch labels, want 2", labels)
		}
	}
	if _, err := resolve(RecorderMain("00:00:03", true), "Stop recording"); err != nil {
		t.Error("a recording shows no Stop recording")
	}
	name := RecorderName("Record-3")
	if i, err := resolve(name, "res:input_name"); err != nil || !name[i].Focused {
		t.Error("the name field is not focused")
	}
}

// TestExpenseForm: an empty category shows Others, the drop-down lists the eleven categories,
// and the focused field takes the keyboard.
func TestExpenseForm(t *testing.T) {
	t.Parallel()
	if _, err := resolve(ExpenseForm("", "", "", "", "", false), "Others"); err != nil {
		t.Error("an empty category does not read Others")
	}
	if _, err := resolve(ExpenseForm("", "", "", "", "", true), "Health Care"); err != nil {
		t.Error("the drop-down has no Health Care")
	}
	form := ExpenseForm("Coffee", "", "", "", "edt_name", false)
	if i, err := resolve(form, "Coffee"); err != nil || !form[i].Focused {
		t.Error("the name field is not focused")
	}
}
