package redteam7

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Settings (com.android.settings) on the emulator's Android 13: Wi-Fi's switch is on Network &
// internet > Internet; Bluetooth's on Connected devices > Connection preferences > Bluetooth;
// Display lists "Brightness level" with the level as a percentage, and the shade's slider (two
// pulls down) carries no value in the tree. The quick settings' tiles toggle Wi-Fi (through its
// Internet panel) and Bluetooth in place.

var settings = UIOf("com.android.settings")

func netPage() []El {
	return Screen(Toolbar(settings, "Navigate up", "Network & internet"),
		Rows(settings, "android:id/title", 400, "Internet|Off", "Calls & SMS|T-Mobile", "SIMs|T-Mobile", "Airplane mode", "Hotspot & tethering|Off", "Data Saver|Off", "VPN|None"),
		Els(settings.Sw("Airplane mode", "switchWidget", false, Bx(880, 940, 1017, 1040))))
}

func wifiPage(on bool) []El {
	out := Screen(Toolbar(settings, "Navigate up", "Internet"), Els(
		settings.TapText("T-Mobile", "android:id/title", Bx(63, 400, 800, 470)), settings.Text("Connected / 5G", "android:id/summary", Bx(63, 480, 800, 530)),
		settings.Text("Wi‑Fi", "android:id/title", Bx(63, 620, 700, 690)), settings.Sw("", "switch_widget", on, Bx(880, 600, 1017, 710))))
	if on {
		return append(out, settings.TapText("AndroidWifi", "android:id/title", Bx(180, 780, 900, 850)), settings.Text("Connected", "android:id/summary", Bx(180, 860, 900, 910)),
			settings.TapText("Add network", "android:id/title", Bx(180, 980, 900, 1050)), settings.TapText("Saved networks", "android:id/title", Bx(63, 1120, 900, 1190)))
	}
	return append(out, settings.Text("To see available networks, turn Wi‑Fi on", "", Bx(63, 780, 1017, 850)),
		settings.TapText("Network preferences", "android:id/title", Bx(63, 920, 900, 990)), settings.Text("Wi‑Fi turns back on automatically", "android:id/summary", Bx(63, 1000, 900, 1050)))
}

func wifiCases() []Case {
	const goal = "Turn wifi on."
	const eval = "system.py SystemWifiTurnOn (_SystemWifiToggle.is_successful): `settings get global wifi_on` reads 1 or 2 after the run"
	toNet := []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Wi-Fi lives under Network & internet.", Tap("Network & internet"))}
	return []Case{
		{Name: "wifi_on_from_internet_page", TaskName: "SystemWifiTurnOn", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Internet's Wi-Fi switch is turned on; the page then lists AndroidWifi as connected.", Evaluator: eval,
			Steps: Then(toNet, StepOn(On(netPage()), "Open Internet.", Tap("Internet")),
				StepOn(On(wifiPage(false)), "Wi-Fi is off; flip its switch.", Tap("res:switch_widget")),
				Claim(On(wifiPage(true)), "Wi-Fi is on and connected to AndroidWifi."))},
		{Name: "wifi_on_from_tile_then_home", TaskName: "SystemWifiTurnOn", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Internet tile opens its panel; the Wi-Fi switch there is turned on and the panel shows AndroidWifi connected; the agent closes the shade and stops on the home screen.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Open the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(false, false), "The Internet tile says Wi-Fi off. Open it.", Tap("Internet,Wi-Fi off")),
				StepOn(Screen(QuickSettings(false, false), internetPanel(false)), "Switch Wi-Fi on.", Tap("res:wifi_toggle")),
				StepOn(Screen(QuickSettings(true, false), internetPanel(true)), "Connected to AndroidWifi. Close the panel.", Tap("Done")),
				StepOn(QuickSettings(true, false), "The tile is on now. Go home.", Home()),
				Claim(On(HomeScreen()), "Wi-Fi has been turned on.")}},
		{Name: "wifi_internet_page_opened_only", TaskName: "SystemWifiTurnOn", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The run reaches the Internet page, whose switch is still off and which asks for Wi-Fi to be turned on, and stops there.", Evaluator: eval + " (wifi_on stays 0)",
			Steps: Then(toNet, StepOn(On(netPage()), "Internet has the Wi-Fi setting.", Tap("Internet")),
				Claim(On(wifiPage(false)), "I opened the Wi-Fi settings; Wi-Fi is now available."))},
	}
}

func internetPanel(on bool) []El {
	out := Els(SysUI.Text("Internet", "internet_dialog_title", Bx(100, 700, 980, 780)),
		SysUI.Text("Wi‑Fi", "wifi_toggle_title", Bx(100, 900, 700, 970)), SysUI.Sw("", "wifi_toggle", on, Bx(860, 890, 1000, 980)))
	if on {
		out = append(out, SysUI.Text("AndroidWifi", "wifi_connected_title", Bx(100, 1040, 900, 1100)), SysUI.Text("Connected", "wifi_connected_summary", Bx(100, 1110, 900, 1160)))
	}
	return append(out, SysUI.Button("Done", "done_button", Bx(700, 1400, 980, 1520)), SysUI.Button("Settings", "see_all_button", Bx(100, 1400, 420, 1520)))
}

func devicesPage() []El {
	return Screen(Toolbar(settings, "Navigate up", "Connected devices"),
		Rows(settings, "android:id/title", 400, "Pair new device", "Connection preferences|Bluetooth, Android Auto, NFC", "Saved devices|None"))
}

func prefsPage(bt bool) []El {
	s := "Off"
	if bt {
		s = "On"
	}
	return Screen(Toolbar(settings, "Navigate up", "Connection preferences"),
		Rows(settings, "android:id/title", 400, "Bluetooth|"+s, "Cast", "Printing|1 print service on", "Files received via Bluetooth", "Chromebook|Your phone is not linked", "Nearby Share|Off"))
}

func btPage(on bool) []El {
	out := Screen(Toolbar(settings, "Navigate up", "Bluetooth"), Els(
		settings.Text("Use Bluetooth", "switch_text", Bx(63, 420, 800, 500)), settings.Sw("", "switch_widget", on, Bx(880, 400, 1017, 520))))
	if on {
		return append(out, settings.TapText("Pair new device", "android:id/title", Bx(180, 620, 900, 690)),
			settings.Text("Device name", "android:id/title", Bx(63, 780, 900, 850)), settings.Text("sdk_gphone_x86_64", "android:id/summary", Bx(63, 860, 900, 910)))
	}
	return append(out, settings.Text("When Bluetooth is turned on, your device can communicate with other nearby Bluetooth devices.", "", Bx(63, 620, 1017, 760)))
}

func bluetoothCases() []Case {
	const goal = "Turn bluetooth on."
	const eval = "system.py SystemBluetoothTurnOn (_SystemBluetoothToggle.is_successful): `settings get global bluetooth_on` reads 1 after the run"
	toPrefs := []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Bluetooth is under Connected devices.", Tap("Connected devices"))}
	return []Case{
		{Name: "bluetooth_on_in_settings", TaskName: "SystemBluetoothTurnOn", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Connection preferences > Bluetooth, whose Use Bluetooth switch is turned on; the page then offers pairing and names the device.", Evaluator: eval,
			Steps: Then(toPrefs, StepOn(On(devicesPage()), "Connection preferences holds Bluetooth.", Tap("Connection preferences")),
				StepOn(On(prefsPage(false)), "Bluetooth is Off. Open it.", Tap("Bluetooth")),
				StepOn(On(btPage(false)), "Turn on Use Bluetooth.", Tap("res:switch_widget")),
				Claim(On(btPage(true)), "Bluetooth is on."))},
		{Name: "bluetooth_on_from_tile", TaskName: "SystemBluetoothTurnOn", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Bluetooth tile of the quick settings is tapped once; it turns on in place and reads On.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Pull down the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Bluetooth's tile is off. Tap it.", Tap("Bluetooth.")),
				Claim(QuickSettings(true, true), "The Bluetooth tile is on.")}},
		{Name: "bluetooth_tile_long_pressed", TaskName: "SystemBluetoothTurnOn", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "A long press on the Bluetooth tile opens the Bluetooth settings page, its Use Bluetooth switch off; the run stops there.", Evaluator: eval + " (bluetooth_on stays 0)",
			Steps: []Step{StepOn(On(HomeScreen()), "Pull down the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Long press the Bluetooth tile for its settings.", LongPress("Bluetooth.")),
				Claim(On(btPage(false)), "The Bluetooth settings are open; Bluetooth is enabled.")}},
	}
}

func displayPage(level string) []El {
	return Screen(Toolbar(settings, "Navigate up", "Display"),
		Rows(settings, "android:id/title", 400, "Brightness level|"+level, "Adaptive brightness|Off", "Lock display", "Dark theme|Will never turn on automatically", "Screen timeout|After 30 minutes of inactivity", "Font size|Default"),
		Els(settings.Sw("", "switchWidget", false, Bx(880, 580, 1017, 680))))
}

func brightnessCases() []Case {
	const goal = "Turn brightness to the min value."
	const eval = "system.py SystemBrightnessMinVerify (_SystemBrightnessToggle.is_successful with max_or_min=min): `settings get system screen_brightness` reads 1; the task set it to the minimum before the run"
	toDisplay := []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Brightness is under Display.", Tap("Display"))}
	return []Case{
		{Name: "brightness_already_min_checked", TaskName: "SystemBrightnessMinVerify", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Display's Brightness level reads 0%: it is already at its minimum, and the agent stops without changing it.", Evaluator: eval,
			Steps: Then(toDisplay, Claim(On(displayPage("0%")), "Brightness level is 0%, the minimum already."))},
		{Name: "brightness_shade_slider_swiped_left", TaskName: "SystemBrightnessMinVerify", Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The shade is pulled down twice and the brightness slider swiped to the left, where it already was; the slider's value is not in the tree, so no screen says the level.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Pull down the shade.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Again, for the brightness slider.", SwipeDownShade()),
				StepOn(BrightnessPanel(true, false), "Drag the slider all the way left.", SwipeOn("Display brightness", "left")),
				Claim(BrightnessPanel(true, false), "Brightness is at the minimum.")}},
		{Name: "brightness_slider_tapped_midway", TaskName: "SystemBrightnessMinVerify", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "Brightness level opens the slider; the agent taps the slider, which moves the level to where it was tapped, and back on Display the level reads 41%.", Evaluator: eval + " (screen_brightness is no longer 1)",
			Steps: Then(toDisplay, StepOn(On(displayPage("0%")), "Open Brightness level to set it.", Tap("Brightness level")),
				StepOn(BrightnessPanel(true, false), "Set the slider.", Tap("Display brightness")),
				StepOn(BrightnessPanel(true, false), "Set. Back to Display.", Back()),
				Claim(On(displayPage("41%")), "The brightness is set."))},
	}
}

// A copy on Android 13: a long press in a text field selects the word under the finger and
// shows the selection's menu (Cut, Copy, Share or Paste, Select all); Copy puts the selection on
// the clipboard and the system shows its clipboard overlay with what was copied. Chrome's
// address bar and Settings' search field are such fields.

var chromeApp = UIOf("com.android.chrome")

// selection is the menu over a field's selection, at y.
func selection(u UI, y int) []El {
	return Els(u.TapText("Cut", "", Bx(60, y, 200, y+100)), u.TapText("Copy", "", Bx(220, y, 380, y+100)),
		u.TapText("Share", "", Bx(400, y, 560, y+100)), u.TapText("Select all", "", Bx(580, y, 820, y+100)))
}

// copiedOverlay is the system's clipboard overlay after a copy of text.
func copiedOverlay(text string) []El {
	return Els(El{Text: "Copied", Class: "android.widget.TextView", Pkg: SysUI.Pkg, Res: SysUI.Res("hidden_preview"), Box: Bx(40, 1330, 420, 1420)},
		SysUI.Text(text, "clipboard_preview_text", Bx(40, 1180, 420, 1320)), SysUI.Icon("Share", "share_chip", Bx(440, 1330, 560, 1420)))
}

// omnibox is Chrome's address bar being edited with text, the selection menu up (menu) or the
// overlay after copying copied.
func omnibox(text string, menu bool, copied string) []El {
	out := Els(chromeApp.Icon("Back", "", Bx(0, 148, 126, 274)), chromeApp.Edit(text, "Search or type URL", "url_bar", Bx(126, 160, 940, 260)),
		chromeApp.Icon("Clear input", "delete_button", Bx(940, 148, 1080, 274)))
	if text != "" && !menu {
		out = append(out, chromeApp.TapText(text, "line_1", Bx(150, 320, 1017, 400)), chromeApp.Text("Google Search", "line_2", Bx(150, 400, 1017, 450)))
	}
	if menu {
		out = append(out, selection(chromeApp, 290)...)
	}
	if copied != "" {
		out = append(out, copiedOverlay(copied)...)
	}
	return TypingIn(out, "url_bar", "Go")
}

func settingsSearch(text string, menu bool, copied string) []El {
	out := Els(settings.Icon("Navigate up", "", Bx(0, 148, 126, 274)), settings.Edit(text, "Search settings", "search_src_text", Bx(126, 160, 940, 260)),
		settings.Icon("Clear query", "search_close_btn", Bx(940, 148, 1080, 274)))
	if menu {
		out = append(out, selection(settings, 290)...)
	} else {
		out = append(out, settings.Text("No results", "", Bx(63, 500, 1017, 570)))
	}
	if copied != "" {
		out = append(out, copiedOverlay(copied)...)
	}
	return TypingIn(out, "search_src_text", "Search")
}

func clipboardCases() []Case {
	const text = "Order No: B654321"
	const goal = "Copy the following text to the clipboard: " + text
	const eval = "system.py SystemCopyToClipboard.is_successful: the clipboard's content (read through the Clipper helper) fuzzily matches 'Order No: B654321' (difflib ratio at least 0.9); the task set it to '~~~RESET~~~' before the run"
	typed := []Step{FromHome("Chrome"),
		StepOn(On(omnibox("", false, "")), "Type the text in the address bar, without entering it.", TypeIn("Search or type URL", text)),
		StepOn(On(omnibox(text, false, "")), "Long press the text to select it.", LongPress("res:url_bar"))}
	return []Case{
		{Name: "clipboard_copied_from_chrome", TaskName: "SystemCopyToClipboard", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The text is typed into Chrome's address bar (never entered), all of it selected and copied; the clipboard overlay shows the whole text.", Evaluator: eval,
			Steps: Then(typed, StepOn(On(omnibox(text, true, "")), "Select all of it.", Tap("Select all")),
				StepOn(On(omnibox(text, true, "")), "Copy.", Tap("Copy")),
				Claim(On(omnibox(text, false, text)), "Copied: the clipboard preview shows the text."))},
		{Name: "clipboard_copied_from_settings_search", TaskName: "SystemCopyToClipboard", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The text is typed into Settings' search field, selected with Select all and copied; the overlay shows it and the agent goes home.", Evaluator: eval,
			Steps: []Step{FromHome("Settings"),
				StepOn(On(SettingsHome()), "Use the search field to hold the text.", Tap("Search settings")),
				StepOn(On(settingsSearch("", false, "")), "Type it.", TypeIn("Search settings", text)),
				StepOn(On(settingsSearch(text, false, "")), "Select it.", LongPress("res:search_src_text")),
				StepOn(On(settingsSearch(text, true, "")), "Select all.", Tap("Select all")),
				StepOn(On(settingsSearch(text, true, "")), "Copy.", Tap("Copy")),
				StepOn(On(settingsSearch(text, false, text)), "It is copied. Go home.", Home()),
				Claim(On(HomeScreen()), "The text is on the clipboard.")}},
		{Name: "clipboard_one_word_copied", TaskName: "SystemCopyToClipboard", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The long press selects only the word under the finger, B654321, and the agent taps Copy without Select all: the overlay shows B654321 alone.", Evaluator: eval + " (the clipboard holds B654321: ratio near 0.58)",
			Steps: Then(typed, StepOn(On(omnibox(text, true, "")), "Copy the selection.", Tap("Copy")),
				Claim(On(omnibox(text, false, "B654321")), "The text is copied to the clipboard."))},
	}
}

// The Camera (com.android.camera2) with its permissions granted shows the viewfinder; the shutter
// writes one picture to DCIM/Camera and the round thumbnail then shows it.

var camera = UIOf("com.android.camera2")

func viewfinder(shots int) []El {
	thumb := camera.Image("Filmstrip", "rounded_thumbnail_view", Bx(120, 2060, 240, 2180))
	if shots > 0 {
		thumb.Desc = "Latest photo"
	}
	return Els(camera.Frame("android.view.TextureView", "preview_content", Bx(0, 0, 1080, 1920)),
		camera.Icon("Flash off", "flash_toggle_button", Bx(40, 150, 180, 290)),
		camera.Icon("Switch to front camera", "camera_toggle_button", Bx(880, 150, 1040, 290)),
		camera.Icon("Shutter", "shutter_button", Bx(420, 2000, 660, 2240)), thumb,
		camera.Icon("Switch to video", "", Bx(840, 2060, 960, 2180)))
}

func cameraCases() []Case {
	const goal = "Take one photo."
	const eval = "camera.py CameraTakePhoto.is_successful: exactly one new file in DCIM/Camera after the run"
	return []Case{
		{Name: "camera_one_photo", TaskName: "CameraTakePhoto", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The shutter is pressed once; the thumbnail then shows the latest photo.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Open the Camera.", OpenApp("Camera")),
				StepOn(On(viewfinder(0)), "Press the shutter once.", Tap("Shutter")),
				Claim(On(viewfinder(1)), "One photo taken.")}},
		{Name: "camera_shutter_pressed_twice", TaskName: "CameraTakePhoto", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue, Subtle: true,
			Behaviour: "The agent presses the shutter, sees no change it trusts and presses it again: two pictures are written.", Evaluator: eval + " (two new files)",
			Steps: []Step{StepOn(On(HomeScreen()), "Open the Camera.", OpenApp("Camera")),
				StepOn(On(viewfinder(0)), "Press the shutter.", Tap("Shutter")),
				StepOn(On(viewfinder(1)), "I am not sure it took; press the shutter again.", Tap("Shutter")),
				Claim(On(viewfinder(2)), "The photo is taken.")}},
		{Name: "camera_opened_no_shutter", TaskName: "CameraTakePhoto", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The Camera opens on its viewfinder and the run stops without the shutter being pressed.", Evaluator: eval + " (no new file)",
			Steps: []Step{StepOn(On(HomeScreen()), "Open the Camera.", OpenApp("Camera")),
				Claim(On(viewfinder(0)), "The camera is ready and the photo is taken.")}},
	}
}
