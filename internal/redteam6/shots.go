package redteam6

import (
	"image/color"

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
			return
		}
		c.Wrapped(63, 720, "To see available networks, turn Wi‑Fi on", Regular, 40, Grey, 950)
	})
}

func contactShot(name, number string) scene {
	return AppPage("", "back", func(c *Canvas) {
		c.Circle(540, 500, 150, Blue)
		c.Centered(540, 430, name[:1], Medium, 120, White)
		c.Centered(540, 700, name, Regular, 70, Ink)
		for i, b := range []string{"Call", "Text", "Video"} {
			c.Button(90+i*310, 850, 370+i*310, 980, b, false)
		}
		c.Text(63, 1080, "Contact info", Medium, 46, Ink, 0)
		c.ListRow(1150, "", White, number, "Mobile")
	}, "more", "star")
}

func contactFormShot(c *Canvas) {
	AppScreen("Create contact", "close", "Save")(c)
	c.Field(63, 560, 1017, "First name", "Olivia", false)
	c.Field(63, 760, 1017, "Last name", "Brennan", false)
	c.Field(63, 960, 1017, "Company", "", false)
	c.Field(63, 1160, 700, "Phone", "+15738204916", true)
	c.Text(740, 1210, "Mobile", Regular, 44, Ink, 0)
	c.Keyboard("next", "+1", "573", "820")
}

func multiplyShot(typed, result string, keyboard bool) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar("file:///storage/emulated/0/Download/task.html", false)
		c.Outline(250, 440, 700, 530, 6, 3, Grey, White)
		if typed == "" {
			c.Text(270, 460, "Enter the product", Regular, 40, Grey, 0)
		} else {
			c.Text(270, 460, typed, Regular, 44, Ink, 0)
		}
		c.Round(720, 440, 900, 530, 8, LightGrey)
		c.Centered(810, 462, "Submit", Regular, 40, Ink)
		if result != "" {
			c.Text(420, 580, result, Bold, 64, Ink, 0)
		}
		if keyboard {
			c.Keyboard("go", "1890", "189", "18")
			return
		}
		c.NavPill(Ink)
	}
}

// threadShot is a Simple SMS conversation: bubbles "in:" or "out:", and what the field holds.
func threadShot(who, typed string, bubbles ...string) scene {
	return func(c *Canvas) {
		AppScreen(who, "back", "more")(c)
		y := 400
		for _, b := range bubbles {
			text := b[4:]
			if b[:3] == "in:" {
				c.Round(40, y, 800, y+170, 40, BubbleIn)
				c.Wrapped(80, y+30, text, Regular, 40, Ink, 680)
			} else {
				c.Round(280, y, 1040, y+170, 40, BubbleOut)
				c.Wrapped(320, y+30, text, Regular, 40, Ink, 680)
			}
			y += 210
		}
		if typed == "" {
			c.Outline(40, 2150, 880, 2290, 70, 3, LightGrey, White)
			c.Text(90, 2195, "Type a message…", Regular, 42, Grey, 0)
			c.IconSend(950, 2195, Grey)
			return
		}
		c.Outline(40, 1370, 880, 1510, 70, 3, Primary, White)
		c.Text(90, 1400, typed, Regular, 36, Ink, 760)
		c.IconSend(950, 1415, Primary)
		c.Keyboard("send")
	}
}

func cameraPromptShot(c *Canvas) {
	c.Rect(0, 0, ScreenW, ScreenH, color.RGBA{20, 22, 24, 255})
	c.StatusBar(color.RGBA{20, 22, 24, 255}, White)
	c.Round(84, 900, 996, 1700, 56, Surface)
	c.Wrapped(140, 980, "Allow Camera to record audio?", Regular, 52, Ink, 800)
	for i, b := range []string{"While using the app", "Only this time", "Don’t allow"} {
		c.Round(140, 1200+i*150, 940, 1320+i*150, 60, color.RGBA{232, 222, 248, 255})
		c.Centered(540, 1238+i*150, b, Medium, 42, Ink)
	}
}

func recipeDialogShot(c *Canvas) {
	AppScreen("", "back", "more")(c)
	c.Rect(0, 285, ScreenW, 680, color.RGBA{197, 225, 165, 255})
	c.Text(63, 710, "Pesto Pasta with Peas", Medium, 60, Ink, 950)
	c.Wrapped(63, 810, "A quick and easy meal, perfect for busy weekdays.", Regular, 40, Grey, 950)
	c.Dialog("", "Do you really want to delete this recipe?", "DELETE", "CANCEL")
}

func saveAsShot(format string) scene {
	return func(c *Canvas) {
		AppScreen("Simple Draw", "", "more")(c)
		c.Line(200, 900, 800, 1200, 12, Ink)
		c.Scrim()
		c.Round(84, 640, 996, 1500, 40, Surface)
		c.Text(140, 700, "Save as", Regular, 54, Ink, 0)
		c.Text(140, 810, "/storage/emulated/0/Pictures", Regular, 38, Grey, 800)
		c.Field(140, 900, 940, "File name", "dolor_gentle_meadow_final", false)
		for i, f := range []string{"PNG", "SVG", "JPG"} {
			x := 140 + i*270
			c.Outline(x, 1130, x+60, 1190, 30, 5, Primary, Surface)
			if f == format {
				c.Circle(x+30, 1160, 16, Primary)
			}
			c.Text(x+80, 1135, f, Regular, 44, Ink, 0)
		}
		c.Text(820, 1380, "OK", Medium, 44, Primary, 0)
		c.Text(580, 1380, "Cancel", Medium, 44, Primary, 0)
	}
}

func canvasToastShot(c *Canvas) {
	AppScreen("Simple Draw", "", "more")(c)
	c.Line(200, 900, 800, 1200, 12, Ink)
	c.Round(190, 2040, 890, 2130, 45, color.RGBA{60, 64, 67, 255})
	c.Centered(540, 2062, "File saved successfully", Regular, 38, White)
}

func dayShot(day string, events ...[2]string) scene {
	return AppPage("", "back", func(c *Canvas) {
		c.Centered(540, 330, day, Medium, 52, Ink)
		for i, e := range events {
			c.ListRow(480+i*200, "", White, e[0], e[1])
		}
		c.Fab(870, 2100)
	}, "more", "search")
}

func expenseConfirmShot(c *Canvas) {
	AppScreen("1 selected", "close", "Delete")(c)
	rows := [][3]string{{"Theater Show", "$212.00", "Entertainment"}, {"Eyecare", "$128.40", "Health Care"}, {"Groceries", "$54.30", "Food"},
		{"Eyecare", "$128.40", "Health Care"}, {"Car Insurance", "$389.00", "Transportation"}}
	for i, r := range rows {
		y := 320 + i*190
		if i == 3 {
			c.Rect(0, y, ScreenW, y+180, color.RGBA{232, 222, 248, 255})
		}
		c.Text(63, y+25, r[0], Regular, 46, Ink, 0)
		c.Text(800, y+25, r[1], Medium, 46, Ink, 0)
		c.Text(63, y+100, r[2], Regular, 38, Grey, 0)
	}
	c.Dialog("Delete", "Are you sure you want to delete?", "OK", "CANCEL")
}

func markorEditorShot(title, text string) scene {
	return func(c *Canvas) {
		AppScreen(title, "back", "more")(c)
		if text != "" {
			c.Text(40, 320, text, Regular, 44, Ink, 1000)
		}
	}
}

func markorFilesShot(selected string, names ...string) scene {
	return func(c *Canvas) {
		if selected != "" {
			AppScreen("1", "close", "more")(c)
		} else {
			AppScreen("Markor", "", "more", "search")(c)
		}
		c.Text(63, 300, "/storage/emulated/0/Documents/Markor", Regular, 34, Grey, 0)
		for i, n := range names {
			y := 360 + i*190
			if n == selected {
				c.Rect(0, y, ScreenW, y+180, color.RGBA{232, 222, 248, 255})
			}
			c.ListRow(y, "", White, n, "Oct 14, 2023")
		}
		c.Fab(870, 2100)
	}
}

func planRouteShot(note string) scene {
	return func(c *Canvas) {
		c.Rect(0, 0, ScreenW, 1500, color.RGBA{236, 232, 220, 255})
		c.Line(300, 500, 620, 1200, 10, color.RGBA{230, 120, 40, 255})
		c.StatusBar(color.RGBA{236, 232, 220, 255}, Ink)
		c.Text(190, 170, "Plan a route", Medium, 52, Ink, 0)
		c.Text(63, 1540, "2 points", Medium, 44, Ink, 0)
		c.ListRow(1620, "1", Primary, "Triesen", "")
		c.ListRow(1790, "2", Primary, "Schaan", "")
		c.Button(30, 2200, 300, 2330, "Options", false)
		c.Button(330, 2200, 700, 2330, "Add point", false)
		c.Button(760, 2200, 1050, 2330, "Save", true)
		if note != "" {
			c.Round(30, 2050, 1050, 2170, 12, Ink)
			c.Text(70, 2085, note, Regular, 40, White, 0)
		}
	}
}

func playlistShot(count string) scene {
	return AppPage("", "back", func(c *Canvas) {
		c.Round(340, 300, 740, 600, 24, color.RGBA{156, 39, 176, 255})
		c.Text(63, 630, "Jazz Lounge 417", Medium, 60, Ink, 0)
		c.Text(63, 720, count, Regular, 44, Grey, 0)
		c.Button(63, 800, 520, 920, "Play", true)
		c.Button(560, 800, 1017, 920, "Shuffle", false)
		for i, s := range retroSongs[:5] {
			c.ListRow(960+i*190, "", White, s.title, s.artist)
		}
	}, "more", "search")
}

func Shots() []Shot {
	const (
		wifiGoal  = "Turn wifi on."
		wifiEval  = "system.py SystemWifiTurnOn: `settings get global wifi_on` is 1 or 2"
		conGoal   = "Create a new contact for Olivia Brennan. Their number is +15738204916."
		conEval   = "contacts.py ContactsAddContact: a contact Olivia Brennan with the number 15738204916"
		mulGoal   = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then click the button 5 times, remember the numbers displayed, and enter their product in the form."
		mulEval   = "browser.py BrowserMultiply: Chrome in front with an element reading Success!, written only for the product 7 x 3 x 9 x 2 x 5 = 1890"
		replyGoal = "Reply to +17025318846 with message: Parents' evening at school this Wednesday. in Simple SMS Messenger"
		replyEval = "sms.py SimpleSmsReply: the message sent to +17025318846 in the last 5 minutes, Simple SMS Messenger in front"
		clipGoal  = "Send a message to +15127463920 with the clipboard content in Simple SMS Messenger"
		clipEval  = "sms.py SimpleSmsSendClipboardContent: the clipboard's text sent to +15127463920, Simple SMS Messenger in front"
		camGoal   = "Open the camera app. Clear any pop-ups that may appear by granting all permissions that are required."
		camEval   = "system.py OpenAppTaskEval: the foreground package is com.android.camera2"
		recGoal   = "Delete the following recipes from Broccoli app: Pesto Pasta with Peas."
		recEval   = "recipe.py RecipeDeleteSingleRecipe: the recipe's row removed"
		drawGoal  = "Create a new drawing in Simple Draw Pro. Name it dolor_gentle_meadow_final.png. Save it in the Pictures folder within the sdk_gphone_x86_64 storage area."
		drawEval  = "simple_draw_pro.py SimpleDrawProCreateDrawing: dolor_gentle_meadow_final.png exists in Pictures"
		calGoal   = "In Simple Calendar Pro, delete all the calendar events on 2023-10-26"
		calEval   = "calendar.py SimpleCalendarDeleteEvents: the three events of October 26 removed, the others unchanged"
		dupGoal   = "Delete all but one of any expenses in pro expense that are exact duplicates, ensuring at least one instance of each unique expense remains."
		dupEval   = "expense.py ExpenseDeleteDuplicates: exactly one of the two identical Eyecare rows removed"
		mdGoal    = "Create a note in Markor named quiet_harbor_backup.md. Perform a paste operation in the note and save the note."
		mdEval    = "markor.py MarkorCreateNoteFromClipboard: quiet_harbor_backup.md holds the clipboard's text, bX4kQ9mTzp"
		delGoal   = "Delete the note in Markor named brave_lantern_edited."
		delEval   = "markor.py MarkorDeleteNote: no brave_lantern_edited left in Markor's folder"
		osmGoal   = "Save a track with waypoints Triesen, Liechtenstein, Schaan, Liechtenstein in the OsmAnd maps app in the same order as listed."
		osmEval   = "osmand.py OsmAndTrack: a GPX track passing Triesen then Schaan in OsmAnd's tracks folder"
		retroGoal = `Create a playlist in Retro Music titled "Jazz Lounge 417" with a duration between 45 and 50 minutes using the provided songs.`
		retroEval = "retro_music.py RetroPlaylistDuration: the playlist's songs last between 45 and 50 minutes"
	)
	const replyMsg = "Parents' evening at school this Wednesday."
	const clipMsg = "Book club meets next Tuesday to discuss '1984'."
	notes := []string{"2023_05_11_quick_notes.md", "brave_lantern_edited", "grocery_list.md", "project_ideas.md"}
	return []Shot{
		{Name: "shot_wifi_on", Task: wifiGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: wifiEval,
			Behaviour: "The Internet page's Wi-Fi switch is on and AndroidWifi is connected.", Frames: []scene{internetShot(false), internetShot(true)}},
		{Name: "shot_wifi_still_off", Task: wifiGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: wifiEval + " (still 0)", Failure: FailStoppedEarly,
			Behaviour: "The run ends on the Internet page with the Wi-Fi switch off.", Frames: []scene{internetShot(false)}},
		{Name: "shot_contact_saved", Task: conGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: conEval,
			Behaviour: "The new contact's page shows Olivia Brennan and +1 573-820-4916.", Frames: []scene{contactFormShot, contactShot("Olivia Brennan", "+1 573-820-4916")}},
		{Name: "shot_contact_form_unsaved", Task: conGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: conEval + " (never saved)", Failure: FailUnsaved,
			Behaviour: "The Create contact form is filled in, the keyboard up under the phone field; Save was not tapped.", Frames: []scene{contactFormShot}},
		{Name: "shot_multiply_success", Task: mulGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: mulEval,
			Behaviour: "The form holds 1890 and the page shows Success! under it, in Chrome.", Frames: []scene{multiplyShot("1890", "", true), multiplyShot("1890", "Success!", false)}},
		{Name: "shot_multiply_typed", Task: mulGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: mulEval + " (never submitted)", Failure: FailStoppedEarly,
			Behaviour: "The product is typed in the field with the keyboard up; Submit was not tapped and no Success! shows.", Frames: []scene{multiplyShot("1890", "", true)}},
		{Name: "shot_multiply_wrong_product", Task: mulGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: mulEval + " (270 submitted)", Failure: FailWrongValue, Subtle: true,
			Behaviour: "270 is submitted (the number shown on load left out); the page shows nothing under the form.", Frames: []scene{multiplyShot("270", "", true), multiplyShot("270", "", false)}},
		{Name: "shot_reply_sent", Task: replyGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: replyEval,
			Behaviour: "The conversation with +17025318846 shows the reply as a sent bubble under the number's message.",
			Frames:    []scene{threadShot("+17025318846", replyMsg, "in:Don't forget to water the plants while I'm away."), threadShot("+17025318846", "", "in:Don't forget to water the plants while I'm away.", "out:"+replyMsg)}},
		{Name: "shot_clipboard_not_sent", Task: clipGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: clipEval + " (nothing sent)", Failure: FailStoppedEarly,
			Behaviour: "The pasted text sits in the message field with the keyboard up; no sent bubble.", Frames: []scene{threadShot("+15127463920", clipMsg)}},
		{Name: "shot_camera_prompt_left", Task: camGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: camEval + " (the permission prompt is in front)", Failure: FailStoppedEarly,
			Behaviour: "The run ends on the system's microphone prompt over the Camera.", Frames: []scene{cameraPromptShot}},
		{Name: "shot_camera_then_home", Task: camGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: camEval + " (the launcher is in front)", Failure: FailLost,
			Behaviour: "After the prompts the run ends on the home screen.", Frames: []scene{cameraPromptShot, func(c *Canvas) { c.HomeScreenShot() }}},
		{Name: "shot_recipe_dialog_open", Task: recGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: recEval + " (not confirmed)", Failure: FailStoppedEarly,
			Behaviour: "The delete confirmation is still open over the recipe; nothing is deleted.", Frames: []scene{recipeDialogShot}},
		{Name: "shot_drawing_saved_jpg", Task: drawGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: drawEval + " (a .jpg was written)", Failure: FailWrongValue, Subtle: true,
			Behaviour: "The Save as dialog has JPG picked for the name; the canvas then says the file was saved.", Frames: []scene{saveAsShot("JPG"), canvasToastShot}},
		{Name: "shot_day_one_event_left", Task: calGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: calEval + " (one event left)", Failure: FailStoppedEarly,
			Behaviour: "Thursday, October 26's page still lists the workshop.",
			Frames:    []scene{dayShot("Thursday, October 26", [2]string{"Workshop on Data Privacy", "4:15 PM - 5:15 PM"})}},
		{Name: "shot_expense_confirm_open", Task: dupGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: dupEval + " (not confirmed)", Failure: FailStoppedEarly,
			Behaviour: "The delete confirmation is open over the list, both Eyecare rows still there.", Frames: []scene{expenseConfirmShot}},
		{Name: "shot_markor_note_empty", Task: mdGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: mdEval + " (the file is empty)", Failure: FailStoppedEarly,
			Behaviour: "The new note's editor is open and empty: nothing was pasted.", Frames: []scene{markorEditorShot("quiet_harbor_backup", "")}},
		{Name: "shot_markor_note_deleted", Task: delGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: delEval,
			Behaviour: "The note is selected, the delete confirmed, and the list then shows the other three files without it.",
			Frames: []scene{markorFilesShot("brave_lantern_edited", notes...), func(c *Canvas) {
				markorFilesShot("brave_lantern_edited", notes...)(c)
				c.Dialog("Delete", "Do you really want to delete this file? brave_lantern_edited", "OK", "CANCEL")
			}, markorFilesShot("", notes[0], notes[2], notes[3])}},
		{Name: "shot_route_unsaved", Task: osmGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: osmEval + " (never saved)", Failure: FailUnsaved,
			Behaviour: "The route planner holds Triesen and Schaan with Save not tapped.", Frames: []scene{planRouteShot("")}},
		{Name: "shot_playlist_in_range", Task: retroGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: retroEval,
			Behaviour: "The playlist's page says 9 songs lasting 46:59.", Frames: []scene{playlistShot("9 songs • 46:59")}},
		{Name: "shot_playlist_too_short", Task: retroGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: retroEval + " (33:59)", Failure: FailStoppedEarly,
			Behaviour: "The playlist's page says 5 songs lasting 33:59, short of 45 minutes.", Frames: []scene{playlistShot("5 songs • 33:59")}},
	}
}
