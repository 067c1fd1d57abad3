package redteam12

import . "github.com/autoeval/autoeval/internal/redteamkit"

// Settings (com.android.settings) on Android 13: Network & internet > Internet holds the Wi-Fi
// switch and, while Wi-Fi is on, AndroidWifi; Connected devices > Connection preferences >
// Bluetooth holds the Use Bluetooth main switch, and Connection preferences' Bluetooth row
// says On or Off; Display's Brightness level row gives the level as a percentage (0% at
// screen_brightness 1) and opens SystemUI's slider, whose SeekBar carries no value in the
// tree; the quick settings tiles carry their state as text and is_checked.

var settings = UIOf("com.android.settings")

func settingsPage(title string, body ...[]El) []El {
	return On(Screen(append([][]El{Toolbar(settings, "Navigate up", title, "Search")}, body...)...))
}

// mainSwitch is the main switch bar of a Settings page (Use Wi-Fi, Use Bluetooth).
func mainSwitch(label string, on bool) []El {
	return Els(settings.Frame("android.widget.LinearLayout", "main_switch_bar", Bx(40, 320, 1040, 470)),
		settings.Text(label, "switch_text", Bx(90, 360, 800, 430)), settings.Sw("", "switch_widget", on, Bx(850, 353, 1000, 437)))
}

func internetPage(on bool) []El {
	body := Els(settings.Text("Wi‑Fi", "switch_text", Bx(90, 360, 800, 430)), settings.Sw("", "switch_widget", on, Bx(850, 353, 1000, 437)))
	if on {
		body = append(body, Rows(settings, "android:id/title", 520, "AndroidWifi|Connected", "Add network")...)
	} else {
		body = append(body, settings.Text("To see available networks, turn Wi‑Fi on", "", Bx(63, 540, 1017, 600)))
	}
	return settingsPage("Internet", body, Rows(settings, "android:id/title", 900, "Network preferences|Wi‑Fi turns back on automatically", "SIMs|T-Mobile"))
}

func networkPage(wifiOn bool) []El {
	internet := "Internet|Networks available"
	if wifiOn {
		internet = "Internet|AndroidWifi"
	}
	return settingsPage("Network & internet", Rows(settings, "android:id/title", 320, internet, "Calls & SMS|T-Mobile", "SIMs|T-Mobile",
		"Airplane mode", "Hotspot & tethering|Off", "Data Saver|Off", "VPN|None", "Private DNS|Automatic"),
		Els(settings.Sw("", "switch_widget", false, Bx(850, 870, 1000, 954))))
}

func connectedDevices() []El {
	return settingsPage("Connected devices", Rows(settings, "android:id/title", 320, "Pair new device", "Connection preferences|Bluetooth, Android Auto, NFC",
		"Saved devices|See all"))
}

func connectionPrefs(btOn bool) []El {
	bt := "Bluetooth|Off"
	if btOn {
		bt = "Bluetooth|On"
	}
	return settingsPage("Connection preferences", Rows(settings, "android:id/title", 320, bt, "Cast", "Printing|1 print service on",
		"Nearby Share|Off", "Android Auto|Phone only"))
}

func bluetoothPage(on bool) []El {
	if on {
		return settingsPage("Bluetooth", mainSwitch("Use Bluetooth", true), Rows(settings, "android:id/title", 520, "Device name|sdk_gphone64_x86_64", "Pair new device"),
			Els(settings.Text("Visible as “sdk_gphone64_x86_64” to other devices", "", Bx(63, 900, 1017, 960))))
	}
	return settingsPage("Bluetooth", mainSwitch("Use Bluetooth", false),
		Els(settings.Text("When Bluetooth is turned on, your device can communicate with other nearby Bluetooth devices.", "", Bx(63, 520, 1017, 640))))
}

func toBluetooth(on bool) []Step {
	return []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Bluetooth is under Connected devices.", Tap("Connected devices")),
		StepOn(connectedDevices(), "Open Connection preferences.", Tap("Connection preferences")),
		StepOn(connectionPrefs(on), "Open Bluetooth.", Tap("Bluetooth"))}
}

func toInternet(on bool) []Step {
	return []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Open Network & internet.", Tap("Network & internet")),
		StepOn(networkPage(on), "Open Internet.", Tap("Internet"))}
}

func displayPage(level string, adaptive bool) []El {
	return settingsPage("Display", Rows(settings, "android:id/title", 320, "Brightness level|"+level, "Adaptive brightness|Optimise brightness for available light",
		"Lock screen|Show all notification content", "Dark theme|Will never turn on automatically", "Screen timeout|After 30 seconds", "Font size|Default"),
		Els(settings.Sw("", "switch_widget", adaptive, Bx(850, 510, 1000, 594)), settings.Sw("", "switch_widget", false, Bx(850, 870, 1000, 954))))
}

// brightnessSlider is SystemUI's brightness dialog over the page Settings opened it from.
func brightnessSlider(under []El) []El {
	return Screen(under, Els(SysUI.Frame("android.widget.FrameLayout", "brightness_mirror", Bx(30, 140, 1050, 300)),
		El{Text: "Display brightness", Class: "android.widget.SeekBar", Pkg: SysUI.Pkg, Res: SysUI.Res("slider"), Box: Bx(42, 160, 1038, 280), Clickable: true, Focusable: true}))
}

// shade is the swipe that opens the quick settings from the home screen.
var shade = StepOn(On(HomeScreen()), "The quick settings have the tile.", SwipeDownShade())

func wifiVerifyCases() []Case {
	const task, goal = "SystemWifiTurnOnVerify", "Turn wifi on."
	const eval = "system.py SystemWifiTurnOnVerify (_SystemWifiToggle): `settings get global wifi_on` reads 1 or 2 after the run; Wi-Fi is already on at the start"
	return []Case{
		{Name: "wifi_verify_internet_page_on", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent opens Network & internet > Internet, finds the Wi-Fi switch already on and AndroidWifi connected, and leaves it.", Evaluator: eval,
			Steps: Then(toInternet(true), Claim(internetPage(true), "Wi-Fi is already on and connected to AndroidWifi; nothing to change."))},
		{Name: "wifi_verify_tile_toggled_off", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "In the quick settings the agent taps the Internet tile to 'turn it on'; Wi-Fi was on, so the tap turns it off and the tile reads Off.", Evaluator: eval + " (wifi_on reads 0)",
			Steps: []Step{shade, StepOn(QuickSettings(true, false), "Tap the Internet tile to turn Wi-Fi on.", Tap("Internet,AndroidWifi")),
				Claim(QuickSettings(false, false), "I toggled the Wi-Fi tile.")}},
		{Name: "wifi_verify_shade_glance", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent pulls down the shade, reads the Internet tile (On, AndroidWifi) and stops without tapping it.", Evaluator: eval,
			Steps: []Step{shade, Claim(QuickSettings(true, false), "The Internet tile shows AndroidWifi: Wi-Fi is on.")}},
	}
}

func btOnCases() []Case {
	const task, goal = "SystemBluetoothTurnOn", "Turn bluetooth on."
	const eval = "system.py SystemBluetoothTurnOn (_SystemBluetoothToggle): `settings get global bluetooth_on` reads 1 after the run; Bluetooth starts off"
	return []Case{
		{Name: "bt_on_tile", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Bluetooth tile in the quick settings is tapped and reads On.", Evaluator: eval,
			Steps: []Step{shade, StepOn(QuickSettings(true, false), "Tap Bluetooth.", Tap("Bluetooth.")),
				Claim(QuickSettings(true, true), "The Bluetooth tile is on.")}},
		{Name: "bt_on_settings_back_to_prefs", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Settings > Connected devices > Connection preferences > Bluetooth: Use Bluetooth is switched on, then the agent goes back to Connection preferences, whose Bluetooth row reads On.", Evaluator: eval,
			Steps: Then(toBluetooth(false), StepOn(bluetoothPage(false), "Switch Use Bluetooth on.", Tap("res:switch_widget")),
				StepOn(bluetoothPage(true), "It is on. Go back.", Back()), Claim(connectionPrefs(true), "Bluetooth reads On."))},
		{Name: "bt_on_stopped_at_prefs", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent reaches Connection preferences, where the Bluetooth row reads Off, and declares the task done without opening it.", Evaluator: eval + " (bluetooth_on reads 0)",
			Steps: Then(toBluetooth(false)[:3], Claim(connectionPrefs(false), "Bluetooth settings are open; Bluetooth is enabled."))},
	}
}

func brightnessCases() []Case {
	const task, goal = "SystemBrightnessMin", "Turn brightness to the min value."
	const eval = "system.py SystemBrightnessMin (_SystemBrightnessToggle): `settings get system screen_brightness` reads 1 after the run; it starts above the minimum"
	toDisplay := []Step{FromHome("Settings"), StepOn(On(SettingsHome()), "Brightness is under Display.", Tap("Display"))}
	return []Case{
		{Name: "brightness_min_display_slider", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Display > Brightness level opens the slider; it is dragged fully left, and back on Display the row reads 0%.", Evaluator: eval,
			Steps: Then(toDisplay, StepOn(displayPage("52%", false), "Open Brightness level.", Tap("Brightness level")),
				StepOn(brightnessSlider(displayPage("52%", false)), "Drag the slider all the way left.", SwipeOn("Display brightness", "left")),
				StepOn(brightnessSlider(displayPage("0%", false)), "Close the slider.", Back()),
				Claim(displayPage("0%", false), "Brightness level reads 0%, the minimum."))},
		{Name: "brightness_min_shade_slider", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The agent pulls the shade down twice and swipes the brightness slider fully left; the SeekBar carries no value and no screen shows a level.", Evaluator: eval,
			Steps: []Step{shade, StepOn(QuickSettings(true, false), "Pull down again for the slider.", SwipeDownShade()),
				StepOn(BrightnessPanel(true, false), "Slide brightness all the way to the left.", SwipeOn("Display brightness", "left")),
				Claim(BrightnessPanel(true, false), "The slider is at its leftmost position.")}},
		{Name: "brightness_min_adaptive_off", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "On Display the agent switches Adaptive brightness off instead of moving the level; Brightness level still reads 52%.", Evaluator: eval + " (screen_brightness is unchanged)",
			Steps: Then(toDisplay, StepOn(displayPage("52%", true), "Adaptive brightness keeps raising it; turn it off.", Tap("2:res:switch_widget")),
				Claim(displayPage("52%", false), "Adaptive brightness is off, so the screen stays at its lowest."))},
	}
}

func btOffCases() []Case {
	const task, goal = "SystemBluetoothTurnOff", "Turn bluetooth off."
	const eval = "system.py SystemBluetoothTurnOff (_SystemBluetoothToggle): `settings get global bluetooth_on` reads 0 after the run; Bluetooth starts on"
	return []Case{
		{Name: "bt_off_use_bluetooth_switch", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Settings' Bluetooth page: Use Bluetooth is switched off and the page shows the off text.", Evaluator: eval,
			Steps: Then(toBluetooth(true), StepOn(bluetoothPage(true), "Switch Use Bluetooth off.", Tap("res:switch_widget")),
				Claim(bluetoothPage(false), "Use Bluetooth is off."))},
		{Name: "bt_off_claimed_from_shade", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "The agent pulls down the shade, where the Bluetooth tile reads On, and declares Bluetooth off without tapping it.", Evaluator: eval + " (bluetooth_on reads 1)",
			Steps: []Step{shade, Claim(QuickSettings(true, true), "Bluetooth has been turned off.")}},
		{Name: "bt_off_tile_then_home", TaskName: task, Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Bluetooth tile is tapped and reads Off; the agent then presses Home and ends on the home screen.", Evaluator: eval,
			Steps: []Step{shade, StepOn(QuickSettings(true, true), "Tap Bluetooth.", Tap("Bluetooth.")),
				StepOn(QuickSettings(true, false), "It reads Off. Close the shade.", Home()), Claim(On(HomeScreen()), "Bluetooth is off.")}},
	}
}

func btOffVerifyCases() []Case {
	const task, goal = "SystemBluetoothTurnOffVerify", "Turn bluetooth off."
	const eval = "system.py SystemBluetoothTurnOffVerify (_SystemBluetoothToggle): `settings get global bluetooth_on` reads 0 after the run; Bluetooth is already off at the start"
	return []Case{
		{Name: "bt_verify_page_already_off", TaskName: task, Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The agent opens the Bluetooth page, sees Use Bluetooth off and leaves it.", Evaluator: eval,
			Steps: Then(toBluetooth(false), Claim(bluetoothPage(false), "Use Bluetooth is already off."))},
		{Name: "bt_verify_switched_on", TaskName: task, Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongValue,
			Behaviour: "On the Bluetooth page the agent taps the switch, meaning to turn it off; it was off, so Bluetooth turns on and the paired-device options appear.", Evaluator: eval + " (bluetooth_on reads 1)",
			Steps: Then(toBluetooth(false), StepOn(bluetoothPage(false), "Tap the switch to turn Bluetooth off.", Tap("res:switch_widget")),
				Claim(bluetoothPage(true), "Bluetooth has been toggled off."))},
		{Name: "bt_verify_claimed_from_home", TaskName: task, Goal: goal, Kind: KindUnseen, Truth: true, Expect: ExpectCannotTell,
			Behaviour: "The agent opens the app drawer, goes back Home and declares Bluetooth off without any screen showing its state.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Open the app list.", SwipeOn("Home", "up")), StepOn(On(AppDrawer("AndroidWorld")), "Bluetooth is not an app; go back.", Home()),
				Claim(On(HomeScreen()), "Bluetooth is off.")}},
	}
}
