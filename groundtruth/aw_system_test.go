package groundtruth

import (
	"fmt"
	"strings"
)

// Settings, apps in the foreground, the clipboard, SMS and contacts.

const (
	settingsPy = "task_evals/single/system.py"
	smsPy      = "task_evals/common_validators/sms_validators.py"
	launcher   = "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"
	nowSecs    = 1697384040 // the device's `date +%s` in these tables: Oct 15 2023 15:34 UTC
)

func settingsState(wifi, bt, brightness string) *fakeState {
	return newState().sh("settings get global wifi_on", wifi+"\n").sh("settings get global bluetooth_on", bt+"\n").
		sh("settings get system screen_brightness", brightness+"\n")
}

func settingsCases() []awCase {
	var cs []awCase
	on := []awCase{
		{name: "wifi_on 1", cite: settingsPy + ` _SystemWifiToggle.is_successful: on when wifi_on is "1" or "2"`, params: Params{"on_or_off": "on"}, after: settingsState("1", "0", "100"), reward: 1},
		{name: "wifi_on 2 (airplane mode)", cite: settingsPy + ` _SystemWifiToggle: "2" is on with airplane mode`, params: Params{"on_or_off": "on"}, after: settingsState("2", "0", "100"), reward: 1},
		{name: "wifi_on 0", cite: settingsPy + ` _SystemWifiToggle: "0" is not on`, params: Params{"on_or_off": "on"}, after: settingsState("0", "0", "100"), reward: 0},
	}
	off := []awCase{
		{name: "wifi_on 0", cite: settingsPy + ` _SystemWifiToggle: off when wifi_on is "0"`, params: Params{"on_or_off": "off"}, after: settingsState("0", "0", "100"), reward: 1},
		{name: "wifi_on 2", cite: settingsPy + ` _SystemWifiToggle: "2" is not off`, params: Params{"on_or_off": "off"}, after: settingsState("2", "0", "100"), reward: 0},
	}
	// `settings get` of a key that was never set prints "null": neither on nor off.
	unset := `: "null" (settings get of an unset key) is `
	on = append(on, awCase{name: "wifi_on unset", cite: settingsPy + " _SystemWifiToggle" + unset + `not "1" or "2"`, params: Params{"on_or_off": "on"}, after: settingsState("null", "0", "100"), reward: 0})
	off = append(off, awCase{name: "wifi_on unset", cite: settingsPy + " _SystemWifiToggle" + unset + `not "0"`, params: Params{"on_or_off": "off"}, after: settingsState("null", "0", "100"), reward: 0})
	cs = append(cs, each([]string{"SystemWifiTurnOn", "SystemWifiTurnOnVerify"}, on)...)
	cs = append(cs, each([]string{"SystemWifiTurnOff", "SystemWifiTurnOffVerify"}, off)...)
	btOn := []awCase{
		{name: "bluetooth_on 1", cite: settingsPy + ` _SystemBluetoothToggle: expected "1" for on`, params: Params{"on_or_off": "on"}, after: settingsState("0", "1", "100"), reward: 1},
		{name: "bluetooth_on 0", cite: settingsPy + ` _SystemBluetoothToggle: "0" is not "1"`, params: Params{"on_or_off": "on"}, after: settingsState("0", "0", "100"), reward: 0},
	}
	btOff := []awCase{
		{name: "bluetooth_on 0", cite: settingsPy + ` _SystemBluetoothToggle: expected "0" for off`, params: Params{"on_or_off": "off"}, after: settingsState("0", "0", "100"), reward: 1},
		{name: "bluetooth_on 1", cite: settingsPy + ` _SystemBluetoothToggle: "1" is not "0"`, params: Params{"on_or_off": "off"}, after: settingsState("0", "1", "100"), reward: 0},
		{name: "bluetooth_on unset", cite: settingsPy + " _SystemBluetoothToggle" + unset + `not "0"`, params: Params{"on_or_off": "off"}, after: settingsState("0", "null", "100"), reward: 0},
	}
	btOn = append(btOn, awCase{name: "bluetooth_on unset", cite: settingsPy + " _SystemBluetoothToggle" + unset + `not "1"`, params: Params{"on_or_off": "on"}, after: settingsState("0", "null", "100"), reward: 0})
	cs = append(cs, each([]string{"SystemBluetoothTurnOn", "SystemBluetoothTurnOnVerify"}, btOn)...)
	cs = append(cs, each([]string{"SystemBluetoothTurnOff", "SystemBluetoothTurnOffVerify"}, btOff)...)
	max := []awCase{
		{name: "255", cite: settingsPy + " _SystemBrightnessToggle: max is brightness_level == 255", params: Params{"max_or_min": "max"}, after: settingsState("0", "0", "255"), reward: 1},
		{name: "254", cite: settingsPy + " _SystemBrightnessToggle: 254 is not 255", params: Params{"max_or_min": "max"}, after: settingsState("0", "0", "254"), reward: 0},
		{name: "null", cite: settingsPy + " _SystemBrightnessToggle: int() of a non-number raises", params: Params{"max_or_min": "max"}, after: settingsState("0", "0", "null"), wantErr: "not a number"},
	}
	min := []awCase{
		{name: "1", cite: settingsPy + " _SystemBrightnessToggle: min is brightness_level == 1", params: Params{"max_or_min": "min"}, after: settingsState("0", "0", "1"), reward: 1},
		{name: "2", cite: settingsPy + " _SystemBrightnessToggle: 2 is not 1", params: Params{"max_or_min": "min"}, after: settingsState("0", "0", "2"), reward: 0},
	}
	cs = append(cs, each([]string{"SystemBrightnessMax", "SystemBrightnessMaxVerify"}, max)...)
	cs = append(cs, each([]string{"SystemBrightnessMin", "SystemBrightnessMinVerify"}, min)...)
	const composite = "task_evals/composite/system.py"
	cs = append(cs,
		awCase{name: "both", task: "TurnOffWifiAndTurnOnBluetooth", cite: composite + " TurnOffWifiAndTurnOnBluetooth: (wifi off + bluetooth on) / 2", after: settingsState("0", "1", "1"), reward: 1},
		awCase{name: "wifi still on", task: "TurnOffWifiAndTurnOnBluetooth", cite: composite + " TurnOffWifiAndTurnOnBluetooth: the wifi half fails", after: settingsState("1", "1", "1"), reward: 0.5},
		awCase{name: "bluetooth off", task: "TurnOffWifiAndTurnOnBluetooth", cite: composite + " TurnOffWifiAndTurnOnBluetooth: the bluetooth half fails", after: settingsState("0", "0", "1"), reward: 0.5},
		awCase{name: "both", task: "TurnOnWifiAndOpenApp", cite: composite + " TurnOnWifiAndOpenApp: (wifi on + app open) / 2", params: Params{"app_name": "clock"},
			after: settingsState("1", "0", "1").fg("com.google.android.deskclock/com.android.deskclock.DeskClock"), reward: 1},
		awCase{name: "wifi off", task: "TurnOnWifiAndOpenApp", cite: composite + " TurnOnWifiAndOpenApp: the wifi half fails", params: Params{"app_name": "clock"},
			after: settingsState("0", "0", "1").fg("com.google.android.deskclock/com.android.deskclock.DeskClock"), reward: 0.5},
		awCase{name: "other app", task: "TurnOnWifiAndOpenApp", cite: composite + " TurnOnWifiAndOpenApp: the app half fails", params: Params{"app_name": "clock"},
			after: settingsState("1", "0", "1").fg("com.android.settings/.Settings"), reward: 0.5},
		awCase{name: "camera open", task: "OpenAppTaskEval", cite: settingsPy + " OpenAppTaskEval: the resumed activity's package is com.android.camera2", params: Params{"app_name": "camera"},
			after: newState().fg("com.android.camera2/com.android.camera.CameraLauncher"), reward: 1},
		awCase{name: "launcher", task: "OpenAppTaskEval", cite: settingsPy + " OpenAppTaskEval: another package", params: Params{"app_name": "camera"},
			after: newState().fg(launcher), reward: 0},
	)
	return cs
}

// clipper answers Clipper's clipper.get broadcast with the clipboard's text.
func clipper(text string) *fakeState {
	return newState().sh("am broadcast -a clipper.get", fmt.Sprintf("Broadcasting: Intent { act=clipper.get flg=0x400000 }\nBroadcast completed: result=-1, data=\"%s\"\n", text))
}

func clipboardCases() []awCase {
	const c = "task_evals/single/system.py SystemCopyToClipboard.is_successful: fuzzy_match(expected, get_clipboard_contents())"
	p := Params{"clipboard_content": "Tracking #: 1Z204E2A"}
	return []awCase{
		{name: "copied", task: "SystemCopyToClipboard", cite: c, params: p, after: clipper("Tracking #: 1Z204E2A"), reward: 1},
		{name: "one character off", task: "SystemCopyToClipboard", cite: c + ": ratio 0.95 >= 0.9", params: p, after: clipper("Tracking #: 1Z204E2B"), reward: 1},
		{name: "still the reset marker", task: "SystemCopyToClipboard", cite: c + ": the setup's ~~~RESET~~~ does not match", params: p, after: clipper("~~~RESET~~~"), reward: 0},
		{name: "Clipper not answering", task: "SystemCopyToClipboard", cite: "env/adb_utils.py _extract_clipper_output: result=0 raises", params: p,
			after: newState().sh("am broadcast -a clipper.get", "Broadcasting: Intent { act=clipper.get flg=0x400000 }\nBroadcast completed: result=0\n"), wantErr: "Clipper did not answer"},
	}
}

// smsRow is one row of `content query --uri content://sms/sent`, columns in the
// provider's order; minsAgo is counted back from nowSecs.
func smsRow(i int, addr string, minsAgo float64, body string) string {
	date := int64(nowSecs*1000 - minsAgo*60000)
	return fmt.Sprintf("Row: %d _id=%d, thread_id=1, address=%s, person=NULL, date=%d, date_sent=0, protocol=NULL, read=1, status=-1, type=2, reply_path_present=NULL, subject=NULL, body=%s, service_center=NULL, locked=0, sub_id=1, error_code=0, creator=com.simplemobiletools.smsmessenger, seen=1\n",
		i, 100-i, addr, date, body)
}

func smsState(rows ...string) *fakeState {
	return newState().sh("content query --uri content://sms/sent", strings.Join(rows, "")).sh("date +%s", fmt.Sprint(nowSecs)+"\n").fg(smsActivity)
}

// smsUI is a screen of Simple SMS Messenger showing text.
func smsUI(text string) string {
	return `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="" class="android.widget.FrameLayout" package="` + SMSPackage +
		`" bounds="[0,0][1080,2400]"><node index="0" text="` + text + `" class="android.widget.TextView" package="` + SMSPackage + `" bounds="[40,900][1040,960]" /></node></hierarchy>`
}

func smsCases() []awCase {
	was := smsPy + " was_sent"
	p := Params{"number": "+15550104477", "message": "Running late, see you at 5, ok?"}
	send := []awCase{
		{name: "sent", cite: was + " and SimpleSMSSendSms.is_successful: sent within 5 minutes, Simple SMS Messenger in the foreground", params: p,
			after: smsState(smsRow(0, "+15550104477", 1, "Running late, see you at 5, ok?")), reward: 1},
		{name: "address with dashes and spaces", cite: was + `: address.replace("-", "").replace(" ", "") == number`, params: p,
			after: smsState(smsRow(0, "+1 555-010-4477", 1, "Running late, see you at 5, ok?")), reward: 1},
		{name: "address with parentheses", cite: was + ": only dashes and spaces are removed, so (555) is not 555", params: p,
			after: smsState(smsRow(0, "+1 (555) 010-4477", 1, "Running late, see you at 5, ok?")), reward: 0},
		{name: "a typo in the body", cite: was + ": fuzzy_match(msg_body, body)", params: p,
			after: smsState(smsRow(0, "+15550104477", 1, "Running late, see you at 5, ok")), reward: 1},
		{name: "another body", cite: was + ": the body does not fuzzy-match", params: p,
			after: smsState(smsRow(0, "+15550104477", 1, "On my way, see you soon")), reward: 0},
		{name: "another number", cite: was + ": the address differs", params: p,
			after: smsState(smsRow(0, "+15550104478", 1, "Running late, see you at 5, ok?")), reward: 0},
		{name: "sent exactly 5 minutes ago", cite: was + ": current_time_ms - msg_date <= 5 minutes", params: p,
			after: smsState(smsRow(0, "+15550104477", 5, "Running late, see you at 5, ok?")), reward: 1},
		{name: "sent 6 minutes ago", cite: was + ": older than 5 minutes", params: p,
			after: smsState(smsRow(0, "+15550104477", 6, "Running late, see you at 5, ok?")), reward: 0},
		{name: "app left", cite: smsPy + " SimpleSMSSendSms.is_successful: in_correct_app is false", params: p,
			after: smsState(smsRow(0, "+15550104477", 1, "Running late, see you at 5, ok?")).fg(launcher), reward: 0},
		{name: "the match is the second message", cite: was + ": any message of the list counts", params: p,
			after: smsState(smsRow(0, "+15550109999", 0, "Other"), smsRow(1, "+15550104477", 2, "Running late, see you at 5, ok?")), reward: 1},
		{name: "no messages", cite: smsPy + " _decode_messages_from_response: No result found. is no messages", params: p,
			after: newState().sh("content query --uri content://sms/sent", "No result found.\n").sh("date +%s", fmt.Sprint(nowSecs)).fg(smsActivity), reward: 0},
		{name: "stuck at sending", cite: smsPy + " SimpleSMSSendSms.is_successful: _check_if_stuck_at_sending raises ValueError when a UI element's text starts with 'Sending'", params: p,
			after: smsState(smsRow(0, "+15550104477", 1, "Running late, see you at 5, ok?")).screen(smsUI("Sending…")), wantErr: "AndroidWorld would record no score"},
		{name: "a message saying Sending", cite: smsPy + " _check_if_stuck_at_sending: only text starting with 'Sending' counts", params: p,
			after: smsState(smsRow(0, "+15550104477", 1, "Running late, see you at 5, ok?")).screen(smsUI("Not Sending yet")), reward: 1},
		{name: "Sending on a container", cite: smsPy + " _check_if_stuck_at_sending reads get_state().ui_elements, forest_to_ui_elements' leaves, described and scrollable nodes: a container's text is not among them", params: p,
			after: smsState(smsRow(0, "+15550104477", 1, "Running late, see you at 5, ok?")).screen(`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node text="Sending…" class="android.widget.LinearLayout" bounds="[0,0][1080,2400]"><node text="x" bounds="[0,0][10,10]" /></node></hierarchy>`), reward: 1},
		{name: "a row without a date", cite: was + ": a message without address, body and date raises", params: p,
			after: smsState("Row: 0 _id=1, address=+15550104477, body=Hi\n"), wantErr: "address, body and date"},
		{name: "an empty message", cite: "parameters: an empty message would match nothing the evaluator generates", params: Params{"number": "+15550104477", "message": ""},
			after: smsState(), wantErr: "empty"},
	}
	cs := each([]string{"SimpleSmsSend", "SimpleSmsReply", "SimpleSmsSendClipboardContent", "SimpleSmsSendReceivedAddress", "SimpleSmsReplyMostRecent"}, send)

	const resend = "task_evals/single/sms.py SimpleSmsResend.is_successful"
	before := smsState(smsRow(0, "+15550104477", 1, "See you at noon"))
	cs = append(cs,
		awCase{name: "resent", task: "SimpleSmsResend", cite: resend + ": one more message, sms_are_equal(after[0], before[-1])", before: before,
			after: smsState(smsRow(0, "+15550104477", 0, "See you at noon"), smsRow(1, "+15550104477", 1, "See you at noon")), reward: 1},
		awCase{name: "did nothing", task: "SimpleSmsResend", cite: resend + ": len(after) != len(before) + 1 (the setup's own message does not count)", before: before,
			after: before.clone(), reward: 0},
		awCase{name: "sent twice", task: "SimpleSmsResend", cite: resend + ": two more messages, not one", before: before,
			after: smsState(smsRow(0, "+15550104477", 0, "See you at noon"), smsRow(1, "+15550104477", 0, "See you at noon"), smsRow(2, "+15550104477", 1, "See you at noon")), reward: 0},
		awCase{name: "another text", task: "SimpleSmsResend", cite: resend + ": sms_are_equal compares the bodies fuzzily", before: before,
			after: smsState(smsRow(0, "+15550104477", 0, "Where are you?"), smsRow(1, "+15550104477", 1, "See you at noon")), reward: 0},
		awCase{name: "to someone else", task: "SimpleSmsResend", cite: resend + ": sms_are_equal compares the addresses", before: before,
			after: smsState(smsRow(0, "+15550100000", 0, "See you at noon"), smsRow(1, "+15550104477", 1, "See you at noon")), reward: 0},
		awCase{name: "no foreground check", task: "SimpleSmsResend", cite: resend + " overrides is_successful without the app check", before: before,
			after: smsState(smsRow(0, "+15550104477", 0, "See you at noon"), smsRow(1, "+15550104477", 1, "See you at noon")).fg(launcher), reward: 1},
		awCase{name: "no snapshot", task: "SimpleSmsResend", cite: resend + " needs the messages listed at setup", after: before.clone(), wantErr: "needs a before snapshot"},
	)

	const ms = "task_evals/composite/markor_sms.py MarkorCreateNoteAndSms.is_successful: (markor + sms) / 2"
	mp := Params{"file_name": "list.md", "text": "milk, eggs, bread", "number": "+15550104477"}
	note := MarkorData + "/list.md"
	both := smsState(smsRow(0, "+15550104477", 1, "milk, eggs, bread")).put(note, "milk, eggs, bread\n")
	cs = append(cs,
		awCase{name: "both", task: "MarkorCreateNoteAndSms", cite: ms, params: mp, after: both, reward: 1},
		awCase{name: "sms app left", task: "MarkorCreateNoteAndSms", cite: ms + ": SimpleSMSSendSms's in_correct_app fails the SMS half", params: mp, after: both.clone().fg(launcher), reward: 0.5},
		awCase{name: "stuck at sending", task: "MarkorCreateNoteAndSms", cite: ms + ": the SMS half's _check_if_stuck_at_sending raises, so the whole task does", params: mp,
			after: both.clone().screen(smsUI("Sending")), wantErr: "AndroidWorld would record no score"},
		awCase{name: "no note", task: "MarkorCreateNoteAndSms", cite: ms + ": CreateFile fails", params: mp, after: both.clone().rm(note), reward: 0.5},
		awCase{name: "no sms", task: "MarkorCreateNoteAndSms", cite: ms + ": was_sent fails", params: mp,
			after: smsState(smsRow(0, "+15550104477", 1, "something else")).put(note, "milk, eggs, bread\n"), reward: 0.5},
	)
	return cs
}

func contactsState(rows string) *fakeState {
	return newState().sh("content query --uri content://contacts/phones/ --projection display_name:number", rows)
}

func contactCases() []awCase {
	const add = "task_evals/common_validators/contacts_validators.py AddContact: Contact(name, clean_phone_number(number)) in list_contacts()"
	p := Params{"name": "Li Wei", "number": "+86 10-1234-5678"}
	rows := "Row: 0 display_name=Jane Doe, number=(555) 123-4567\nRow: 1 display_name=Li Wei, number=+861012345678\n"
	cs := []awCase{
		{name: "added", task: "ContactsAddContact", cite: add, params: p, after: contactsState(rows), reward: 1},
		{name: "name in another case", task: "ContactsAddContact", cite: add + ": the name is compared exactly", params: p,
			after: contactsState("Row: 0 display_name=li wei, number=+861012345678\n"), reward: 0},
		{name: "a digit off", task: "ContactsAddContact", cite: add + ": the digits differ", params: p,
			after: contactsState("Row: 0 display_name=Li Wei, number=+861012345679\n"), reward: 0},
		{name: "none", task: "ContactsAddContact", cite: add + ": list_contacts finds nothing", params: p, after: contactsState("No result found.\n"), reward: 0},
	}
	const draft = "task_evals/single/contacts.py _contact_info_is_entered"
	dp := Params{"first": "Alice", "last": "Johnson", "phone": "555-123-4567", "phone_label": "Work"}
	form := func(first, last, phone, label, labelDesc string, labelTop int) *fakeState {
		return newState().fg(contactsEditor).screen(`<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
			`<node index="0" text="" class="android.widget.FrameLayout" content-desc="" hint="" bounds="[0,0][1080,2400]">` +
			`<node text="` + first + `" class="android.widget.EditText" content-desc="" hint="First name" bounds="[40,300][1040,400]" />` +
			`<node text="` + last + `" class="android.widget.EditText" content-desc="" hint="Last name" bounds="[40,420][1040,520]" />` +
			`<node text="` + phone + `" class="android.widget.EditText" content-desc="" hint="Phone" bounds="[40,600][1040,700]" />` +
			fmt.Sprintf(`<node text="%s" class="android.widget.Spinner" content-desc="%s" hint="" bounds="[40,%d][400,%d]" />`, label, labelDesc, labelTop, labelTop+70) +
			`</node></hierarchy>`)
	}
	cs = append(cs,
		awCase{name: "filled in", task: "ContactsNewContactDraft", cite: draft + ": all four elements found", params: dp,
			after: form("Alice", "Johnson", "(555) 123-4567", "Work", "Work Phone", 710), reward: 1},
		awCase{name: "first name misspelt", task: "ContactsNewContactDraft", cite: draft + ": fuzzy_match(element.text, first) fails for Alicia", params: dp,
			after: form("Alicia", "Johnson", "(555) 123-4567", "Work", "Work Phone", 710), reward: 0},
		awCase{name: "no last name", task: "ContactsNewContactDraft", cite: draft + ": no element hinted Last name holds the name", params: dp,
			after: form("Alice", "", "(555) 123-4567", "Work", "Work Phone", 710), reward: 0},
		awCase{name: "phone off by a digit", task: "ContactsNewContactDraft", cite: draft + `: re.sub(r"\D", "", text) differs`, params: dp,
			after: form("Alice", "Johnson", "(555) 123-4568", "Work", "Work Phone", 710), reward: 0},
		awCase{name: "label Home", task: "ContactsNewContactDraft", cite: draft + ": no element with text Work", params: dp,
			after: form("Alice", "Johnson", "(555) 123-4567", "Home", "Home Phone", 710), reward: 0},
		awCase{name: "label found by position", task: "ContactsNewContactDraft", cite: "task_evals/single/contacts.py _find_phone_label_element: the label right below the phone field", params: dp,
			after: form("Alice", "Johnson", "(555) 123-4567", "Work", "", 710), reward: 1},
		awCase{name: "label too far below", task: "ContactsNewContactDraft", cite: "task_evals/single/contacts.py _vertically_adjacent: more than a field's height below", params: dp,
			after: form("Alice", "Johnson", "(555) 123-4567", "Work", "", 820), reward: 0},
		awCase{name: "label Mobile", task: "ContactsNewContactDraft", cite: draft + `: assert phone_label != "Mobile"`, params: Params{"first": "Alice", "last": "Johnson", "phone": "555-123-4567", "phone_label": "Mobile"},
			after: form("Alice", "Johnson", "(555) 123-4567", "Mobile", "Mobile Phone", 710), wantErr: "Mobile"},
		awCase{name: "a dump without hints", task: "ContactsNewContactDraft", cite: "uiautomator before Android 16 writes no hint text, which the evaluator's fields are told apart by", params: dp,
			after: newState().screen(`<hierarchy rotation="0"><node text="Alice" class="android.widget.EditText" bounds="[40,300][1040,400]" /><node text="Johnson" class="android.widget.EditText" bounds="[40,420][1040,520]" />` +
				`<node text="555 123 4567" class="android.widget.EditText" bounds="[40,600][1040,700]" /><node text="Work" class="android.widget.Spinner" bounds="[40,710][400,780]" /></hierarchy>`), wantErr: "no hint text"},
		awCase{name: "a dump without hints, no last name anywhere", task: "ContactsNewContactDraft", cite: draft + ": no element's text fuzzy-matches last, so last_name_element stays None whatever the hints (the launcher after the task, on Android 13)", params: dp,
			after: newState().screen(`<hierarchy rotation="0"><node text="Alice" class="android.widget.EditText" bounds="[40,300][1040,400]" /></hierarchy>`), reward: 0},
		awCase{name: "the first name on a container", task: "ContactsNewContactDraft", cite: draft + " over forest_to_ui_elements, which keeps leaves, described and scrollable nodes: a container's text is no element", params: dp,
			after: newState().screen(`<hierarchy rotation="0"><node text="Alice" hint="First name" class="android.widget.EditText" bounds="[40,300][1040,400]"><node text="A" bounds="[40,300][100,400]" /></node>` +
				`<node text="Johnson" hint="Last name" class="android.widget.EditText" bounds="[40,420][1040,520]" /><node text="555 123 4567" hint="Phone" class="android.widget.EditText" bounds="[40,600][1040,700]" />` +
				`<node text="Work" content-desc="Work Phone" hint="" class="android.widget.Spinner" bounds="[40,710][400,780]" /></hierarchy>`), reward: 0},
	)
	return cs
}
