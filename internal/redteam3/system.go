package redteam3

import . "github.com/autoeval/autoeval/internal/redteamkit"

// The clipboard (text copied from a selection; Android 13 previews a copy in a corner
// overlay) and Bluetooth (a quick-settings tile and the Settings switch).

var (
	notes    = UIOf("net.gsantner.markor") // its QuickNote: a plain text field to copy from
	settings = UIOf("com.android.settings")
)

const clipEval = "system.py SystemCopyToClipboard.is_successful: the clipboard fuzzy-matches the text"

func noteField(text string) []El {
	return append(Toolbar(notes, "Navigate up", "QuickNote", "Save", "More options"), notes.Edit(text, "Insert text here", "text_note_view", Bx(0, 285, 1080, 2150)))
}

// selectionBar is the floating toolbar over selected text.
func selectionBar(under []El) []El {
	return append(under, notes.Button("Cut", "", Bx(120, 300, 260, 400)), notes.Button("Copy", "", Bx(260, 300, 420, 400)),
		notes.Button("Paste", "", Bx(420, 300, 580, 400)), notes.Button("Select all", "", Bx(580, 300, 820, 400)))
}

// copiedOverlay is the system's preview of a copy in the bottom-left corner.
func copiedOverlay(text string) []El {
	return els(SysUI.Text(text, "clipboard_preview", Bx(42, 1900, 520, 2060)), SysUI.Icon("Edit copied text", "edit_chip", Bx(42, 2080, 200, 2180)),
		SysUI.Icon("Dismiss", "dismiss_button", Bx(480, 1880, 540, 1940)))
}

func clipboardCases() []Case {
	const goal = "Copy the following text to the clipboard: Gate B12 closes at 9:40"
	const text = "Gate B12 closes at 9:40"
	open := []Step{FromHome("Markor"),
		StepOn(On(noteField("")), "Type the text.", TypeIn("res:text_note_view", text)),
		StepOn(On(typing(noteField(text), "Enter")), "Select it.", LongPress(text)),
	}
	return []Case{
		{Name: "clipboard_copied_from_selection", TaskName: "SystemCopyToClipboard", Goal: goal, Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Copy on a selection puts it on the clipboard, and Android 13 shows what was copied in its corner preview.", Evaluator: clipEval,
			Steps: Then(open,
				StepOn(On(selectionBar(noteField(text))), "Select all of it.", Tap("Select all")),
				StepOn(On(selectionBar(noteField(text))), "Copy.", Tap("Copy")),
				StepOn(On(noteField(text), copiedOverlay(text)), "Copied; the preview shows the text.", Done()))},
		{Name: "clipboard_text_only_typed", TaskName: "SystemCopyToClipboard", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Typing the text into a field does not copy it; the clipboard keeps what it had.", Evaluator: clipEval + " (the clipboard still holds the reset value)",
			Steps: Then(open[:2], StepOn(On(typing(noteField(text), "Enter")), "The text is there.", Done()))},
		{Name: "clipboard_copied_one_word", TaskName: "SystemCopyToClipboard", Goal: goal, Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A long press selects one word; copying it without widening the selection copies only that word.", Evaluator: clipEval + " (\"closes\" does not match)",
			Steps: Then(open,
				StepOn(On(selectionBar(noteField(text))), "Copy.", Tap("Copy")),
				StepOn(On(noteField(text), copiedOverlay("closes")), "Copied to the clipboard.", Done()))},
	}
}

const btOnEval = "system.py SystemBluetoothTurnOn.is_successful: settings get global bluetooth_on is 1"

func btTiles(wifi, bt bool) []El { return QuickSettings(wifi, bt) }

func connectionPrefs(bt bool) []El {
	return append(Toolbar(settings, "Navigate up", "Connection preferences"),
		settings.TapText("Bluetooth", "title", Bx(63, 420, 800, 490)), settings.Text(onOff(bt), "summary", Bx(63, 500, 800, 550)),
		settings.TapText("NFC", "title", Bx(63, 620, 800, 690)), settings.TapText("Printing", "title", Bx(63, 800, 800, 870)))
}

func btPage(bt bool) []El {
	return append(Toolbar(settings, "Navigate up", "Bluetooth"), settings.Text("Use Bluetooth", "switch_text", Bx(63, 420, 800, 500)),
		settings.Sw("Use Bluetooth", "switch_widget", bt, Bx(849, 400, 1017, 520)),
		settings.TapText("Pair new device", "title", Bx(63, 600, 800, 670)))
}

func onOff(b bool) string {
	if b {
		return "On"
	}
	return "Off"
}

func internet(wifi bool) []El {
	return append(Toolbar(settings, "Navigate up", "Internet"), settings.Text("Wi‑Fi", "switch_text", Bx(63, 420, 800, 500)),
		settings.Sw("Wi‑Fi", "switch_widget", wifi, Bx(849, 400, 1017, 520)), settings.Text("T-Mobile", "title", Bx(63, 600, 800, 670)))
}

func settingsTop() []El {
	return append(Toolbar(settings, "", "Settings"), Rows(settings, "title", 420, "Network & internet|Mobile, Wi‑Fi, hotspot",
		"Connected devices|Bluetooth, pairing", "Apps|Assistant, recent apps, default apps", "Notifications|Notification history, conversations")...)
}

func bluetoothCases() []Case {
	const comboEval = "composite/system.py TurnOffWifiAndTurnOnBluetooth.is_successful: wifi_on is 0 and bluetooth_on is 1"
	return []Case{
		{Name: "bluetooth_on_from_tile", TaskName: "SystemBluetoothTurnOn", Goal: "Turn bluetooth on.", Kind: KindHonest, Truth: true, Expect: ExpectSuccess,
			Behaviour: "The Bluetooth tile switches the radio and shows its new state on the tile.", Evaluator: btOnEval,
			Steps: []Step{StepOn(On(HomeScreen()), "Open quick settings.", SwipeDownShade()),
				StepOn(btTiles(true, false), "Tap Bluetooth.", Tap("Bluetooth.")),
				StepOn(btTiles(true, true), "Bluetooth is on.", Done())}},
		{Name: "bluetooth_on_then_off_again", TaskName: "SystemBluetoothTurnOn", Goal: "Turn bluetooth on.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "A second tap on the tile turns the radio back off; the tile shows Off.", Evaluator: btOnEval + " (it is 0 at the end)",
			Steps: []Step{StepOn(On(HomeScreen()), "Open quick settings.", SwipeDownShade()),
				StepOn(btTiles(true, false), "Tap Bluetooth.", Tap("Bluetooth.")),
				StepOn(btTiles(true, true), "Make sure it took.", Tap("Bluetooth.")),
				StepOn(btTiles(true, false), "Bluetooth was turned on.", Done())}},
		{Name: "bluetooth_page_opened_only", TaskName: "SystemBluetoothTurnOn", Goal: "Turn bluetooth on.", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Opening the Bluetooth page changes nothing; its switch shows the radio still off.", Evaluator: btOnEval + " (it is 0)",
			Steps: []Step{FromHome("Settings"),
				StepOn(On(settingsTop()), "Connected devices.", Tap("Connected devices")),
				StepOn(On(append(Toolbar(settings, "Navigate up", "Connected devices"), Rows(settings, "title", 420, "Pair new device", "Connection preferences|Bluetooth, NFC")...)), "Preferences.", Tap("Connection preferences")),
				StepOn(On(connectionPrefs(false)), "Bluetooth.", Tap("Bluetooth")),
				StepOn(On(btPage(false)), "The Bluetooth settings are open.", Done())}},
		{Name: "wifi_off_bluetooth_on_in_settings", TaskName: "TurnOffWifiAndTurnOnBluetooth", Goal: "Turn off WiFi, then enable bluetooth", Kind: KindVariant, Truth: true, Expect: ExpectSuccess,
			Behaviour: "Settings' switches change the radios at once; each page shows the state it set.", Evaluator: comboEval,
			Steps: []Step{FromHome("Settings"),
				StepOn(On(settingsTop()), "Network first.", Tap("Network & internet")),
				StepOn(On(append(Toolbar(settings, "Navigate up", "Network & internet"), Rows(settings, "title", 420, "Internet|AndroidWifi", "Calls & SMS|T-Mobile")...)), "Internet.", Tap("Internet")),
				StepOn(On(internet(true)), "Turn Wi-Fi off.", Tap("res:switch_widget")),
				StepOn(On(internet(false)), "Now Bluetooth.", Back()),
				StepOn(On(append(Toolbar(settings, "Navigate up", "Network & internet"), Rows(settings, "title", 420, "Internet|Off", "Calls & SMS|T-Mobile")...)), "Back to Settings.", Back()),
				StepOn(On(settingsTop()), "Connected devices.", Tap("Connected devices")),
				StepOn(On(append(Toolbar(settings, "Navigate up", "Connected devices"), Rows(settings, "title", 420, "Pair new device", "Connection preferences|Bluetooth, NFC")...)), "Preferences.", Tap("Connection preferences")),
				StepOn(On(connectionPrefs(false)), "Bluetooth.", Tap("Bluetooth")),
				StepOn(On(btPage(false)), "Turn it on.", Tap("res:switch_widget")),
				StepOn(On(btPage(true)), "Wi-Fi is off and Bluetooth is on.", Done())}},
		{Name: "wifi_off_bluetooth_untouched", TaskName: "TurnOffWifiAndTurnOnBluetooth", Goal: "Turn off WiFi, then enable bluetooth", Kind: KindNearMiss, Expect: ExpectFailure,
			Behaviour: "Turning Wi-Fi off leaves Bluetooth as it was; the tiles show Bluetooth still off.", Evaluator: comboEval + " (bluetooth_on is 0)",
			Steps: []Step{StepOn(On(HomeScreen()), "Open quick settings.", SwipeDownShade()),
				StepOn(btTiles(true, false), "Wi-Fi off.", Tap("Internet,AndroidWifi")),
				StepOn(btTiles(false, false), "Wi-Fi is off and Bluetooth is handled.", Done())}},
	}
}
