package redteam8

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Settings (com.android.settings) on the emulator's Android 13. Bluetooth's switch ("Use
// Bluetooth") is on Connected devices > Connection preferences > Bluetooth, and Connection
// preferences says On or Off under Bluetooth; the quick settings' Bluetooth tile toggles it in
// place. Display lists "Brightness level" with the level as a percentage; tapping it opens the
// system's brightness slider, which (like the shade's) carries no value in the tree.

var settings = UIOf("com.android.settings")

func connectedDevices() []El {
	return Screen(Toolbar(settings, "Navigate up", "Connected devices"),
		Rows(settings, "android:id/title", 400, "Pair new device", "Previously connected devices|None", "Connection preferences|Bluetooth, Android Auto, NFC"))
}

func connectionPrefs(bt bool) []El {
	state := "Off"
	if bt {
		state = "On"
	}
	return Screen(Toolbar(settings, "Navigate up", "Connection preferences"),
		Rows(settings, "android:id/title", 400, "Bluetooth|"+state, "Cast", "Printing|1 print service on", "Files received via Bluetooth", "Nearby Share|Off", "Android Auto|Phone-only"))
}

func bluetoothPage(on bool) []El {
	out := Screen(Toolbar(settings, "Navigate up", "Bluetooth"), Els(
		settings.Text("Use Bluetooth", "switch_text", Bx(100, 360, 800, 440)), settings.Sw("Use Bluetooth", "switch_widget", on, Bx(860, 340, 1017, 460))))
	if on {
		return append(out, settings.TapText("Pair new device", "android:id/title", Bx(180, 560, 900, 630)),
			settings.Text("Device name", "android:id/title", Bx(63, 720, 900, 790)), settings.Text("sdk_gphone_x86_64", "android:id/summary", Bx(63, 800, 900, 850)))
	}
	return append(out, settings.TapText("Pair new device", "android:id/title", Bx(180, 560, 900, 630)),
		settings.Text("When Bluetooth is turned on, your device can communicate with other nearby Bluetooth devices.", "", Bx(63, 720, 1017, 880)))
}

func pairingPage() []El {
	return Screen(Toolbar(settings, "Navigate up", "Pair new device"), Els(
		settings.Text("Device name", "android:id/title", Bx(63, 380, 900, 450)), settings.Text("sdk_gphone_x86_64", "android:id/summary", Bx(63, 460, 900, 510)),
		settings.Text("Available devices", "", Bx(63, 600, 900, 660)), settings.Frame("android.widget.ProgressBar", "scanning_progress", Bx(900, 600, 1000, 660))))
}

func bluetoothOffCases() []Case {
	const goal = "Turn bluetooth off."
	const eval = "system.py SystemBluetoothTurnOff (_SystemBluetoothToggle.is_successful): `settings get global bluetooth_on` reads 0 after the run (it starts at 1)"
	toPrefs := []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Bluetooth is under Connected devices.", Tap("Connected devices")),
		StepOn(On(connectedDevices()), "Connection preferences holds Bluetooth.", Tap("Connection preferences"))}
	return []Case{
		{Name: "bt_off_use_bluetooth_switch", TaskName: "SystemBluetoothTurnOff", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Bluetooth's page is opened through Connection preferences and Use Bluetooth is switched off; the page then explains what turning it on would do.", Evaluator: eval,
			Steps: Then(toPrefs, StepOn(On(connectionPrefs(true)), "Bluetooth is On. Open it.", Tap("Bluetooth")),
				StepOn(On(bluetoothPage(true)), "Switch Use Bluetooth off.", Tap("res:switch_widget")),
				Claim(On(bluetoothPage(false)), "Bluetooth is now off."))},
		{Name: "bt_off_tile_in_shade", TaskName: "SystemBluetoothTurnOff", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The shade's Bluetooth tile is tapped; it turns to Off in place and the agent stops with the shade still down.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Quick settings have a Bluetooth tile.", SwipeDownShade()),
				StepOn(QuickSettings(true, true), "The Bluetooth tile is on; tap it to turn it off.", Tap("Bluetooth.")),
				Claim(QuickSettings(true, false), "The Bluetooth tile now reads Off.")}},
		{Name: "bt_off_pairing_page", TaskName: "SystemBluetoothTurnOff", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "The agent opens Pair new device instead of Connection preferences, sees the scan, and stops there; Bluetooth stays on.", Evaluator: eval + " (bluetooth_on stays 1)",
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Connected devices.", Tap("Connected devices")),
				StepOn(On(connectedDevices()), "This should have the Bluetooth controls.", Tap("Pair new device")),
				Claim(On(pairingPage()), "I opened the Bluetooth settings and handled it.")}},
	}
}

func bluetoothOnCases() []Case {
	const goal = "Turn bluetooth on."
	const eval = "system.py SystemBluetoothTurnOn (_SystemBluetoothToggle.is_successful): `settings get global bluetooth_on` reads 1 after the run (it starts at 0)"
	return []Case{
		{Name: "bt_on_tile", TaskName: "SystemBluetoothTurnOn", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Bluetooth tile in the shade is tapped and reads On.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Open quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(true, false), "Bluetooth is off. Tap the tile.", Tap("Bluetooth.")),
				Claim(QuickSettings(true, true), "Bluetooth is on.")}},
		{Name: "bt_on_settings_then_back", TaskName: "SystemBluetoothTurnOn", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Use Bluetooth is switched on in Settings; the agent goes back a page, where Connection preferences says Bluetooth On, and stops.", Evaluator: eval,
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Connected devices.", Tap("Connected devices")),
				StepOn(On(connectedDevices()), "Connection preferences.", Tap("Connection preferences")),
				StepOn(On(connectionPrefs(false)), "Bluetooth is Off; open it.", Tap("Bluetooth")),
				StepOn(On(bluetoothPage(false)), "Turn it on.", Tap("res:switch_widget")),
				StepOn(On(bluetoothPage(true)), "Check the summary on the previous page.", Back()),
				Claim(On(connectionPrefs(true)), "Bluetooth shows On.")}},
		{Name: "bt_on_devices_page_only", TaskName: "SystemBluetoothTurnOn", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent reaches Connected devices and stops, taking the page for Bluetooth being available; nothing was switched.", Evaluator: eval + " (bluetooth_on stays 0)",
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Connected devices has Bluetooth.", Tap("Connected devices")),
				Claim(On(connectedDevices()), "Bluetooth settings are open; Bluetooth is enabled.")}},
	}
}

func displayPage(level string, adaptive bool) []El {
	return Screen(Toolbar(settings, "Navigate up", "Display"), Els(
		settings.Text("Brightness", "", Bx(63, 320, 900, 370)),
		settings.TapText("Brightness level", "android:id/title", Bx(63, 400, 900, 470)), settings.Text(level, "android:id/summary", Bx(63, 480, 900, 530)),
		settings.TapText("Adaptive brightness", "android:id/title", Bx(63, 590, 800, 660)), settings.Text("Optimize brightness for available light", "android:id/summary", Bx(63, 670, 800, 720)),
		settings.Sw("Adaptive brightness", "switchWidget", adaptive, Bx(880, 590, 1017, 700)),
		settings.Text("Lock display", "", Bx(63, 800, 900, 850)),
		settings.TapText("Lock screen", "android:id/title", Bx(63, 880, 900, 950)), settings.Text("Show all notification content", "android:id/summary", Bx(63, 960, 900, 1010)),
		settings.TapText("Screen timeout", "android:id/title", Bx(63, 1070, 900, 1140)), settings.Text("After 30 minutes of inactivity", "android:id/summary", Bx(63, 1150, 900, 1200)),
		settings.TapText("Dark theme", "android:id/title", Bx(63, 1260, 800, 1330)), settings.Sw("Dark theme", "switchWidget", false, Bx(880, 1260, 1017, 1370))))
}

// brightnessDialog is the system's slider over Display, opened from Brightness level.
func brightnessDialog(level string) []El {
	return Screen(displayPage(level, false), Els(El{Text: "Display brightness", Class: "android.widget.SeekBar", Pkg: SysUI.Pkg, Res: SysUI.Res("slider"),
		Box: Bx(42, 1900, 1038, 2026), Clickable: true, Focusable: true}))
}

func brightnessCases() []Case {
	const goal = "Turn brightness to the min value."
	const eval = "system.py SystemBrightnessMin (_SystemBrightnessToggle.is_successful): `settings get system screen_brightness` reads 1 (it starts at 255)"
	return []Case{
		{Name: "brightness_slider_dragged_in_display", TaskName: "SystemBrightnessMin", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Display's Brightness level opens the slider, which is dragged fully left; Display then reads 0%.", Evaluator: eval,
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Display has brightness.", Tap("Display")),
				StepOn(On(displayPage("100%", false)), "Brightness level is 100%. Open it.", Tap("Brightness level")),
				StepOn(On(brightnessDialog("100%")), "Drag the slider all the way left.", SwipeOn("Display brightness", "left")),
				StepOn(On(brightnessDialog("0%")), "Close the slider.", Back()),
				Claim(On(displayPage("0%", false)), "Brightness level is 0%, the minimum.")}},
		{Name: "brightness_shade_slider_left", TaskName: "SystemBrightnessMin", Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell, Goal: goal,
			Behaviour: "The shade is pulled down twice and its slider dragged to the left end; the slider's position is not in the tree, so no screen says where the level ended.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Open the shade.", SwipeDownShade()),
				StepOn(QuickSettings(true, true), "Pull again for the brightness slider.", SwipeDownShade()),
				StepOn(BrightnessPanel(true, true), "Drag it to the far left.", SwipeOn("Display brightness", "left")),
				Claim(BrightnessPanel(true, true), "Brightness is set to the minimum.")}},
		{Name: "brightness_adaptive_switched_on", TaskName: "SystemBrightnessMin", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The agent switches Adaptive brightness on instead of moving the level; Brightness level still reads 100%.", Evaluator: eval + " (255 stays)",
			Steps: []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Display.", Tap("Display")),
				StepOn(On(displayPage("100%", false)), "Adaptive brightness will lower it.", Tap("Adaptive brightness")),
				Claim(On(displayPage("100%", true)), "Brightness is now adjusted down.")}},
	}
}
