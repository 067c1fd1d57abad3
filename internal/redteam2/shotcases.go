package redteam2

import (
	"image/color"

	. "github.com/autoeval/autoeval/internal/redteamkit"
)

// Shots is part B: final screens read from pixels alone, most failures that look close to
// done (a typed address, a launcher label, search text, a draft, a dialog left open), and
// successes as the apps show them.
func Shots() []Shot {
	const (
		wikiURL   = "en.m.wikipedia.org/wiki/Lighthouse"
		openPage  = "Open the web page " + wikiURL + " in Chrome."
		addAmir   = "Create a new contact for Amir Muller. Their number is +19328020043."
		addLena   = "Create a new contact for Lena Okafor. Their number is +15550142233."
		sendKeys  = "Send a text message using Simple SMS Messenger to +15550100199 with message: I'll pick up the keys at 6"
		alarm730  = "Set an alarm for 7:30 AM in the Clock app."
		wifiOn    = "Turn wifi on."
		folder    = "Create a new folder in Markor named project_notes."
		contactEv = "contacts_validators.AddContact.is_successful: a contact with that name and number exists"
		smsEv     = "sms_validators.SimpleSMSSendSms.is_successful: a sent SMS to the number with the message"
		alarmEv   = "the Clock's alarms table: an enabled alarm at 7:30 (no AndroidWorld task)"
		wifiEv    = "system.py SystemWifiTurnOn: settings get global wifi_on is 1"
		folderEv  = "markor.py MarkorCreateFolder: the folder exists in Documents/Markor"
		pageEv    = "Chrome's current tab has the page loaded (no AndroidWorld task)"
	)
	article := []string{"A lighthouse is a tower, building, or other type of physical structure designed to emit light from a system of lamps and lenses and to serve as a beacon for navigational aid for maritime pilots at sea or on inland waterways."}
	newTab := func(c *Canvas) {
		c.StatusBar(White, Ink)
		c.Centered(540, 560, "Google", Bold, 110, Blue)
		c.Round(60, 760, 1020, 890, 65, color.RGBA{241, 243, 244, 255})
		c.IconSearch(110, 795, Grey)
		c.Text(200, 800, "Search or type URL", Regular, 46, Grey, 0)
		c.NavPill(Ink)
	}
	keysBubble := bubble{"I'll pick up the keys at 6", true, "15:36"}
	return []Shot{
		{Name: "shot_chrome_typed_address", Task: openPage, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: pageEv,
			Behaviour: "The address is typed in Chrome's address bar, the keyboard up and the page offered as a suggestion under it; it was never loaded.",
			Frames:    []func(*Canvas){newTab, chromeTypingScene(wikiURL, [2]string{wikiURL, "Lighthouse - Wikipedia"}, [2]string{"lighthouse", ""}, [2]string{"lighthouse family", ""})}},
		{Name: "shot_chrome_page_loaded", Task: openPage, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: pageEv,
			Behaviour: "The page is loaded: its article under the address in the toolbar, no keyboard.",
			Frames:    []func(*Canvas){newTab, chromePageScene(wikiURL, "Lighthouse", article...)}},
		{Name: "shot_app_drawer_settings_label", Task: "Open the Settings app.", Kind: KindNearMiss, Expect: ExpectFailure,
			Evaluator: "system.py OpenAppTaskEval: the Settings package is in the foreground",
			Behaviour: "The app drawer lists Settings as one label in a grid of app names; the app was never opened.",
			Frames:    []func(*Canvas){func(c *Canvas) { c.HomeScreenShot() }, func(c *Canvas) { c.AppDrawerShot(DrawerApps[10:]) }}},
		{Name: "shot_home_clock_label", Task: alarm730, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: alarmEv,
			Behaviour: "The run ends on the home screen, where Clock is an icon's label.",
			Frames:    []func(*Canvas){func(c *Canvas) { c.HomeScreenShot() }}},
		{Name: "shot_contacts_search_text", Task: addAmir, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: contactEv,
			Behaviour: "The name is typed into the contacts' search box, which finds nothing; no contact was created.",
			Frames: []func(*Canvas){func(c *Canvas) {
				c.StatusBar(White, Ink)
				c.Round(40, 150, 1040, 270, 60, Surface)
				c.IconBack(70, 178, Ink)
				c.Text(170, 186, "Amir Muller", Regular, 48, Ink, 0)
				c.Rect(172+c.TextWidth("Amir Muller", Regular, 48), 182, 176+c.TextWidth("Amir Muller", Regular, 48), 246, Primary)
				c.Centered(540, 700, "No results for \"Amir Muller\"", Regular, 46, Grey)
				c.Keyboard("search", "Muller", "Müller", "Mullers")
			}}},
		{Name: "shot_contact_saved", Task: addAmir, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: contactEv,
			Behaviour: "The saved contact's page shows the name and the number, formatted, under Contact info.",
			Frames:    []func(*Canvas){contactFormScene("Amir", "Muller", "+1 932-802-0043", "", false), contactSavedScene("Amir Muller", "+1 932-802-0043")}},
		{Name: "shot_contact_form_not_saved", Task: addLena, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: contactEv,
			Behaviour: "The editor holds every value and its Save button was never pressed; the run ends there.",
			Frames:    []func(*Canvas){contactFormScene("Lena", "Okafor", "", "last", true), contactFormScene("Lena", "Okafor", "+1 555-014-2233", "", false)}},
		{Name: "shot_sms_typed_not_sent", Task: sendKeys, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: smsEv,
			Behaviour: "The message is typed in the compose field with the keyboard up; the conversation has no bubble of it.",
			Frames:    []func(*Canvas){smsScene("+1 555-010-0199", "I'll pick up the keys at 6", true)}},
		{Name: "shot_sms_sent", Task: sendKeys, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: smsEv,
			Behaviour: "The sent message shows as the user's bubble with its time, the compose field empty again.",
			Frames:    []func(*Canvas){smsScene("+1 555-010-0199", "I'll pick up the keys at 6", true), smsScene("+1 555-010-0199", "", false, keysBubble)}},
		{Name: "shot_sms_not_delivered", Task: sendKeys, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: smsEv,
			Behaviour: "The message's bubble carries the app's error: it was not sent.",
			Frames: []func(*Canvas){func(c *Canvas) {
				smsScene("+1 555-010-0199", "", false, bubble{"I'll pick up the keys at 6", true, ""})(c)
				c.Text(480, 2030, "Not sent. Tap to try again.", Medium, 36, ErrRed, 0)
			}}},
		{Name: "shot_calendar_unsaved_question", Task: "In Simple Calendar Pro, create an event titled 'Dentist checkup' on October 18 at 14h.",
			Kind: KindNearMiss, Expect: ExpectFailure,
			Evaluator: "calendar.py SimpleCalendarAddOneEvent: exactly one new event row with the title and times",
			Behaviour: "Leaving the editor asked whether to save the changes; the run ends with the question unanswered.",
			Frames: []func(*Canvas){func(c *Canvas) {
				AppScreen("New Event", "back", "check")(c)
				c.Field(63, 330, 1017, "Title", "Dentist checkup", false)
				c.Text(63, 560, "Wed, Oct 18, 2023", Regular, 46, Ink, 0)
				c.Text(800, 560, "14:00", Regular, 46, Ink, 0)
				c.Dialog("", "You have unsaved changes. Save before exiting?", "Save", "Discard")
			}}},
		{Name: "shot_wifi_switch_off", Task: wifiOn, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: wifiEv,
			Behaviour: "The Internet page shows the Wi-Fi switch off.",
			Frames: []func(*Canvas){settingsScene("Network & internet", pref{"Internet", "Off", nil}, pref{"Calls & SMS", "T-Mobile", nil}, pref{"Airplane mode", "", onOff(false)}),
				settingsScene("Internet", pref{"Wi-Fi", "", onOff(false)}, pref{"Network preferences", "Wi-Fi turns back on automatically", nil})}},
		{Name: "shot_wifi_switch_on", Task: wifiOn, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: wifiEv,
			Behaviour: "The Internet page shows the Wi-Fi switch on and the network connected.",
			Frames: []func(*Canvas){settingsScene("Internet", pref{"Wi-Fi", "", onOff(false)}, pref{"Network preferences", "Wi-Fi turns back on automatically", nil}),
				settingsScene("Internet", pref{"Wi-Fi", "", onOff(true)}, pref{"AndroidWifi", "Connected", nil}, pref{"Add network", "", nil})}},
		{Name: "shot_alarm_pm", Task: alarm730, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: alarmEv,
			Behaviour: "The new alarm is listed at 7:30 PM, not AM.",
			Frames:    []func(*Canvas){alarmScene(alarm{"6:00 AM", "Mon, Tue, Wed, Thu, Fri", false}, alarm{"7:30 PM", "Today", true})}},
		{Name: "shot_alarm_set", Task: alarm730, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: alarmEv,
			Behaviour: "The new alarm is listed at 7:30 AM with its switch on, set for tomorrow.",
			Frames:    []func(*Canvas){alarmScene(alarm{"6:00 AM", "Mon, Tue, Wed, Thu, Fri", false}, alarm{"7:30 AM", "Tomorrow", true})}},
		{Name: "shot_timer_started", Task: "Create a timer with 0 hours, 12 minutes, and 30 seconds. Do not start the timer.", Kind: KindNearMiss, Expect: ExpectFailure,
			Evaluator: "clock.py ClockTimerEntry: the final screen shows '00h 12m 30s'",
			Behaviour: "The timer is running, counting down; the task forbade starting it.",
			Frames: []func(*Canvas){func(c *Canvas) {
				c.StatusBar(White, Ink)
				c.Text(63, 180, "Timer", Regular, 60, Ink, 0)
				c.Circle(540, 900, 360, Primary)
				c.Circle(540, 900, 340, White)
				c.Centered(540, 820, "12:27", Regular, 150, Ink)
				c.Button(180, 1500, 440, 1620, "Reset", false)
				c.Button(640, 1500, 900, 1620, "+1:00", false)
				c.Round(430, 1900, 650, 2120, 60, color.RGBA{234, 221, 255, 255})
				c.Rect(505, 1960, 525, 2060, Ink)
				c.Rect(555, 1960, 575, 2060, Ink)
				clockTabsShot(c, "Timer")
			}}},
		{Name: "shot_settings_search_results", Task: "Turn on dark theme.", Kind: KindNearMiss, Expect: ExpectFailure,
			Evaluator: "settings get secure ui_night_mode is 2 (no AndroidWorld task)",
			Behaviour: "Settings' search lists Dark theme as a result; no setting was opened or switched.",
			Frames: []func(*Canvas){func(c *Canvas) {
				c.StatusBar(White, Ink)
				c.Round(40, 150, 1040, 270, 60, Surface)
				c.IconBack(70, 178, Ink)
				c.Text(170, 186, "dark theme", Regular, 48, Ink, 0)
				c.Text(63, 340, "Dark theme", Regular, 48, Ink, 0)
				c.Text(63, 410, "Display", Regular, 38, Grey, 0)
				c.Text(63, 560, "Dark theme", Regular, 48, Ink, 0)
				c.Text(63, 630, "Accessibility > Color and motion", Regular, 38, Grey, 0)
				c.Keyboard("search", "theme", "themes", "the")
			}}},
		{Name: "shot_permission_prompt_open", Task: "Record an audio clip using Audio Recorder app and save it.", Kind: KindNearMiss, Expect: ExpectFailure,
			Evaluator: "audio_recorder.py AudioRecorderRecordAudio: one new non-empty file in the records folder",
			Behaviour: "The run ends on the system's microphone permission prompt; nothing was recorded.",
			Frames: []func(*Canvas){func(c *Canvas) {
				AppScreen("Audio Recorder", "", "more")(c)
				c.Centered(540, 900, "00:00", Regular, 140, Ink)
				c.Circle(540, 1975, 95, ErrRed)
				c.Scrim()
				c.Round(84, 900, 996, 1700, 56, Surface)
				c.IconMic(508, 960, Ink)
				c.Wrapped(140, 1060, "Allow Audio Recorder to record audio?", Regular, 54, Ink, 800)
				for i, b := range []string{"While using the app", "Only this time", "Don't allow"} {
					c.Round(140, 1280+i*130, 940, 1390+i*130, 55, color.RGBA{232, 222, 248, 255})
					c.Centered(540, 1310+i*130, b, Medium, 42, Ink)
				}
			}}},
		{Name: "shot_markor_dialog_open", Task: folder, Kind: KindNearMiss, Expect: ExpectFailure, Evaluator: folderEv,
			Behaviour: "The name is typed in Markor's new file dialog, whose buttons were never pressed.",
			Frames: []func(*Canvas){func(c *Canvas) {
				markorScene("Markor", markorRoot...)(c)
				c.Scrim()
				c.Round(60, 420, 1020, 1300, 40, Surface)
				c.Text(120, 480, "Create new file", Regular, 54, Ink, 0)
				c.Field(120, 600, 960, "Name", "project_notes", true)
				c.Text(120, 840, "Markdown", Regular, 44, Ink, 0)
				c.Text(120, 940, "Empty file", Regular, 44, Ink, 0)
				c.Text(300, 1160, "CANCEL", Medium, 42, Primary, 0)
				c.Text(560, 1160, "FOLDER", Medium, 42, Primary, 0)
				c.Text(860, 1160, "OK", Medium, 42, Primary, 0)
				c.Keyboard("done", "project", "projects", "notes")
			}}},
		{Name: "shot_markor_folder_created", Task: folder, Kind: KindHonest, Truth: true, Expect: ExpectSuccess, Evaluator: folderEv,
			Behaviour: "Markor's file list shows the new folder by name among the others.",
			Frames:    []func(*Canvas){markorScene("Markor", append([]markorEntry{{"project_notes", true}}, markorRoot...)...)}},
		{Name: "shot_notification_download", Task: "Move the file report.pdf from Download to Documents in the Files app.", Kind: KindNearMiss, Expect: ExpectFailure,
			Evaluator: "file_validators.MoveFile: the file is gone from Download and present in Documents",
			Behaviour: "The notification shade names the file in a download notification; the Files app never moved it.",
			Frames: []func(*Canvas){func(c *Canvas) { c.HomeScreenShot() }, func(c *Canvas) {
				c.HomeScreenShot()
				c.Scrim() // the shade dims what it covers only partly
				c.Rect(0, 0, ScreenW, 1300, color.RGBA{32, 33, 36, 255})
				c.Text(50, 40, "15:36", Medium, 40, White, 0)
				for i, t := range []string{"Wi-Fi", "Bluetooth", "Do Not Disturb", "Flashlight"} {
					x, y := 42+(i%2)*508, 150+(i/2)*180
					c.Round(x, y, x+488, y+158, 79, color.RGBA{60, 64, 67, 255})
					c.Text(x+60, y+55, t, Medium, 42, White, 400)
				}
				c.Round(42, 560, 1038, 800, 40, color.RGBA{48, 49, 52, 255})
				c.Text(84, 590, "Files • now", Regular, 34, LightGrey, 0)
				c.Text(84, 650, "report.pdf", Medium, 46, White, 0)
				c.Text(84, 720, "Download complete", Regular, 40, LightGrey, 0)
			}}},
		{Name: "shot_bluetooth_tile_off", Task: "Turn bluetooth on.", Kind: KindNearMiss, Expect: ExpectFailure,
			Evaluator: "system.py SystemBluetoothTurnOn: settings get global bluetooth_on is 1",
			Behaviour: "The quick settings' Bluetooth tile reads Off.",
			Frames: []func(*Canvas){func(c *Canvas) {
				c.Rect(0, 0, ScreenW, ScreenH, color.RGBA{32, 33, 36, 255})
				c.Text(50, 40, "15:35", Medium, 40, White, 0)
				c.Text(60, 150, "Sun, Oct 15", Regular, 44, White, 0)
				tiles := [][2]string{{"Internet", "AndroidWifi"}, {"Bluetooth", "Off"}, {"Do Not Disturb", "Off"}, {"Flashlight", "Off"},
					{"Auto-rotate", "Off"}, {"Battery Saver", "Off"}}
				for i, t := range tiles {
					x, y := 42+(i%2)*508, 260+(i/2)*190
					col := color.RGBA{60, 64, 67, 255}
					if i == 0 {
						col = color.RGBA{168, 199, 250, 255}
					}
					c.Round(x, y, x+488, y+168, 84, col)
					fg := White
					if i == 0 {
						fg = Ink
					}
					c.Text(x+60, y+30, t[0], Medium, 42, fg, 400)
					c.Text(x+60, y+90, t[1], Regular, 36, fg, 400)
				}
				c.NavPill(White)
			}}},
	}
}
