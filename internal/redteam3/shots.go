package redteam3

import (
	"image/color"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: final screens read from pixels alone, on the apps and tasks of part A.

type frame = func(*Canvas)

func page(title, nav string, body func(c *Canvas), actions ...string) frame {
	return func(c *Canvas) {
		AppScreen(title, nav, actions...)(c)
		body(c)
	}
}

func inCallShot(number, timer string) frame {
	return func(c *Canvas) { c.InCallShot(number, timer) }
}

func dialPadShot(number string) frame {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Centered(540, 720, number, Regular, 84, Ink)
		for i, k := range []string{"1", "2", "3", "4", "5", "6", "7", "8", "9", "*", "0", "#"} {
			c.Centered(240+(i%3)*300, 1000+(i/3)*220, k, Regular, 80, Ink)
		}
		c.Round(455, 1880, 625, 2050, 85, color.RGBA{30, 142, 62, 255})
		c.NavPill(Ink)
	}
}

func tilesShot(bt bool) frame {
	return func(c *Canvas) {
		c.Rect(0, 0, ScreenW, ScreenH, color.RGBA{32, 33, 36, 255})
		c.Text(50, 40, "15:34", Medium, 40, White, 0)
		tile := func(x, y int, label, state string, on bool) {
			col := color.RGBA{60, 64, 67, 255}
			if on {
				col = color.RGBA{168, 199, 250, 255}
			}
			c.Round(x, y, x+487, y+158, 79, col)
			fg := White
			if on {
				fg = Ink
			}
			c.Text(x+60, y+30, label, Medium, 42, fg, 400)
			c.Text(x+60, y+88, state, Regular, 36, fg, 400)
		}
		tile(42, 160, "Internet", "AndroidWifi", true)
		tile(550, 160, "Bluetooth", onOff(bt), bt)
		tile(42, 340, "Flashlight", "Off", false)
		tile(550, 340, "Do Not Disturb", "Off", false)
		c.NavPill(White)
	}
}

func settingsSwitchShot(title, label string, on bool) frame {
	return page(title, "back", func(c *Canvas) {
		c.Round(42, 380, 1038, 540, 40, color.RGBA{232, 222, 248, 255})
		c.Text(90, 430, label, Regular, 50, Ink, 700)
		c.SwitchAt(850, 418, on)
		c.Text(63, 640, "Pair new device", Regular, 48, Ink, 0)
	})
}

func smsThreadShot(who, typed string, sent ...string) frame {
	return page(who, "back", func(c *Canvas) {
		y := 700
		c.Round(42, y, 760, y+150, 50, BubbleIn)
		c.Text(82, y+50, "Are you still coming tonight?", Regular, 44, Ink, 640)
		for _, s := range sent {
			y += 230
			c.Round(300, y, 1038, y+150, 50, BubbleOut)
			c.Text(340, y+50, s, Regular, 44, Ink, 660)
			c.Text(900, y+165, "Sent", Regular, 32, Grey, 0)
		}
		c.Round(42, 2150, 860, 2280, 65, color.RGBA{241, 243, 244, 255})
		if typed == "" {
			c.Text(100, 2190, "Type a message…", Regular, 44, Grey, 0)
		} else {
			c.Text(100, 2190, typed, Regular, 44, Ink, 720)
		}
		c.Circle(960, 2215, 62, Primary)
	}, "more")
}

func fileListShot(title string, files ...string) frame {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Rect(0, BarTop, ScreenW, BarTop+BarH, color.RGBA{0, 150, 136, 255})
		c.Text(42, BarTop+42, title, Medium, 56, White, 0)
		y := 340
		for _, f := range files {
			c.Round(63, y+20, 163, y+110, 10, color.RGBA{144, 164, 174, 255})
			c.Text(210, y+24, f, Regular, 46, Ink, 820)
			c.Text(210, y+84, "10/12/2023, 09:14", Regular, 34, Grey, 0)
			y += 150
		}
		c.Fab(870, 1980)
		c.NavPill(Ink)
	}
}

func cardsShot(title string, cards ...string) frame {
	return page(title, "menu", func(c *Canvas) {
		y := 320
		for _, t := range cards {
			c.Round(42, y, 1038, y+260, 24, color.RGBA{200, 230, 201, 255})
			c.Text(84, y+280, t, Medium, 50, Ink, 900)
			y += 420
		}
		c.Fab(870, 1980)
	}, "search")
}

func Shots() []Shot {
	const (
		callGoal  = "Make a phone call to the number 5552384417 and ensure the In-Call UI is displayed with options like 'Hold'."
		btGoal    = "Turn bluetooth on."
		replyGoal = "Reply to the most recent text message using Simple SMS Messenger with message: Running ten minutes late"
		delNote   = "Delete the note in Markor named meeting_notes_old.md."
		delRecipe = "Delete the following recipes from Broccoli app: Chickpea Curry."
		videoGoal = "Take one video."
	)
	files := []string{"grocery_list.md", "meeting_notes.md", "meeting_notes_old.md", "trip_ideas.md"}
	home := func(c *Canvas) { c.HomeScreenShot() }
	return []Shot{
		{Name: "shot_call_up", Task: callGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: callEval,
			Behaviour: "The in-call screen shows the number, the call's timer and Hold while the call is up.",
			Frames:    []frame{dialPadShot("(555) 238-4417"), inCallShot("(555) 238-4417", "0:05")}},
		{Name: "shot_number_on_dial_pad", Task: callGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: callEval + " (IDLE)",
			Behaviour: "The number sits on the dial pad above the green call button; no call was placed.",
			Frames:    []frame{home, dialPadShot("(555) 238-4417")}},
		{Name: "shot_bluetooth_tile_on", Task: btGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: btOnEval,
			Behaviour: "The Bluetooth tile is lit and says On.",
			Frames:    []frame{tilesShot(false), tilesShot(true)}},
		{Name: "shot_bluetooth_switch_off", Task: btGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: btOnEval + " (0)",
			Behaviour: "The run ends on the Bluetooth page with Use Bluetooth switched off.",
			Frames:    []frame{settingsSwitchShot("Bluetooth", "Use Bluetooth", false)}},
		{Name: "shot_reply_sent", Task: replyGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: smsEval,
			Behaviour: "The reply is a sent bubble under the message it answers, marked Sent.",
			Frames:    []frame{smsThreadShot("+1 555-640-3318", "Running ten minutes late"), smsThreadShot("+1 555-640-3318", "", "Running ten minutes late")}},
		{Name: "shot_reply_typed", Task: replyGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: smsEval + " (nothing sent)",
			Behaviour: "The reply is in the compose field, not yet sent.",
			Frames:    []frame{smsThreadShot("+1 555-640-3318", "Running ten minutes late")}},
		{Name: "shot_delete_question_open", Task: delNote, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: "markor.py MarkorDeleteNote.is_successful: the file no longer exists (it does)",
			Behaviour: "The delete question is still open over the list: nothing is deleted until OK.",
			Frames: []frame{func(c *Canvas) {
				fileListShot("Markor", files...)(c)
				c.Dialog("Delete", "Do you really want to delete meeting_notes_old.md?", "OK", "Cancel")
			}}},
		{Name: "shot_note_gone_from_list", Task: delNote, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: "markor.py MarkorDeleteNote.is_successful: the file no longer exists",
			Behaviour: "After the delete the list has the other notes and not this one.",
			Frames: []frame{func(c *Canvas) {
				fileListShot("Markor", files...)(c)
				c.Dialog("Delete", "Do you really want to delete meeting_notes_old.md?", "OK", "Cancel")
			}, fileListShot("Markor", "grocery_list.md", "meeting_notes.md", "trip_ideas.md")}},
		{Name: "shot_recipe_search_typo", Task: delRecipe, Kind: KindNearMiss, Expect: ExpectCannotTell, Evaluator: "recipe.py RecipeDeleteSingleRecipe.is_successful: the recipe is gone (it is not)",
			Behaviour: "A misspelt search finds nothing; an empty result says nothing about whether the recipe exists.",
			Frames: []frame{func(c *Canvas) {
				c.StatusBar(White, Ink)
				c.Round(40, 150, 1040, 270, 60, Surface)
				c.IconBack(70, 178, Ink)
				c.Text(170, 186, "Chickpea Cury", Regular, 48, Ink, 0)
				c.Centered(540, 700, "No recipes found", Regular, 46, Grey)
				c.Keyboard("search", "Curry", "Cury", "Curt")
			}}},
		{Name: "shot_camera_photo_mode", Task: videoGoal, Kind: KindNearMiss, Expect: ExpectCannotTell, Evaluator: "camera.py CameraTakeVideo.is_successful: one new video (none)",
			Behaviour: "The camera ends in photo mode with a capture's thumbnail; one screen of it shows no recording and does not say what was captured.",
			Frames: []frame{func(c *Canvas) {
				c.Rect(0, 0, ScreenW, ScreenH, color.RGBA{20, 20, 20, 255})
				c.Rect(0, 200, ScreenW, 1900, color.RGBA{90, 110, 120, 255})
				c.Text(320, 1930, "PHOTO", Medium, 40, color.RGBA{253, 214, 99, 255}, 0)
				c.Text(600, 1930, "VIDEO", Medium, 40, White, 0)
				c.Circle(540, 2160, 100, White)
				c.Round(80, 2080, 240, 2240, 20, color.RGBA{150, 150, 150, 255})
			}}},
		{Name: "shot_drawer_camera_label", Task: videoGoal, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: "camera.py CameraTakeVideo.is_successful: one new video (none)",
			Behaviour: "The run ends in the app drawer, where Camera is one label among the apps.",
			Frames:    []frame{home, func(c *Canvas) { c.AppDrawerShot(DrawerApps) }}},
		{Name: "shot_stopwatch_paused", Task: "Pause the stopwatch.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: "clock.py ClockStopWatchPausedVerify.is_successful: the stopwatch with its Start button",
			Behaviour: "A paused stopwatch shows its frozen time with a play button and Reset beside it.",
			Frames: []frame{func(c *Canvas) {
				c.StatusBar(White, Ink)
				c.Text(63, 180, "Stopwatch", Regular, 60, Ink, 0)
				c.Centered(540, 760, "00:13.05", Regular, 150, Ink)
				c.Round(420, 1800, 660, 2000, 60, color.RGBA{211, 227, 253, 255})
				for y := 1860; y <= 1940; y++ { // the play triangle, pointing right
					half := 40 - max(y-1900, 1900-y)
					c.Rect(515, y, 515+half*2, y+1, Ink)
				}
				c.Text(200, 1870, "Reset", Medium, 40, Primary, 0)
				for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
					c.Centered(i*216+108, 2275, t, Medium, 34, Grey)
				}
				c.NavPill(Ink)
			}}},
		{Name: "shot_osmand_card_open", Task: "Add a location marker for Vaduz, Liechtenstein in the OsmAnd maps app.", Kind: KindNearMiss, Expect: ExpectFailure,
			Evaluator: "osmand.py OsmAndMarker.is_successful: a marker near the location (none)",
			Behaviour: "The place's card is open on the map with its Marker button untouched.",
			Frames: []frame{func(c *Canvas) {
				c.Rect(0, 0, ScreenW, 1400, color.RGBA{236, 231, 220, 255})
				c.StatusBar(color.RGBA{236, 231, 220, 255}, Ink)
				c.Line(0, 600, 1080, 900, 20, White)
				c.Circle(540, 760, 30, ErrRed)
				c.Text(63, 1480, "Vaduz", Medium, 60, Ink, 0)
				c.Text(63, 1570, "City · 6.2 km", Regular, 40, Grey, 0)
				c.Button(40, 1700, 360, 1800, "Favorite", false)
				c.Button(380, 1700, 700, 1800, "Marker", false)
				c.Button(720, 1700, 1040, 1800, "Directions", true)
				c.NavPill(Ink)
			}}},
		{Name: "shot_day_cleared", Task: "In Simple Calendar Pro, delete all the calendar events on 2023-10-20", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Evaluator: "calendar/calendar.py SimpleCalendarDeleteEvents.is_successful: no event left on the date",
			Behaviour: "After the delete the day's view says it has no events.",
			Frames: []frame{page("Friday, October 20", "back", func(c *Canvas) {
				c.ListRow(320, "", Primary, "Dentist", "09:00 - 10:00")
				c.ListRow(520, "", Primary, "Team lunch", "12:30 - 13:30")
			}), page("Friday, October 20", "back", func(c *Canvas) {
				c.Centered(540, 1000, "No upcoming events", Regular, 48, Grey)
				c.Fab(870, 1980)
			})}},
		{Name: "shot_draw_save_dialog_typed", Task: "Create a new drawing in Simple Draw Pro. Name it dolor_sit.png. Save it in the Pictures folder within the sdk_gphone_x86_64 storage area.",
			Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: drawEval + " (no file yet)",
			Behaviour: "The name is typed in the save dialog with the keyboard up; OK was never pressed.",
			Frames: []frame{func(c *Canvas) {
				c.StatusBar(White, Ink)
				c.Line(200, 700, 800, 1100, 12, Blue)
				c.Scrim()
				c.Round(84, 560, 996, 1420, 56, Surface)
				c.Text(140, 620, "Save as", Regular, 54, Ink, 0)
				c.Text(140, 720, "/storage/emulated/0/Pictures", Regular, 38, Grey, 800)
				c.Field(140, 820, 940, "Filename", "dolor_sit", true)
				c.Text(140, 1030, "PNG    SVG    JPG", Regular, 44, Ink, 0)
				c.Text(700, 1300, "Cancel", Medium, 44, Primary, 0)
				c.Text(880, 1300, "OK", Medium, 44, Primary, 0)
				c.Keyboard("done", "dolor", "dolor_sit", "color")
			}}},
	}
}
