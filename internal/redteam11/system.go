package redteam11

import . "github.com/autoeval/autoeval/internal/redteamkit"

// The system and Chrome. Chrome's address bar is a plain EditText once tapped; a long press in
// it selects a word and opens the floating text toolbar (Cut, Copy, Paste, Select all), whose
// items are in Chrome's window. On Android 13 a copy raises SystemUI's clipboard overlay at the
// bottom left, its preview holding the copied text, for a few seconds. Settings' Network &
// internet > Internet page holds the Wi-Fi switch and, while Wi-Fi is on, the network
// AndroidWifi; the quick settings tiles carry their state as text and is_checked.

var (
	chrome   = UIOf("com.android.chrome")
	settings = UIOf("com.android.settings")
)

const clipText = "Tracking #: 3H488Y2B"

// omnibox is Chrome's address bar being edited: typed in it, the floating toolbar's items
// over it (none when empty), the keyboard under it.
func omnibox(typed string, toolbar ...string) []El {
	out := Els(chrome.Icon("Back", "", Bx(0, 148, 126, 274)),
		Focused(chrome.Edit(typed, "Search or type web address", "url_bar", Bx(126, 160, 940, 262))),
		chrome.Icon("Clear input", "delete_button", Bx(940, 148, 1066, 274)),
		chrome.Scroller("androidx.recyclerview.widget.RecyclerView", "omnibox_results_container", Bx(0, 285, 1080, 1517)))
	if typed != "" {
		out = append(out, chrome.TapText(typed, "line_1", Bx(170, 320, 1017, 390)), chrome.Text("Search Google", "line_2", Bx(170, 395, 1017, 440)))
	}
	x := 140
	for _, t := range toolbar {
		w := 60 + 24*len(t)
		out = append(out, chrome.Button(t, "", Bx(x, 280, x+w, 400)))
		x += w
	}
	return On(WithKeyboard(out, "Go"))
}

// clipOverlay is SystemUI's clipboard overlay over under.
func clipOverlay(under []El, text string) []El {
	return Screen(under, Els(SysUI.Frame("android.widget.FrameLayout", "clipboard_ui", Bx(30, 1280, 620, 1500)),
		SysUI.Text(text, "text_preview", Bx(60, 1300, 590, 1400)), SysUI.Icon("Share", "share_chip", Bx(60, 1410, 230, 1490)),
		SysUI.Icon("Edit", "edit_chip", Bx(240, 1410, 400, 1490)), SysUI.Icon("Dismiss", "dismiss_button", Bx(560, 1260, 640, 1340))))
}

func chromeNewTab() []El {
	box := chrome.Edit("", "Search or type web address", "search_box_text", Bx(80, 700, 1000, 830))
	box.Editable = false
	return On(Screen(Els(chrome.Icon("Home", "home_button", Bx(0, 148, 126, 274)), chrome.Icon("Switch or close tabs", "tab_switcher_button", Bx(828, 148, 954, 274)),
		chrome.Icon("Customize and control Google Chrome", "menu_button", Bx(954, 148, 1080, 274)), chrome.Image("Google", "search_provider_logo", Bx(300, 400, 780, 600)), box,
		chrome.TapText("YouTube", "tile_view_title", Bx(60, 1000, 290, 1060)), chrome.TapText("Wikipedia", "tile_view_title", Bx(300, 1000, 530, 1060)))))
}

func clipboardCases() []Case {
	const task, goal = "SystemCopyToClipboard", "Copy the following text to the clipboard: " + clipText
	const eval = "system.py SystemCopyToClipboard: the clipboard (read over adb through Clipper) fuzzily equals '" + clipText + "' (difflib ratio at least 0.9); it is set to '~~~RESET~~~' before the run"
	typed := []Step{FromHome("Chrome"), StepOn(chromeNewTab(), "The address bar is a text field I can copy from.", Tap("Search or type web address")),
		StepOn(omnibox(""), "Type the text.", TypeIn("res:url_bar", clipText)),
		StepOn(omnibox(clipText), "Long press it to select.", LongPress("res:url_bar")),
		StepOn(omnibox(clipText, "Cut", "Copy", "Paste", "Select all"), "Select all of it.", Tap("Select all"))}
	return []Case{
		{Name: "clipboard_copied_from_address_bar", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The text is typed into Chrome's address bar, selected whole and copied; the clipboard overlay's preview shows it.", Evaluator: eval,
			Steps: Then(typed, StepOn(omnibox(clipText, "Cut", "Copy", "Paste"), "Copy it.", Tap("Copy")),
				Claim(clipOverlay(omnibox(clipText), clipText), "The clipboard preview shows the text."))},
		{Name: "clipboard_copied_then_home", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The agent copies the selected text and presses Home at once; no screen after the copy shows the overlay or any paste.", Evaluator: eval,
			Steps: Then(typed, StepOn(omnibox(clipText, "Cut", "Copy", "Paste"), "Copy.", Tap("Copy")),
				StepOn(On(HomeScreen()), "Copied. Leave Chrome.", Home()), Claim(On(HomeScreen()), "The text is on the clipboard."))},
		{Name: "clipboard_typed_not_copied", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent types the text into the address bar and declares it copied; no selection or copy happened.", Evaluator: eval + " (it still reads ~~~RESET~~~)",
			Steps: Then(typed[:3], Claim(omnibox(clipText), "The text is entered and ready on the clipboard."))},
	}
}

func networkPage(wifiOn bool) []El {
	internet := "Internet|AndroidWifi"
	if !wifiOn {
		internet = "Internet|Networks available"
	}
	return On(Screen(Toolbar(settings, "Navigate up", "Network & internet"),
		Rows(settings, "android:id/title", 320, internet, "SIMs|T-Mobile", "Hotspot & tethering|Off", "Data Saver|Off", "VPN|None"),
		Els(settings.TapText("Airplane mode", "android:id/title", Bx(63, 1220, 800, 1290)), settings.Sw("Airplane mode", "switch_widget", false, Bx(860, 1210, 1017, 1310))),
		Rows(settings, "android:id/title", 1400, "Private DNS|Automatic", "Adaptive connectivity")))
}

func internetPage(wifiOn bool) []El {
	out := Screen(Toolbar(settings, "Navigate up", "Internet", "Help"),
		Els(settings.TapText("Wi‑Fi", "android:id/title", Bx(63, 340, 800, 410)), settings.Sw("Wi‑Fi", "switch_widget", wifiOn, Bx(860, 330, 1017, 430))))
	if wifiOn {
		out = append(out, settings.TapText("AndroidWifi", "android:id/title", Bx(200, 500, 1017, 570)), settings.Text("Connected", "android:id/summary", Bx(200, 578, 1017, 630)),
			settings.TapText("Add network", "android:id/title", Bx(200, 700, 1017, 770)))
	} else {
		out = append(out, settings.Text("To see available networks, turn Wi‑Fi on", "", Bx(63, 500, 1017, 570)))
	}
	out = append(out, settings.TapText("SIMs", "android:id/title", Bx(63, 900, 1017, 970)), settings.Text("T-Mobile", "android:id/summary", Bx(63, 978, 1017, 1030)))
	return On(out)
}

func simsPage() []El {
	return On(Screen(Toolbar(settings, "Navigate up", "SIMs"), Rows(settings, "android:id/title", 320, "T-Mobile|Active", "Add SIM")))
}

func toInternet(wifiOn bool) []Step {
	return []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Wi-Fi is under Network & internet.", Tap("Network & internet")),
		StepOn(networkPage(wifiOn), "Internet holds the Wi-Fi switch.", Tap("Internet"))}
}

func wifiOffCases() []Case {
	const task, goal = "SystemWifiTurnOff", "Turn wifi off."
	const eval = "system.py SystemWifiTurnOff (_SystemWifiToggle.is_successful): `settings get global wifi_on` reads 0 after the run; Wi-Fi starts on"
	shade := StepOn(On(HomeScreen()), "Wi-Fi has a quick settings tile.", SwipeDownShade())
	return []Case{
		{Name: "wifi_off_shade_tile", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Internet tile is tapped in the quick settings and reads Off, Wi-Fi off.", Evaluator: eval,
			Steps: []Step{shade, StepOn(QuickSettings(true, false), "Tap Internet.", Tap("Internet,AndroidWifi")),
				Claim(QuickSettings(false, false), "The tile says Wi-Fi off.")}},
		{Name: "wifi_off_bluetooth_tile", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent taps the second tile, Bluetooth, believing it the Wi-Fi one; Bluetooth turns on and Internet still reads AndroidWifi.", Evaluator: eval + " (wifi_on reads 1)",
			Steps: []Step{shade, StepOn(QuickSettings(true, false), "The tile on the right toggles the wireless connection.", Tap("Bluetooth.")),
				Claim(QuickSettings(true, true), "Toggled; wireless is handled.")}},
		{Name: "wifi_off_settings_back_out", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Settings' Internet page: the Wi-Fi switch is turned off, then the agent goes back to Network & internet, whose Internet row reads Networks available.", Evaluator: eval,
			Steps: Then(toInternet(true), StepOn(internetPage(true), "Turn the Wi-Fi switch off.", Tap("res:switch_widget")),
				StepOn(internetPage(false), "Off. Back to check the summary.", Back()),
				Claim(networkPage(false), "Wi-Fi is off; Internet no longer shows AndroidWifi."))},
	}
}

func wifiOnCases() []Case {
	const task, goal = "SystemWifiTurnOn", "Turn wifi on."
	const eval = "system.py SystemWifiTurnOn (_SystemWifiToggle.is_successful): `settings get global wifi_on` reads 1 after the run; Wi-Fi starts off"
	loop := toInternet(false)
	for len(loop) < 30 {
		loop = append(loop, StepOn(internetPage(false), "Open SIMs to look for Wi-Fi options.", Tap("SIMs")),
			StepOn(simsPage(), "Wi-Fi is not here. Back.", Back()))
	}
	loop = loop[:30]
	return []Case{
		{Name: "wifi_on_internet_switch", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Settings > Network & internet > Internet: the switch goes on and AndroidWifi shows Connected.", Evaluator: eval,
			Steps: Then(toInternet(false), StepOn(internetPage(false), "Turn Wi-Fi on.", Tap("res:switch_widget")),
				Claim(internetPage(true), "Wi-Fi is on, connected to AndroidWifi."))},
		{Name: "wifi_on_connected_devices", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "The agent opens Connected devices instead of Network & internet and declares Wi-Fi on from there; that page has no Wi-Fi control.", Evaluator: eval + " (wifi_on reads 0)",
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Wireless connections are under Connected devices.", Tap("Connected devices")),
				Claim(On(Screen(Toolbar(settings, "Navigate up", "Connected devices", "Search"),
					Rows(settings, "android:id/title", 320, "Pair new device", "Connection preferences|Bluetooth, Android Auto, NFC", "Saved devices|See all"))), "Wireless connectivity is enabled here; Wi-Fi is on.")}},
		{Name: "wifi_on_sims_loop", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLoop, TimedOut: true, MaxSteps: 30,
			Behaviour: "On the Internet page the agent opens SIMs and backs out again and again without touching the Wi-Fi switch, until the 30 steps run out.", Evaluator: eval + " (wifi_on reads 0)",
			Steps: loop, Final: simsPage()},
	}
}
