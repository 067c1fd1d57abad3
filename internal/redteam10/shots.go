package redteam10

import (
	"image/color"
	"strings"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: the last screens of runs of the sampled tasks, read from pixels alone.

type scene = func(*Canvas)

// settingsSwitchShot is a Settings page with one switched row on top and rows under it.
func settingsSwitchShot(title, row string, on bool, below ...string) scene {
	return AppPage(title, "back", func(c *Canvas) {
		c.Round(40, 320, 1040, 470, 40, Surface)
		c.Text(90, 365, row, Medium, 48, Ink, 700)
		c.SwitchAt(850, 353, on)
		y := 520
		for _, b := range below {
			t, s, _ := strings.Cut(b, "|")
			y = c.ListRow(y, "", White, t, s)
		}
	})
}

func stopwatchShot(time string, running bool) scene {
	return AppPage("Stopwatch", "", func(c *Canvas) {
		c.Circle(540, 900, 330, Surface)
		c.Centered(540, 840, time, Regular, 120, Ink)
		c.Round(440, 1850, 640, 2050, 60, Primary)
		if running {
			c.Rect(505, 1900, 530, 2000, White)
			c.Rect(550, 1900, 575, 2000, White)
			c.Centered(250, 1930, "Lap", Medium, 44, Primary)
		} else {
			c.Line(510, 1900, 590, 1950, 12, White)
			c.Line(590, 1950, 510, 2000, 12, White)
			c.Line(510, 1900, 510, 2000, 12, White)
		}
		for i, t := range []string{"Alarm", "Clock", "Timer", "Stopwatch", "Bedtime"} {
			col := Grey
			if t == "Stopwatch" {
				col = Ink
			}
			c.Centered(108+i*216, 2230, t, Medium, 34, col)
		}
	}, "more")
}

func expenseRowsShot(rows ...string) scene {
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

// threadShot is a conversation with the number: a sent message, or a draft in the field with
// the keyboard up.
func threadShot(who, sent, draft string) scene {
	return func(c *Canvas) {
		AppPage(who, "back", func(c *Canvas) {
			if sent != "" {
				c.Round(300, 400, 1040, 560, 36, BubbleOut)
				c.Wrapped(340, 430, sent, Regular, 40, Ink, 660)
				c.Text(900, 580, "15:35", Regular, 32, Grey, 0)
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

func documentsShot(question bool, names ...string) scene {
	return func(c *Canvas) {
		AppPage("Documents", "menu", func(c *Canvas) {
			c.Text(63, 300, "sdk_gphone_x86_64  >  Documents", Regular, 36, Grey, 960)
			y := 380
			for _, n := range names {
				y = c.ListRow(y, "P", ErrRed, n, "12 kB, Oct 15")
			}
		}, "more", "search")(c)
		if question {
			c.Dialog("", "Delete this file?", "Delete", "Cancel")
		}
	}
}

func draftShot(label string) scene {
	return AppPage("Create contact", "close", func(c *Canvas) {
		c.Circle(540, 460, 130, Surface)
		c.Field(180, 660, 1017, "First name", "Grace", false)
		c.Field(180, 840, 1017, "Last name", "Harris", false)
		c.Field(180, 1020, 1017, "Company", "", false)
		c.Field(180, 1200, 1017, "Phone", "614-352-8097", false)
		c.Text(200, 1380, label, Regular, 42, Ink, 0)
		c.Field(180, 1480, 1017, "Email", "", false)
	}, "Save")
}

func contactPageShot(name, number string) scene {
	return AppPage("", "back", func(c *Canvas) {
		c.Circle(540, 480, 140, Blue)
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

func favouriteFormShot(c *Canvas) {
	AppPage("Add favorite", "close", func(c *Canvas) {
		c.Field(63, 340, 1017, "Name", "Schaanwald", false)
		c.Field(63, 540, 1017, "Description", "", false)
		c.Field(63, 740, 1017, "Address", "", false)
		c.Text(63, 940, "Group", Regular, 38, Grey, 0)
		c.Text(63, 1000, "Favorites", Medium, 46, Ink, 0)
		c.Button(63, 2150, 520, 2290, "Cancel", false)
		c.Button(560, 2150, 1017, 2290, "Save", true)
	})(c)
}

func recorderShot(c *Canvas) {
	AppPage("Audio Recorder", "", func(c *Canvas) {
		c.Centered(540, 720, "00:00:00", Regular, 110, Ink)
		c.Rect(60, 1140, 1020, 1144, LightGrey)
		c.Circle(540, 2000, 100, ErrRed)
	}, "more", "search")(c)
}

func markorShot(files ...string) scene {
	return AppPage("Markor", "", func(c *Canvas) {
		c.Text(63, 300, "/storage/emulated/0/Documents/Markor", Regular, 34, Grey, 960)
		y := 380
		for _, f := range files {
			y = c.ListRow(y, "M", color.RGBA{0, 150, 136, 255}, f, "Oct 15, 15:36")
		}
		c.Fab(870, 2100)
	}, "search", "more")
}

func Shots() []Shot {
	ok := func(name, task, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	bad := func(name, task, mode string, subtle bool, behaviour, eval string, frames ...scene) Shot {
		return Shot{Name: name, Task: task, Kind: KindNearMiss, Expect: ExpectFailure, Failure: mode, Subtle: subtle, Behaviour: behaviour, Evaluator: eval, Frames: frames}
	}
	const sendTask = "Send a text message using Simple SMS Messenger to +16823751249 with message: Monthly budget meeting pushed to Friday."
	const sendEval = "sms.py SimpleSmsSend: the message sent to +16823751249 and the messenger in front"
	const msg = "Monthly budget meeting pushed to Friday."
	const draftTask = "Go to the new contact screen and enter the following details: First Name: Grace, Last Name: Harris, Phone: 614-352-8097, Phone Label: Work. Do NOT hit save."
	const draftEval = "contacts.py ContactsNewContactDraft: the new-contact form on screen holds Grace, Harris, 614-352-8097 and the label Work"
	const delTask = "Delete the file clever_elephant_final.pdf from the Android filesystem located in the Documents folder within the sdk_gphone_x86_64 storage area."
	const delEval = "files.py FilesDeleteFile: Documents/clever_elephant_final.pdf no longer exists"
	const addTask = "Add the following expenses into the pro expense:\nname|amount_dollars|category_name|note\nEyecare|$187.4|Health Care|I may repeat this\nPublic Transit Pass|$75.0|Transportation|Monthly recurring\nWorkshops|$260.15|Education|A need"
	const addEval = "expense.py ExpenseAddMultiple: the three rows are added and the ten older ones unchanged"
	const markorTask = "Create a new note in Markor named silly_fish_edited.md with the following text: Remember to bring the blue folder to the review on Thursday."
	const markorEval = "markor.py MarkorCreateNote: Markor/silly_fish_edited.md exists with the text"
	const swTask, swEval = "Pause the stopwatch.", "clock.py ClockStopWatchPausedVerify: DeskClock in front with Start and two Stopwatch labels"
	wifiRows := []string{"Network preferences|Wi‑Fi turns back on automatically", "Saved networks|1 network"}
	btRows := []string{"Pair new device|", "Device name|sdk_gphone_x86_64"}
	older := []string{"Snacks|$14.20|Food|Oct 14", "Night Out|$96.00|Social|Oct 13", "Gas|$48.75|Transportation|Oct 12", "Streaming Services|$15.99|Entertainment|Oct 11"}
	eyecare, transit := "Eyecare|$187.40|Health Care|Oct 15", "Public Transit Pass|$75.00|Transportation|Oct 15"
	docs := []string{"2023_06_02_meeting_notes.pdf", "XkQp_cover_letter.pdf", "clever_elephant_final.pdf", "final_clever_elephant.pdf", "invoice_details_copy.pdf", "resume_backup.pdf"}
	return []Shot{
		ok("shot_wifi_off_switch", "Turn wifi off.", "Settings' Internet page shows the Wi-Fi switch off.", "system.py SystemWifiTurnOff: wifi_on reads 0",
			settingsSwitchShot("Internet", "Wi‑Fi", false, wifiRows...)),
		ok("shot_bluetooth_already_off", "Turn bluetooth off.", "Settings' Bluetooth page shows Use Bluetooth off.", "system.py SystemBluetoothTurnOffVerify: bluetooth_on reads 0",
			settingsSwitchShot("Bluetooth", "Use Bluetooth", false)),
		ok("shot_stopwatch_at_zero", swTask, "The Stopwatch tab shows 00:00.00 with the play button: it is stopped.", swEval, stopwatchShot("00:00.00", false)),
		ok("shot_expense_three_added", addTask, "The list shows Workshops, Public Transit Pass and Eyecare on top of the older rows.", addEval,
			expenseRowsShot(append([]string{"Workshops|$260.15|Education|Oct 15", transit, eyecare}, older...)...)),
		ok("shot_sms_budget_sent", sendTask, "The conversation with +16823751249 shows the message as sent.", sendEval, threadShot("+16823751249", msg, "")),
		ok("shot_markor_note_listed", markorTask, "Markor's list shows silly_fish_edited.md, made a minute ago.", markorEval, markorShot("silly_fish_edited.md")),
		ok("shot_contact_draft_work", draftTask, "The new-contact form holds Grace, Harris, 614-352-8097 and the label Work, unsaved.", draftEval, draftShot("Work")),
		bad("shot_wifi_still_off", "Turn wifi on.", FailStoppedEarly, false, "The Internet page is open with its Wi-Fi switch still off.", "system.py SystemWifiTurnOn: wifi_on reads 1 (it reads 0)",
			settingsSwitchShot("Internet", "Wi‑Fi", false, wifiRows...)),
		bad("shot_bluetooth_switched_on", "Turn bluetooth off.", FailWrongValue, false, "Use Bluetooth is switched on and the page offers to pair a device.", "system.py SystemBluetoothTurnOffVerify: bluetooth_on reads 0 (it reads 1)",
			settingsSwitchShot("Bluetooth", "Use Bluetooth", true, btRows...)),
		bad("shot_stopwatch_running", swTask, FailWrongValue, false, "The stopwatch counts with the pause button and Lap showing: it is running.", swEval+" (Pause shows)", stopwatchShot("00:01.27", true)),
		bad("shot_sms_budget_unsent", sendTask, FailStoppedEarly, false, "The message sits in the field with the keyboard up; nothing is sent.", sendEval+" (nothing sent)", threadShot("+16823751249", "", msg)),
		bad("shot_sms_budget_wrong_number", sendTask, FailWrongValue, true, "The message is sent, to +16823751294, the number with its last digits swapped.", sendEval+" (sent to +16823751294)",
			threadShot("+16823751294", msg, "")),
		bad("shot_files_question_open", delTask, FailStoppedEarly, false, "The run ends on 'Delete this file?' with the file still listed behind it.", delEval+" (it exists)", documentsShot(true, docs...)),
		bad("shot_files_twin_deleted", delTask, FailWrongItem, true, "final_clever_elephant.pdf is gone and clever_elephant_final.pdf is still listed.", delEval+" (it exists)",
			documentsShot(false, docs[0], docs[1], docs[2], docs[4], docs[5])),
		bad("shot_expense_two_added", addTask, FailStoppedEarly, false, "Only Public Transit Pass and Eyecare are on top; Workshops is missing.", addEval+" (Workshops is not)",
			expenseRowsShot(append([]string{transit, eyecare}, older...)...)),
		bad("shot_contact_label_mobile", draftTask, FailStoppedEarly, false, "The form holds the names and the number, but the label still reads Mobile.", draftEval+" (the label is Mobile)", draftShot("Mobile")),
		bad("shot_contact_saved", draftTask, FailLost, false, "Save was pressed: the contact's page of Grace Harris is showing, not the form.", draftEval+" (no form on screen)", contactPageShot("Grace Harris", "(614) 352-8097")),
		bad("shot_osmand_favourite_unsaved", "Add a favorite location marker for Schaanwald, Liechtenstein in the OsmAnd maps app.", FailUnsaved, false,
			"Add favorite is open with the name Schaanwald; Save has not been pressed.", "osmand.py OsmAndFavorite: a favourite at Schaanwald in favorites.gpx (it is empty)", favouriteFormShot),
		bad("shot_recorder_nothing_recorded", "Record an audio clip using Audio Recorder app and save it.", FailStoppedEarly, false,
			"The recorder shows 00:00:00 and its record button; nothing was recorded.", "audio_recorder.py AudioRecorderRecordAudio: one new recording (there is none)", recorderShot),
		bad("shot_markor_note_txt", markorTask, FailWrongValue, true, "The list shows silly_fish_edited.txt, not .md.", markorEval+" (the file is silly_fish_edited.txt)", markorShot("silly_fish_edited.txt")),
		bad("shot_brightness_still_zero", "Turn brightness to the max value.", FailStoppedEarly, false, "Display still reads Brightness level 0%.", "system.py SystemBrightnessMax: screen_brightness 255 (it is at the minimum)",
			AppPage("Display", "back", func(c *Canvas) {
				c.Text(63, 320, "Brightness", Medium, 38, Primary, 0)
				c.ListRow(c.ListRow(380, "", White, "Brightness level", "0%"), "", White, "Adaptive brightness", "Optimize brightness for available light")
			})),
	}
}
