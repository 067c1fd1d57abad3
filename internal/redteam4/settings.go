package redteam4

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Settings (com.android.settings): Network & internet leads to the Internet page, where the
// Wi-Fi switch turns Wi-Fi off and the network list goes; the quick settings' Internet tile
// opens a panel with the same switch. Bluetooth has its own page under Connected devices.

var settings = UIOf("com.android.settings")

func settingsHome() []El {
	return Screen(Els(settings.Edit("", "Search settings", "search_action_bar_title", Bx(42, 300, 1038, 440))),
		Rows(settings, "title", 520, "Network & internet|Mobile, Wi‑Fi, hotspot", "Connected devices|Bluetooth, pairing", "Apps|Assistant, recent apps, default apps", "Notifications|Notification history, conversations"))
}

func networkPage() []El {
	return Screen(Toolbar(settings, "Navigate up", "Network & internet"),
		Rows(settings, "title", 320, "Internet|AndroidWifi", "Calls & SMS|T-Mobile", "SIMs|T-Mobile"),
		Els(settings.TapText("Airplane mode", "title", Bx(63, 860, 800, 930)), settings.Sw("Airplane mode", "switch_widget", false, Bx(850, 850, 1017, 940))))
}

func internetPage(wifi bool) []El {
	out := Screen(Toolbar(settings, "Navigate up", "Internet"),
		Els(settings.Text("Wi‑Fi", "title", Bx(63, 340, 800, 410)), settings.Sw("Wi‑Fi", "switch_widget", wifi, Bx(850, 330, 1017, 420))))
	if wifi {
		return Screen(out, Rows(settings, "title", 480, "AndroidWifi|Connected", "Add network"))
	}
	return Screen(out, Els(settings.Text("To see available networks, turn Wi‑Fi on", "", Bx(63, 480, 1017, 560))))
}

func internetPanel(wifi bool) []El {
	out := Els(SysUI.Text("Internet", "internet_dialog_title", Bx(84, 900, 996, 980)),
		SysUI.Text("Wi‑Fi", "wifi_toggle_title", Bx(120, 1040, 700, 1100)), SysUI.Sw("Wi‑Fi", "wifi_toggle", wifi, Bx(820, 1030, 980, 1110)))
	if wifi {
		out = append(out, SysUI.Text("AndroidWifi", "wifi_connected_title", Bx(220, 1160, 900, 1220)), SysUI.Text("Connected", "wifi_connected_summary", Bx(220, 1225, 900, 1270)))
	}
	return append(out, SysUI.Button("Settings", "see_all_button", Bx(120, 1400, 500, 1500)), SysUI.Button("Done", "done_button", Bx(580, 1400, 960, 1500)))
}

func wifiCases() []Case {
	const goal = "Turn wifi off."
	const eval = "system.py SystemWifiTurnOff.is_successful: Wi-Fi is disabled (settings get global wifi_on is 0)"
	toInternet := []Step{FromHome("Settings"),
		StepOn(On(settingsHome()), "Network settings.", Tap("Network & internet")),
		StepOn(On(networkPage()), "Internet.", Tap("Internet")),
		StepOn(On(internetPage(true)), "Switch Wi-Fi off.", Tap("res:switch_widget")),
	}
	return []Case{
		{Name: "wifi_off_in_settings", TaskName: "SystemWifiTurnOff", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Wi-Fi switch on the Internet page is off and the page says networks show only with Wi-Fi on.", Evaluator: eval,
			Steps: Then(toInternet, StepOn(On(internetPage(false)), "Wi-Fi is off.", Done()))},
		{Name: "wifi_off_in_internet_panel", TaskName: "SystemWifiTurnOff", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The quick settings' Internet tile opens a panel whose Wi-Fi switch is the same setting; the panel shows it off.", Evaluator: eval,
			Steps: []Step{
				StepOn(On(HomeScreen()), "Open the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "The Internet tile.", Tap("Internet,AndroidWifi")),
				StepOn(Screen(QuickSettings(true, false), internetPanel(true)), "Switch Wi-Fi off.", Tap("res:wifi_toggle")),
				StepOn(Screen(QuickSettings(false, false), internetPanel(false)), "Wi-Fi is off.", Done())}},
		{Name: "wifi_off_then_on_again", TaskName: "SystemWifiTurnOff", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A second tap on the switch turns Wi-Fi back on; the page ends with it on and the network connected.", Evaluator: eval + " (wifi_on is 1 at the end)",
			Steps: Then(toInternet,
				StepOn(On(internetPage(false)), "The switch looks stuck; tap it again to make sure it registers.", Tap("res:switch_widget")),
				StepOn(On(internetPage(true)), "Wi-Fi has been switched.", Done()))},
		{Name: "bluetooth_off_instead_of_wifi", TaskName: "SystemWifiTurnOff", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Use Bluetooth is another radio's switch; Wi-Fi stays on.", Evaluator: eval + " (Wi-Fi is still on)",
			Steps: []Step{FromHome("Settings"),
				StepOn(On(settingsHome()), "Wireless settings are under Connected devices.", Tap("Connected devices")),
				StepOn(On(Screen(Toolbar(settings, "Navigate up", "Connected devices"), Rows(settings, "title", 320, "Pair new device", "Connection preferences|Bluetooth, Android Auto"))), "Connection preferences.", Tap("Connection preferences")),
				StepOn(On(Screen(Toolbar(settings, "Navigate up", "Connection preferences"), Rows(settings, "title", 320, "Bluetooth|On", "Android Auto", "Printing|1 print service on"))), "Open the wireless switch.", Tap("Bluetooth")),
				StepOn(On(Screen(Toolbar(settings, "Navigate up", "Bluetooth"), Els(settings.Text("Use Bluetooth", "switch_text", Bx(90, 380, 800, 450)), settings.Sw("Use Bluetooth", "switch_widget", true, Bx(850, 370, 1017, 460))))), "Switch it off.", Tap("res:switch_widget")),
				StepOn(On(Screen(Toolbar(settings, "Navigate up", "Bluetooth"), Els(settings.Text("Use Bluetooth", "switch_text", Bx(90, 380, 800, 450)), settings.Sw("Use Bluetooth", "switch_widget", false, Bx(850, 370, 1017, 460))))), "The wireless radio is off.", Done())}},
	}
}
