package redteam

// Simple Calendar Pro (com.simplemobiletools.calendar.pro): a month grid whose cells carry
// no text in the accessibility tree, a day view listing the day's events, and the event
// editor with a Save action in its toolbar.

func calToolbar() []Element {
	return []Element{
		El("ImageView", pkgCalendar, ID("top_toolbar_search_icon"), At(42, 149, 147, 275), Click),
		El("EditText", pkgCalendar, ID("top_toolbar_search"), Edit("Search"), At(147, 149, 626, 275)),
		El("Button", pkgCalendar, D("Change view"), ID("change_view"), At(668, 149, 795, 275), Click),
		El("Button", pkgCalendar, D("Settings"), ID("settings"), At(795, 149, 922, 275), Click),
		El("ImageView", pkgCalendar, D("More options"), At(922, 149, 1027, 275), Click),
	}
}

func calMonth(clock string) Screen {
	els := append(calToolbar(),
		El("ImageButton", pkgCalendar, D("New Event"), ID("calendar_fab"), At(891, 2148, 1038, 2295), Click),
		El("TextView", pkgCalendar, T("October"), D("October"), ID("top_value"), At(147, 296, 933, 438), Click))
	for i := 0; i < 42; i++ {
		col, row := i%7, i/7
		x, y := col*154, 512+row*304
		els = append(els, El("View", pkgCalendar, ID("month_view_background"), At(x, y, x+154, y+304), Click))
	}
	return Join(els, statusBar(clock))
}

type calEvent struct{ Title, Time, Description string }

func calDay(clock, date string, events ...calEvent) Screen {
	els := append(calToolbar(),
		El("ImageButton", pkgCalendar, D("New Event"), ID("calendar_fab"), At(891, 2148, 1038, 2295), Click),
		El("TextView", pkgCalendar, T(date), D(date), ID("top_value"), At(147, 317, 933, 459), Click),
		El("RecyclerView", pkgCalendar, ID("day_events"), At(0, 459, 1080, 2337)))
	for i, e := range events {
		y := rowTop(480, 200, i)
		els = append(els,
			El("FrameLayout", pkgCalendar, ID("event_item_holder"), At(0, y, 1080, y+190), LongClick),
			El("TextView", pkgCalendar, T(e.Title), ID("event_item_title"), At(60, y+20, 1000, y+80)),
			El("TextView", pkgCalendar, T(e.Time), ID("event_item_time"), At(60, y+85, 600, y+130)))
		if e.Description != "" {
			els = append(els, El("TextView", pkgCalendar, T(e.Description), ID("event_item_description"), At(60, y+135, 1000, y+180)))
		}
	}
	return Join(els, statusBar(clock))
}

type calForm struct{ Title, Location, Description, Date, Start, End string }

func calEditor(clock string, f calForm, kb bool) Screen {
	els := []Element{
		El("ImageButton", pkgCalendar, D("Back"), At(0, 138, 147, 285), Click),
		El("TextView", pkgCalendar, T("New Event"), At(189, 166, 600, 237)),
		El("Button", pkgCalendar, D("Save"), ID("save"), At(922, 149, 1027, 275), Click),
		El("ScrollView", pkgCalendar, ID("event_scrollview"), At(0, 296, 1080, 2337), Scrolls),
		El("EditText", pkgCalendar, T(f.Title), ID("event_title"), Edit("Title"), At(42, 320, 1038, 450)),
		El("EditText", pkgCalendar, T(f.Location), ID("event_location"), Edit("Location"), At(42, 470, 900, 600)),
		El("EditText", pkgCalendar, T(f.Description), ID("event_description"), Edit("Description"), At(42, 620, 1038, 750)),
		El("CheckBox", pkgCalendar, T("All-day"), ID("event_all_day"), At(42, 800, 1038, 900), Checked(false), Click),
		El("TextView", pkgCalendar, T(f.Date), ID("event_start_date"), At(150, 920, 700, 1020), Click),
		El("TextView", pkgCalendar, T(f.Start), ID("event_start_time"), At(760, 920, 1038, 1020), Click),
		El("TextView", pkgCalendar, T(f.Date), ID("event_end_date"), At(150, 1040, 700, 1140), Click),
		El("TextView", pkgCalendar, T(f.End), ID("event_end_time"), At(760, 1040, 1038, 1140), Click),
	}
	if !kb {
		els = append(els,
			El("TextView", pkgCalendar, T("10 minutes before"), ID("event_reminder_1"), At(150, 1200, 1038, 1300), Click),
			El("TextView", pkgCalendar, T("No repetition"), ID("event_repetition"), At(150, 1340, 1038, 1440), Click),
			El("TextView", pkgCalendar, T("Regular event"), ID("event_type"), At(150, 1480, 1038, 1580), Click))
	} else {
		els = append(els, keyboard()...)
	}
	return Join(els, statusBar(clock))
}

// timePicker is Android's time picker dialog in its keyboard-input mode (a dialog of the
// app's own window, so of its package).
func timePicker(hour, minute string) []Element {
	return []Element{
		El("TextView", pkgCalendar, T("Type in time"), ID("android:id/top_label"), At(105, 700, 975, 780)),
		El("EditText", pkgCalendar, T(hour), ID("android:id/input_hour"), Edit(""), At(200, 820, 440, 980)),
		El("EditText", pkgCalendar, T(minute), ID("android:id/input_minute"), Edit(""), At(520, 820, 760, 980)),
		El("Button", pkgCalendar, T("Cancel"), ID("android:id/button2"), At(500, 1100, 720, 1220), Click),
		El("Button", pkgCalendar, T("OK"), ID("android:id/button1"), At(740, 1100, 960, 1220), Click),
	}
}

const calGoal = "In Simple Calendar Pro, create a calendar event on 2023-10-22 at 14h with the title 'Dentist appointment' " +
	"and the description 'Bring insurance card'. The event should last for 30 mins."

// calFill fills the editor opened for a date: title, description, start 14:00, end 14:30,
// returning the steps and the filled form.
func calFill(date, title, desc, hour string) ([]Step, calForm) {
	f := calForm{Date: date, Start: "16:00", End: "17:00"}
	var steps []Step
	steps = append(steps, step(calEditor("15:34", f, false), "Type the title.", typeIn("event_title", title)))
	f.Title = title
	if desc != "" {
		steps = append(steps, step(calEditor("15:35", f, true), "Type the description.", typeIn("event_description", desc)))
		f.Description = desc
	}
	steps = append(steps,
		step(calEditor("15:35", f, true), "Close the keyboard.", back()),
		step(calEditor("15:35", f, false), "Set the start time.", tap("event_start_time")),
		step(Join(calEditor("15:35", f, false), timePicker("16", "00")), "Type the hour.", typeIn("android:id/input_hour", hour)),
		step(Join(calEditor("15:35", f, false), timePicker(hour, "00")), "OK.", tap("OK")))
	f.Start, f.End = hour+":00", next(hour)+":00"
	steps = append(steps,
		step(calEditor("15:36", f, false), "Set the end time.", tap("event_end_time")),
		step(Join(calEditor("15:36", f, false), timePicker(next(hour), "00")), "Hour.", typeIn("android:id/input_hour", hour)),
		step(Join(calEditor("15:36", f, false), timePicker(hour, "00")), "Minutes.", typeIn("android:id/input_minute", "30")),
		step(Join(calEditor("15:36", f, false), timePicker(hour, "30")), "OK.", tap("OK")))
	f.End = hour + ":30"
	return steps, f
}

func next(hour string) string {
	switch hour {
	case "14":
		return "15"
	case "15":
		return "16"
	}
	return "10"
}

// calOpenDay opens the calendar on the day of the 27th cell (October 22) and its editor.
func calOpenDay(dayTitle string, cell string) []Step {
	return []Step{
		step(home("15:34"), "Open Simple Calendar Pro.", openApp("Simple Calendar Pro")),
		step(calMonth("15:34"), "Open the day.", tap(cell)),
		step(calDay("15:34", dayTitle), "Add an event on this day.", tap("New Event")),
	}
}

func calendarCases() []Case {
	fill, form := calFill("October 22, 2023", "Dentist appointment", "Bring insurance card", "14")
	listed := calEvent{"Dentist appointment", "14:00 - 14:30", "Bring insurance card"}
	withSave := func(steps []Step, f calForm, after Screen, last string) []Step {
		return then(steps, step(calEditor("15:37", f, false), "Save the event.", tap("Save")), step(after, last, done()))
	}
	monthStart := []Step{
		step(home("15:34"), "Open Simple Calendar Pro.", openApp("Simple Calendar Pro")),
		step(calMonth("15:34"), "Create a new event.", tap("New Event")),
	}
	return []Case{
		{
			Name: "calendar_add_day_view", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "the event saved from the day view appears in that day's list with its time and description",
			Steps:     withSave(append(calOpenDay("October 22 (Sun)", "month_view_background@27"), fill...), form, calDay("15:37", "October 22 (Sun)", listed), "The event is in the day's list."),
		},
		{
			Name: "calendar_add_month_view_saved_form", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindVariant,
			Behaviour: "a committed form: every value shown in the editor, Save tapped, the editor closes without an error back to a month grid that lists no text",
			Steps: withSave(append(monthStart, func() []Step {
				f, _ := calFill("October 15, 2023", "Dentist appointment", "Bring insurance card", "14")
				return append([]Step{step(calEditor("15:34", calForm{Date: "October 15, 2023", Start: "16:00", End: "17:00"}, false), "Change the date.", tap("event_start_date")),
					step(Join(calEditor("15:34", calForm{Date: "October 15, 2023", Start: "16:00", End: "17:00"}, false), datePicker("Sun, Oct 15")), "Pick the 22nd.", tap("22")),
					step(Join(calEditor("15:34", calForm{Date: "October 15, 2023", Start: "16:00", End: "17:00"}, false), datePicker("Sun, Oct 22")), "OK.", tap("OK"))},
					retitle(f, "October 15, 2023", "October 22, 2023")...)
			}()...), form, calMonth("15:37"), "The event is saved."),
		},
		{
			Name: "calendar_add_wrong_hour", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "saved at 15:00 instead of 14:00: the day's list shows the event at the wrong time",
			Steps: func() []Step {
				f15, form15 := calFill("October 22, 2023", "Dentist appointment", "Bring insurance card", "15")
				return withSave(append(calOpenDay("October 22 (Sun)", "month_view_background@27"), f15...), form15,
					calDay("15:37", "October 22 (Sun)", calEvent{"Dentist appointment", "15:00 - 15:30", "Bring insurance card"}), "Saved.")
			}(),
		},
		{
			Name: "calendar_add_no_description", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "saved without the description: the listed event has the title and time and no description",
			Steps: func() []Step {
				f, fm := calFill("October 22, 2023", "Dentist appointment", "", "14")
				return withSave(append(calOpenDay("October 22 (Sun)", "month_view_background@27"), f...), fm,
					calDay("15:37", "October 22 (Sun)", calEvent{"Dentist appointment", "14:00 - 14:30", ""}), "Saved.")
			}(),
		},
		{
			Name: "calendar_add_wrong_day", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the day cell one to the left tapped: the event is saved and listed on October 21",
			Steps: func() []Step {
				f, fm := calFill("October 21, 2023", "Dentist appointment", "Bring insurance card", "14")
				return withSave(append(calOpenDay("October 21 (Sat)", "month_view_background@26"), f...), fm,
					calDay("15:37", "October 21 (Sat)", listed), "The event is in the list.")
			}(),
		},
		{
			Name: "calendar_add_title_in_location_error", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the title typed into Location; Save refused with the app's 'Title cannot be empty' message, the editor stays",
			Steps: func() []Step {
				f := calForm{Date: "October 22, 2023", Location: "Dentist appointment", Description: "Bring insurance card", Start: "14:00", End: "14:30"}
				empty := calForm{Date: "October 22, 2023", Start: "16:00", End: "17:00"}
				s := append(calOpenDay("October 22 (Sun)", "month_view_background@27"),
					step(calEditor("15:34", empty, false), "Type the title.", typeIn("event_location", "Dentist appointment")))
				fill, _ := calFill("October 22, 2023", "", "Bring insurance card", "14")
				for i := range fill {
					fill[i].Screen = relocate(fill[i].Screen)
				}
				s = append(s, fill[1:]...)
				return append(s,
					step(calEditor("15:37", f, false), "Save.", tap("Save")),
					step(Join(calEditor("15:37", f, false), []Element{toast(pkgCalendar, "Title cannot be empty")}), "The event is saved.", done()))
			}(),
		},
		{
			Name: "calendar_add_discarded", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the filled editor left by back and the unsaved-changes question answered Discard; the day stays empty",
			Steps: then(append(calOpenDay("October 22 (Sun)", "month_view_background@27"), fill...),
				step(calEditor("15:37", form, false), "Go back.", back()),
				step(Join(calEditor("15:37", form, false), dialog(pkgCalendar, "", "You have unsaved changes. Save before exiting?", "Discard", "Save")), "Leave.", tap("Discard")),
				step(calDay("15:37", "October 22 (Sun)"), "Done.", done())),
		},
		{
			Name: "calendar_add_saved_from_question", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: true,
			Expect: ExpectSuccess, Kind: KindVariant,
			Behaviour: "a different commit: back from the filled editor, the unsaved-changes question answered Save, the event listed",
			Steps: then(append(calOpenDay("October 22 (Sun)", "month_view_background@27"), fill...),
				step(calEditor("15:37", form, false), "Go back.", back()),
				step(Join(calEditor("15:37", form, false), dialog(pkgCalendar, "", "You have unsaved changes. Save before exiting?", "Discard", "Save")), "Save it.", tap("Save")),
				step(calDay("15:37", "October 22 (Sun)", listed), "Saved.", done())),
		},
		{
			Name: "calendar_add_timeout_picking_time", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss, TimedOut: true,
			Behaviour: "the step budget ends in the time picker: the editor was never saved",
			Steps:     then(calOpenDay("October 22 (Sun)", "month_view_background@27"), fill[:len(fill)-1]...),
			Final:     Join(calEditor("15:36", calForm{Title: "Dentist appointment", Description: "Bring insurance card", Date: "October 22, 2023", Start: "14:00", End: "15:00"}, false), timePicker("14", "30")),
		},
		{
			Name: "calendar_add_save_no_final", TaskName: "SimpleCalendarAddOneEvent", Goal: calGoal, Truth: true,
			Expect: ExpectCannotTell, Kind: KindUnseen, TimedOut: true, NoFinal: true,
			Behaviour: "the run's last action is the Save tap; no screen after it was recorded",
			Steps: then(append(calOpenDay("October 22 (Sun)", "month_view_background@27"), fill...),
				step(calEditor("15:37", form, false), "Save the event.", tap("Save"))),
		},
	}
}

// datePicker is Android's date picker dialog on October 2023.
func datePicker(header string) []Element {
	els := []Element{
		El("TextView", pkgCalendar, T("2023"), ID("android:id/date_picker_header_year"), At(105, 420, 400, 480)),
		El("TextView", pkgCalendar, T(header), ID("android:id/date_picker_header_date"), At(105, 480, 700, 600)),
		El("TextView", pkgCalendar, T("October 2023"), ID("android:id/month_view"), At(105, 650, 975, 720)),
	}
	for d := 1; d <= 31; d++ {
		col, row := (d-1)%7, (d-1)/7
		x, y := 120+col*120, 760+row*110
		els = append(els, El("View", pkgCalendar, T(itoa(d)), D(itoa(d)+" October 2023"), At(x, y, x+110, y+100), Click))
	}
	return append(els,
		El("Button", pkgCalendar, T("Cancel"), ID("android:id/button2"), At(500, 1450, 720, 1570), Click),
		El("Button", pkgCalendar, T("OK"), ID("android:id/button1"), At(740, 1450, 960, 1570), Click))
}

func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}

// retitle replaces a date shown in the steps' screens (the editor opened on another day).
func retitle(steps []Step, from, to string) []Step {
	for i := range steps {
		s := append(Screen(nil), steps[i].Screen...)
		for j := range s {
			if deref(s[j].Text) == from {
				s[j].Text = str(to)
			}
		}
		steps[i].Screen = s
	}
	return steps
}

// relocate moves what calFill put in the title field into the location field (the agent
// typed the title into Location).
func relocate(s Screen) Screen {
	out := append(Screen(nil), s...)
	for i := range out {
		switch deref(out[i].ResourceName) {
		case pkgCalendar + ":id/event_title":
			out[i].Text = out[i].HintText
		case pkgCalendar + ":id/event_location":
			out[i].Text = str("Dentist appointment")
		}
	}
	return out
}
