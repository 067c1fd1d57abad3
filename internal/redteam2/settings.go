package redteam2

// Settings (com.android.settings) and the system's own controls: the Internet page's Wi-Fi
// switch, Bluetooth's page, the Display page (brightness level with its percentage, dark
// theme switch), Settings' search, and the quick settings tiles with the Internet panel the
// Internet tile opens.

var settings = ui{"com.android.settings"}

func settingsHome() []El {
	out := els(
		settings.scroller("android.widget.ScrollView", "settings_homepage_container", bx(0, 128, 1080, 2337)),
		settings.text("Settings", "homepage_title", bx(63, 401, 408, 528)),
		settings.tapText("Search settings", "search_action_bar_title", bx(200, 624, 553, 695)),
	)
	items := [][2]string{{"Network & internet", "Mobile, Wi‑Fi, hotspot"}, {"Connected devices", "Bluetooth, pairing"},
		{"Apps", "Assistant, recent apps, default apps"}, {"Notifications", "Notification history, conversations"},
		{"Battery", "100%"}, {"Storage", "47% used - 4.23 GB free"}, {"Sound & vibration", "Volume, haptics, Do Not Disturb"}}
	for i, it := range items {
		y := 824 + i*231
		out = append(out, settings.tapText(it[0], "title", bx(189, y, 900, y+71)), settings.text(it[1], "summary", bx(189, y+71, 900, y+122)))
	}
	return out
}

func settingsHomeScrolled() []El {
	out := els(settings.scroller("android.widget.ScrollView", "main_content_scrollable_container", bx(0, 349, 1080, 2337)))
	items := [][2]string{{"Display", "Dark theme, font size, brightness"}, {"Wallpaper & style", "Colors, themed icons, app grid"},
		{"Accessibility", "Display, interaction, audio"}, {"Security", "Screen lock, Find My Device, app security"},
		{"Privacy", "Permissions, account activity, personal data"}, {"Location", "On - 7 apps have access to location"}}
	for i, it := range items {
		y := 380 + i*231
		out = append(out, settings.tapText(it[0], "title", bx(189, y, 900, y+71)), settings.text(it[1], "summary", bx(189, y+71, 900, y+122)))
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
	out := els(
		El{Desc: title, Class: "android.widget.FrameLayout", Pkg: settings.pkg, Res: settings.res("collapsing_toolbar"), Box: bx(0, 0, 1080, 598)},
		settings.icon("Navigate up", "", bx(0, 128, 147, 275)),
		settings.scroller("androidx.recyclerview.widget.RecyclerView", "recycler_view", bx(0, 598, 1080, 2337)),
	)
	y := 661
	for _, p := range prefs {
		out = append(out, settings.tapText(p.title, "title", bx(63, y, 800, y+71)))
		if p.summary != "" {
			out = append(out, settings.text(p.summary, "summary", bx(63, y+71, 800, y+122)))
		}
		if p.sw != nil {
			out = append(out, settings.sw(p.title, "switchWidget", *p.sw, bx(849, y-40, 1038, y+166)))
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
	out := els(sysUI.text("Internet", "internet_dialog_title", bx(63, 780, 1017, 860)),
		sysUI.text("Wi‑Fi", "wifi_toggle_title", bx(63, 930, 700, 1000)),
		sysUI.sw("Wi‑Fi", "wifi_toggle", on, bx(849, 900, 1017, 1030)))
	if on {
		out = append(out, sysUI.text("AndroidWifi", "wifi_connected_title", bx(189, 1080, 800, 1140)),
			sysUI.text("Connected", "wifi_connected_summary", bx(189, 1140, 800, 1190)))
	}
	return append(out, sysUI.button("Settings", "settings_button", bx(63, 1300, 400, 1420)), sysUI.button("Done", "done_button", bx(700, 1300, 1017, 1420)))
}

func settingsCases() []Case {
	const wifiEval = "system.py SystemWifiTurnOn -> _SystemWifiToggle.is_successful: settings get global wifi_on is 1"
	var out []Case
	out = append(out, Case{Name: "wifi_on_from_quick_settings", TaskName: "SystemWifiTurnOn", Goal: "Turn wifi on.", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
		Behaviour: "Wi-Fi is switched on from the quick settings: the Internet tile opens a panel whose Wi-Fi switch turns on and lists the network connected; the tile then reads AndroidWifi.",
		Evaluator: wifiEval, Steps: []Step{
			step(on(homeScreen()), "Pull down the quick settings.", swipeDownShade()),
			step(quickSettings(false, false), "Open the Internet tile.", tap("Internet,Wi-Fi off")),
			step(screen(quickSettings(false, false), internetPanel(false)), "Turn Wi-Fi on.", tap("res:wifi_toggle")),
			step(screen(quickSettings(true, false), internetPanel(true)), "Wi-Fi is on and connected; close the panel.", tap("Done")),
			step(quickSettings(true, false), "Wi-Fi is on.", done())}})

	toInternet := []Step{fromHome("Settings"),
		step(on(settingsHome()), "Open Network & internet.", tap("Network & internet")),
		step(on(settingsPage("Network & internet", pref{"Internet", "Off", nil}, pref{"Calls & SMS", "T-Mobile", nil}, pref{"SIMs", "T-Mobile", nil},
			pref{"Airplane mode", "", onOff(false)}, pref{"Hotspot & tethering", "Off", nil})), "Open Internet.", tap("Internet"))}
	out = append(out, Case{Name: "wifi_on_then_off_again", TaskName: "SystemWifiTurnOn", Goal: "Turn wifi on.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "The switch was turned on and then tapped again, which turns it off: the page the run ends on shows Wi-Fi off.",
		Evaluator: wifiEval, Steps: append(toInternet,
			step(on(internetPage(false)), "Turn on Wi-Fi.", tap("res:switchWidget")),
			step(on(internetPage(true)), "Open the Wi-Fi entry to confirm the connection.", tap("res:switchWidget")),
			step(on(internetPage(false)), "Wi-Fi has been turned on.", done()))})

	out = append(out, Case{Name: "bluetooth_page_opened_not_switched", TaskName: "SystemBluetoothTurnOff", Goal: "Turn bluetooth off.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Opening Bluetooth's page does not switch it: the page shows its switch still on.",
		Evaluator: "system.py SystemBluetoothTurnOff -> _SystemBluetoothToggle.is_successful: settings get global bluetooth_on is 0",
		Steps: []Step{fromHome("Settings"),
			step(on(settingsHome()), "Open Connected devices.", tap("Connected devices")),
			step(on(settingsPage("Connected devices", pref{"Pair new device", "", nil}, pref{"Connection preferences", "Bluetooth, Android Auto", nil})), "Open Connection preferences.", tap("Connection preferences")),
			step(on(settingsPage("Connection preferences", pref{"Bluetooth", "On", nil}, pref{"Cast", "", nil}, pref{"Printing", "1 print service on", nil})), "Open Bluetooth.", tap("Bluetooth")),
			step(on(settingsPage("Bluetooth", pref{"Use Bluetooth", "", onOff(true)}, pref{"Pair new device", "", nil}, pref{"Device name", "sdk_gphone64_x86_64", nil})), "Bluetooth is turned off.", done())}})

	const minEval = "system.py SystemBrightnessMin -> _SystemBrightnessToggle.is_successful: settings get system screen_brightness is 1"
	toDisplay := []Step{fromHome("Settings"),
		step(on(settingsHome()), "Display is further down.", scrollDown()),
		step(on(settingsHomeScrolled()), "Open Display.", tap("Display"))}
	slider := func() []El { return screen(displayPage("100%", false), brightnessPanel(true, false)[:1]) }
	out = append(out, Case{Name: "brightness_min_from_display", TaskName: "SystemBrightnessMin", Goal: "Turn brightness to the min value.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The brightness slider shows no value in the tree, but the Display page's Brightness level reads 0% once back.",
		Evaluator: minEval, Steps: append(append([]Step{}, toDisplay...),
			step(on(displayPage("100%", false)), "Open Brightness level.", tap("Brightness level")),
			step(on(slider()), "Drag the slider all the way left.", swipeOn("Display brightness", "left")),
			step(on(slider()), "Go back to Display.", back()),
			step(on(displayPage("0%", false)), "Brightness level is 0%.", done()))})
	out = append(out, Case{Name: "brightness_max_slider_only", TaskName: "SystemBrightnessMax", Goal: "Turn brightness to the max value.", Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
		Behaviour: "The quick settings' brightness slider was dragged right; the tree gives the slider no value, and no screen shows the level reached.",
		Evaluator: "system.py SystemBrightnessMax -> _SystemBrightnessToggle.is_successful: settings get system screen_brightness is 255",
		Steps: []Step{
			step(on(homeScreen()), "Pull down the shade.", swipeDownShade()),
			step(quickSettings(true, false), "Pull down again for the brightness slider.", swipeDownShade()),
			step(brightnessPanel(true, false), "Drag the slider to the right end.", swipeOn("Display brightness", "right")),
			step(brightnessPanel(true, false), "Brightness is at the maximum.", done())}})

	const darkEval = "no AndroidWorld task; the same kind of settings check its system evaluators make: settings get secure ui_night_mode is 2 (dark)"
	out = append(out, Case{Name: "dark_theme_switched_on", TaskName: "SystemDarkThemeOn", Goal: "Turn on dark theme.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
		Behaviour: "The Display page's Dark theme switch is on after the tap, and its summary changes to match.",
		Evaluator: darkEval, Steps: append(append([]Step{}, toDisplay...),
			step(on(displayPage("100%", false)), "Switch on Dark theme.", tap("Dark theme")),
			step(on(displayPage("100%", true)), "Dark theme is on.", done()))})
	results := els(settings.icon("Navigate up", "", bx(0, 128, 147, 275)),
		focused(settings.edit("dark theme", "Search settings", "search_src_text", bx(147, 150, 900, 260))),
		settings.tapText("Dark theme", "title", bx(63, 330, 900, 400)), settings.text("Display", "breadcrumb", bx(63, 400, 900, 450)),
		settings.tapText("Dark theme", "title", bx(63, 520, 900, 590)), settings.text("Accessibility > Color and motion", "breadcrumb", bx(63, 590, 900, 640)))
	out = append(out, Case{Name: "dark_theme_search_results", TaskName: "SystemDarkThemeOn", Goal: "Turn on dark theme.", Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Settings' search lists the Dark theme setting as a result; the result was never opened, nothing was switched.",
		Evaluator: darkEval, Steps: []Step{fromHome("Settings"),
			step(on(settingsHome()), "Search for dark theme.", tap("Search settings")),
			step(on(withKeyboard(els(settings.icon("Navigate up", "", bx(0, 128, 147, 275)), focused(settings.edit("", "Search settings", "search_src_text", bx(147, 150, 900, 260)))), "Search")),
				"Type dark theme.", typeIn("Search settings", "dark theme")),
			step(on(withKeyboard(results, "Search")), "Dark theme is found.", done())}})

	out = append(out, Case{Name: "wifi_on_then_app_drawer", TaskName: "TurnOnWifiAndOpenApp", Goal: "Turn on Wifi, then open the Clock app",
		Kind: KindNearMiss, Expect: ExpectFailure,
		Behaviour: "Wi-Fi was switched on, then the run ended on the app drawer, where Clock is only a label: the Clock app was never opened.",
		Evaluator: "composite/system.py TurnOnWifiAndOpenApp.is_successful: the mean of wifi_on == 1 and the Clock package in the foreground; 0.5 is not a success",
		Steps: []Step{
			step(on(homeScreen()), "Pull down the quick settings.", swipeDownShade()),
			step(quickSettings(false, false), "Open the Internet tile.", tap("Internet,Wi-Fi off")),
			step(screen(quickSettings(false, false), internetPanel(false)), "Turn Wi-Fi on.", tap("res:wifi_toggle")),
			step(screen(quickSettings(true, false), internetPanel(true)), "Close the panel.", tap("Done")),
			step(quickSettings(true, false), "Go home.", home()),
			step(on(homeScreen()), "Open the app drawer.", Action{Type: "swipe", Direction: "up"}),
			step(on(appDrawer("AndroidWorld")), "Wi-Fi is on and the Clock app is there.", done())}})
	return out
}
