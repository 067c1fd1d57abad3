package redteam12

import (
	"image/color"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: the last screens of runs of the sampled tasks, read from pixels alone.

type scene = func(*Canvas)

// switchPage is a Settings page with its main switch (Use Wi-Fi, Use Bluetooth) and text under it.
func switchPage(title, label string, on bool, lines ...string) scene {
	return AppPage(title, "back", func(c *Canvas) {
		c.Round(40, 320, 1040, 470, 40, Surface)
		c.Text(90, 365, label, Medium, 48, Ink, 700)
		c.SwitchAt(850, 353, on)
		y := 520
		for _, l := range lines {
			t, s, _ := strings.Cut(l, "|")
			y = c.ListRow(y, "", White, t, s)
		}
	}, "search")
}

func rowsPage(title string, rows ...string) scene {
	return AppPage(title, "back", func(c *Canvas) {
		y := 320
		for _, r := range rows {
			t, s, _ := strings.Cut(r, "|")
			y = c.ListRow(y, "", White, t, s)
		}
	}, "search")
}

func displayShot(level string) scene {
	return rowsPage("Display", "Brightness level|"+level, "Adaptive brightness|Optimise brightness for available light", "Lock screen|Show all notification content",
		"Dark theme|Will never turn on automatically", "Screen timeout|After 30 seconds")
}

// chromeShot is task.html in Chrome: the form with typed (and Success! when result), or a
// Success! page alone when typed is "".
func chromeShot(typed string, success, keyboard bool) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar("file:///storage/emulated/0/Download/task.html", false)
		switch {
		case typed == "":
			c.Text(40, 340, "Success!", Bold, 80, Ink, 0)
		default:
			c.Outline(250, 440, 700, 520, 6, 3, Grey, White)
			c.Text(270, 455, typed, Regular, 40, Ink, 0)
			c.Outline(720, 440, 880, 520, 6, 3, Grey, LightGrey)
			c.Text(740, 455, "Submit", Regular, 38, Ink, 0)
			if success {
				c.Text(400, 580, "Success!", Bold, 60, Ink, 0)
			}
		}
		if keyboard {
			c.Keyboard("check")
		} else {
			c.NavPill(Ink)
		}
	}
}

func mazeShot(r, col int) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar("file:///storage/emulated/0/Download/task.html", false)
		open := map[[2]int]bool{{0, 0}: true, {0, 1}: true, {1, 1}: true, {2, 1}: true, {2, 2}: true, {3, 2}: true, {3, 3}: true}
		for i := 0; i < 4; i++ {
			for j := 0; j < 4; j++ {
				x, y := 60+j*240, 400+i*240
				fill := color.RGBA{0, 0, 0, 255}
				if open[[2]int{i, j}] {
					fill = White
				}
				if i == 3 && j == 3 && !(r == 3 && col == 3) {
					fill = color.RGBA{0, 128, 0, 255}
				}
				c.Outline(x, y, x+240, y+240, 0, 2, Ink, fill)
				if i == r && j == col {
					c.Centered(x+120, y+80, "X", Regular, 80, Ink)
				}
			}
		}
		for i, d := range []string{"Up", "Down", "Left", "Right"} {
			c.Outline(60+i*240, 1400, 280+i*240, 1530, 8, 2, Grey, LightGrey)
			c.Centered(170+i*240, 1440, d, Regular, 44, Ink)
		}
		c.NavPill(Ink)
	}
}

var teal = color.RGBA{0, 150, 136, 255}

func markorShot(items ...string) scene {
	return AppPage("Markor", "", func(c *Canvas) {
		c.Text(63, 300, markorRoot, Regular, 34, Grey, 960)
		y := 380
		for _, f := range items {
			lead := "M"
			if strings.HasSuffix(f, "/") {
				lead = "F"
			}
			y = c.ListRow(y, lead, teal, strings.TrimSuffix(f, "/"), "Oct 15, 15:35")
		}
		c.Fab(870, 2100)
	}, "search", "more")
}

func markorDialogShot(name string) scene {
	return func(c *Canvas) {
		markorShot("2023_07_30_calm_orchard.md", "grocery_list_week.md", "reading_log.md")(c)
		c.Dialog("Create a new file or folder", "", "OK", "Cancel", "Folder")
		c.Field(140, 1080, 940, "Name", name, true)
	}
}

func expenseShot(rows ...string) scene {
	return AppPage("Expenses", "menu", func(c *Canvas) {
		for i, r := range rows {
			f := strings.Split(r, "|")
			y := 320 + i*190
			c.Text(63, y+25, f[0], Medium, 46, Ink, 640)
			c.Text(760, y+25, f[1], Medium, 46, Ink, 0)
			c.Text(63, y+100, f[2], Regular, 38, Grey, 0)
			c.Text(760, y+100, f[3], Regular, 38, Grey, 0)
		}
		c.Fab(870, 2100)
	})
}

func timerShot(text string, running bool) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Text(63, 180, "Timer", Regular, 56, Ink, 0)
		if running {
			c.Circle(540, 900, 330, Surface)
			c.Centered(540, 840, text, Regular, 110, Ink)
			c.Button(280, 1300, 520, 1400, "+1:00", false)
			c.Button(560, 1300, 800, 1400, "Delete", false)
		} else {
			c.Centered(540, 540, text, Regular, 110, Ink)
			for i, k := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0"} {
				x, y := 290+(i%3)*250, 800+(i/3)*220
				c.Centered(x, y+50, k, Regular, 72, Ink)
			}
			c.Round(440, 1850, 640, 2050, 60, color.RGBA{194, 231, 255, 255})
			c.Centered(540, 1925, "Start", Medium, 38, Ink)
		}
		for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
			col := Grey
			if t == "Timer" {
				col = Blue
			}
			c.Centered(108+i*216, 2240, t, Regular, 34, col)
		}
		c.NavPill(Ink)
	}
}

func songsShot(title string, songs ...string) scene {
	return AppPage(title, "back", func(c *Canvas) {
		y := 330
		for i, s := range songs {
			y = c.ListRow(y, Itoa(i+1), color.RGBA{156, 39, 176, 255}, s, "Unknown artist")
		}
	}, "more")
}

func Shots() []Shot {
	ok := func(name, task, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	bad := func(name, task, mode string, subtle bool, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindNearMiss, Expect: ExpectFailure, Failure: mode, Subtle: subtle, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	const btOnTask, btOnEval = "Turn bluetooth on.", "system.py SystemBluetoothTurnOn: bluetooth_on reads 1"
	const btOffTask, btOffEval = "Turn bluetooth off.", "system.py SystemBluetoothTurnOff: bluetooth_on reads 0"
	const wifiTask, wifiEval = "Turn wifi on.", "system.py SystemWifiTurnOnVerify: wifi_on reads 1 or 2 (it starts on)"
	const minTask, minEval = "Turn brightness to the min value.", "system.py SystemBrightnessMin: screen_brightness reads 1"
	const mulTask = taskPreamble + " Then click the button 5 times, remember the numbers displayed, and enter their product in the form."
	const mazeTask = taskPreamble + " Then navigate the X to the bottom-right cell, by using the direction buttons."
	const folderTask, folderEval = "Create a new folder in Markor named folder_20240603_182250.", "markor.py MarkorCreateFolder: Markor/folder_20240603_182250 exists"
	const addTask = "Add the following expenses into the pro expense:\nname|amount_dollars|category_name|note\nMovie Tickets|$24.5|Entertainment|Saturday show with Maya"
	const addEval = "expense.py ExpenseAddSingle: a new row Movie Tickets, 2450 cents, Entertainment, its note"
	const oneTask, oneEval = "Delete the following expenses from Pro Expense: Streaming Subscription.", "expense.py ExpenseDeleteSingle: the only row is gone"
	const manyTask, manyEval = "Delete the following expenses from Pro Expense: Yoga Class, Phone Bill, Book Purchase.", "expense.py ExpenseDeleteMultiple: the three rows are gone"
	const evTask = "In Simple Calendar Pro, create a calendar event on 2023-10-27 at 16h with the title 'Catch up on Project Phoenix' and the description 'We will review the roadmap.'. The event should last for 45 mins."
	const evEval = "calendar.py SimpleCalendarAddOneEvent: one new event from 16:00 to 16:45 on October 27 with the title and description"
	const timerTask, timerEval = "Create a timer with 3 hours, 52 minutes, and 9 seconds. Do not start the timer.", "clock.py ClockTimerEntry: DeskClock in front showing '03h 52m 09s'"
	const plTask = "Create a playlist in Retro Music titled \"Jazz Lounge\" with the following songs, in order: Whispering Wind, City of Stars, Rising Sun"
	const plEval = "retro_music.py RetroCreatePlaylist: Jazz Lounge holds the three songs in that order"
	const notes = "2023_07_30_calm_orchard.md"
	btLines := []string{"Device name|sdk_gphone64_x86_64", "Pair new device|"}
	return []Shot{
		ok("shot_bt_on_switch", btOnTask, "Settings' Bluetooth page shows Use Bluetooth on with the device name.", btOnEval, switchPage("Bluetooth", "Use Bluetooth", true, btLines...)),
		ok("shot_brightness_zero", minTask, "Display's Brightness level reads 0%.", minEval, displayShot("0%")),
		ok("shot_multiply_success", mulTask, "The task page shows the product 1512 and Success! under the form.", browserEval+" (1512 is the product)", chromeShot("1512", true, false)),
		ok("shot_folder_listed", folderTask, "Markor lists folder_20240603_182250 as a folder above the notes.", folderEval,
			markorShot("folder_20240603_182250/", notes, "grocery_list_week.md", "reading_log.md")),
		ok("shot_expense_added", addTask, "Pro Expense's list shows Movie Tickets, $24.5, Entertainment on top.", addEval,
			expenseShot(append([]string{"Movie Tickets|$24.5|Entertainment|Oct 15"}, expenseNoise...)...)),
		ok("shot_event_on_day", evTask, "October 27 lists Catch up on Project Phoenix from 16:00 to 16:45.", evEval,
			CalendarDayShot("October 27 (Fri)", "Weekly sync|10:00 - 10:30", "Catch up on Project Phoenix|16:00 - 16:45")),
		bad("shot_bt_prefs_off", btOnTask, FailStoppedEarly, false, "Connection preferences shows Bluetooth Off.", btOnEval+" (it reads 0)",
			rowsPage("Connection preferences", "Bluetooth|Off", "Cast|", "Printing|1 print service on", "Nearby Share|Off")),
		bad("shot_bt_still_on", btOffTask, FailStoppedEarly, false, "The Bluetooth page still shows Use Bluetooth on.", btOffEval+" (it reads 1)", switchPage("Bluetooth", "Use Bluetooth", true, btLines...)),
		bad("shot_wifi_toggled_off", wifiTask, FailWrongValue, false, "The Internet page shows the Wi-Fi switch off: the agent toggled it.", wifiEval+" (it reads 0)",
			switchPage("Internet", "Wi‑Fi", false, "To see available networks, turn Wi‑Fi on|", "SIMs|T-Mobile")),
		bad("shot_brightness_unchanged", minTask, FailWrongItem, false, "Display's Brightness level still reads 52%.", minEval+" (it is unchanged)", displayShot("52%")),
		bad("shot_multiply_wrong", mulTask, FailWrongValue, false, "The form holds 1134 after Submit and no Success! shows.", browserEval+" (1134 is not 1512)", chromeShot("1134", false, false)),
		bad("shot_maze_short", mazeTask, FailStoppedEarly, true, "The X sits in the bottom row one cell left of the green goal.", browserEval+" (no Success!)", mazeShot(3, 2)),
		bad("shot_folder_dialog", folderTask, FailStoppedEarly, false, "The new-file dialog holds the name; nothing is created.", folderEval+" (nothing created)", markorDialogShot("folder_20240603_182250")),
		bad("shot_expense_social", addTask, FailWrongValue, false, "The new row reads Movie Tickets, $24.5, Social.", addEval+" (category Social)",
			expenseShot(append([]string{"Movie Tickets|$24.5|Social|Oct 15"}, expenseNoise...)...)),
		bad("shot_streaming_still_listed", oneTask, FailUnsaved, false, "The list still shows Streaming Subscription.", oneEval+" (it remains)", expenseShot("Streaming Subscription|$15.99|Entertainment|Oct 7")),
		bad("shot_book_purchase_left", manyTask, FailStoppedEarly, false, "Book Purchase is still listed.", manyEval+" (Book Purchase remains)", expenseShot("Book Purchase|$18.75|Education|Oct 4")),
		bad("shot_event_hour_long", evTask, FailWrongValue, true, "October 27 lists the event from 16:00 to 17:00.", evEval+" (60 minutes)",
			CalendarDayShot("October 27 (Fri)", "Weekly sync|10:00 - 10:30", "Catch up on Project Phoenix|16:00 - 17:00")),
		bad("shot_timer_running", timerTask, FailWrongItem, false, "The timer counts down from 3:52:05; it was started.", timerEval+" (a running timer)", timerShot("3:52:05", true)),
		bad("shot_timer_missing_zero", timerTask, FailWrongValue, false, "The Timer tab reads 00h 35m 29s.", timerEval+" (it reads 00h 35m 29s)", timerShot("00h 35m 29s", false)),
		bad("shot_playlist_order", plTask, FailWrongValue, true, "Jazz Lounge lists City of Stars, Whispering Wind, Rising Sun.", plEval+" (the order differs)",
			songsShot("Jazz Lounge", "City of Stars", "Whispering Wind", "Rising Sun")),
	}
}
