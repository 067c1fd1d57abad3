package redteam4

import (
	"image/color"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: final screens read from pixels alone, on tasks of part A.

type frame = func(*Canvas)

// on draws an app screen (status bar, toolbar, gesture handle) and then its body.
func on(title, nav string, body frame, actions ...string) frame {
	return func(c *Canvas) {
		AppScreen(title, nav, actions...)(c)
		body(c)
	}
}

func internetShot(wifi bool) frame {
	return on("Internet", "back", func(c *Canvas) {
		c.Text(63, 360, "Wi‑Fi", Regular, 52, Ink, 0)
		c.SwitchAt(860, 350, wifi)
		if !wifi {
			c.Text(63, 520, "To see available networks, turn Wi‑Fi on", Regular, 40, Grey, 950)
			return
		}
		c.ListRow(480, "W", Blue, "AndroidWifi", "Connected")
		c.ListRow(670, "+", Grey, "Add network", "")
	})
}

func useBluetoothShot(on_ bool) frame {
	return on("Bluetooth", "back", func(c *Canvas) {
		c.Round(42, 360, 1038, 520, 80, color.RGBA{211, 227, 253, 255})
		c.Text(100, 410, "Use Bluetooth", Regular, 50, Ink, 0)
		c.SwitchAt(840, 398, on_)
		c.Text(63, 620, "When Bluetooth is turned on, your device can communicate with other nearby Bluetooth devices.", Regular, 36, Grey, 950)
	})
}

// ringingShot is the incoming call's full screen: the caller, Decline and Answer.
func ringingShot(number string) frame {
	return func(c *Canvas) {
		bg := color.RGBA{24, 28, 36, 255}
		c.Rect(0, 0, ScreenW, ScreenH, bg)
		c.StatusBar(bg, White)
		c.Centered(540, 380, "Incoming call", Regular, 44, LightGrey)
		c.Centered(540, 470, number, Regular, 84, White)
		c.Circle(270, 2000, 95, ErrRed)
		c.Centered(270, 2120, "Decline", Regular, 40, White)
		c.Circle(810, 2000, 95, color.RGBA{30, 142, 62, 255})
		c.Centered(810, 2120, "Answer", Regular, 40, White)
		c.NavPill(White)
	}
}

func markorShot(names ...string) frame {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Rect(0, BarTop, ScreenW, BarTop+BarH, color.RGBA{0, 121, 107, 255})
		c.Text(63, BarTop+42, "Markor", Medium, 56, White, 0)
		y := 320
		for _, n := range names {
			y = c.ListRow(y, "M", color.RGBA{176, 190, 197, 255}, n, "10/14/2023")
		}
		c.Fab(870, 1980)
		c.NavPill(Ink)
	}
}

func deleteAsked(names ...string) frame {
	return func(c *Canvas) {
		markorShot(names...)(c)
		c.Dialog("Delete", "Do you really want to delete 4 items?", "OK", "Cancel")
	}
}

func threadShot(who, compose string, sent ...string) frame {
	return on(who, "back", func(c *Canvas) {
		y := 600
		for _, s := range sent {
			c.Round(260, y, 1038, y+160, 48, BubbleOut)
			c.Text(300, y+55, s, Regular, 42, Ink, 700)
			c.Text(930, y+175, "Sent", Regular, 32, Grey, 0)
			y += 260
		}
		bottom := 2150
		if compose != "" {
			bottom = KbTop - 150
		}
		c.Round(42, bottom, 870, bottom+125, 62, color.RGBA{241, 243, 244, 255})
		if compose == "" {
			c.Text(100, bottom+40, "Type a message…", Regular, 42, Grey, 0)
		} else {
			c.Text(100, bottom+40, compose, Regular, 42, Ink, 740)
			c.Keyboard("send", "Phoenix", "85006")
		}
		c.Circle(960, bottom+62, 60, Primary)
	}, "more")
}

func memoryShot(typed, result string) frame {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar("file:///storage/emulated/0/Download/task.html", false)
		c.Outline(200, 420, 880, 520, 8, 3, Grey, White)
		c.Text(230, 445, typed, Regular, 44, Ink, 600)
		c.Round(430, 560, 650, 650, 10, LightGrey)
		c.Centered(540, 580, "Submit", Regular, 40, Ink)
		if result != "" {
			c.Centered(540, 720, result, Bold, 64, Ink)
		}
		c.NavPill(Ink)
	}
}

func dayShot(day, title, when, desc string) frame {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Round(42, 150, 620, 270, 60, Surface)
		c.Text(110, 180, "Search", Regular, 44, Grey, 0)
		c.Centered(540, 340, day, Medium, 52, Ink)
		c.Round(42, 480, 1038, 680, 20, color.RGBA{232, 240, 254, 255})
		c.Rect(42, 480, 56, 680, Blue)
		c.Text(90, 500, title, Medium, 46, Ink, 900)
		c.Text(90, 565, when, Regular, 38, Grey, 0)
		c.Text(90, 615, desc, Regular, 36, Grey, 900)
		c.Fab(870, 2120)
		c.NavPill(Ink)
	}
}

func expenseShot(rows ...[3]string) frame {
	return on("Expenses", "back", func(c *Canvas) {
		y := 320
		for _, r := range rows {
			c.Text(63, y+30, r[0], Regular, 46, Ink, 600)
			c.Text(800, y+30, r[1], Medium, 46, Ink, 0)
			c.Text(63, y+100, r[2], Regular, 36, Grey, 0)
			c.Rect(63, y+178, 1017, y+180, LightGrey)
			y += 190
		}
	})
}

func Shots() []Shot {
	const (
		wifiGoal   = "Turn wifi off."
		wifiEval   = "system.py SystemWifiTurnOff.is_successful: Wi-Fi is disabled"
		answerGoal = "Answer the incoming phone call and ensure the In-Call UI is displayed with options like 'Hold'."
		callEval   = "phone_validators.MakeCall.is_successful: the call state is OFFHOOK with the caller's number"
		allGoal    = "Delete all my notes in Markor."
		allEval    = "markor.py MarkorDeleteAllNotes.is_successful: Markor's folder lists no file"
		smsGoal    = "Text the address of the event to Leo Park that Dana Whitfield just sent me in Simple SMS Messenger"
		smsEval    = "sms.py SimpleSmsSendReceivedAddress: a message to Leo Park's number matching the address, the SMS app in front"
		address    = "789 E Oak St, Phoenix AZ 85006"
		formGoal   = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then click the button 5 times, remember the numbers displayed, and enter their product in the form."
		formEval   = "browser.py BrowserTask.is_successful: Chrome in front with an element reading Success!"
	)
	notes := []string{"budget_2023.md", "gift_ideas.md", "packing_list.md", "reading_log.md"}
	taxi := [3]string{"Taxi to airport", "23.00", "Oct 12"}
	others := [][3]string{{"Groceries", "61.45", "Oct 12"}, {"Taxi to airport", "32.00", "Oct 10"}, {"Concert tickets", "80.00", "Oct 9"}, {"Phone bill", "45.99", "Oct 5"}}
	return []Shot{
		{Name: "shot_wifi_switch_off", Task: wifiGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: wifiEval,
			Behaviour: "The Internet page's Wi-Fi switch is off and networks are hidden until it is on.",
			Frames:    []frame{internetShot(true), internetShot(false)}},
		{Name: "shot_wifi_switch_on", Task: wifiGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: wifiEval + " (it is on)",
			Behaviour: "The run ends on the Internet page with Wi-Fi on and connected.",
			Frames:    []frame{internetShot(true)}},
		{Name: "shot_bluetooth_off_for_wifi", Task: wifiGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: wifiEval + " (Wi-Fi untouched)",
			Behaviour: "Use Bluetooth is off: another radio's switch; Wi-Fi is not on this page.",
			Frames:    []frame{useBluetoothShot(true), useBluetoothShot(false)}},
		{Name: "shot_call_answered", Task: answerGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: callEval,
			Behaviour: "The in-call screen shows the caller, a running timer and Hold.",
			Frames:    []frame{ringingShot("(555) 480-2291"), func(c *Canvas) { c.InCallShot("(555) 480-2291", "0:07") }}},
		{Name: "shot_call_still_ringing", Task: answerGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: callEval + " (RINGING)",
			Behaviour: "The incoming call screen still offers Answer and Decline: the call was not answered.",
			Frames:    []frame{ringingShot("(555) 480-2291")}},
		{Name: "shot_markor_folder_emptied", Task: allGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: allEval,
			Behaviour: "After the confirmed delete of four items the browser lists no file.",
			Frames:    []frame{deleteAsked(notes...), markorShot()}},
		{Name: "shot_markor_one_note_left", Task: allGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: allEval + " (zz_archive.md remains)",
			Behaviour: "After the delete one file the selection missed is still listed.",
			Frames:    []frame{deleteAsked(notes...), markorShot("zz_archive.md")}},
		{Name: "shot_sms_address_sent", Task: smsGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: smsEval,
			Behaviour: "Leo Park's thread shows the address as a sent bubble.",
			Frames:    []frame{threadShot("Leo Park", address), threadShot("Leo Park", "", address)}},
		{Name: "shot_sms_address_typed", Task: smsGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: smsEval + " (nothing sent)",
			Behaviour: "The address is in the compose field with the keyboard up; it was never sent.",
			Frames:    []frame{threadShot("Leo Park", address)}},
		{Name: "shot_memory_form_success", Task: formGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: formEval,
			Behaviour: "The page shows Success! under the submitted product.",
			Frames:    []frame{memoryShot("1296", ""), memoryShot("1296", "Success!")}},
		{Name: "shot_memory_form_no_result", Task: formGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: formEval + " (wrong product: the heading is empty)",
			Behaviour: "A product was submitted and nothing appeared under the form: the page writes Success! only for the right one.",
			Frames:    []frame{memoryShot("324", "")}},
		{Name: "shot_chrome_address_typed", Task: formGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: formEval + " (the page was never opened)",
			Behaviour: "The file's address is being typed into Chrome's bar with suggestions under it; no page is loaded.",
			Frames: []frame{func(c *Canvas) {
				c.StatusBar(White, Ink)
				c.ChromeBar("file:///sdcard/Download/task.html", true)
				c.ListRow(300, "", White, "file:///sdcard/Download/task.html", "")
				c.ListRow(470, "", White, "task.html - Google Search", "")
				c.Keyboard("go", "task", "tasks", "taskbar")
			}}},
		{Name: "shot_event_next_thursday", Task: "In Simple Calendar Pro, create a calendar event for this Thursday at 14h with the title 'Dentist appointment' and the description 'Bring the insurance card'. The event should last for 30 mins.",
			Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: "calendar.py SimpleCalendarAddOneEventRelativeDay: the event on this Thursday, Oct 19 (it is on Oct 26)",
			Behaviour: "The event is on Thursday October 26, a week after this Thursday (today is Sunday October 15).",
			Frames:    []frame{dayShot("October 26 (Thu)", "Dentist appointment", "14:00 - 14:30", "Bring the insurance card")}},
		{Name: "shot_playlist_too_short", Task: `Create a playlist in Retro Music titled "Evening Run" with a duration between 45 and 50 minutes using the provided songs.`,
			Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: "retro_music.py RetroPlaylistDuration.is_successful: 45-50 minutes (44:08)",
			Behaviour: "The playlist's page gives its length as 44:08, under 45 minutes.",
			Frames: []frame{on("Evening Run", "back", func(c *Canvas) {
				c.Text(63, 320, "9 songs • 44:08", Regular, 40, Grey, 0)
				y := 420
				for _, s := range songs[:9] {
					y = c.ListRow(y, "♪", Primary, s, "Lumen Drift")
				}
			}, "more")}},
		{Name: "shot_expense_both_copies_gone", Task: "Delete all but one of any expenses in pro expense that are exact duplicates, ensuring at least one instance of each unique expense remains.",
			Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: "expense.py ExpenseDeleteDuplicates: exactly one of the two identical rows deleted (both are gone)",
			Behaviour: "Before, two identical Taxi to airport 23.00 rows; after, neither is listed.",
			Frames:    []frame{expenseShot(append([][3]string{taxi, others[0], taxi}, others[1:]...)...), expenseShot(others...)}},
		{Name: "shot_drawer_vlc_label", Task: `Create a playlist titled "Beach Day" with the following files in VLC (located in Internal Memory/VLCVideos), in order: sunrise_walk.mp4, surf_lesson.mp4, campfire.mp4. And then, create a playlist titled "Road Home" with the following files in VLC, in order: gas_stop.mp4, city_lights.mp4.`,
			Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: "vlc.py VlcCreateTwoPlaylists: both playlists exist in order (none does)",
			Behaviour: "The run ends in the app drawer, where VLC is one label among the apps.",
			Frames:    []frame{func(c *Canvas) { c.HomeScreenShot() }, func(c *Canvas) { c.AppDrawerShot(DrawerApps[14:]) }}},
	}
}
