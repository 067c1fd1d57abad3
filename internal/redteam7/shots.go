package redteam7

import (
	"image/color"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: the last screens of runs of the sampled tasks, read from pixels alone.

type scene = func(*Canvas)

func internetShot(on bool) scene {
	return AppPage("Internet", "back", func(c *Canvas) {
		c.ListRow(320, "", White, "T-Mobile", "Connected / 5G")
		c.Text(63, 560, "Wi‑Fi", Regular, 48, Ink, 0)
		c.SwitchAt(870, 545, on)
		if on {
			c.ListRow(700, "", White, "AndroidWifi", "Connected")
			c.ListRow(890, "+", Grey, "Add network", "")
			c.ListRow(1060, "", White, "Saved networks", "")
			return
		}
		c.Wrapped(63, 720, "To see available networks, turn Wi‑Fi on", Regular, 40, Grey, 950)
		c.ListRow(900, "", White, "Network preferences", "Wi‑Fi turns back on automatically")
	})
}

func bluetoothShot(c *Canvas) {
	AppPage("Bluetooth", "back", func(c *Canvas) {
		c.Round(40, 330, 1040, 500, 60, color.RGBA{234, 221, 255, 255})
		c.Text(100, 385, "Use Bluetooth", Regular, 50, Ink, 0)
		c.SwitchAt(860, 373, true)
		c.ListRow(560, "+", Primary, "Pair new device", "")
		c.ListRow(760, "", White, "Device name", "sdk_gphone_x86_64")
	})(c)
}

func prefsShot(c *Canvas) {
	AppPage("Connection preferences", "back", func(c *Canvas) {
		y := 320
		for _, r := range [][2]string{{"Bluetooth", "Off"}, {"Cast", ""}, {"Printing", "1 print service on"}, {"Files received via Bluetooth", ""}, {"Nearby Share", "Off"}} {
			y = c.ListRow(y, "", White, r[0], r[1])
		}
	})(c)
}

func displayShot(level string) scene {
	return AppPage("Display", "back", func(c *Canvas) {
		c.Text(63, 320, "Brightness", Medium, 38, Primary, 0)
		y := c.ListRow(380, "", White, "Brightness level", level)
		y = c.ListRow(y, "", White, "Adaptive brightness", "Off")
		c.SwitchAt(870, y-150, false)
		c.Text(63, y+20, "Lock display", Medium, 38, Primary, 0)
		y = c.ListRow(y+80, "", White, "Lock screen", "Show all notification content")
		c.ListRow(y, "", White, "Screen timeout", "After 30 minutes of inactivity")
	})
}

func markorEditorShot(title string, lines ...string) scene {
	return AppPage(title, "back", func(c *Canvas) {
		y := 330
		for _, l := range lines {
			y = c.Wrapped(40, y, l, Regular, 44, Ink, 1000) + 12
		}
	}, "more", "check")
}

func markorPickerShot(c *Canvas) {
	AppPage("1", "close", func(c *Canvas) {
		c.Text(63, 300, "/storage/emulated/0/Documents/Markor/StudyGuides", Regular, 34, Grey, 960)
		y := 380
		for _, f := range []string{"exam_schedule.md", "proud_monkey_2023_08_30.md", "vocab_list_copy.md"} {
			y = c.ListRow(y, "M", Primary, f, "Oct 14, 2023")
		}
		c.Scrim()
		c.Round(84, 480, 996, 1900, 56, Surface)
		c.Text(140, 540, "Move to", Regular, 54, Ink, 0)
		c.Text(140, 630, ".../Documents/Markor/FitnessPlans", Regular, 36, Grey, 820)
		y = 720
		for _, f := range []string{"BookNotes", "FitnessPlans", "MeetingMinutes", "StudyGuides", "TravelItineraries"} {
			c.Text(200, y, f, Regular, 46, Ink, 0)
			c.Round(140, y+5, 180, y+45, 6, Grey)
			y += 130
		}
		c.Text(560, 1780, "Cancel", Medium, 44, Primary, 0)
		c.Text(800, 1780, "Select", Medium, 44, Primary, 0)
	}, "more")(c)
}

func browserShot(typed, result string) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar("file:///storage/emulated/0/Download/task.html", false)
		c.Outline(250, 440, 700, 530, 6, 3, Grey, White)
		c.Text(270, 460, typed, Regular, 44, Ink, 0)
		c.Round(720, 440, 900, 530, 8, LightGrey)
		c.Centered(810, 462, "Submit", Regular, 40, Ink)
		if result != "" {
			c.Text(380, 580, result, Bold, 64, Ink, 0)
		}
		c.NavPill(Ink)
	}
}

func contactFormShot(label string) scene {
	return func(c *Canvas) {
		AppScreen("Create contact", "close", "Save")(c)
		c.Text(63, 320, "Saving to Device", Regular, 38, Grey, 0)
		c.Field(63, 460, 1017, "First name", "Grace", false)
		c.Field(63, 660, 1017, "Last name", "Wilson", false)
		c.Field(63, 860, 1017, "Company", "", false)
		c.Field(63, 1060, 700, "Phone", "(462) 918-3057", false)
		c.Text(740, 1110, label, Regular, 44, Ink, 0)
		c.Field(63, 1260, 1017, "Email", "", false)
	}
}

func contactPageShot(c *Canvas) {
	AppPage("", "back", func(c *Canvas) {
		c.Circle(540, 520, 150, Blue)
		c.Centered(540, 450, "G", Medium, 120, White)
		c.Centered(540, 720, "Grace Wilson", Regular, 70, Ink)
		for i, b := range []string{"Call", "Text", "Video"} {
			c.Button(90+i*310, 850, 370+i*310, 980, b, false)
		}
		c.Text(63, 1080, "Contact info", Medium, 46, Ink, 0)
		c.ListRow(1150, "", White, "(462) 918-3057", "Work")
	}, "more", "star")(c)
}

func expenseShot(dialog bool, rows ...string) scene {
	return func(c *Canvas) {
		AppScreen("Expenses", "menu")(c)
		y := 320
		for _, r := range rows {
			f := strings.Split(r, "|")
			c.Text(63, y+25, f[0], Regular, 48, Ink, 650)
			c.Text(780, y+25, f[1], Medium, 46, Ink, 0)
			c.Text(63, y+100, f[2], Regular, 38, Grey, 0)
			c.Text(780, y+100, f[3], Regular, 38, Grey, 0)
			c.Rect(40, y+180, 1040, y+182, LightGrey)
			y += 190
		}
		c.Fab(870, 2100)
		if dialog {
			c.Dialog("Delete", "Are you sure you want to delete?", "OK", "Cancel")
		}
	}
}

func podcastsShot(c *Canvas) {
	AppPage("Podcasts", "menu", func(c *Canvas) {
		y := 320
		for _, f := range []string{"2023_07_14_tech_talk.mp3", "brave_island_copy.mp3", "comedy_show_edited.mp3", "news_podcast_Kp2d.mp3"} {
			y = c.ListRow(y, "♪", Blue, f, "0 B, Oct 15")
		}
	}, "more", "search")(c)
}

func recipesShot(c *Canvas) {
	AppPage("Recipes", "menu", func(c *Canvas) {
		y := 310
		for _, r := range []string{"Avocado Toast with Egg|Quick breakfast, ready in 10 minutes.", "Quick Fried Rice|Simple and delicious, perfect for a quick lunch.",
			"Greek Salad Pita Pockets|Fresh and light, a summer favorite.", "Quick Fried Rice|Simple and delicious, perfect for a quick lunch.", "Spicy Tuna Wraps|A family favorite with a kick."} {
			title, desc, _ := strings.Cut(r, "|")
			c.Round(30, y, 1050, y+280, 24, Surface)
			c.Rect(30, y, 330, y+280, color.RGBA{197, 225, 165, 255})
			c.Text(360, y+30, title, Medium, 44, Ink, 660)
			c.Wrapped(360, y+110, desc, Regular, 36, Grey, 660)
			y += 300
		}
		c.Fab(870, 1938)
	}, "search")(c)
}

func vlcPlaylistsShot(c *Canvas) {
	AppPage("Playlists", "", func(c *Canvas) {
		c.Rect(63, 330, 263, 480, color.RGBA{255, 136, 0, 255})
		c.Text(300, 350, "Road Trips Favorites", Regular, 48, Ink, 0)
		c.Text(300, 420, "2 videos", Regular, 38, Grey, 0)
		for i, t := range []string{"Video", "Audio", "Browse", "Playlists"} {
			col := Grey
			if t == "Playlists" {
				col = color.RGBA{255, 136, 0, 255}
			}
			c.Centered(135+i*270, 2240, t, Medium, 38, col)
		}
	}, "more", "search")(c)
}

func omniboxMenuShot(c *Canvas) {
	c.StatusBar(White, Ink)
	c.ChromeBar("Order No: B654321", true)
	c.Round(60, 300, 820, 400, 20, Surface)
	for i, l := range []string{"Cut", "Copy", "Share", "Select all"} {
		c.Text(90+i*180, 325, l, Medium, 40, Ink, 0)
	}
	c.Keyboard("go", "Order", "No", "B654321")
}

func markorListShot(c *Canvas) {
	AppPage("Markor", "", func(c *Canvas) {
		c.Text(63, 300, "/storage/emulated/0/Documents/Markor", Regular, 34, Grey, 960)
		y := 380
		for _, f := range [][2]string{{"fancy_penguin_2023_06_19.md", "Oct 15, 2023 15:35"}, {"bold_umbrella_final.md", "Oct 12, 2023 09:41"}, {"grocery_list.txt", "Oct 10, 2023 18:05"}} {
			y = c.ListRow(y, "M", Primary, f[0], f[1])
		}
		c.Fab(870, 2100)
	}, "search", "more")(c)
}

func Shots() []Shot {
	const wifiGoal, wifiEval = "Turn wifi on.", "system.py SystemWifiTurnOn: `settings get global wifi_on` reads 1 or 2"
	const btGoal, btEval = "Turn bluetooth on.", "system.py SystemBluetoothTurnOn: `settings get global bluetooth_on` reads 1"
	const calGoal, calEval = "In Simple Calendar Pro, delete all the calendar events on 2023-10-27", "calendar.py SimpleCalendarDeleteEvents: the three events of October 27 are gone and no other event changed"
	const mulGoal = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then click the button 5 times, remember the numbers displayed, and enter their product in the form."
	const mulEval = "browser.py BrowserMultiply: Chrome in front with 'Success!' on the screen"
	const conGoal = "Go to the new contact screen and enter the following details: First Name: Grace, Last Name: Wilson, Phone: 462-918-3057, Phone Label: Work. Do NOT hit save."
	const conEval = "contacts.py ContactsNewContactDraft: the final screen is the new contact form showing Grace, Wilson, the number and the label Work"
	const noteGoal = "Create a new note in Markor named fancy_penguin_2023_06_19.md with the following text: Remember to water the ferns on the balcony before the trip."
	const noteEval = "markor.py MarkorCreateNote (CreateFile): the file exists and its text fuzzily matches the goal's"
	const text = "Remember to water the ferns on the balcony before the trip."
	rows := []string{"Fine Dining|$286.75|Food|Oct 13", "Home Insurance|$143.20|Housing|Oct 8", "Club Membership|$97.00|Social|Sep 29"}
	ok := func(name, task, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	bad := func(name, task, mode string, subtle bool, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindNearMiss, Expect: ExpectFailure, Failure: mode, Subtle: subtle, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	return []Shot{
		ok("shot_wifi_on", wifiGoal, "The Internet page's Wi-Fi switch is on and AndroidWifi is connected.", wifiEval, internetShot(false), internetShot(true)),
		bad("shot_wifi_still_off", wifiGoal, FailStoppedEarly, false, "The Internet page is open with Wi-Fi's switch off; the run stopped there.", wifiEval+" (0)", internetShot(false)),
		ok("shot_bluetooth_on", btGoal, "Use Bluetooth is on and the page offers to pair.", btEval, prefsShot, bluetoothShot),
		bad("shot_bluetooth_prefs_off", btGoal, FailStoppedEarly, false, "The run ends on Connection preferences, where Bluetooth still reads Off.", btEval+" (0)", prefsShot),
		ok("shot_calendar_day_cleared", calGoal, "October 27's page says No events after its three were deleted.", calEval,
			CalendarDayShot("Fri, October 27", "Volunteer cleanup|5:20 PM - 6:20 PM"), CalendarDayShot("Fri, October 27")),
		bad("shot_calendar_one_left", calGoal, FailStoppedEarly, false, "October 27 still lists Volunteer cleanup.", calEval+" (one remains)",
			CalendarDayShot("Fri, October 27", "Coding challenge|1:30 PM - 3:30 PM", "Volunteer cleanup|5:20 PM - 6:20 PM"), CalendarDayShot("Fri, October 27", "Volunteer cleanup|5:20 PM - 6:20 PM")),
		ok("shot_browser_success", mulGoal, "The product 2268 is submitted and the page reads Success!.", mulEval, browserShot("2268", "Success!")),
		bad("shot_browser_wrong_product", mulGoal, FailWrongValue, false, "324, the product of four of the five numbers, is submitted; no Success! appears.", mulEval+" (none)", browserShot("324", "")),
		ok("shot_contact_draft", conGoal, "The unsaved form shows Grace, Wilson, the number and Work.", conEval, contactFormShot("Work")),
		bad("shot_contact_label_mobile", conGoal, FailStoppedEarly, true, "The form is filled but the label still says Mobile.", conEval+" (no Work label)", contactFormShot("Mobile")),
		bad("shot_contact_saved", conGoal, FailLost, false, "The contact was saved; its page replaced the form the task wanted left open.", conEval+" (no form on screen)", contactFormShot("Work"), contactPageShot),
		ok("shot_markor_note_saved", noteGoal, "Back in the list after saving, the new file is at the top.", noteEval, markorEditorShot("fancy_penguin_2023_06_19.md", text), markorListShot),
		bad("shot_expense_one_left", "Delete the following expenses from arduia pro expense: Fine Dining, Home Insurance, Club Membership.", FailStoppedEarly, false,
			"Club Membership is still listed after two deletions.", "expense.py ExpenseDeleteMultiple: all three rows gone (one remains)", expenseShot(false, rows...), expenseShot(false, rows[2])),
		bad("shot_expense_dialog_left", "Delete the following expenses from arduia pro expense: Pet Care.", FailStoppedEarly, false,
			"The run ends on the delete confirmation; Pet Care is still in the table.", "expense.py ExpenseDeleteSingle: the Pet Care row gone (it remains)", expenseShot(true, "Pet Care|$212.40|Others|Oct 11")),
		bad("shot_files_variant_deleted", "Delete the file brave_island_copy.mp3 from the Android filesystem located in the Podcasts folder within the sdk_gphone_x86_64 storage area.", FailWrongItem, true,
			"brave_island_copy_final.mp3 was deleted; brave_island_copy.mp3 is still listed.", "files.py FilesDeleteFile: no brave_island_copy.mp3 in Podcasts (it is there)", podcastsShot),
		bad("shot_recipes_both_left", "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains", FailLoop, false,
			"The list still holds both Quick Fried Rice cards when the steps run out.", "recipe.py RecipeDeleteDuplicateRecipes: one copy removed (none is)", recipesShot),
		bad("shot_brightness_raised", "Turn brightness to the min value.", FailWrongValue, false,
			"A tap on the slider raised the level; Display reads 41%.", "system.py SystemBrightnessMinVerify: screen_brightness reads 1 (it does not)", displayShot("0%"), displayShot("41%")),
		bad("shot_markor_move_picker", "In Markor, move the note proud_monkey_2023_08_30.md from StudyGuides to FitnessPlans.", FailStoppedEarly, false,
			"The folder picker is open on FitnessPlans and Select has not been pressed.", "markor.py MarkorMoveNote: the note is in FitnessPlans and not StudyGuides (it has not moved)", markorPickerShot),
		bad("shot_vlc_one_playlist", "Create a playlist titled \"Road Trips Favorites\" with the following files in VLC (located in Internal Memory/VLCVideos), in order: clip_14_HD_final.mp4, moment_3_export_Zt7q.mp4. And then, create a playlist titled \"Tech Reviews Marathon\" with the following files in VLC, in order: scene_71_4K_copy.mp4, recording_26_raw_2023_05_09.mp4, highlight_8__backup.mp4.",
			FailStoppedEarly, false, "Only the first playlist exists.", "vlc.py VlcCreateTwoPlaylists: both playlists right (0.5: the second is missing)", vlcPlaylistsShot),
		bad("shot_clip_menu_left", "Copy the following text to the clipboard: Order No: B654321", FailStoppedEarly, false,
			"The text is typed in Chrome's address bar and its selection menu is up; Copy was never tapped, so the clipboard does not hold it.", "system.py SystemCopyToClipboard: the clipboard matches the text (it still reads ~~~RESET~~~)", omniboxMenuShot),
	}
}
