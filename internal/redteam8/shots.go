package redteam8

import (
	"image/color"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: the last screens of runs of the sampled tasks, read from pixels alone.

type scene = func(*Canvas)

func toast(c *Canvas, msg string) {
	w := c.TextWidth(msg, Regular, 38) + 80
	c.Round(540-w/2, 2040, 540+w/2, 2130, 45, color.RGBA{60, 64, 67, 255})
	c.Centered(540, 2062, msg, Regular, 38, White)
}

func btPageShot(on bool) scene {
	return AppPage("Bluetooth", "back", func(c *Canvas) {
		c.Round(40, 330, 1040, 500, 60, color.RGBA{234, 221, 255, 255})
		c.Text(100, 385, "Use Bluetooth", Regular, 50, Ink, 0)
		c.SwitchAt(860, 373, on)
		c.ListRow(560, "+", Primary, "Pair new device", "")
		if on {
			c.ListRow(760, "", White, "Device name", "sdk_gphone_x86_64")
			return
		}
		c.Wrapped(63, 780, "When Bluetooth is turned on, your device can communicate with other nearby Bluetooth devices.", Regular, 38, Grey, 950)
	})
}

func prefsShot(bt string) scene {
	return AppPage("Connection preferences", "back", func(c *Canvas) {
		y := 320
		for _, r := range [][2]string{{"Bluetooth", bt}, {"Cast", ""}, {"Printing", "1 print service on"}, {"Files received via Bluetooth", ""}, {"Nearby Share", "Off"}, {"Android Auto", "Phone-only"}} {
			y = c.ListRow(y, "", White, r[0], r[1])
		}
	})
}

func displayShot(level string, adaptive bool) scene {
	return AppPage("Display", "back", func(c *Canvas) {
		c.Text(63, 320, "Brightness", Medium, 38, Primary, 0)
		y := c.ListRow(380, "", White, "Brightness level", level)
		c.ListRow(y, "", White, "Adaptive brightness", "Optimize brightness for available light")
		c.SwitchAt(870, y+50, adaptive)
		y += 190
		c.Text(63, y+20, "Lock display", Medium, 38, Primary, 0)
		y = c.ListRow(y+80, "", White, "Lock screen", "Show all notification content")
		c.ListRow(y, "", White, "Screen timeout", "After 30 minutes of inactivity")
	})
}

func playlistShot(name, length string, songs ...string) scene {
	return AppPage(name, "back", func(c *Canvas) {
		c.Text(63, 310, Itoa(len(songs))+" Songs • "+length, Regular, 40, Grey, 0)
		c.Button(63, 390, 520, 500, "Play", true)
		c.Button(560, 390, 1017, 500, "Shuffle", true)
		y := 540
		for _, s := range songs {
			title, artist, _ := strings.Cut(s, "|")
			y = c.ListRow(y, "♪", Primary, title, artist)
		}
	}, "more")
}

func smsThreadShot(who, in, out string) scene {
	return AppPage(who, "back", func(c *Canvas) {
		c.Round(40, 400, 800, 560, 36, BubbleIn)
		c.Wrapped(80, 430, in, Regular, 40, Ink, 680)
		if out != "" {
			c.Round(280, 600, 1040, 760, 36, BubbleOut)
			c.Wrapped(320, 630, out, Regular, 40, Ink, 680)
			c.Text(860, 780, "Sent", Regular, 32, Grey, 0)
		}
		c.Outline(40, 2150, 880, 2290, 60, 3, LightGrey, White)
		c.Text(90, 2195, "Type a message…", Regular, 42, Grey, 0)
		c.IconSend(940, 2195, Primary)
	}, "more")
}

func stopwatchShot(time string, running bool) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Text(63, BarTop+42, "Stopwatch", Regular, 56, Ink, 0)
		c.Outline(190, 560, 890, 1260, 350, 8, Primary, White)
		c.Centered(540, 840, time, Regular, 120, Ink)
		if running {
			c.Centered(250, 1960, "Lap", Medium, 40, Ink)
			c.Round(440, 1850, 640, 2050, 60, Primary)
			c.Centered(540, 1920, "Pause", Medium, 40, White)
		} else {
			c.Centered(250, 1960, "Reset", Medium, 40, Ink)
			c.Round(440, 1850, 640, 2050, 60, Primary)
			c.Centered(540, 1920, "Start", Medium, 40, White)
		}
		for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
			col := Grey
			if t == "Stopwatch" {
				col = Primary
			}
			c.Centered(108+i*216, 2230, t, Medium, 32, col)
		}
		c.NavPill(Ink)
	}
}

func markorShot(path string, files ...string) scene {
	return AppPage("Markor", "", func(c *Canvas) {
		c.Text(63, 300, path, Regular, 34, Grey, 960)
		y := 380
		for _, f := range files {
			name, when, _ := strings.Cut(f, "|")
			y = c.ListRow(y, "M", Primary, name, when)
		}
		c.Fab(870, 2100)
	}, "search", "more")
}

func markorAskShot(files ...string) scene {
	return func(c *Canvas) {
		markorShot(markorRoot, files...)(c)
		c.Dialog("Delete", "Do you really want to delete 4 item(s)?", "OK", "Cancel")
	}
}

func recordsShot(names ...string) scene {
	return AppPage("Records", "back", func(c *Canvas) {
		y := 320
		for _, n := range names {
			y = c.ListRow(y, "R", Primary, n, "m4a, 44.1kHz   00:09")
		}
	}, "more")
}

func recipesShot(cards ...string) scene {
	return AppPage("Recipes", "menu", func(c *Canvas) {
		y := 310
		for _, r := range cards {
			title, desc, _ := strings.Cut(r, "|")
			c.Round(30, y, 1050, y+280, 24, Surface)
			c.Rect(30, y, 330, y+280, color.RGBA{197, 225, 165, 255})
			c.Text(360, y+30, title, Medium, 44, Ink, 660)
			c.Wrapped(360, y+110, desc, Regular, 36, Grey, 660)
			y += 300
		}
		c.Fab(870, 1938)
	}, "search")
}

func recipePageShot(r recipe) scene {
	return AppPage("", "back", func(c *Canvas) {
		c.Rect(0, 285, 1080, 680, color.RGBA{197, 225, 165, 255})
		c.Text(63, 710, r.title, Medium, 56, Ink, 950)
		c.Wrapped(63, 800, r.desc, Regular, 40, Grey, 950)
		c.Text(63, 950, "Servings: "+r.servings, Regular, 40, Ink, 0)
		c.Text(560, 950, "Preparation time: "+r.prep, Regular, 40, Ink, 0)
		c.Text(63, 1080, "Ingredients", Medium, 46, Ink, 0)
		c.Text(63, 1160, r.ingredients, Regular, 40, Ink, 0)
		c.Text(63, 1300, "Directions", Medium, 46, Ink, 0)
		c.Wrapped(63, 1380, r.directions, Regular, 40, Ink, 950)
	}, "more")
}

func editorShot(title, text string) scene {
	return AppPage(title, "back", func(c *Canvas) {
		c.Wrapped(40, 330, text, Regular, 46, Ink, 1000)
	}, "more", "check")
}

func expenseFormShot(c *Canvas) {
	AppPage("Add Expense", "back", func(c *Canvas) {
		c.Field(63, 340, 1017, "Name", "Car Maintenance", false)
		c.Field(63, 540, 1017, "Amount", "318.9", false)
		c.Field(63, 740, 1017, "Category", "Transportation", false)
		c.Field(63, 940, 1017, "Note", "Monthly recurring", true)
		c.Text(63, 1160, "Oct 15, 2023", Regular, 44, Ink, 0)
		c.Button(63, 1320, 1017, 1450, "Save", true)
		c.Keyboard("check", "Monthly", "recurring", "Monthly recurring")
	})(c)
}

func Shots() []Shot {
	ok := func(name, task, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	bad := func(name, task, mode string, subtle bool, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindNearMiss, Expect: ExpectFailure, Failure: mode, Subtle: subtle, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	const btOff, btOffEval = "Turn bluetooth off.", "system.py SystemBluetoothTurnOff: bluetooth_on reads 0"
	const btOn, btOnEval = "Turn bluetooth on.", "system.py SystemBluetoothTurnOn: bluetooth_on reads 1"
	const bri, briEval = "Turn brightness to the min value.", "system.py SystemBrightnessMin: screen_brightness reads 1"
	const pl = `Create a playlist in Retro Music titled "Chill Beats 482" with the following songs, in order: Rising Sun, Night Drive, Golden Days`
	const plEval = "retro_music.py RetroCreatePlaylist: the playlist holds exactly the three songs in order"
	const smsGoal = "Reply to +14157702394 with message: Weekend plans: Hiking trip to Blue Mountain. in Simple SMS Messenger"
	const smsEval = "sms.py SimpleSmsReply: a message with the body was sent to +14157702394"
	const hike = "Weekend plans: Hiking trip to Blue Mountain."
	const swGoal, swEval = "Pause the stopwatch.", "clock.py ClockStopWatchPausedVerify: DeskClock in front with Start and two Stopwatch labels"
	const delAll, delAllEval = "Delete all my notes in Markor.", "markor.py MarkorDeleteAllNotes: no file left in Markor's folder"
	const recGoal = `Record an audio clip and save it with name "2023_04_17_symposium.m4a" using Audio Recorder app.`
	const dupGoal = "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains"
	const thuGoal = "In Simple Calendar Pro, delete all events scheduled for this Thursday."
	const addGoal = "In Simple Calendar Pro, create a calendar event on 2023-10-24 at 14h with the title 'Workshop on Budget Planning' and the description 'We will finalize annual budget. Snacks will be provided.'. The event should last for 45 mins."
	const saveGoal = `Create a playlist in Retro Music titled "Jazz Lounge 57" with the following songs, in order: Moments, Hidden Paths. Then export the playlist to the Downloads directory on the device.`
	const moveGoal = "In Markor, move the note proud_lantern_copy.md from WorkProjects to BookNotes."
	const changeGoal = `Update the content of sleek_garden_2023_03_08.md to "Ah7KpQ2xW9mZr4LcV8nT" in Markor and change its name to wild_harbor_final.txt.`
	notes := []string{"grocery_list_weekly_copy.md|Oct 14, 2023 18:02", "2023_02_11_reading_list_2024.md|Oct 12, 2023 09:47",
		"art_project_sketches_Xq7b.md|Oct 9, 2023 21:15", "final_garden_layout_plan.md|Oct 3, 2023 07:30"}
	songs := []string{"Rising Sun|Ivan", "Night Drive|Emma", "Golden Days|Sara"}
	dupCards := []string{"Avocado Toast with Egg|An ideal recipe for experimenting with different flavors and ingredients.",
		"Greek Salad Pita Pockets|A quick and easy meal, perfect for busy weekdays.", "Pesto Pasta with Peas|A delicious and healthy choice for any time of the day.",
		"Tomato Basil Bruschetta|A quick and easy meal, perfect for busy weekdays."}
	shortServings := tilapia
	shortServings.servings = "3-4"
	return []Shot{
		ok("shot_bt_off_switch", btOff, "Use Bluetooth is off and the page explains what turning it on does.", btOffEval, btPageShot(true), btPageShot(false)),
		ok("shot_brightness_zero", bri, "Display's Brightness level reads 0% after the slider was dragged left.", briEval, displayShot("100%", false), displayShot("0%", false)),
		ok("shot_playlist_three_songs", pl, "The playlist's page lists Rising Sun, Night Drive and Golden Days in that order.", plEval, playlistShot("Chill Beats 482", "11:52", songs...)),
		ok("shot_sms_reply_sent", smsGoal, "The reply shows as a sent bubble in the conversation with the number.", smsEval, smsThreadShot("+14157702394", "Parents' evening at school this Wednesday.", hike)),
		ok("shot_stopwatch_paused", swGoal, "The stopwatch stands at 00:04 with Start and Reset: it was started and paused.", swEval, stopwatchShot("00:03", true), stopwatchShot("00:04", false)),
		ok("shot_markor_all_deleted", delAll, "After the delete of four items is confirmed, Markor's folder lists nothing.", delAllEval, markorAskShot(notes...), markorShot(markorRoot)),
		bad("shot_bt_on_prefs_off", btOn, FailStoppedEarly, false, "The run ends on Connection preferences, where Bluetooth still says Off.", btOnEval+" (0)", prefsShot("Off")),
		bad("shot_brightness_adaptive", bri, FailWrongItem, false, "Adaptive brightness was switched on; the level still reads 100%.", briEval+" (255)", displayShot("100%", true)),
		bad("shot_playlist_two_songs", pl, FailStoppedEarly, false, "The playlist holds Rising Sun and Night Drive only.", plEval+" (two songs)", playlistShot("Chill Beats 482", "7:41", songs[:2]...)),
		bad("shot_recorder_default_name", recGoal, FailStoppedEarly, false, "The only record is Record-1; the name was never given.", "audio_recorder.py AudioRecorderRecordAudioWithFileName: 2023_04_17_symposium.m4a.m4a exists (it does not)", recordsShot("Record-1")),
		bad("shot_sms_other_number", smsGoal, FailWrongItem, false, "The message was sent in the conversation with +13125550187.", smsEval+" (sent to another number)", smsThreadShot("+13125550187", "Monthly budget meeting pushed to Friday.", hike)),
		bad("shot_recipes_both_copies_gone", dupGoal, FailWrongItem, false, "No Beef Stir Fry is left in the list; both copies were deleted.", "recipe.py RecipeDeleteDuplicateRecipes: exactly one copy removed (both are)", recipesShot(dupCards...)),
		bad("shot_calendar_thursday_one_left", thuGoal, FailStoppedEarly, false, "Thursday the 19th still lists Catch up on Campaign.", "calendar.py SimpleCalendarDeleteEventsOnRelativeDay: both events of October 19 gone (one remains)",
			CalendarDayShot("Thu, October 19", "Catch up on Campaign|15:45 - 16:45")),
		bad("shot_stopwatch_running", swGoal, FailWrongItem, false, "The stopwatch was started and is running, Pause showing.", swEval+" (no Start)", stopwatchShot("00:02", true)),
		bad("shot_markor_one_note_left", delAll, FailStoppedEarly, false, "final_garden_layout_plan.md is still listed.", delAllEval+" (one file)", markorShot(markorRoot, notes[3])),
		bad("shot_calendar_event_hour_long", addGoal, FailWrongValue, true, "The event is saved 14:00 - 15:00, an hour instead of 45 minutes.", "calendar.py SimpleCalendarAddOneEvent: the event ends at 14:45 (it ends at 15:00)",
			CalendarDayShot("Tue, October 24", "Meeting with Alice|9:00 - 9:30", "Workshop on Budget Planning|14:00 - 15:00")),
		bad("shot_markor_content_appended", changeGoal, FailWrongValue, true, "The new content was typed after the old text, which is still there.", "markor.py MarkorChangeNoteContent: the content matches the new string (old + new does not)",
			editorShot("sleek_garden_2023_03_08.md", "p3Xr8LqT0vNw5Ya2ZkM1Ah7KpQ2xW9mZr4LcV8nT")),
		bad("shot_playlist_saved_to_music", saveGoal, FailWrongItem, true, "The toast says the playlist was saved to Music, not Downloads.", "retro_music.py RetroSavePlaylist: Download/Jazz Lounge 57.m3u exists (0.5: it is in Music)",
			func(c *Canvas) {
				playlistShot("Jazz Lounge 57", "7:06", "Moments|Wei", "Hidden Paths|Kenji")(c)
				toast(c, "Saved playlist to Music/Jazz Lounge 57.m3u")
			}),
		bad("shot_expense_form_unsaved", "Add the following expenses into the pro expense:\nname|amount_dollars|category_name|note\nConcert Tickets|$145.0|Entertainment|Want to have\nGroceries|$62.37|Food|Paid by card\nCar Maintenance|$318.9|Transportation|Monthly recurring",
			FailUnsaved, false, "The third expense's form is filled but Save was never pressed.", "expense.py ExpenseAddMultiple: the three rows are added (Car Maintenance is not)", expenseFormShot),
		bad("shot_markor_note_not_moved", moveGoal, FailWrongItem, true, "WorkProjects still lists proud_lantern_copy.md; its neighbour _final was moved instead.", "markor.py MarkorMoveNote: the note is in BookNotes, not WorkProjects (it is still there)",
			markorShot(markorRoot+"/WorkProjects", workFiles[0], workFiles[1], workFiles[3])),
		bad("shot_recipe_servings_short", "Add the following recipes into the Broccoli app:\n"+block(tilapia), FailWrongValue, true, "The saved recipe's servings read 3-4, not 3-4 servings.",
			"recipe.py RecipeAddSingleRecipe: servings fuzzily match '3-4 servings' ('3-4' does not)", recipePageShot(shortServings)),
	}
}
