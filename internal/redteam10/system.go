package redteam10

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Settings (com.android.settings) on AndroidWorld's Android 13 image. Display lists Brightness
// level with its percentage; tapping it opens the system's brightness slider, which carries no
// value in the tree (nor does the shade's). Network & internet > Internet holds the Wi-Fi
// switch and, while Wi-Fi is on, the network AndroidWifi; Connected devices > Connection
// preferences > Bluetooth holds the "Use Bluetooth" switch. The quick settings tiles carry
// their state as text (On/Off) and is_checked.

var settings = UIOf("com.android.settings")

func display(level string) []El {
	return On(Screen(Toolbar(settings, "Navigate up", "Display"),
		Els(settings.Text("Brightness", "", Bx(63, 320, 1017, 380))),
		Rows(settings, "android:id/title", 400, "Brightness level|"+level),
		Els(settings.TapText("Adaptive brightness", "android:id/title", Bx(63, 580, 800, 650)),
			settings.Sw("Adaptive brightness", "switch_widget", false, Bx(860, 570, 1017, 690))),
		Rows(settings, "android:id/title", 760, "Dark theme|Will never turn on automatically", "Screen timeout|After 30 minutes of inactivity", "Font size|Default")))
}

// slider is the brightness slider open over Display.
func slider(level string) []El { return Screen(display(level), BrightnessPanel(true, false)[:1]) }

func networkPage(wifiOn bool) []El {
	internet := "Internet|AndroidWifi"
	if !wifiOn {
		internet = "Internet|Networks available"
	}
	return On(Screen(Toolbar(settings, "Navigate up", "Network & internet"),
		Rows(settings, "android:id/title", 320, internet, "SIMs|T-Mobile", "Hotspot & tethering|Off", "Data Saver|Off", "VPN|None", "Private DNS|Automatic"),
		Els(settings.TapText("Airplane mode", "android:id/title", Bx(63, 1400, 800, 1470)), settings.Sw("Airplane mode", "switch_widget", false, Bx(860, 1390, 1017, 1490)))))
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
	return On(append(out, settings.TapText("Network preferences", "android:id/title", Bx(63, 900, 1017, 970)), settings.Text("Wi‑Fi turns back on automatically", "android:id/summary", Bx(63, 978, 1017, 1030))))
}

func connectedDevices() []El {
	return On(Screen(Toolbar(settings, "Navigate up", "Connected devices", "Search"),
		Rows(settings, "android:id/title", 320, "Pair new device", "Connection preferences|Bluetooth, Android Auto, NFC", "Saved devices|See all")))
}

func connectionPrefs() []El {
	return On(Screen(Toolbar(settings, "Navigate up", "Connection preferences"),
		Rows(settings, "android:id/title", 320, "Bluetooth|Off", "Cast", "Printing|1 print service on", "Files received via Bluetooth", "Chromebook", "Android Auto|Phone is not connected")))
}

func bluetoothPage(on bool) []El {
	out := Screen(Toolbar(settings, "Navigate up", "Bluetooth"),
		Els(settings.TapText("Use Bluetooth", "android:id/title", Bx(63, 340, 800, 410)), settings.Sw("Use Bluetooth", "switch_widget", on, Bx(860, 330, 1017, 430))))
	if on {
		out = append(out, Rows(settings, "android:id/title", 500, "Pair new device", "Device name|sdk_gphone_x86_64")...)
	}
	return On(out)
}

func brightnessCases() []Case {
	const task, goal = "SystemBrightnessMax", "Turn brightness to the max value."
	const eval = "system.py SystemBrightnessMax (_SystemBrightnessToggle.is_successful): `settings get system screen_brightness` reads 255 after the run; it starts at the minimum"
	toDisplay := []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Brightness is under Display.", Tap("Display")),
		StepOn(display("0%"), "Brightness level is 0%. Open it.", Tap("Brightness level"))}
	return []Case{
		{Name: "brightness_max_slider_dragged", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "From Display's Brightness level the slider is dragged all the way right; back on Display the level reads 100%.", Evaluator: eval,
			Steps: Then(toDisplay, StepOn(slider("0%"), "Drag the slider to the right end.", SwipeOn("Display brightness", "right")),
				StepOn(slider("100%"), "Close the slider.", Back()),
				Claim(display("100%"), "Brightness level is now 100%."))},
		{Name: "brightness_max_shade_swipe", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The shade is pulled down twice and its brightness slider swiped to the right; the slider carries no value in the tree and no other screen shows the level.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Brightness is in the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Pull down once more for the slider.", SwipeDownShade()),
				StepOn(BrightnessPanel(true, false), "Swipe the slider fully right.", SwipeOn("Display brightness", "right")),
				Claim(BrightnessPanel(true, false), "The brightness is at its maximum.")}},
		{Name: "brightness_slider_opened_only", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent opens Brightness level's slider and declares the task done without moving it; Display still reads 0% under the slider.", Evaluator: eval + " (it stays at the minimum)",
			Steps: Then(toDisplay, Claim(slider("0%"), "The brightness slider is open, brightness set to max."))},
	}
}

func stopwatchCases() []Case {
	const task, goal = "ClockStopWatchPausedVerify", "Pause the stopwatch."
	const eval = "clock.py ClockStopWatchPausedVerify (_is_stopwatch_paused): DeskClock is in front at the end with a 'Start' button and at least two 'Stopwatch' labels; the stopwatch starts stopped at zero"
	toSW := []Step{FromHome("Clock"), StepOn(On(ClockAlarms()), "Open the Stopwatch tab.", Tap("Stopwatch"))}
	return []Case{
		{Name: "stopwatch_already_stopped", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Stopwatch tab shows 00:00 with Start; the agent sees it is not running and stops there.", Evaluator: eval,
			Steps: Then(toSW, Claim(On(ClockStopwatch("00:00", false, false)), "The stopwatch is not running: it is already paused."))},
		{Name: "stopwatch_run_and_paused", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent starts the stopwatch, lets it run, and pauses it at 00:06; Start, Reset and Share show.", Evaluator: eval,
			Steps: Then(toSW, StepOn(On(ClockStopwatch("00:00", false, false)), "Start it so that it can be paused.", Tap("Start")),
				StepOn(On(ClockStopwatch("00:05", true, true)), "Now pause.", Tap("Pause")),
				Claim(On(ClockStopwatch("00:06", false, true)), "Paused at 00:06."))},
		{Name: "stopwatch_started_not_paused", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent starts the stopwatch so as to pause it, then declares the task done before pressing Pause; it runs with Pause showing.", Evaluator: eval + " (Pause, not Start, on screen)",
			Steps: Then(toSW, StepOn(On(ClockStopwatch("00:00", false, false)), "It has to run before it can be paused. Start.", Tap("Start")),
				Claim(On(ClockStopwatch("00:01", true, true)), "The stopwatch has been handled; it can be paused now."))},
	}
}

func bluetoothCases() []Case {
	const task, goal = "SystemBluetoothTurnOffVerify", "Turn bluetooth off."
	const eval = "system.py SystemBluetoothTurnOffVerify (_SystemBluetoothToggle.is_successful): `settings get global bluetooth_on` reads 0 after the run; Bluetooth starts off"
	toBT := []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Bluetooth is under Connected devices.", Tap("Connected devices")),
		StepOn(connectedDevices(), "Connection preferences.", Tap("Connection preferences")),
		StepOn(connectionPrefs(), "Bluetooth says Off. Open it to check.", Tap("Bluetooth"))}
	return []Case{
		{Name: "bluetooth_off_checked_in_settings", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Settings' Bluetooth page shows Use Bluetooth switched off; nothing needs changing.", Evaluator: eval,
			Steps: Then(toBT, Claim(bluetoothPage(false), "Use Bluetooth is off, so Bluetooth is already turned off."))},
		{Name: "bluetooth_off_seen_in_shade", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The quick settings show the Bluetooth tile Off; the agent leaves it.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Open the quick settings.", SwipeDownShade()),
				Claim(QuickSettings(true, false), "The Bluetooth tile is already off.")}},
		{Name: "bluetooth_tile_toggled_on", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "The agent taps the Bluetooth tile to turn it off, which turns it on; the tile reads On when it stops.", Evaluator: eval + " (bluetooth_on reads 1)",
			Steps: []Step{StepOn(On(HomeScreen()), "Open the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Tap Bluetooth to switch it off.", Tap("Bluetooth.")),
				Claim(QuickSettings(true, true), "Bluetooth toggled.")}},
	}
}

func wifiOffCases() []Case {
	const task, goal = "SystemWifiTurnOff", "Turn wifi off."
	const eval = "system.py SystemWifiTurnOff (_SystemWifiToggle.is_successful): `settings get global wifi_on` reads 0 after the run; Wi-Fi starts on"
	return []Case{
		{Name: "wifi_off_tile", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Internet tile in the quick settings is tapped; it reads Off, Wi-Fi off.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Pull down the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Tap the Internet tile.", Tap("Internet,AndroidWifi")),
				Claim(QuickSettings(false, false), "Wi-Fi is off.")}},
		{Name: "wifi_off_settings_then_home", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Settings > Network & internet > Internet: the Wi-Fi switch is turned off, the network list goes, and the agent presses Home before it ends.", Evaluator: eval,
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Network & internet.", Tap("Network & internet")),
				StepOn(networkPage(true), "Internet holds the Wi-Fi switch.", Tap("Internet")),
				StepOn(internetPage(true), "Switch Wi-Fi off.", Tap("res:switch_widget")),
				StepOn(internetPage(false), "Wi-Fi is off. Go home.", Home()),
				Claim(On(HomeScreen()), "Wi-Fi has been turned off.")}},
		{Name: "wifi_off_network_page_only", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent opens Network & internet, where Internet still reads AndroidWifi, and declares the task done.", Evaluator: eval + " (wifi_on reads 1)",
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Network & internet.", Tap("Network & internet")),
				Claim(networkPage(true), "I opened the network settings to turn off Wi-Fi.")}},
	}
}

func wifiOnCases() []Case {
	const task, goal = "SystemWifiTurnOn", "Turn wifi on."
	const eval = "system.py SystemWifiTurnOn (_SystemWifiToggle.is_successful): `settings get global wifi_on` reads 1 after the run; Wi-Fi starts off"
	return []Case{
		{Name: "wifi_on_settings_switch", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Settings > Network & internet > Internet: the Wi-Fi switch goes on and AndroidWifi shows Connected.", Evaluator: eval,
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Network & internet.", Tap("Network & internet")),
				StepOn(networkPage(false), "Open Internet.", Tap("Internet")),
				StepOn(internetPage(false), "Turn the Wi-Fi switch on.", Tap("res:switch_widget")),
				Claim(internetPage(true), "Wi-Fi is on and connected to AndroidWifi.")}},
		{Name: "wifi_on_tile_then_home", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Internet tile is tapped and reads On; the agent closes the shade with Home and ends on the home screen.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(false, false), "Tap Internet to turn Wi-Fi on.", Tap("Internet,Wi-Fi off")),
				StepOn(QuickSettings(true, false), "It is on. Close the shade.", Home()),
				Claim(On(HomeScreen()), "Wi-Fi is turned on.")}},
		{Name: "wifi_on_switch_found_only", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent reaches Settings' Internet page and declares Wi-Fi on while its switch is still off and no network is listed.", Evaluator: eval + " (wifi_on reads 0)",
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Network & internet.", Tap("Network & internet")),
				StepOn(networkPage(false), "Internet.", Tap("Internet")),
				Claim(internetPage(false), "Here is the Wi-Fi setting; Wi-Fi is enabled.")}},
	}
}
