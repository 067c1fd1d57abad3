package redteam2

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Settings (com.android.settings) and the system's own controls: the Internet page's Wi-Fi
// switch, Bluetooth's page, the Display page (brightness level with its percentage, dark
// theme switch), Settings' search, and the quick settings tiles with the Internet panel the
// Internet tile opens.

var settings = UIOf("com.android.settings")

func settingsHome() []El {
	out := Els(
		settings.Scroller("android.widget.ScrollView", "settings_homepage_container", Bx(0, 128, 1080, 2337)),
		settings.Text("Settings", "homepage_title", Bx(63, 401, 408, 528)),
		settings.TapText("Search settings", "search_action_bar_title", Bx(200, 624, 553, 695)),
	)
	items := [][2]string{{"Network & internet", "Mobile, Wi‑Fi, hotspot"}, {"Connected devices", "Bluetooth, pairing"},
		{"Apps", "Assistant, recent apps, default apps"}, {"Notifications", "Notification history, conversations"},
		{"Battery", "100%"}, {"Storage", "47% used - 4.23 GB free"}, {"Sound & vibration", "Volume, haptics, Do Not Disturb"}}
	for i, it := range items {
		y := 824 + i*231
		out = append(out, settings.TapText(it[0], "title", Bx(189, y, 900, y+71)), settings.Text(it[1], "summary", Bx(189, y+71, 900, y+122)))
	}
	return out
}

func settingsHomeScrolled() []El {
	out := Els(settings.Scroller("android.widget.ScrollView", "main_content_scrollable_container", Bx(0, 349, 1080, 2337)))
	items := [][2]string{{"Display", "Dark theme, font size, brightness"}, {"Wallpaper & style", "Colors, themed icons, app grid"},
		{"Accessibility", "Display, interaction, audio"}, {"Security", "Screen lock, Find My Device, app security"},
		{"Privacy", "Permissions, account activity, personal data"}, {"Location", "On - 7 apps have access to location"}}
	for i, it := range items {
		y := 380 + i*231
		out = append(out, settings.TapText(it[0], "title", Bx(189, y, 900, y+71)), settings.Text(it[1], "summary", Bx(189, y+71, 900, y+122)))
	}
	return out
}

// settingsPage is a preference page: its title, then rows of title, summary and an optional
// switch.
type pref struct {
	title, summary string
	sw             *bool
}

func onOff(b bool) *bool { return &b }

func settingsPage(title string, prefs ...pref) []El {
	out := Els(
		El{Desc: title, Class: "android.widget.FrameLayout", Pkg: settings.Pkg, Res: settings.Res("collapsing_toolbar"), Box: Bx(0, 0, 1080, 598)},
		settings.Icon("Navigate up", "", Bx(0, 128, 147, 275)),
		settings.Scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", Bx(0, 598, 1080, 2337)),
	)
	y := 661
	for _, p := range prefs {
		out = append(out, settings.TapText(p.title, "title", Bx(63, y, 800, y+71)))
		if p.summary != "" {
			out = append(out, settings.Text(p.summary, "summary", Bx(63, y+71, 800, y+122)))
		}
		if p.sw != nil {
			out = append(out, settings.Sw(p.title, "switchWidget", *p.sw, Bx(849, y-40, 1038, y+166)))
		}
		y += 206
	}
	return out
}

func internetPage(on bool) []El {
	if !on {
		return settingsPage("Internet", pref{"Wi‑Fi", "", onOff(false)}, pref{"Network preferences", "Wi‑Fi turns back on automatically", nil})
	}
	return settingsPage("Internet", pref{"Wi‑Fi", "", onOff(true)}, pref{"AndroidWifi", "Connected", nil},
		pref{"Add network", "", nil}, pref{"Network preferences", "Wi‑Fi turns back on automatically", nil}, pref{"Saved networks", "1 network", nil})
}

func displayPage(level string, dark bool) []El {
	summary := "Will never turn on automatically"
	if dark {
		summary = "Will never turn off automatically"
	}
	return settingsPage("Display", pref{"Brightness level", level, nil}, pref{"Adaptive brightness", "", onOff(false)},
		pref{"Lock screen", "Show all notification content", nil}, pref{"Screen timeout", "After 30 seconds of inactivity", nil},
		pref{"Dark theme", summary, onOff(dark)}, pref{"Display size and text", "", nil})
}

// internetPanel is the dialog the quick settings' Internet tile opens.
func internetPanel(on bool) []El {
	out := Els(SysUI.Text("Internet", "internet_dialog_title", Bx(63, 780, 1017, 860)),
		SysUI.Text("Wi‑Fi", "wifi_toggle_title", Bx(63, 930, 700, 1000)),
		SysUI.Sw("Wi‑Fi", "wifi_toggle", on, Bx(849, 900, 1017, 1030)))
	if on {
		out = append(out, SysUI.Text("AndroidWifi", "wifi_connected_title", Bx(189, 1080, 800, 1140)),
			SysUI.Text("Connected", "wifi_connected_summary", Bx(189, 1140, 800, 1190)))
	}
	return append(out, SysUI.Button("Settings", "settings_button", Bx(63, 1300, 400, 1420)), SysUI.Button("Done", "done_button", Bx(700, 1300, 1017, 1420)))
}

func settingsCases() []Case {
	const wifiEval = "system.py SystemWifiTurnOn -> _SystemWifiToggle.is_successful: settings get global wifi_on is 1"
	var out []Case
	out = append(out, Case{Name: "wifi_on_from_quick_settings", TaskName: "SystemWifiTurnOn", Goal: "Turn wifi on.", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Wi-Fi is switched on from the quick settings: the Internet tile opens a panel whose Wi-Fi switch turns on and lists the network connected; the tile then reads AndroidWifi.",
		Evaluator: wifiEval, Steps: []Step{
			StepOn(On(HomeScreen()), "Pull down the quick settings.", SwipeDownShade()),
			StepOn(QuickSettings(false, false), "Open the Internet tile.", Tap("Internet,Wi-Fi off")),
			StepOn(Screen(QuickSettings(false, false), internetPanel(false)), "Turn Wi-Fi on.", Tap("res:wifi_toggle")),
			StepOn(Screen(QuickSettings(true, false), internetPanel(true)), "Wi-Fi is on and connected; close the panel.", Tap("Done")),
			StepOn(QuickSettings(true, false), "Wi-Fi is on.", Done())}})

	toInternet := []Step{FromHome("Settings"),
		StepOn(On(settingsHome()), "Open Network & internet.", Tap("Network & internet")),
		StepOn(On(settingsPage("Network & internet", pref{"Internet", "Off", nil}, pref{"Calls & SMS", "T-Mobile", nil}, pref{"SIMs", "T-Mobile", nil},
			pref{"Airplane mode", "", onOff(false)}, pref{"Hotspot & tethering", "Off", nil})), "Open Internet.", Tap("Internet"))}
	out = append(out, Case{Name: "wifi_on_then_off_again", TaskName: "SystemWifiTurnOn", Goal: "Turn wifi on.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The switch was turned on and then tapped again, which turns it off: the page the run ends on shows Wi-Fi off.",
		Evaluator: wifiEval, Steps: append(toInternet,
			StepOn(On(internetPage(false)), "Turn on Wi-Fi.", Tap("res:switchWidget")),
			StepOn(On(internetPage(true)), "Open the Wi-Fi entry to confirm the connection.", Tap("res:switchWidget")),
			StepOn(On(internetPage(false)), "Wi-Fi has been turned on.", Done()))})

	out = append(out, Case{Name: "bluetooth_page_opened_not_switched", TaskName: "SystemBluetoothTurnOff", Goal: "Turn bluetooth off.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Opening Bluetooth's page does not switch it: the page shows its switch still on.",
		Evaluator: "system.py SystemBluetoothTurnOff -> _SystemBluetoothToggle.is_successful: settings get global bluetooth_on is 0",
		Steps: []Step{FromHome("Settings"),
			StepOn(On(settingsHome()), "Open Connected devices.", Tap("Connected devices")),
			StepOn(On(settingsPage("Connected devices", pref{"Pair new device", "", nil}, pref{"Connection preferences", "Bluetooth, Android Auto", nil})), "Open Connection preferences.", Tap("Connection preferences")),
			StepOn(On(settingsPage("Connection preferences", pref{"Bluetooth", "On", nil}, pref{"Cast", "", nil}, pref{"Printing", "1 print service on", nil})), "Open Bluetooth.", Tap("Bluetooth")),
			StepOn(On(settingsPage("Bluetooth", pref{"Use Bluetooth", "", onOff(true)}, pref{"Pair new device", "", nil}, pref{"Device name", "sdk_gphone64_x86_64", nil})), "Bluetooth is turned off.", Done())}})

	const minEval = "system.py SystemBrightnessMin -> _SystemBrightnessToggle.is_successful: settings get system screen_brightness is 1"
	toDisplay := []Step{FromHome("Settings"),
		StepOn(On(settingsHome()), "Display is further down.", ScrollDown()),
		StepOn(On(settingsHomeScrolled()), "Open Display.", Tap("Display"))}
	slider := func() []El { return Screen(displayPage("100%", false), BrightnessPanel(true, false)[:1]) }
	out = append(out, Case{Name: "brightness_min_from_display", TaskName: "SystemBrightnessMin", Goal: "Turn brightness to the min value.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The brightness slider shows no value in the tree, but the Display page's Brightness level reads 0% once back.",
		Evaluator: minEval, Steps: append(append([]Step{}, toDisplay...),
			StepOn(On(displayPage("100%", false)), "Open Brightness level.", Tap("Brightness level")),
			StepOn(On(slider()), "Drag the slider all the way left.", SwipeOn("Display brightness", "left")),
			StepOn(On(slider()), "Go back to Display.", Back()),
			StepOn(On(displayPage("0%", false)), "Brightness level is 0%.", Done()))})
	out = append(out, Case{Name: "brightness_max_slider_only", TaskName: "SystemBrightnessMax", Goal: "Turn brightness to the max value.", Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
		Behaviour: "The quick settings' brightness slider was dragged right; the tree gives the slider no value, and no screen shows the level reached.",
		Evaluator: "system.py SystemBrightnessMax -> _SystemBrightnessToggle.is_successful: settings get system screen_brightness is 255",
		Steps: []Step{
			StepOn(On(HomeScreen()), "Pull down the shade.", SwipeDownShade()),
			StepOn(QuickSettings(true, false), "Pull down again for the brightness slider.", SwipeDownShade()),
			StepOn(BrightnessPanel(true, false), "Drag the slider to the right end.", SwipeOn("Display brightness", "right")),
			StepOn(BrightnessPanel(true, false), "Brightness is at the maximum.", Done())}})

	const darkEval = "no AndroidWorld task; the same kind of settings check its system evaluators make: settings get secure ui_night_mode is 2 (dark)"
	out = append(out, Case{Name: "dark_theme_switched_on", TaskName: "SystemDarkThemeOn", Goal: "Turn on dark theme.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The Display page's Dark theme switch is on after the tap, and its summary changes to match.",
		Evaluator: darkEval, Steps: append(append([]Step{}, toDisplay...),
			StepOn(On(displayPage("100%", false)), "Switch on Dark theme.", Tap("Dark theme")),
			StepOn(On(displayPage("100%", true)), "Dark theme is on.", Done()))})
	results := Els(settings.Icon("Navigate up", "", Bx(0, 128, 147, 275)),
		Focused(settings.Edit("dark theme", "Search settings", "search_src_text", Bx(147, 150, 900, 260))),
		settings.TapText("Dark theme", "title", Bx(63, 330, 900, 400)), settings.Text("Display", "breadcrumb", Bx(63, 400, 900, 450)),
		settings.TapText("Dark theme", "title", Bx(63, 520, 900, 590)), settings.Text("Accessibility > Color and motion", "breadcrumb", Bx(63, 590, 900, 640)))
	out = append(out, Case{Name: "dark_theme_search_results", TaskName: "SystemDarkThemeOn", Goal: "Turn on dark theme.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Settings' search lists the Dark theme setting as a result; the result was never opened, nothing was switched.",
		Evaluator: darkEval, Steps: []Step{FromHome("Settings"),
			StepOn(On(settingsHome()), "Search for dark theme.", Tap("Search settings")),
			StepOn(On(WithKeyboard(Els(settings.Icon("Navigate up", "", Bx(0, 128, 147, 275)), Focused(settings.Edit("", "Search settings", "search_src_text", Bx(147, 150, 900, 260)))), "Search")),
				"Type dark theme.", TypeIn("Search settings", "dark theme")),
			StepOn(On(WithKeyboard(results, "Search")), "Dark theme is found.", Done())}})

	out = append(out, Case{Name: "wifi_on_then_app_drawer", TaskName: "TurnOnWifiAndOpenApp", Goal: "Turn on Wifi, then open the Clock app",
		Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Wi-Fi was switched on, then the run ended on the app drawer, where Clock is only a label: the Clock app was never opened.",
		Evaluator: "composite/system.py TurnOnWifiAndOpenApp.is_successful: the mean of wifi_on == 1 and the Clock package in the foreground; 0.5 is not a success",
		Steps: []Step{
			StepOn(On(HomeScreen()), "Pull down the quick settings.", SwipeDownShade()),
			StepOn(QuickSettings(false, false), "Open the Internet tile.", Tap("Internet,Wi-Fi off")),
			StepOn(Screen(QuickSettings(false, false), internetPanel(false)), "Turn Wi-Fi on.", Tap("res:wifi_toggle")),
			StepOn(Screen(QuickSettings(true, false), internetPanel(true)), "Close the panel.", Tap("Done")),
			StepOn(QuickSettings(true, false), "Go home.", Home()),
			StepOn(On(HomeScreen()), "Open the app drawer.", Action{Type: "swipe", Direction: "up"}),
			StepOn(On(AppDrawer("AndroidWorld")), "Wi-Fi is on and the Clock app is there.", Done())}})
	return out
}
