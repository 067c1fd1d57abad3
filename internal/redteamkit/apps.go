package redteamkit

import "strings"

// Screens of AndroidWorld's apps that more than one corpus shows, as the emulator lays them
// out.

var (
	calendarUI = UIOf("com.simplemobiletools.calendar.pro")
	expenseUI  = UIOf("com.arduia.expense")
	chromeUI   = UIOf("com.android.chrome")
	markorUI   = UIOf("net.gsantner.markor")
	settingsUI = UIOf("com.android.settings")
)

// CalendarMonth is Simple Calendar Pro's month of October 2023. Its grid draws the events as
// pictures inside the day cells, so the tree carries the day numbers only.
func CalendarMonth() []El {
	u := calendarUI
	out := Screen(Toolbar(u, "", "", "Search", "Go to today", "More options"), Els(
		u.Icon("Previous month", "top_left_arrow", Bx(0, 296, 147, 438)),
		u.Text("October 2023", "top_value", Bx(147, 296, 933, 438)),
		u.Icon("Next month", "top_right_arrow", Bx(933, 296, 1080, 438))))
	for i, d := range []string{"S", "M", "T", "W", "T", "F", "S"} {
		out = append(out, u.Text(d, "label", Bx(i*154, 450, (i+1)*154, 510)))
	}
	for d := 1; d <= 31; d++ {
		cell := d - 1 // October 1st 2023 is a Sunday
		x, y := (cell%7)*154, 520+(cell/7)*300
		out = append(out, u.TapText(Itoa(d), "day_monthly_number_id", Bx(x, y, x+154, y+300)))
	}
	return append(out, u.Icon("New event", "calendar_fab", Bx(891, 2148, 1038, 2295)))
}

// ExpenseList is Pro Expense's list of "name|amount|category|date" rows, newest first; the
// rows picked (by index) are selected, with the selection bar in place of the toolbar.
func ExpenseList(picked []int, rows ...string) []El {
	u := expenseUI
	var out []El
	if len(picked) > 0 {
		out = Els(u.Icon("Close selection", "", Bx(0, 138, 147, 285)), u.Text(Itoa(len(picked))+" selected", "tv_selected_count", Bx(189, 166, 700, 248)),
			u.MenuIcon("Delete", "delete", Bx(954, 148, 1080, 274)))
	} else {
		out = Toolbar(u, "Open navigation drawer", "Expenses")
	}
	out = append(out, u.Scroller("androidx.recyclerview.widget.RecyclerView", "rv_expense", Bx(0, 300, 1080, 2200)))
	out = append(out, Listed(len(rows), 320, 190, func(i, y int) []El {
		f := strings.Split(rows[i], "|")
		row := u.Row("", "cl_expense_item", Bx(0, y, 1080, y+180))
		for _, p := range picked {
			row.Selected = row.Selected || p == i
		}
		return Els(row, u.Text(f[0], "tv_name", Bx(63, y+25, 700, y+90)), u.Text(f[1], "tv_amount", Bx(760, y+25, 1017, y+90)),
			u.Text(f[2], "tv_category", Bx(63, y+100, 600, y+150)), u.Text(f[3], "tv_date", Bx(760, y+100, 1017, y+150)))
	})...)
	return append(out, u.Icon("Add expense", "fb_main_add", Bx(870, 2100, 1017, 2247)))
}

// ExpenseRow names the i-th row of ExpenseList by where it is (its container has no text).
func ExpenseRow(i int) string { return "box:0," + Itoa(320+i*190) }

// ChromeTaskPage is Chrome showing AndroidWorld's task.html from Download: number n with the
// Click Me button, or with n empty the form holding typed and result under it ("" before a
// submit), with Gboard open when focused.
func ChromeTaskPage(n, typed, result string, focused bool) []El {
	u := chromeUI
	bar := u.Edit("file:///storage/emulated/0/Download/task.html", "Search or type web address", "url_bar", Bx(189, 160, 800, 260))
	bar.Editable = false // the address shows as text until tapped
	top := Els(u.Icon("Home", "home_button", Bx(0, 148, 147, 274)), bar,
		u.Icon("Switch or close tabs", "tab_switcher_button", Bx(828, 148, 954, 274)), u.Icon("Customize and control Google Chrome", "menu_button", Bx(954, 148, 1080, 274)))
	web := Els(u.Frame("android.webkit.WebView", "", Bx(0, 285, 1080, 2337)))
	if n != "" {
		return Screen(top, web, Els(u.Text(n, "number", Bx(500, 420, 580, 520)), u.Button("Click Me", "button", Bx(400, 560, 680, 660))))
	}
	out := Screen(top, web, Els(u.Edit(typed, "Enter the product", "answer", Bx(250, 440, 700, 520)), u.Button("Submit", "", Bx(720, 440, 880, 520))))
	if result != "" {
		out = append(out, u.Text(result, "result", Bx(400, 560, 680, 650)))
	}
	if focused {
		return TypingIn(out, "answer", "Go")
	}
	return out
}

// MarkorFiles is Markor's list of the folder path: items "name|changed" (a name ending in "/"
// is a folder), the one named selected picked, with the selection bar in place of the toolbar.
func MarkorFiles(path, selected string, items ...string) []El {
	u := markorUI
	var out []El
	if selected != "" {
		out = Els(u.Icon("Close", "", Bx(0, 138, 147, 285)), u.Text("1", "", Bx(189, 166, 400, 248)),
			u.MenuIcon("Delete", "action_delete_selected_items", Bx(702, 148, 828, 274)), u.MenuIcon("Rename", "action_rename_selected_item", Bx(828, 148, 954, 274)),
			u.MenuIcon("More options", "", Bx(954, 148, 1080, 274)))
	} else {
		out = Toolbar(u, "", "Markor", "More options", "Search")
	}
	out = append(out, u.Text(path, "", Bx(63, 290, 1017, 340)))
	out = append(out, Listed(len(items), 360, 170, func(i, y int) []El {
		name, when, _ := strings.Cut(items[i], "|")
		row := u.Row("", "ui__filesystem_item__root", Bx(0, y, 1080, y+160))
		row.Selected = name == selected
		return Els(row, u.Image("", "ui__filesystem_item__image", Bx(40, y+30, 140, y+130)),
			u.Text(strings.TrimSuffix(name, "/"), "ui__filesystem_item__title", Bx(180, y+25, 1017, y+90)), u.Text(when, "ui__filesystem_item__description", Bx(180, y+95, 1017, y+140)))
	})...)
	return append(out, u.Icon("Create a new file or folder", "fab_add_new_item", Bx(870, 2100, 1017, 2247)))
}

// CalendarDay is Simple Calendar Pro's page of a day; events are "title|when", a leading "*" marks one selected.
func CalendarDay(day string, events ...string) []El {
	n := 0
	for _, e := range events {
		if strings.HasPrefix(e, "*") {
			n++
		}
	}
	out := Toolbar(calendarUI, "Navigate up", "", "Search", "More options")
	if n > 0 {
		out = Els(calendarUI.Icon("Close", "", Bx(0, 138, 147, 285)), calendarUI.Text(Itoa(n)+" selected", "", Bx(189, 166, 600, 248)),
			calendarUI.MenuIcon("Share", "cab_share", Bx(828, 148, 954, 274)), calendarUI.MenuIcon("Delete", "cab_delete", Bx(954, 148, 1080, 274)))
	}
	out = append(out, calendarUI.Icon("Previous day", "top_left_arrow", Bx(0, 296, 147, 438)), calendarUI.Text(day, "top_value", Bx(147, 296, 933, 438)),
		calendarUI.Icon("Next day", "top_right_arrow", Bx(933, 296, 1080, 438)))
	if len(events) == 0 {
		out = append(out, calendarUI.Text("No events", "day_events_placeholder", Bx(63, 700, 1017, 780)))
	}
	out = append(out, Listed(len(events), 480, 200, func(i, y int) []El {
		title, when, _ := strings.Cut(strings.TrimPrefix(events[i], "*"), "|")
		row := calendarUI.Row("", "event_item_holder", Bx(0, y, 1080, y+190))
		row.Selected = strings.HasPrefix(events[i], "*")
		return Els(row, calendarUI.Text(title, "event_item_title", Bx(90, y+30, 1017, y+95)), calendarUI.Text(when, "event_item_time", Bx(90, y+105, 1017, y+160)))
	})...)
	return append(out, calendarUI.Icon("New event", "calendar_fab", Bx(891, 2148, 1038, 2295)))
}

// CalendarAsk is the question Simple Calendar Pro asks before it deletes events, over under.
func CalendarAsk(under []El) []El {
	return Screen(under, Dialog(calendarUI.Pkg, "", "Are you sure you want to proceed with the deletion?", "Yes", "No"))
}

// SettingsHome is the Settings app's first page: its search field and its first eight sections.
func SettingsHome() []El {
	return Screen(Els(settingsUI.Edit("", "Search settings", "search_action_bar_title", Bx(40, 300, 1040, 430))),
		Rows(settingsUI, "android:id/title", 500, "Network & internet|Mobile, Wi‑Fi, hotspot", "Connected devices|Bluetooth, pairing",
			"Apps|Assistant, recent apps, default apps", "Notifications|Notification history, conversations", "Battery|100%",
			"Storage|34% used - 5.31 GB free", "Sound & vibration|Volume, haptics, Do Not Disturb", "Display|Dark theme, font size, brightness"))
}
