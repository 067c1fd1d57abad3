package redteam11

import (
	"image/color"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: the last screens of runs of the sampled tasks, read from pixels alone.

type scene = func(*Canvas)

func internetShot(on bool) scene {
	return AppPage("Internet", "back", func(c *Canvas) {
		c.Round(40, 320, 1040, 470, 40, Surface)
		c.Text(90, 365, "Wi‑Fi", Medium, 48, Ink, 700)
		c.SwitchAt(850, 353, on)
		if on {
			c.ListRow(c.ListRow(520, "W", Blue, "AndroidWifi", "Connected"), "+", LightGrey, "Add network", "")
		} else {
			c.Text(63, 540, "To see available networks, turn Wi‑Fi on", Regular, 40, Grey, 960)
		}
		c.ListRow(900, "", White, "SIMs", "T-Mobile")
	}, "more")
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

var teal = color.RGBA{0, 150, 136, 255}

func markorShot(path string, items ...string) scene {
	return AppPage("Markor", "", func(c *Canvas) {
		c.Text(63, 300, path, Regular, 34, Grey, 960)
		y := 380
		for _, f := range items {
			lead := "M"
			if strings.HasSuffix(f, "/") {
				lead = "F"
			}
			y = c.ListRow(y, lead, teal, strings.TrimSuffix(f, "/"), "Oct 15, 15:36")
		}
		c.Fab(870, 2100)
	}, "search", "more")
}

// smsShot is the thread with who: a sent message, or a draft in the field with the keyboard up.
func smsShot(who, sent, draft string) scene {
	return func(c *Canvas) {
		AppPage(who, "back", func(c *Canvas) {
			if sent != "" {
				c.Round(300, 400, 1040, 560, 36, BubbleOut)
				c.Wrapped(340, 430, sent, Regular, 40, Ink, 660)
				c.Text(900, 580, "Sent", Regular, 32, Grey, 0)
			}
			y := 2150
			if draft != "" {
				y = 1370
			}
			c.Outline(40, y, 880, y+140, 60, 3, LightGrey, White)
			if draft == "" {
				c.Text(90, y+45, "Type a message…", Regular, 42, Grey, 0)
			} else {
				c.Text(90, y+45, draft, Regular, 40, Ink, 760)
			}
			c.IconSend(940, y+45, Primary)
		}, "more")(c)
		if draft != "" {
			c.Keyboard("send")
		}
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

func recipesShot(titles ...string) scene {
	return AppPage("Recipes", "menu", func(c *Canvas) {
		for i, t := range titles {
			y := 320 + i*280
			c.Round(30, y, 1050, y+260, 24, Surface)
			c.Round(50, y+20, 270, y+240, 16, LightGrey)
			c.Text(300, y+40, t, Medium, 46, Ink, 720)
			c.Wrapped(300, y+110, recipeBlurb, Regular, 36, Grey, 720)
		}
		c.Fab(870, 2100)
	}, "search")
}

func canvasShot(c *Canvas) {
	AppScreen("", "", "more", "check")(c)
	c.Line(200, 900, 850, 1300, 14, Ink)
	c.Line(850, 1300, 400, 1500, 14, Ink)
}

func Shots() []Shot {
	ok := func(name, task, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	bad := func(name, task, mode string, subtle bool, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindNearMiss, Expect: ExpectFailure, Failure: mode, Subtle: subtle, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	const offTask, offEval = "Turn wifi off.", "system.py SystemWifiTurnOff: wifi_on reads 0"
	const onTask, onEval = "Turn wifi on.", "system.py SystemWifiTurnOn: wifi_on reads 1"
	const oneTask, oneEval = "Delete the following expenses from Pro Expense: Pet Supplies.", "expense.py ExpenseDeleteSingle: the only row, Pet Supplies, is gone"
	const multiTask, multiEval = "Delete the following expenses from Pro Expense: Concert Tickets, Taxi Fare, Online Courses.", "expense.py ExpenseDeleteMultiple: the three rows are gone"
	const thuTask, thuEval = "In Simple Calendar Pro, delete all events scheduled for this Thursday.", "calendar.py SimpleCalendarDeleteEventsOnRelativeDay: both events of October 19 2023 are gone"
	const evTask = "In Simple Calendar Pro, delete the calendar event on 2023-10-24 at 14h with the title 'Review session for Budget Planning'"
	const evEval = "calendar.py SimpleCalendarDeleteOneEvent: the event is gone and the others remain"
	const folderTask, folderEval = "Create a new folder in Markor named folder_20250611_093412.", "markor.py MarkorCreateFolder: Markor/folder_20250611_093412 exists"
	const addrTask = "Text the address of the event to Sofia Rossi that Daniel Kim just sent me in Simple SMS Messenger"
	const addrEval = "sms.py SimpleSmsSendReceivedAddress: '968 Spruce St, Hartford, CT, 06103' sent to Sofia's number (ratio 0.9), messenger in front"
	const queueTask = "Add the following songs, in order, Forever Young, Bright Lights, Night Drive to my playing queue in Retro music."
	const queueEval = "retro_music.py RetroPlayingQueue: the queue is exactly Forever Young, Bright Lights, Night Drive"
	const recTask = "Delete the following recipes from Broccoli app: Quick Fried Rice, Tomato Basil Bruschetta, Spicy Tuna Wraps."
	const recEval = "recipe.py RecipeDeleteMultipleRecipesWithNoise: the three recipes are gone, the noise remains"
	const dupTask = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
	const dupEval = "recipe.py RecipeDeleteDuplicateRecipes: exactly one of the two Avocado Toast with Egg rows is gone"
	const moveTask = "In Markor, move the note 2023_02_17_gentle_elephant.md from TravelItineraries to StudyGuides."
	const moveEval = "markor.py MarkorMoveNote: the note is in StudyGuides and not in TravelItineraries"
	const plTask = "Create a playlist in Retro Music titled \"Rainy Day Relax\" with the following songs, in order: Night Drive, Moonlight Sonata, Chasing Shadows. Then export the playlist to the Downloads directory on the device."
	const plEval = "retro_music.py RetroSavePlaylist: the playlist in order and Download/Rainy Day Relax.m3u, both"
	const drawTask = "Create a new drawing in Simple Draw Pro. Name it dolor_kind_house_copy.png. Save it in the Pictures folder within the sdk_gphone_x86_64 storage area."
	const drawEval = "simple_draw_pro.py SimpleDrawProCreateDrawing: Pictures/dolor_kind_house_copy.png exists"
	const root = "/storage/emulated/0/Documents/Markor"
	const addr = "968 Spruce St, Hartford, CT, 06103"
	noise := []string{"budget_home_renovation.md", "meeting_notes_project_team.md", "summer_vacation_plans.md"}
	dirs := []string{"BookNotes/", "CodeSnippets/", "DailyNotes/", "FitnessPlans/", "MeetingMinutes/", "PersonalJournal/", "RecipeCollections/", "StudyGuides/", "TravelItineraries/"}
	return []Shot{
		ok("shot_wifi_off_page", offTask, "Settings' Internet page shows the Wi-Fi switch off and no networks.", offEval, internetShot(false)),
		ok("shot_wifi_on_connected", onTask, "The Internet page shows Wi-Fi on and AndroidWifi Connected.", onEval, internetShot(true)),
		ok("shot_expense_list_emptied", oneTask, "Pro Expense's list is empty: the one expense is gone.", oneEval, expenseShot()),
		ok("shot_thursday_cleared", thuTask, "October 19's page reads No events.", thuEval, CalendarDayShot("Thu, October 19")),
		ok("shot_folder_listed", folderTask, "Markor lists the folder folder_20250611_093412 above the notes.", folderEval, markorShot(root, append([]string{"folder_20250611_093412/"}, noise...)...)),
		ok("shot_address_sent", addrTask, "The thread with Sofia Rossi shows the whole address sent.", addrEval, smsShot("Sofia Rossi", addr, "")),
		ok("shot_queue_in_order", queueTask, "Now playing queue lists Forever Young, Bright Lights, Night Drive.", queueEval, songsShot("Now playing queue", "Forever Young", "Bright Lights", "Night Drive")),
		bad("shot_wifi_still_on", offTask, FailStoppedEarly, false, "The Internet page shows Wi-Fi on and connected.", offEval+" (it reads 1)", internetShot(true)),
		bad("shot_wifi_still_off", onTask, FailStoppedEarly, false, "The Internet page shows the switch off.", onEval+" (it reads 0)", internetShot(false)),
		bad("shot_expense_one_left", multiTask, FailStoppedEarly, false, "Online Courses is still listed.", multiEval+" (Online Courses remains)", expenseShot("Online Courses|$99.99|Education|Oct 9")),
		bad("shot_thursday_one_left", thuTask, FailStoppedEarly, false, "October 19 still lists Call with Marketing.", thuEval+" (one remains)", CalendarDayShot("Thu, October 19", "Call with Marketing|16:00 - 16:45")),
		bad("shot_event_wrong_deleted", evTask, FailWrongItem, false, "October 24 lists only the review session at 14:00; the morning meeting is gone.", evEval+" (the target remains)",
			CalendarDayShot("Tue, October 24", "Review session for Budget Planning|14:00 - 15:00")),
		bad("shot_folder_made_as_file", folderTask, FailWrongItem, false, "Markor lists folder_20250611_093412.md, a note, not a folder.", folderEval+" (only the .md file exists)",
			markorShot(root, append([]string{"folder_20250611_093412.md"}, noise...)...)),
		bad("shot_folder_digits_swapped", folderTask, FailWrongValue, true, "The folder listed is folder_20250611_093421.", folderEval+" (the name differs)", markorShot(root, append([]string{"folder_20250611_093421/"}, noise...)...)),
		bad("shot_address_no_zip", addrTask, FailWrongValue, true, "The thread with Sofia shows 968 Spruce St, Hartford, CT sent, without the ZIP code.", addrEval+" (ratio 0.885)", smsShot("Sofia Rossi", "968 Spruce St, Hartford, CT", "")),
		bad("shot_address_draft", addrTask, FailStoppedEarly, false, "The address is typed in Sofia's thread with the keyboard up, unsent.", addrEval+" (nothing sent)", smsShot("Sofia Rossi", "", addr)),
		bad("shot_queue_two", queueTask, FailStoppedEarly, false, "The queue lists Forever Young and Bright Lights only.", queueEval+" (Night Drive missing)", songsShot("Now playing queue", "Forever Young", "Bright Lights")),
		bad("shot_recipes_spicy_left", recTask, FailStoppedEarly, false, "The recipe list still shows Spicy Tuna Wraps among the others.", recEval+" (Spicy Tuna Wraps remains)",
			recipesShot("Pesto Pasta with Peas", "Shrimp Tacos", "Spicy Tuna Wraps", "Teriyaki Tofu Bowl", "Veggie Omelette")),
		bad("shot_recipes_duplicate_kept", dupTask, FailStoppedEarly, false, "Avocado Toast with Egg is still listed twice.", dupEval+" (both remain)",
			recipesShot("Avocado Toast with Egg", "Avocado Toast with Egg", "BBQ Chicken Quesadillas", "Greek Salad Pita Pockets", "Pesto Pasta with Peas")),
		bad("shot_note_in_root", moveTask, FailWrongValue, false, "Markor's top folder lists the note after the folders; StudyGuides was not the destination.", moveEval+" (the note is in Markor's root)",
			markorShot(root, append(dirs, "2023_02_17_gentle_elephant.md")...)),
		bad("shot_playlist_not_exported", plTask, FailStoppedEarly, false, "The playlist's page lists the three songs in order; nothing shows an export.", plEval+" (no file; 0.5)",
			songsShot("Rainy Day Relax", "Night Drive", "Moonlight Sonata", "Chasing Shadows")),
		bad("shot_drawing_unsaved", drawTask, FailUnsaved, false, "The canvas holds a stroke; no save dialog or message shows.", drawEval+" (no file)", canvasShot),
	}
}
