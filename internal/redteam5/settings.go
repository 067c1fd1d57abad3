package redteam5

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Settings (com.android.settings) for AndroidWorld's "Verify" tasks, whose setting is already
// as asked when the run starts: the run only has to leave it so. Connected devices leads to
// Connection preferences and the Bluetooth page with its "Use Bluetooth" switch; Display
// shows the brightness level as a percentage under "Brightness level", whose page has the
// slider; the quick settings' Internet tile names the connected network when Wi-Fi is on.

var settingsApp = UIOf("com.android.settings")

func settingsTop() []El {
	return Screen(Els(settingsApp.Edit("", "Search settings", "search_action_bar_title", Bx(42, 300, 1038, 440))),
		Rows(settingsApp, "title", 520, "Network & internet|Mobile, Wi‑Fi, hotspot", "Connected devices|Bluetooth, pairing", "Apps|Assistant, recent apps, default apps", "Display|Dark theme, font size, brightness", "Sound & vibration|Volume, haptics, Do Not Disturb"))
}

func bluetoothPage(on bool) []El {
	below := Els(settingsApp.Text("When Bluetooth is turned on, your device can communicate with other nearby Bluetooth devices.", "", Bx(63, 560, 1017, 700)))
	if on {
		below = Rows(settingsApp, "title", 560, "Pair new device", "Device name|Pixel 6")
	}
	return Screen(Toolbar(settingsApp, "Navigate up", "Bluetooth"),
		Els(settingsApp.Text("Use Bluetooth", "switch_text", Bx(90, 380, 800, 450)), settingsApp.Sw("Use Bluetooth", "switch_widget", on, Bx(850, 370, 1017, 460))), below)
}

func displayPage(level string) []El {
	return Screen(Toolbar(settingsApp, "Navigate up", "Display"),
		Rows(settingsApp, "title", 320, "Brightness level|"+level, "Adaptive brightness|Off", "Dark theme|Will never turn on automatically", "Screen timeout|After 30 seconds of inactivity"))
}

func settingsVerifyCases() []Case {
	const btGoal = "Turn bluetooth on."
	const btEval = "system.py SystemBluetoothTurnOnVerify (precondition: Bluetooth already on): is_successful reads bluetooth_on from the global settings and wants it on at the end"
	toBT := []Step{FromHome("Settings"),
		StepOn(On(settingsTop()), "Bluetooth is under Connected devices.", Tap("Connected devices")),
		StepOn(On(Screen(Toolbar(settingsApp, "Navigate up", "Connected devices"), Rows(settingsApp, "title", 320, "Pair new device", "Connection preferences|Bluetooth, Android Auto"))), "Connection preferences.", Tap("Connection preferences")),
		StepOn(On(Screen(Toolbar(settingsApp, "Navigate up", "Connection preferences"), Rows(settingsApp, "title", 320, "Bluetooth|On", "Android Auto", "Printing|1 print service on"))), "Bluetooth.", Tap("Bluetooth")),
	}
	const brGoal = "Turn brightness to the max value."
	const brEval = "system.py SystemBrightnessMaxVerify (precondition: brightness already at maximum): is_successful wants settings get system screen_brightness to be 255"
	const wifiGoal = "Turn wifi on."
	const wifiEval = "system.py SystemWifiTurnOnVerify (precondition: Wi-Fi already on): is_successful wants settings get global wifi_on to be 1 or 2"
	return []Case{
		{Name: "bluetooth_already_on_left_on", TaskName: "SystemBluetoothTurnOnVerify", Goal: btGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Bluetooth page shows its switch already on; leaving it as it is completes the task.", Evaluator: btEval,
			Steps: Then(toBT, StepOn(On(bluetoothPage(true)), "Bluetooth is already on; nothing to change.", Done()))},
		{Name: "bluetooth_already_on_toggled_off", TaskName: "SystemBluetoothTurnOnVerify", Goal: btGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "The switch was already on; the tap meant to turn it on turns it off, and the page ends with it off.", Evaluator: btEval + " (Bluetooth ends off)",
			Steps: Then(toBT,
				StepOn(On(bluetoothPage(true)), "Tap the switch to turn Bluetooth on.", Tap("res:switch_widget")),
				StepOn(On(bluetoothPage(false)), "Bluetooth has been toggled.", Done()))},
		{Name: "brightness_already_max_checked", TaskName: "SystemBrightnessMaxVerify", Goal: brGoal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Display page reports the brightness level at 100%: already the maximum, nothing to do.", Evaluator: brEval,
			Steps: []Step{FromHome("Settings"),
				StepOn(On(settingsTop()), "Brightness is under Display.", Tap("Display")),
				StepOn(On(displayPage("100%")), "Brightness is at 100%, the maximum.", Done())}},
		{Name: "brightness_slider_dragged_in_shade", TaskName: "SystemBrightnessMaxVerify", Goal: brGoal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The shade's brightness slider carries no value in the accessibility tree; after the swipe nothing on screen says where the level ended.", Evaluator: brEval + " (the drag ends at the slider's right end: 255)",
			Steps: []Step{
				StepOn(On(HomeScreen()), "Open the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Pull down again for the slider.", SwipeDownShade()),
				StepOn(BrightnessPanel(true, false), "Drag the slider all the way up.", SwipeOn("Display brightness", "right")),
				StepOn(BrightnessPanel(true, false), "Brightness is at the maximum.", Done())}},
		{Name: "bluetooth_already_on_in_tile", TaskName: "SystemBluetoothTurnOnVerify", Goal: btGoal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The quick settings' Bluetooth tile reads On; Bluetooth is already on and is left so.", Evaluator: btEval,
			Steps: []Step{
				StepOn(On(HomeScreen()), "Check Bluetooth in the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, true), "The Bluetooth tile is on already.", Done())}},
		{Name: "wifi_tile_tapped_off", TaskName: "SystemWifiTurnOnVerify", Goal: wifiGoal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Wi-Fi was on; a tap on the Internet tile turns it off, and the tile ends reading Off.", Evaluator: wifiEval + " (wifi_on is 0 at the end)",
			Steps: []Step{
				StepOn(On(HomeScreen()), "Open the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Tap the Internet tile to turn Wi-Fi on.", Tap("Internet,AndroidWifi")),
				StepOn(QuickSettings(false, false), "Wi-Fi toggled.", Done())}},
		{Name: "wifi_already_on_in_tile", TaskName: "SystemWifiTurnOnVerify", Goal: wifiGoal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The quick settings' Internet tile is on and names the connected network; Wi-Fi is already on and stays so.", Evaluator: wifiEval,
			Steps: []Step{
				StepOn(On(HomeScreen()), "Check Wi-Fi in the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Wi-Fi is on and connected to AndroidWifi.", Done())}},
	}
}
