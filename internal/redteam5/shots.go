package redteam5

import (
	"image/color"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: the last screens of runs, read from pixels alone, on tasks of part A.

type scene = func(*Canvas)

func bluetoothShot(on bool) scene {
	return AppPage("Bluetooth", "back", func(c *Canvas) {
		c.Round(42, 340, 1038, 500, 80, color.RGBA{232, 222, 248, 255})
		c.Text(100, 392, "Use Bluetooth", Regular, 50, Ink, 0)
		c.SwitchAt(850, 378, on)
		if on {
			c.ListRow(560, "+", Grey, "Pair new device", "")
			c.ListRow(740, "", White, "Device name", "Pixel 6")
			return
		}
		c.Wrapped(63, 580, "When Bluetooth is turned on, your device can communicate with other nearby Bluetooth devices.", Regular, 38, Grey, 950)
	})
}

func timerEntryShot(display string) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Text(63, 170, "Timer", Regular, 56, Ink, 0)
		c.Centered(540, 470, display, Regular, 110, Ink)
		for i, d := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "00", "0"} {
			x, y := 270+(i%3)*270, 820+(i/3)*230
			c.Circle(x, y, 95, color.RGBA{232, 234, 237, 255})
			c.Centered(x, y-38, d, Regular, 70, Ink)
		}
		c.Round(390, 1880, 690, 2040, 80, Blue)
		c.Centered(540, 1935, "Start", Medium, 46, White)
		clockTabsShot(c, 2)
	}
}

func clockTabsShot(c *Canvas, selected int) {
	for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
		col := Grey
		if i == selected {
			c.Round(40+i*205, 2150, 190+i*205, 2220, 35, color.RGBA{211, 227, 253, 255})
			col = Ink
		}
		c.Centered(115+i*205, 2235, t, Regular, 34, col)
	}
	c.NavPill(Ink)
}

func timerRunningShot(left string) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Text(63, 170, "Timer", Regular, 56, Ink, 0)
		c.Circle(540, 900, 330, Blue)
		c.Circle(540, 900, 310, White)
		c.Centered(540, 840, left, Regular, 120, Ink)
		c.Button(150, 1450, 480, 1580, "+1:00", false)
		c.Button(600, 1450, 930, 1580, "Reset", false)
		c.Round(390, 1880, 690, 2040, 80, Blue)
		c.Centered(540, 1935, "Pause", Medium, 46, White)
		clockTabsShot(c, 2)
	}
}

func mazeSuccessShot(c *Canvas) {
	c.StatusBar(White, Ink)
	c.ChromeBar("file:///storage/emulated/0/Download/task.html", false)
	c.Text(40, 340, "Success!", Bold, 80, Ink, 0)
	c.NavPill(Ink)
}

func mazeShot(x int) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar("file:///storage/emulated/0/Download/task.html", false)
		for r := 0; r < 3; r++ {
			for col := 0; col < 3; col++ {
				x0, y0 := 300+col*160, 500+r*160
				c.Rect(x0, y0, x0+160, y0+160, Ink)
				c.Rect(x0+3, y0+3, x0+157, y0+157, White)
				if r*3+col == x {
					c.Centered(x0+80, y0+45, "X", Bold, 70, Ink)
				}
			}
		}
		for i, b := range []string{"Up", "Down", "Left", "Right"} {
			c.Round(160+i*200, 1100, 340+i*200, 1200, 10, LightGrey)
			c.Centered(250+i*200, 1128, b, Regular, 40, Ink)
		}
		c.NavPill(Ink)
	}
}

func calendarDayShot(day string, events ...[2]string) scene {
	return AppPage(day, "back", func(c *Canvas) {
		y := 330
		for _, e := range events {
			c.Round(42, y, 1038, y+170, 20, color.RGBA{232, 240, 254, 255})
			c.Rect(42, y, 58, y+170, Blue)
			c.Text(90, y+28, e[0], Medium, 46, Ink, 900)
			c.Text(90, y+100, e[1], Regular, 38, Grey, 0)
			y += 200
		}
		c.Fab(870, 2120)
	}, "search", "more")
}

func eventFormShot(c *Canvas) {
	AppScreen("New Event", "back", "check")(c)
	c.Field(63, 320, 1017, "Title", "Dentist checkup", false)
	c.Field(63, 520, 1017, "Location", "", false)
	c.Field(63, 720, 1017, "Description", "Bring the insurance card", true)
	c.Text(150, 950, "Mon, Oct 16, 2023", Regular, 44, Ink, 0)
	c.Text(780, 950, "10:00", Regular, 44, Ink, 0)
	c.Text(150, 1060, "Mon, Oct 16, 2023", Regular, 44, Ink, 0)
	c.Text(780, 1060, "10:45", Regular, 44, Ink, 0)
	c.Keyboard("done", "card", "cards", "cardigan")
}

func expenseListShot(rows ...[3]string) scene {
	return AppPage("Expense", "menu", func(c *Canvas) {
		y := 320
		for _, r := range rows {
			c.Text(63, y+25, r[0], Regular, 46, Ink, 650)
			c.Text(790, y+25, r[1], Medium, 46, Ink, 0)
			c.Text(63, y+95, r[2], Regular, 36, Grey, 0)
			c.Text(860, y+95, "Oct 15", Regular, 36, Grey, 0)
			c.Rect(63, y+178, 1017, y+180, LightGrey)
			y += 190
		}
		c.Fab(870, 2100)
	})
}

func recordsShot(names ...string) scene {
	return AppPage("Records", "back", func(c *Canvas) {
		y := 320
		for _, n := range names {
			y = c.ListRow(y, "R", color.RGBA{233, 30, 99, 255}, n, "00:06  ·  m4a  ·  96 kB")
		}
	})
}

func recorderNameShot(typed string) scene {
	return func(c *Canvas) {
		AppScreen("Audio Recorder", "", "more")(c)
		c.Centered(540, 900, "00:06", Regular, 110, Ink)
		c.Circle(540, 2050, 150, color.RGBA{233, 30, 99, 255})
		c.Scrim()
		c.Round(84, 640, 996, 1160, 56, Surface)
		c.Text(140, 700, "Record name", Regular, 54, Ink, 0)
		c.Field(140, 820, 940, "Name", typed, true)
		c.Text(620, 1040, "Cancel", Medium, 44, Primary, 0)
		c.Text(830, 1040, "Save", Medium, 44, Primary, 0)
		c.Keyboard("done", "lecture", "lectures", "lecturer")
	}
}

func smsComposeShot(c *Canvas) {
	AppScreen("+1 415-555-0182", "back", "more")(c)
	c.Round(42, 420, 780, 560, 48, BubbleIn)
	c.Text(80, 465, "Are you still coming tonight?", Regular, 42, Ink, 680)
	c.Round(42, KbTop-150, 870, KbTop-25, 62, color.RGBA{241, 243, 244, 255})
	c.Text(100, KbTop-110, "Running ten minutes late, save me a seat", Regular, 40, Ink, 740)
	c.Circle(960, KbTop-88, 60, Primary)
	c.IconSend(928, KbTop-120, White)
	c.Keyboard("send", "seat", "seats", "Seattle")
}

func contactShot(name, phone string) scene {
	return AppPage("", "back", func(c *Canvas) {
		c.Circle(540, 520, 150, color.RGBA{26, 115, 232, 255})
		c.Centered(540, 455, name[:1], Medium, 120, White)
		c.Centered(540, 720, name, Regular, 70, Ink)
		for i, a := range []string{"Call", "Text", "Video", "Email"} {
			c.Circle(210+i*220, 940, 60, color.RGBA{211, 227, 253, 255})
			c.Centered(210+i*220, 1020, a, Regular, 36, Ink)
		}
		contactInfoCard(c, phone)
	}, "more", "star")
}

func contactInfoCard(c *Canvas, phone string) {
	c.Round(42, 1120, 1038, 1420, 30, Surface)
	c.Text(100, 1160, "Contact info", Medium, 44, Ink, 0)
	c.Text(200, 1250, phone, Regular, 46, Ink, 0)
	c.Text(200, 1320, "Mobile", Regular, 36, Grey, 0)
}

func markorListShot(names ...string) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Rect(0, BarTop, ScreenW, BarTop+BarH, color.RGBA{0, 150, 136, 255})
		c.Text(63, BarTop+42, "Markor", Medium, 56, White, 0)
		for i, n := range names { // a row with a summary is 190 tall
			c.ListRow(320+190*i, "", White, n, "10/14/2023, 18:20")
		}
		c.Fab(870, 2100)
		c.NavPill(Ink)
	}
}

func recipeListShot(cards ...[2]string) scene {
	return AppPage("Recipes", "menu", func(c *Canvas) {
		y := 320
		for _, r := range cards {
			c.Round(30, y, 1050, y+240, 24, Surface)
			c.Round(60, y+30, 300, y+210, 16, color.RGBA{197, 225, 165, 255})
			c.Text(340, y+45, r[0], Medium, 48, Ink, 680)
			c.Text(340, y+125, r[1], Regular, 36, Grey, 680)
			y += 260
		}
		c.Fab(870, 2100)
	}, "search")
}

func Shots() []Shot {
	const (
		btGoal    = "Turn bluetooth on."
		btEval    = "system.py SystemBluetoothTurnOnVerify: Bluetooth on at the end (it was on at the start)"
		timerGoal = "Create a timer with 0 hours, 25 minutes, and 0 seconds. Do not start the timer."
		timerEval = "clock.py ClockTimerEntry (_is_timer_set): DeskClock in front showing '00h 25m 00s'"
		mazeGoal  = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then navigate the X to the bottom-right cell, by using the direction buttons."
		mazeEval  = "browser.py BrowserTask.is_successful: Chrome in front with an element reading Success!"
		calGoal   = "In Simple Calendar Pro, create a calendar event for tomorrow at 10h with the title 'Dentist checkup' and the description 'Bring the insurance card'. The event should last for 45 mins."
		calEval   = "calendar.py SimpleCalendarAddOneEventTomorrow: a new event 2023-10-16 10:00-10:45 with the title and description"
		delGoal   = "Delete the following expenses from pro expense: Parking downtown, Phone case, Lunch with Sam."
		delEval   = "expense.py ExpenseDeleteMultiple2: the three rows removed, the others unchanged"
		recGoal   = "Record an audio clip and save it with name \"lecture_oct\" using Audio Recorder app."
		recEval   = "audio_recorder.py AudioRecorderRecordAudioWithFileName: lecture_oct.m4a exists"
		smsGoal   = "Reply to the most recent text message using Simple SMS Messenger with message: Running ten minutes late, save me a seat"
		smsEval   = "sms.py SimpleSmsReplyMostRecent: the message sent to the newest sender's number, the SMS app in front"
		conGoal   = "Create a new contact for Nadia Okafor. Their number is +13125550143."
		conEval   = "contacts.py ContactsAddContact: a contact Nadia Okafor with the number 13125550143"
		mdGoal    = "Update the Markor note grocery_run.md by adding the following text, along with a new blank line before the existing content: \"Saturday list\", and rename it to weekend_groceries.md."
		mdEval    = "markor.py MarkorAddNoteHeader: grocery_run.md gone, weekend_groceries.md holds the header, a blank line and the old text"
		swGoal    = "Pause the stopwatch."
		swEval    = "clock.py ClockStopWatchPausedVerify: DeskClock in front with a Start button and the Stopwatch labels"
		dupGoal   = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
		dupEval   = "recipe.py RecipeDeleteDuplicateRecipes2: exactly one of the two identical rows removed, the rest unchanged"
	)
	toDelete := [][3]string{{"Coffee beans", "$18.00", "Food"}, {"Parking downtown", "$12.00", "Transportation"}, {"Museum pass", "$25.00", "Entertainment"}, {"Phone case", "$22.00", "Others"}, {"Electric bill", "$74.00", "Utilities"}, {"Lunch with Sam", "$31.00", "Food"}}
	curry := [2]string{"Chicken Curry", "A mild curry with coconut milk."}
	recipes := [][2]string{{"Lentil Soup", "Hearty and warming, ready in 40 minutes."}, curry, {"Lentil Soup", "Smoky with paprika, a weeknight favourite."}, {"Greek Salad", "Crisp, fresh and tangy."}, {"Banana Bread", "Moist loaf with walnuts."}}
	return []Shot{
		{Name: "shot_bluetooth_left_on", Task: btGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: btEval,
			Behaviour: "The Bluetooth page's switch is on and the page offers pairing.", Frames: []scene{bluetoothShot(true)}},
		{Name: "shot_bluetooth_switched_off", Task: btGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: btEval + " (it ends off)",
			Behaviour: "The switch went from on to off: the last screen has Bluetooth off.", Frames: []scene{bluetoothShot(true), bluetoothShot(false)}},
		{Name: "shot_timer_entered", Task: timerGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: timerEval,
			Behaviour: "The timer's entry reads 00h 25m 00s over the keypad, not started.", Frames: []scene{timerEntryShot("00h 02m 50s"), timerEntryShot("00h 25m 00s")}},
		{Name: "shot_timer_counting_down", Task: timerGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: timerEval + " (a countdown runs)",
			Behaviour: "The timer was started: a countdown with Pause and Reset replaces the entry.", Frames: []scene{timerEntryShot("00h 25m 00s"), timerRunningShot("24:58")}},
		{Name: "shot_maze_success", Task: mazeGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: mazeEval,
			Behaviour: "The page under Chrome's address bar shows only its Success! heading.", Frames: []scene{mazeShot(5), mazeSuccessShot}},
		{Name: "shot_maze_then_home", Task: mazeGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: mazeEval + " (the launcher is in front at the end)",
			Behaviour: "After the Success! page the run goes home and ends on the launcher.", Frames: []scene{mazeSuccessShot, func(c *Canvas) { c.HomeScreenShot() }}},
		{Name: "shot_maze_address_typed", Task: mazeGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: mazeEval + " (the page never loaded)",
			Behaviour: "The file's address is typed in Chrome's bar with suggestions and the keyboard under it; no page is open.",
			Frames: []scene{func(c *Canvas) {
				c.StatusBar(White, Ink)
				c.ChromeBar("file:///storage/emulated/0/Download/task.html", true)
				c.ListRow(300, "", White, "file:///storage/emulated/0/Download/task.html", "")
				c.ListRow(470, "", White, "task html maze", "")
				c.Keyboard("go", "html", "htm", "HTML")
			}}},
		{Name: "shot_event_tomorrow", Task: calGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: calEval,
			Behaviour: "Monday October 16's page lists the event at 10:00 - 10:45.", Frames: []scene{calendarDayShot("Monday, October 16", [2]string{"Dentist checkup", "10:00 - 10:45"})}},
		{Name: "shot_event_form_open", Task: calGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: calEval + " (never saved)",
			Behaviour: "The new-event form is filled in, the keyboard still up: it was never saved.", Frames: []scene{eventFormShot}},
		{Name: "shot_delete_confirm_open", Task: delGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: delEval + " (not confirmed)",
			Behaviour: "The delete confirmation is still open over the list: nothing has been deleted.",
			Frames: []scene{func(c *Canvas) {
				expenseListShot(toDelete...)(c)
				c.Dialog("Delete", "Delete 3 selected expenses?", "Delete", "Cancel")
			}}},
		{Name: "shot_clip_named", Task: recGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: recEval,
			Behaviour: "The records list shows lecture_oct at the top.", Frames: []scene{recorderNameShot("lecture_oct"), recordsShot("lecture_oct", "Record-2", "Record-1")}},
		{Name: "shot_clip_name_dialog_open", Task: recGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: recEval + " (the name was never saved)",
			Behaviour: "The name is typed in the dialog with the keyboard up; Save was not tapped.", Frames: []scene{recorderNameShot("lecture_oct")}},
		{Name: "shot_reply_typed_not_sent", Task: smsGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: smsEval + " (nothing sent)",
			Behaviour: "The reply sits in the compose field under the received message; no sent bubble.", Frames: []scene{smsComposeShot}},
		{Name: "shot_contact_saved", Task: conGoal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess, Evaluator: conEval,
			Behaviour: "The new contact's page shows Nadia Okafor and +1 312-555-0143.", Frames: []scene{contactShot("Nadia Okafor", "+1 312-555-0143")}},
		{Name: "shot_contact_wrong_number", Task: conGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: conEval + " (saved with 13125550413)",
			Behaviour: "The contact's page shows the number with two digits swapped.", Frames: []scene{contactShot("Nadia Okafor", "+1 312-555-0413")}},
		{Name: "shot_note_not_renamed", Task: mdGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: mdEval + " (grocery_run.md remains)",
			Behaviour: "The browser still lists grocery_run.md and no weekend_groceries.md.", Frames: []scene{markorListShot("grocery_run.md", "meeting_notes.md", "reading_list.md")}},
		{Name: "shot_stopwatch_in_drawer", Task: swGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: swEval + " (the launcher is in front)",
			Behaviour: "The run ends in the app drawer, where Clock is one label among many; the stopwatch is not on screen.",
			Frames:    []scene{func(c *Canvas) { c.HomeScreenShot() }, func(c *Canvas) { c.AppDrawerShot(DrawerApps[4:]) }}},
		{Name: "shot_one_curry_left", Task: dupGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: dupEval,
			Behaviour: "The list holds one Chicken Curry; the two lentil soups differ in description and both stay.",
			Frames:    []scene{recipeListShot(append(append([][2]string(nil), recipes[:4]...), curry, recipes[4])...), recipeListShot(recipes...)}},
	}
}
