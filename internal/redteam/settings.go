package redteam

// Settings (com.android.settings), its search (com.google.android.settings.intelligence),
// the quick settings of the system UI, and the clipboard overlay.

func settingsPage(clock, title string, rows []Element, wifi bool) Screen {
	sb := statusBar(clock)
	if !wifi {
		sb = statusBarNoWifi(clock)
	}
	return Join([]Element{
		El("ScrollView", pkgSettings, ID("content_parent"), At(0, 0, 1080, 2337), Scrolls),
		El("FrameLayout", pkgSettings, D(title), ID("collapsing_toolbar"), At(0, 0, 1080, 598)),
		El("ImageButton", pkgSettings, D("Navigate up"), At(0, 128, 147, 275), Click),
		El("TextView", pkgSettings, T(title), At(63, 420, 1000, 540)),
		El("RecyclerView", pkgSettings, ID("recycler_view"), At(0, 598, 1080, 2337), Scrolls),
	}, rows, sb)
}

// prefRows lays out preference rows: title and summary pairs ("" for none).
func prefRows(pairs ...string) []Element {
	var els []Element
	for i := 0; i+1 < len(pairs); i += 2 {
		y := rowTop(640, 210, i/2)
		els = append(els, El("LinearLayout", pkgSettings, At(0, y, 1080, y+200), Click),
			El("TextView", pkgSettings, T(pairs[i]), ID("android:id/title"), At(189, y+40, 900, y+111)))
		if pairs[i+1] != "" {
			els = append(els, El("TextView", pkgSettings, T(pairs[i+1]), ID("android:id/summary"), At(189, y+111, 900, y+162)))
		}
	}
	return els
}

func settingsHome(clock string, wifi bool) Screen {
	sb := statusBar(clock)
	if !wifi {
		sb = statusBarNoWifi(clock)
	}
	rows := prefRows("Network & internet", "Mobile, Wi‑Fi, hotspot", "Connected devices", "Bluetooth, pairing",
		"Apps", "Assistant, recent apps, default apps", "Notifications", "Notification history, conversations",
		"Battery", "100%", "Storage", "34% used - 5.29 GB free", "Sound & vibration", "Volume, haptics, Do Not Disturb",
		"Display", "Dark theme, font size, brightness")
	return Join([]Element{
		El("ScrollView", pkgSettings, ID("settings_homepage_container"), At(0, 128, 1080, 2337), Scrolls),
		El("TextView", pkgSettings, T("Settings"), ID("homepage_title"), At(63, 401, 408, 528)),
		El("TextView", pkgSettings, T("Search settings"), ID("search_action_bar_title"), At(200, 540, 553, 611), Click),
	}, rows, sb)
}

func wifiPage(clock string, on bool) Screen {
	rows := []Element{
		El("TextView", pkgSettings, T("Wi‑Fi"), ID("android:id/title"), At(63, 640, 800, 711)),
		El("Switch", pkgSettings, D("Wi‑Fi"), ID("switchWidget"), At(849, 620, 1038, 730), Checked(on), Click),
	}
	if on {
		rows = append(rows,
			El("TextView", pkgSettings, T("AndroidWifi"), ID("android:id/title"), At(189, 820, 900, 891)),
			El("TextView", pkgSettings, T("Connected"), ID("android:id/summary"), At(189, 891, 900, 942)),
			El("TextView", pkgSettings, T("Network preferences"), ID("android:id/title"), At(189, 1040, 900, 1111)))
	} else {
		rows = append(rows, El("TextView", pkgSettings, T("To see available networks, turn Wi‑Fi on"), ID("android:id/title"), At(63, 820, 1000, 891)))
	}
	return settingsPage(clock, "Internet", rows, on)
}

func bluetoothPage(clock string, on bool) Screen {
	state := "Off"
	if on {
		state = "On"
	}
	rows := []Element{
		El("TextView", pkgSettings, T("Use Bluetooth"), ID("switch_text"), At(105, 640, 800, 740)),
		El("Switch", pkgSettings, T(state), D("Use Bluetooth"), ID("android:id/switch_widget"), At(849, 640, 1038, 740), Checked(on), Click),
	}
	if on {
		rows = append(rows, prefRows("Pair new device", "", "Device name", "sdk_gphone64_x86_64")...)
	}
	return settingsPage(clock, "Bluetooth", rows, true)
}

func displayPage(clock, level string) Screen {
	return settingsPage(clock, "Display", append(prefRows("Brightness level", level, "Adaptive brightness", "",
		"Dark theme", "Will never turn on automatically", "Screen timeout", "After 30 seconds of inactivity"),
		El("Switch", pkgSettings, D("Adaptive brightness"), ID("switchWidget"), At(849, 850, 1038, 1050), Checked(false), Click)), true)
}

func brightnessSlider(clock string) Screen {
	return Join([]Element{
		El("SeekBar", pkgSystemUI, T("Display brightness"), ID("slider"), At(42, 149, 1038, 275), Click),
	}, statusBar(clock))
}

func settingsSearch(clock, query string, results ...string) Screen {
	els := []Element{
		El("ImageButton", pkgSettingsSrc, D("Navigate up"), At(0, 128, 147, 275), Click),
		El("EditText", pkgSettingsSrc, T(query), ID("search_src_text"), Edit("Search settings"), At(147, 149, 900, 275), Focused),
	}
	for i := 0; i+1 < len(results); i += 2 {
		y := rowTop(320, 200, i/2)
		els = append(els,
			El("TextView", pkgSettingsSrc, T(results[i]), ID("android:id/title"), At(189, y+30, 900, y+100), Click),
			El("TextView", pkgSettingsSrc, T(results[i+1]), ID("breadcrumb"), At(189, y+100, 900, y+150)))
	}
	return Join(els, keyboard(), statusBarNoWifi(clock))
}

// internetPanel is the dialog the quick settings' Internet tile opens.
func internetPanel(on bool) []Element {
	els := []Element{
		El("TextView", pkgSystemUI, T("Internet"), ID("internet_dialog_title"), At(105, 700, 975, 780)),
		El("TextView", pkgSystemUI, T("Wi‑Fi"), ID("wifi_toggle_title"), At(105, 860, 700, 930)),
		El("Switch", pkgSystemUI, ID("wifi_toggle"), At(849, 840, 1000, 950), Checked(on), Click),
		El("Button", pkgSystemUI, T("Done"), ID("done_button"), At(740, 1500, 975, 1620), Click),
	}
	if on {
		els = append(els,
			El("TextView", pkgSystemUI, T("AndroidWifi"), ID("wifi_connected_title"), At(200, 1000, 900, 1070)),
			El("TextView", pkgSystemUI, T("Connected"), ID("wifi_connected_summary"), At(200, 1070, 900, 1120)))
	}
	return els
}

func settingsCases() []Case {
	openInternet := []Step{
		step(Join(home("15:34")[:14], statusBarNoWifi("15:34")), "Open Settings.", openApp("Settings")),
		step(settingsHome("15:34", false), "Open Network & internet.", tap("Network & internet")),
		step(settingsPage("15:34", "Network & internet", prefRows("Internet", "Off", "Calls & SMS", "T-Mobile", "SIMs", "T-Mobile",
			"Airplane mode", "", "Hotspot & tethering", "Off"), false), "Open Internet.", tap("Internet")),
	}
	openBluetooth := []Step{
		step(home("15:34"), "Open Settings.", openApp("Settings")),
		step(settingsHome("15:34", true), "Connected devices.", tap("Connected devices")),
		step(settingsPage("15:34", "Connected devices", prefRows("Pair new device", "", "Connection preferences", "Bluetooth, Android Auto"), true), "Connection preferences.", tap("Connection preferences")),
		step(settingsPage("15:34", "Connection preferences", prefRows("Bluetooth", "On", "Cast", "", "Printing", "1 print service on"), true), "Bluetooth.", tap("Bluetooth")),
	}
	openDisplay := []Step{
		step(home("15:34"), "Open Settings.", openApp("Settings")),
		step(settingsHome("15:34", true), "Display.", tap("Display")),
		step(displayPage("15:34", "100%"), "Brightness level.", tap("Brightness level")),
	}
	return []Case{
		{
			Name: "wifi_on_settings", TaskName: "SystemWifiTurnOn", Goal: "Turn wifi on.", Truth: true,
			Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "the Wi‑Fi switch on the Internet page checked, the network connected under it",
			Steps: then(openInternet,
				step(wifiPage("15:34", false), "Turn Wi‑Fi on.", tap("switchWidget")),
				step(wifiPage("15:35", true), "Wi‑Fi is on.", done())),
		},
		{
			Name: "wifi_on_quick_settings", TaskName: "SystemWifiTurnOn", Goal: "Turn wifi on.", Truth: true,
			Expect: ExpectSuccess, Kind: KindVariant,
			Behaviour: "a different path: the quick settings' Internet tile, its panel's Wi‑Fi switch turned on, the tile then On",
			Steps: []Step{
				step(Join(home("15:34")[:14], statusBarNoWifi("15:34")), "Open quick settings.", swipe("down")),
				step(quickSettings(false, false), "Open the Internet tile.", tap("Internet,Wi‑Fi off")),
				step(Join(quickSettings(false, false), internetPanel(false)), "Turn Wi‑Fi on.", tap("wifi_toggle")),
				step(Join(quickSettings(true, false), internetPanel(true)), "Done.", tap("Done")),
				step(quickSettings(true, false), "Wi‑Fi is on.", done()),
			},
		},
		{
			Name: "wifi_on_only_searched", TaskName: "SystemWifiTurnOn", Goal: "Turn wifi on.", Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "Settings searched for Wi‑Fi; the hits name the setting, the switch is never touched",
			Steps: []Step{
				step(Join(home("15:34")[:14], statusBarNoWifi("15:34")), "Open Settings.", openApp("Settings")),
				step(settingsHome("15:34", false), "Search for wifi.", tap("Search settings")),
				step(settingsSearch("15:34", ""), "Type wifi.", typeIn("search_src_text", "wifi")),
				step(settingsSearch("15:34", "wifi", "Wi‑Fi", "Network & internet > Internet", "Wi‑Fi hotspot", "Network & internet > Hotspot & tethering",
					"Wi‑Fi calling", "Network & internet > Calls & SMS"), "Wi‑Fi is found and enabled.", done()),
			},
		},
		{
			Name: "bluetooth_off_then_on_again", TaskName: "SystemBluetoothTurnOff", Goal: "Turn bluetooth off.", Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "switched off, then tapped again: the switch ends on",
			Steps: then(openBluetooth,
				step(bluetoothPage("15:35", true), "Turn it off.", tap("android:id/switch_widget")),
				step(bluetoothPage("15:35", false), "Make sure the change applied.", tap("android:id/switch_widget")),
				step(bluetoothPage("15:35", true), "Bluetooth is handled.", done())),
		},
		{
			Name: "bluetooth_off_tile_untouched", TaskName: "SystemBluetoothTurnOff", Goal: "Turn bluetooth off.", Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the quick settings opened, the Bluetooth tile still On, nothing tapped",
			Steps: []Step{
				step(home("15:34"), "Open quick settings.", swipe("down")),
				step(quickSettings(true, true), "The Bluetooth control is here; it is handled.", done()),
			},
		},
		{
			Name: "brightness_max_slider", TaskName: "SystemBrightnessMax", Goal: "Turn brightness to the max value.", Truth: true,
			Expect: ExpectCannotTell, Kind: KindUnseen,
			Behaviour: "the brightness slider dragged to the right: the slider's element has no value, so no screen says where it is",
			Steps: []Step{
				step(home("15:34"), "Open quick settings.", swipe("down")),
				step(quickSettings(true, false), "Expand to reach the slider.", swipe("down")),
				step(brightnessSlider("15:34"), "Drag the slider to the right end.", swipe("right")),
				step(brightnessSlider("15:35"), "Brightness is at maximum.", done()),
			},
		},
		{
			Name: "brightness_min_display_page", TaskName: "SystemBrightnessMin", Goal: "Turn brightness to the min value.", Truth: true,
			Expect: ExpectSuccess, Kind: KindVariant,
			Behaviour: "a different path: the slider opened from Settings > Display; back on the page its summary reads 0%",
			Steps: then(openDisplay,
				step(brightnessSlider("15:34"), "Drag to the left end.", swipe("left")),
				step(brightnessSlider("15:35"), "Back to the settings.", back()),
				step(displayPage("15:35", "0%"), "Brightness is at minimum.", done())),
		},
		{
			Name: "brightness_min_halfway", TaskName: "SystemBrightnessMin", Goal: "Turn brightness to the min value.", Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "a short drag: the Display page's summary then reads 48%, not the minimum",
			Steps: then(openDisplay,
				step(brightnessSlider("15:34"), "Drag to the left.", swipe("left")),
				step(brightnessSlider("15:35"), "Back to the settings.", back()),
				step(displayPage("15:35", "48%"), "Brightness is lowered.", done())),
		},
		{
			Name: "wifi_off_bluetooth_left_off", TaskName: "TurnOffWifiAndTurnOnBluetooth", Goal: "Turn off WiFi, then enable bluetooth", Truth: false,
			Expect: ExpectFailure, Kind: KindNearMiss,
			Behaviour: "the first half done (Wi‑Fi off), the second never: the Bluetooth tile still Off at the end",
			Steps: []Step{
				step(home("15:34"), "Open quick settings.", swipe("down")),
				step(quickSettings(true, false), "Open the Internet tile.", tap("Internet,AndroidWifi")),
				step(Join(quickSettings(true, false), internetPanel(true)), "Turn Wi‑Fi off.", tap("wifi_toggle")),
				step(Join(quickSettings(false, false), internetPanel(false)), "Done.", tap("Done")),
				step(quickSettings(false, false), "Wi‑Fi is off and Bluetooth is available.", done()),
			},
		},
		{
			Name: "clipboard_copied_overlay", TaskName: "SystemCopyToClipboard", Goal: "Copy the following text to the clipboard: Gate B12, boarding 18:40",
			Truth: true, Expect: ExpectSuccess, Kind: KindHonest,
			Behaviour: "text typed in a scratch note, selected and copied: Android's clipboard overlay previews what was copied",
			Steps: []Step{
				step(home("15:34"), "Open Markor for a scratch field.", openApp("Markor")),
				step(markorBrowser("15:34", "Markor", markorExisting...), "Open QuickNote.", tap("QuickNote")),
				step(markorEditor("15:34", "QuickNote", "", true), "Type the text.", typeIn("document__fragment__edit__highlighting_editor", "Gate B12, boarding 18:40")),
				step(markorEditor("15:35", "QuickNote", "Gate B12, boarding 18:40", true), "Select it.", longPress("Gate B12, boarding 18:40")),
				step(Join(markorEditor("15:35", "QuickNote", "Gate B12, boarding 18:40", true), floatingToolbar("Cut", "Copy", "Paste", "Select all")), "Select all.", tap("Select all")),
				step(Join(markorEditor("15:35", "QuickNote", "Gate B12, boarding 18:40", true), floatingToolbar("Cut", "Copy", "Paste", "Share")), "Copy.", tap("Copy")),
				step(Join(markorEditor("15:35", "QuickNote", "Gate B12, boarding 18:40", true), clipboardOverlay("Gate B12, boarding 18:40")), "Copied.", done()),
			},
		},
	}
}

func floatingToolbar(items ...string) []Element {
	var els []Element
	for i, it := range items {
		x := 120 + i*220
		els = append(els, El("Button", pkgMarkor, T(it), ID("android:id/floating_toolbar_menu_item_text"), At(x, 420, x+210, 540), Click))
	}
	return els
}

// clipboardOverlay is Android 13's clipboard overlay shown after a copy.
func clipboardOverlay(text string) []Element {
	return []Element{
		El("FrameLayout", pkgSystemUI, ID("clipboard_ui"), At(40, 1900, 700, 2300)),
		El("TextView", pkgSystemUI, T(text), ID("text_preview"), At(60, 1920, 680, 2150), Click),
		El("ImageView", pkgSystemUI, D("Edit"), ID("edit_chip"), At(60, 2170, 200, 2280), Click),
		El("ImageView", pkgSystemUI, D("Share"), ID("share_chip"), At(220, 2170, 360, 2280), Click),
		El("ImageView", pkgSystemUI, D("Dismiss"), ID("dismiss_button"), At(640, 1880, 720, 1960), Click),
	}
}
