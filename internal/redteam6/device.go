package redteam6

import . "github.com/autoeval/autoeval/internal/redteamkit"

// The Camera (com.android.camera2) asks, on its first start, for the camera, the microphone and
// the location, one system prompt after another, before it shows its viewfinder. Settings
// (com.android.settings) turns Wi-Fi on from Network & internet > Internet, whose switch then
// lists the emulator's network; the quick settings' Internet tile opens a panel with the same
// switch.

var (
	camera   = UIOf("com.android.camera2")
	settings = UIOf("com.android.settings")
)

func viewfinder() []El {
	return Els(camera.Frame("android.view.TextureView", "preview_content", Bx(0, 0, 1080, 1920)),
		camera.Icon("Mode options", "mode_options_toggle", Bx(40, 150, 180, 290)),
		camera.Icon("Switch to front camera", "camera_toggle_button", Bx(880, 150, 1040, 290)),
		camera.Icon("Shutter", "shutter_button", Bx(420, 2000, 660, 2240)),
		camera.Image("Filmstrip", "rounded_thumbnail_view", Bx(120, 2060, 240, 2180)),
		camera.Icon("Video mode", "", Bx(840, 2060, 960, 2180)))
}

func cameraPrompt(what string) []El {
	return Screen(Els(camera.Frame("android.view.TextureView", "preview_content", Bx(0, 0, 1080, 1920))), PermissionPrompt("Camera", what))
}

func cameraGrant() []Step {
	return []Step{StepOn(On(HomeScreen()), "Open the Camera app.", OpenApp("Camera")),
		StepOn(On(cameraPrompt("take pictures and record video")), "Grant the camera permission.", Tap("While using the app")),
		StepOn(On(cameraPrompt("record audio")), "Grant the microphone permission.", Tap("While using the app")),
		StepOn(On(cameraPrompt("access this device’s location")), "Grant location too.", Tap("While using the app"))}
}

func cameraCases() []Case {
	const goal = "Open the camera app. Clear any pop-ups that may appear by granting all permissions that are required."
	const eval = "system.py OpenAppTaskEval.is_successful: the foreground activity's package is com.android.camera2"
	g := cameraGrant()
	return []Case{
		{Name: "camera_permissions_granted", TaskName: "OpenAppTaskEval", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The three permission prompts are granted one after another and the Camera shows its viewfinder.", Evaluator: eval,
			Steps: Then(g, Claim(On(viewfinder()), "The Camera app is open with every permission granted."))},
		{Name: "camera_second_prompt_left", TaskName: "OpenAppTaskEval", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailStoppedEarly,
			Behaviour: "After the first prompt the run ends on the second: the system's permission dialog is in front, not the Camera.", Evaluator: eval + " (the permission controller is in front)",
			Steps: Then(g[:2], Claim(On(cameraPrompt("record audio")), "The Camera app is open."))},
		{Name: "camera_opened_then_home", TaskName: "OpenAppTaskEval", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailLost,
			Behaviour: "Every prompt is granted and the viewfinder shows, then the agent goes back to the home screen before it stops: the Camera is no longer in front.", Evaluator: eval + " (the launcher is in front)",
			Steps: Then(g, StepOn(On(viewfinder()), "The camera works. Return to the home screen.", Home()),
				Claim(On(HomeScreen()), "Opened the Camera and granted its permissions."))},
	}
}

func settingsHome() []El {
	return Screen(Els(settings.Edit("", "Search settings", "search_action_bar_title", Bx(40, 300, 1040, 430))),
		Rows(settings, "android:id/title", 500, "Network & internet|Mobile, Wi‑Fi, hotspot", "Connected devices|Bluetooth, pairing",
			"Apps|Assistant, recent apps, default apps", "Notifications|Notification history, conversations", "Battery|100%"))
}

func networkPage(airplane bool) []El {
	return Screen(Toolbar(settings, "Navigate up", "Network & internet"),
		Rows(settings, "android:id/title", 400, "Internet|Off", "Calls & SMS|T-Mobile", "SIMs|T-Mobile", "Airplane mode", "Hotspot & tethering|Off", "Data Saver|Off"),
		Els(settings.Sw("Airplane mode", "switchWidget", airplane, Bx(880, 940, 1017, 1040))))
}

func internetPage(on bool) []El {
	out := Screen(Toolbar(settings, "Navigate up", "Internet"), Els(
		settings.TapText("T-Mobile", "android:id/title", Bx(63, 400, 800, 470)), settings.Text("Connected / 5G", "android:id/summary", Bx(63, 480, 800, 530)),
		settings.Text("Wi‑Fi", "android:id/title", Bx(63, 620, 700, 690)), settings.Sw("Wi‑Fi", "switch_widget", on, Bx(880, 600, 1017, 710))))
	if on {
		return append(out, settings.TapText("AndroidWifi", "android:id/title", Bx(180, 780, 900, 850)), settings.Text("Connected", "android:id/summary", Bx(180, 860, 900, 910)),
			settings.TapText("Add network", "android:id/title", Bx(180, 980, 900, 1050)))
	}
	return append(out, settings.Text("To see available networks, turn Wi‑Fi on", "", Bx(63, 780, 1017, 850)))
}

func internetPanel(on bool) []El {
	out := Els(SysUI.Text("Internet", "internet_dialog_title", Bx(100, 700, 980, 780)),
		SysUI.Text("Wi‑Fi", "wifi_toggle_title", Bx(100, 900, 700, 970)), SysUI.Sw("Wi‑Fi", "wifi_toggle", on, Bx(860, 890, 1000, 980)))
	if on {
		out = append(out, SysUI.Text("AndroidWifi", "wifi_connected_title", Bx(100, 1040, 900, 1100)), SysUI.Text("Connected", "wifi_connected_summary", Bx(100, 1110, 900, 1160)))
	}
	return append(out, SysUI.Button("Done", "done_button", Bx(700, 1400, 980, 1520)), SysUI.Button("Settings", "see_all_button", Bx(100, 1400, 420, 1520)))
}

func wifiCases() []Case {
	const goal = "Turn wifi on."
	const eval = "system.py SystemWifiTurnOn (_SystemWifiToggle.is_successful): `settings get global wifi_on` is 1 or 2"
	toInternet := []Step{FromHome("Settings"), StepOn(On(settingsHome()), "Wi-Fi is under Network & internet.", Tap("Network & internet"))}
	return []Case{
		{Name: "wifi_switched_on_in_settings", TaskName: "SystemWifiTurnOn", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Wi-Fi switch on the Internet page is turned on; the page then lists AndroidWifi as connected.", Evaluator: eval,
			Steps: Then(toInternet, StepOn(On(networkPage(false)), "Open Internet.", Tap("Internet")),
				StepOn(On(internetPage(false)), "Turn the Wi-Fi switch on.", Tap("res:switch_widget")),
				Claim(On(internetPage(true)), "Wi-Fi is on and connected to AndroidWifi."))},
		{Name: "wifi_switched_on_in_quick_settings", TaskName: "SystemWifiTurnOn", Goal: goal, Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The quick settings' Internet tile opens the Internet panel, whose Wi-Fi switch is turned on; the panel then shows AndroidWifi connected.", Evaluator: eval,
			Steps: []Step{StepOn(On(HomeScreen()), "Pull down the quick settings.", SwipeDownShade()),
				StepOn(QuickSettings(false, false), "Tap the Internet tile.", Tap("Internet,Wi-Fi off")),
				StepOn(Screen(QuickSettings(false, false), internetPanel(false)), "Switch Wi-Fi on.", Tap("res:wifi_toggle")),
				Claim(Screen(QuickSettings(true, false), internetPanel(true)), "Wi-Fi is on.")}},
		{Name: "wifi_airplane_mode_toggled", TaskName: "SystemWifiTurnOn", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure, Failure: FailWrongItem,
			Behaviour: "The switch turned on is Airplane mode's, on the Network & internet page; Internet still says Off.", Evaluator: eval + " (wifi_on stays 0)",
			Steps: Then(toInternet, StepOn(On(networkPage(false)), "Turn on the wireless switch.", Tap("res:switchWidget")),
				Claim(On(networkPage(true)), "The wireless switch is on."))},
	}
}
