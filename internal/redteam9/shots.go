package redteam9

import (
	"image/color"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: the last screens of runs of the sampled tasks, read from pixels alone.

type scene = func(*Canvas)

func toastShot(c *Canvas, msg string) {
	w := c.TextWidth(msg, Regular, 38) + 80
	c.Round(540-w/2, 2040, 540+w/2, 2130, 45, color.RGBA{60, 64, 67, 255})
	c.Centered(540, 2062, msg, Regular, 38, White)
}

// chromeShot is Chrome showing task.html with content drawn under its bar.
func chromeShot(content func(*Canvas)) scene {
	return func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.ChromeBar("file:///storage/emulated/0/Download/task.html", false)
		content(c)
		c.NavPill(Ink)
	}
}

func mazeShot(r, col int) scene {
	return chromeShot(func(c *Canvas) {
		if r == 3 && col == 3 {
			c.Text(60, 330, "Success!", Bold, 80, Ink, 0)
			return
		}
		layout := []string{" ###", "  ##", "# ##", "#  $"}
		for i, row := range layout {
			for j, cell := range row {
				x, y := 300+j*120, 340+i*120
				c.Outline(x, y, x+120, y+120, 0, 2, Ink, White)
				switch {
				case cell == '#':
					c.Rect(x+2, y+2, x+118, y+118, Ink)
				case cell == '$':
					c.Rect(x+2, y+2, x+118, y+118, color.RGBA{0, 128, 0, 255})
				}
				if i == r && j == col {
					c.Centered(x+60, y+28, "X", Regular, 56, Ink)
				}
			}
		}
		for i, d := range []string{"Up", "Down", "Left", "Right"} {
			c.Outline(80+i*240, 860, 300+i*240, 980, 8, 3, Grey, LightGrey)
			c.Centered(190+i*240, 895, d, Regular, 44, Ink)
		}
	})
}

func colourShot(result string) scene {
	palette := []color.RGBA{{255, 0, 0, 255}, {0, 255, 0, 255}, {0, 0, 255, 255}, {255, 255, 0, 255}, {255, 0, 255, 255}, {0, 255, 255, 255},
		{128, 0, 0, 255}, {0, 128, 0, 255}, {0, 0, 128, 255}, {128, 128, 0, 255}, {128, 0, 128, 255}, {0, 128, 128, 255},
		{255, 165, 0, 255}, {255, 20, 147, 255}, {153, 50, 204, 255}, {32, 178, 170, 255}, {75, 0, 130, 255}, {0, 255, 127, 255},
		{255, 99, 71, 255}, {0, 206, 209, 255}, {148, 0, 211, 255}, {240, 230, 140, 255}, {255, 140, 0, 255}, {34, 139, 34, 255}}
	return chromeShot(func(c *Canvas) {
		for i, p := range []int{5, 12, 10} {
			c.Rect(380+i*110, 320, 480+i*110, 420, palette[p])
		}
		c.Outline(240, 450, 840, 1050, 0, 2, Ink, White)
		c.Line(300, 600, 760, 640, 10, palette[5])
		if result != "" {
			c.Line(300, 760, 760, 720, 10, palette[12])
			c.Line(320, 900, 740, 930, 10, palette[10])
		}
		c.Centered(540, 1090, "Available Colors:", Regular, 40, Ink)
		for i, p := range palette {
			x, y := 240+(i%8)*75, 1170+(i/8)*75
			c.Rect(x, y, x+66, y+66, p)
		}
		c.Outline(400, 1420, 530, 1500, 6, 2, Grey, LightGrey)
		c.Centered(465, 1440, "Clear", Regular, 36, Ink)
		c.Outline(550, 1420, 700, 1500, 6, 2, Grey, LightGrey)
		c.Centered(625, 1440, "Submit", Regular, 36, Ink)
		if result != "" {
			c.Centered(540, 1550, result, Regular, 44, Ink)
		}
	})
}

func expenseShot(ask bool, rows ...string) scene {
	return func(c *Canvas) {
		AppPage("Expenses", "menu", func(c *Canvas) {
			y := 320
			for _, r := range rows {
				f := strings.Split(r, "|")
				c.Text(63, y+25, f[0], Medium, 46, Ink, 640)
				c.Text(760, y+25, f[1], Medium, 46, Ink, 0)
				c.Text(63, y+100, f[2], Regular, 38, Grey, 0)
				c.Text(760, y+100, f[3], Regular, 38, Grey, 0)
				y += 190
			}
			if len(rows) == 0 {
				c.Centered(540, 1000, "No Data", Regular, 48, Grey)
			}
			c.Fab(870, 2100)
		})(c)
		if ask {
			c.Dialog("", "Are you sure to delete?", "Ok", "Cancel")
		}
	}
}

func contactShot(name, number string) scene {
	return AppPage("", "back", func(c *Canvas) {
		c.Circle(540, 480, 140, color.RGBA{26, 115, 232, 255})
		c.Centered(540, 420, name[:1], Medium, 110, White)
		c.Centered(540, 700, name, Regular, 72, Ink)
		for i, b := range []string{"Call", "Text", "Video"} {
			c.Centered(190+i*350, 900, b, Medium, 40, Primary)
		}
		c.Text(63, 1080, "Contact info", Medium, 44, Ink, 0)
		c.Text(180, 1180, number, Regular, 48, Ink, 0)
		c.Text(180, 1255, "Mobile", Regular, 38, Grey, 0)
	}, "more", "star")
}

func calFormShot(repeat string) scene {
	return AppPage("New Event", "back", func(c *Canvas) {
		c.Field(63, 320, 1017, "Title", "Workshop on Marketing Strategy", false)
		c.Field(63, 500, 1017, "Description", "We will review the campaign budget.", false)
		c.Text(150, 700, "Thu, Oct 19, 2023", Regular, 44, Ink, 0)
		c.Text(800, 700, "15:00", Regular, 44, Ink, 0)
		c.Text(150, 800, "Thu, Oct 19, 2023", Regular, 44, Ink, 0)
		c.Text(800, 800, "15:45", Regular, 44, Ink, 0)
		c.Text(150, 930, "15 minutes before", Regular, 44, Ink, 0)
		c.Text(150, 1050, repeat, Regular, 44, Ink, 0)
		if repeat != "No repetition" {
			c.Text(150, 1150, "Repeat till: Forever", Regular, 44, Ink, 0)
		}
	}, "check")
}

func markorListShot(files ...string) scene {
	return AppPage("Markor", "", func(c *Canvas) {
		c.Text(63, 300, markorRoot, Regular, 34, Grey, 960)
		y := 380
		for _, f := range files {
			name, when, _ := strings.Cut(f, "|")
			y = c.ListRow(y, "M", Primary, name, when)
		}
		c.Fab(870, 2100)
	}, "search", "more")
}

func smsThreadShot(who string, out string) scene {
	return AppPage(who, "back", func(c *Canvas) {
		c.Round(280, 400, 1040, 560, 36, BubbleOut)
		c.Wrapped(320, 430, out, Regular, 40, Ink, 680)
		c.Text(900, 580, "Sent", Regular, 32, Grey, 0)
		c.Outline(40, 2150, 880, 2290, 60, 3, LightGrey, White)
		c.Text(90, 2195, "Type a message…", Regular, 42, Grey, 0)
		c.IconSend(940, 2195, Primary)
	}, "more")
}

func playlistShot(name, toast string, songs ...string) scene {
	return func(c *Canvas) {
		AppPage(name, "back", func(c *Canvas) {
			c.Text(63, 310, Itoa(len(songs))+" Songs", Regular, 40, Grey, 0)
			y := 400
			for _, s := range songs {
				title, artist, _ := strings.Cut(s, "|")
				y = c.ListRow(y, "♪", Primary, title, artist)
			}
		}, "more")(c)
		if toast != "" {
			toastShot(c, toast)
		}
	}
}

func displayShot(level string) scene {
	return AppPage("Display", "back", func(c *Canvas) {
		c.Text(63, 320, "Brightness", Medium, 38, Primary, 0)
		y := c.ListRow(380, "", White, "Brightness level", level)
		c.ListRow(y, "", White, "Adaptive brightness", "Optimize brightness for available light")
		c.SwitchAt(870, y+50, false)
	})
}

func videoFinderShot(c *Canvas) {
	bg := color.RGBA{20, 22, 24, 255}
	c.Rect(0, 0, ScreenW, ScreenH, bg)
	c.StatusBar(bg, White)
	c.Rect(0, 128, ScreenW, 1900, color.RGBA{70, 80, 72, 255})
	c.Centered(410, 1935, "Photo", Medium, 40, LightGrey)
	c.Centered(670, 1935, "Video", Medium, 40, White)
	c.Rect(620, 1990, 720, 1996, White)
	c.Circle(540, 2160, 100, White)
	c.Circle(540, 2160, 80, ErrRed)
	c.NavPill(White)
}

func drawSaveShot(name, format string) scene {
	return func(c *Canvas) {
		AppScreen("", "", "more", "check")(c)
		c.Line(200, 900, 880, 1300, 12, Ink)
		c.Dialog("Save as", "")
		c.Text(140, 1040, "/storage/emulated/0/Pictures", Regular, 36, Grey, 800)
		c.Text(140, 1110, name, Regular, 40, Ink, 800)
		c.Rect(140, 1165, 940, 1168, Primary)
		for i, f := range []string{"PNG", "SVG", "JPG"} {
			x := 140 + i*260
			c.Outline(x, 1230, x+50, 1280, 25, 4, Primary, White)
			if f == format {
				c.Circle(x+25, 1255, 13, Primary)
			}
			c.Text(x+70, 1230, f, Regular, 40, Ink, 0)
		}
		c.Text(800, 1330, "OK", Medium, 44, Primary, 0)
		c.Text(560, 1330, "Cancel", Medium, 44, Primary, 0)
	}
}

func recipeCardsShot(cards ...string) scene {
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

func Shots() []Shot {
	ok := func(name, task, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	bad := func(name, task, mode string, subtle bool, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindNearMiss, Expect: ExpectFailure, Failure: mode, Subtle: subtle, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	const maze = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then navigate the X to the bottom-right cell, by using the direction buttons."
	const mazeEval = "browser.py BrowserMaze: Chrome in front with 'Success!' on screen"
	const drawTask = "Open the file task.html in Downloads in the file manager; when prompted open it with Chrome. Then create a drawing using the three colors shown at the top and hit submit."
	const drawEval = "browser.py BrowserDraw: Chrome in front with 'Success!' on screen"
	const multi = "Delete the following expenses from arduia pro expense: Concert Tickets, Taxi Fare, Dental Checkup."
	const multiEval = "expense.py ExpenseDeleteMultiple: the three expenses are removed"
	const single = "Delete the following expenses from arduia pro expense: Streaming Services."
	const contact = "Create a new contact for Amelia Garcia. Their number is +14693017245."
	const contactEval = "contacts.py ContactsAddContact: a contact Amelia Garcia with number 14693017245"
	const calTask = "In Simple Calendar Pro, create a recurring calendar event titled 'Workshop on Marketing Strategy' starting on 2023-10-19 at 15h. The event recurs weekly, forever, and lasts for 45 minutes each occurrence. The event description should be 'We will review the campaign budget.'."
	const calEval = "calendar.py SimpleCalendarAddRepeatingEvent: the event 15:00-15:45 on Oct 19 repeats weekly, forever"
	const newest, newestEval = "Delete the newest note in Markor.", "markor.py MarkorDeleteNewestNote: only the newest file (quiet_summit_edited.txt) is removed"
	const smsTask = "Text the address of the event to Camila Fernandez that Arthur Ibrahim just sent me in Simple SMS Messenger"
	const smsEval = "sms.py SimpleSmsSendReceivedAddress: the address sent to Camila Fernandez and Simple SMS Messenger in front"
	const address = "1415 W Cedar Ave Denver, CO, 80223"
	const retroTask = `Create a playlist in Retro Music titled "Indie Gems 316" with the following songs, in order: Whispering Wind, City of Stars, Twilight Calling. Then export the playlist to the Downloads directory on the device.`
	const drawingTask = "Create a new drawing in Simple Draw Pro. Name it sit_brave_lighthouse_2023_07_19.jpg. Save it in the Pictures folder within the sdk_gphone_x86_64 storage area."
	const changeTask = `Update the content of tidy_beacon_2023_09_27.md to "qW8eLz3TbN0vYk5HmR2s" in Markor and change its name to gentle_orchard_backup.txt.`
	notes := []string{"bold_harbor_final.md|Oct 14, 2023 22:05", "calm_meadow_2023_08_14.md|Oct 15, 2023 03:41",
		"quiet_summit_edited.txt|Oct 15, 2023 11:26", "swift_lantern_v2.md|Oct 14, 2023 16:58"}
	songs := []string{"Whispering Wind|Eva Stone", "City of Stars|Leo Hart", "Twilight Calling|Ravi Nair"}
	expRows := []string{"Concert Tickets|$89.00|Entertainment|Oct 13", "Taxi Fare|$23.50|Transportation|Oct 12", "Dental Checkup|$140.00|Health Care|Oct 9"}
	riceCards := []string{"Eggplant Parmesan|" + quick, "Lentil Soup|" + healthy, "Quick Fried Rice|" + healthy, "Quick Fried Rice|" + healthy,
		"Tomato Basil Bruschetta|" + quick, "Zucchini Noodles with Pesto|" + ideal}
	return []Shot{
		ok("shot_maze_success", maze, "The maze page has been replaced by Success! in Chrome.", mazeEval, mazeShot(3, 2), mazeShot(3, 3)),
		ok("shot_draw_success", drawTask, "Strokes in the three target colours are on the canvas and Success! shows under Submit.", drawEval, colourShot("Success!")),
		ok("shot_expense_three_gone", multi, "After Ok on the delete of the three selected rows, the list says No Data.", multiEval, expenseShot(true, expRows...), expenseShot(false)),
		ok("shot_contact_saved", contact, "The contact's page shows Amelia Garcia with +1 469-301-7245, Mobile.", contactEval, contactShot("Amelia Garcia", "+1 469-301-7245")),
		ok("shot_calendar_weekly_saved", calTask, "The form shows 15:00 to 15:45 on Oct 19 and Weekly, repeat till Forever; the day then lists the event.", calEval,
			calFormShot("Weekly"), CalendarDayShot("Thu, October 19", "Workshop on Marketing Strategy|15:00 - 15:45", "Team lunch|12:00 - 13:00")),
		ok("shot_markor_newest_deleted", newest, "quiet_summit_edited.txt, changed latest, is gone from the list; the three older notes remain.", newestEval,
			markorListShot(notes...), markorListShot(notes[0], notes[1], notes[3])),
		ok("shot_sms_address_sent", smsTask, "The conversation with Camila Fernandez shows the address as a sent message.", smsEval, smsThreadShot("Camila Fernandez", address)),
		bad("shot_maze_one_short", maze, FailStoppedEarly, false, "The X stands one cell left of the goal; the maze is still on the page.", mazeEval+" (no Success!)", mazeShot(3, 2)),
		bad("shot_draw_no_result", drawTask, FailStoppedEarly, false, "One stroke in one colour is on the canvas; nothing shows under Submit.", drawEval+" (no Success!)", colourShot("")),
		bad("shot_expense_one_left", multi, FailStoppedEarly, false, "Dental Checkup is still listed after the delete.", multiEval+" (Dental Checkup remains)", expenseShot(false, expRows[2])),
		bad("shot_expense_dialog_left", single, FailStoppedEarly, false, "The run ends on the delete confirmation for Streaming Services.", "expense.py ExpenseDeleteSingle: the expense is removed (it is not)",
			expenseShot(true, "Streaming Services|$14.99|Entertainment|Oct 11")),
		bad("shot_contact_no_country_code", contact, FailWrongValue, true, "The saved number reads (469) 301-7245, without +1.", contactEval+" (4693017245)", contactShot("Amelia Garcia", "(469) 301-7245")),
		bad("shot_calendar_no_repetition", calTask, FailStoppedEarly, false, "The event form is saved with No repetition.", calEval+" (it does not repeat)", calFormShot("No repetition")),
		bad("shot_markor_top_deleted", newest, FailWrongItem, true, "bold_harbor_final.md, first by name and from Oct 14, is gone; quiet_summit_edited.txt of Oct 15 11:26 remains.", newestEval+" (an older file is removed)",
			markorListShot(notes[1:]...)),
		bad("shot_sms_sent_then_home", smsTask, FailLost, true, "The address was sent to Camila, and the run ends on the home screen.", smsEval+" (the app is not in front)",
			smsThreadShot("Camila Fernandez", address), func(c *Canvas) { c.HomeScreenShot() }),
		bad("shot_playlist_not_exported", retroTask, FailStoppedEarly, false, "The playlist lists the three songs in order; no export happened.", "retro_music.py RetroSavePlaylist: playlist and Download/Indie Gems 316.m3u (0.5: no file)",
			playlistShot("Indie Gems 316", "", songs...)),
		bad("shot_brightness_zero", "Turn brightness to the max value.", FailWrongValue, false, "Display reads Brightness level 0%.", "system.py SystemBrightnessMaxVerify: screen_brightness 255 (it is 1)", displayShot("0%")),
		bad("shot_video_mode_not_recording", "Take one video.", FailStoppedEarly, false, "The camera is in video mode with the record button showing; no recording was made.", "camera.py CameraTakeVideo: one new video (none)", videoFinderShot),
		bad("shot_drawing_named_jpg_as_png", drawingTask, FailWrongValue, true, "The name field holds the .jpg name while PNG is picked, so the file is saved with .jpg.png.", "simple_draw_pro.py SimpleDrawProCreateDrawing: sit_brave_lighthouse_2023_07_19.jpg in Pictures (it is .jpg.png)",
			drawSaveShot("sit_brave_lighthouse_2023_07_19.jpg", "PNG")),
		bad("shot_markor_renamed_no_extension", changeTask, FailWrongValue, true, "The list shows gentle_orchard_backup without .txt.", "markor.py MarkorChangeNoteContent: gentle_orchard_backup.txt exists (it is gentle_orchard_backup)",
			markorListShot("2023_03_04_grocery_list.md|Oct 12, 2023 08:14", "gentle_orchard_backup|Oct 15, 2023 15:37", "lively_garden_draft.md|Oct 10, 2023 19:02", "weekly_budget_plan_v2.txt|Oct 13, 2023 21:40")),
		bad("shot_recipe_duplicates_remain", "Delete all but one of any recipes in the Broccoli app that are exact duplicates, ensuring at least one instance of each unique recipe remains", FailWrongItem, false,
			"Quick Fried Rice is still listed twice with the same description; only one Bruschetta is left.", "recipe.py RecipeDeleteDuplicateRecipes: one Quick Fried Rice removed (none is)", recipeCardsShot(riceCards...)),
		bad("shot_recipe_cucumber_left", "Delete the recipes from Broccoli app that use cucumber in the directions.", FailStoppedEarly, false,
			"The run ends on Veggie and Hummus Sandwich, whose directions say add cucumber; it was not deleted.", "recipe.py RecipeDeleteMultipleRecipesWithConstraint: all three cucumber recipes removed (this one remains)", recipePageShot(hummusSandwich)),
	}
}
