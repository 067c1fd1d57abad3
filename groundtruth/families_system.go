package groundtruth

import (
	"bytes"
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/device"
)

// Storage roots AndroidWorld uses.
const (
	EmulatorData = "/storage/emulated/0"
	MarkorData   = "/storage/emulated/0/Documents/Markor"
)

func init() {
	settingsFamilies()
	messagingFamilies()
	fileFamilies()
}

// ---- Settings ---------------------------------------------------------------

// onOff reads on_or_off, defaulting from the task name (…TurnOn…/…TurnOff…).
func onOff(task string, p Params) (bool, error) {
	def := ""
	switch {
	case strings.Contains(task, "TurnOn"):
		def = "on"
	case strings.Contains(task, "TurnOff"):
		def = "off"
	}
	v := strings.ToLower(strings.TrimSpace(p.StringOr("on_or_off", def)))
	switch v {
	case "on":
		return true, nil
	case "off":
		return false, nil
	}
	return false, fmt.Errorf("parameter on_or_off %q: want on or off", v)
}

func wifiResult(ctx context.Context, dev Device, task string, on bool) (*Result, error) {
	v, err := Setting(ctx, dev, "global", "wifi_on")
	if err != nil {
		return nil, err
	}
	// 2 means on while airplane mode is on.
	pass := v == "0"
	want := "0"
	if on {
		pass, want = v == "1" || v == "2", "1 or 2"
	}
	return allOf(task, Part{Name: "wifi " + onWord(on), Pass: pass, Detail: fmt.Sprintf("settings global wifi_on = %q, want %s", v, want)}), nil
}

func bluetoothResult(ctx context.Context, dev Device, task string, on bool) (*Result, error) {
	v, err := Setting(ctx, dev, "global", "bluetooth_on")
	if err != nil {
		return nil, err
	}
	want := "0"
	if on {
		want = "1"
	}
	return allOf(task, Part{Name: "bluetooth " + onWord(on), Pass: v == want, Detail: fmt.Sprintf("settings global bluetooth_on = %q, want %s", v, want)}), nil
}

func onWord(on bool) string {
	if on {
		return "on"
	}
	return "off"
}

func settingsFamilies() {
	for _, n := range []string{"SystemWifiTurnOn", "SystemWifiTurnOnVerify", "SystemWifiTurnOff", "SystemWifiTurnOffVerify"} {
		name := n
		register(&Family{Name: name, App: "Settings", Checks: "settings get global wifi_on (1 or 2 = on, 0 = off)", Params: []string{"on_or_off?"},
			check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
				on, err := onOff(name, p)
				if err != nil {
					return nil, err
				}
				return wifiResult(ctx, dev, name, on)
			}})
	}
	for _, n := range []string{"SystemBluetoothTurnOn", "SystemBluetoothTurnOnVerify", "SystemBluetoothTurnOff", "SystemBluetoothTurnOffVerify"} {
		name := n
		register(&Family{Name: name, App: "Settings", Checks: "settings get global bluetooth_on (1 = on, 0 = off)", Params: []string{"on_or_off?"},
			check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
				on, err := onOff(name, p)
				if err != nil {
					return nil, err
				}
				return bluetoothResult(ctx, dev, name, on)
			}})
	}
	for _, n := range []string{"SystemBrightnessMax", "SystemBrightnessMaxVerify", "SystemBrightnessMin", "SystemBrightnessMinVerify"} {
		name := n
		register(&Family{Name: name, App: "Settings", Checks: "settings get system screen_brightness (255 = max, 1 = min)", Params: []string{"max_or_min?"},
			check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
				def := "min"
				if strings.Contains(name, "Max") {
					def = "max"
				}
				mm := strings.ToLower(strings.TrimSpace(p.StringOr("max_or_min", def)))
				want := map[string]int{"max": 255, "min": 1}[mm]
				if want == 0 {
					return nil, fmt.Errorf("parameter max_or_min %q: want max or min", mm)
				}
				v, err := Setting(ctx, dev, "system", "screen_brightness")
				if err != nil {
					return nil, err
				}
				got, err := strconv.Atoi(v)
				if err != nil {
					return nil, fmt.Errorf("settings get system screen_brightness: %q is not a number", v)
				}
				return allOf(name, Part{Name: "brightness at " + mm, Pass: got == want,
					Detail: fmt.Sprintf("screen_brightness = %d, want %d", got, want)}), nil
			}})
	}
	register(&Family{Name: "TurnOffWifiAndTurnOnBluetooth", App: "Settings",
		Checks: "wifi_on = 0 and bluetooth_on = 1; reward is the mean of the two",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			w, err := wifiResult(ctx, dev, "wifi off", false)
			if err != nil {
				return nil, err
			}
			b, err := bluetoothResult(ctx, dev, "bluetooth on", true)
			if err != nil {
				return nil, err
			}
			return Composite("TurnOffWifiAndTurnOnBluetooth", w, b), nil
		}})
}

// ---- Foreground app ------------------------------------------------------------

// activityReader is implemented by *device.Device; other Devices fall back to dumpsys.
type activityReader interface {
	ForegroundActivity(ctx context.Context) (string, error)
}

// foregroundPackage returns the package of the resumed activity.
func foregroundPackage(ctx context.Context, dev Device) (string, error) {
	var act string
	if ar, ok := dev.(activityReader); ok {
		a, err := ar.ForegroundActivity(ctx)
		if err != nil {
			return "", err
		}
		act = a
	} else {
		out, err := dev.Shell(ctx, "dumpsys activity activities | grep ResumedActivity")
		if err != nil {
			return "", fmt.Errorf("foreground activity: %w", err)
		}
		if act = device.ParseActivity(out); act == "" {
			return "", fmt.Errorf("foreground activity: no resumed activity in dumpsys output")
		}
	}
	pkg, _, _ := strings.Cut(act, "/")
	return pkg, nil
}

func foregroundPart(ctx context.Context, dev Device, app, pkg string) (Part, error) {
	got, err := foregroundPackage(ctx, dev)
	if err != nil {
		return Part{}, err
	}
	return Part{Name: app + " is in the foreground", Pass: got == pkg, Detail: fmt.Sprintf("foreground package %s, want %s", got, pkg)}, nil
}

// OpenAppPackages maps AndroidWorld's OpenAppTaskEval app names to packages.
var OpenAppPackages = map[string]string{
	"camera": "com.android.camera2", "clock": "com.google.android.deskclock", "contacts": "com.google.android.contacts",
	"settings": "com.android.settings", "dialer": "com.google.android.dialer",
}

func openAppResult(ctx context.Context, dev Device, task string, p Params) (*Result, error) {
	app, err := p.String("app_name")
	if err != nil {
		return nil, err
	}
	pkg, ok := OpenAppPackages[strings.ToLower(strings.TrimSpace(app))]
	if !ok {
		pkg = app // a package name given directly
		if !strings.Contains(app, ".") {
			return nil, fmt.Errorf("parameter app_name %q: not one of camera, clock, contacts, settings, dialer, nor a package name", app)
		}
	}
	part, err := foregroundPart(ctx, dev, app, pkg)
	if err != nil {
		return nil, err
	}
	return allOf(task, part), nil
}

func init() {
	register(&Family{Name: "OpenAppTaskEval", App: "any", Checks: "the app's package owns the resumed activity (dumpsys)", Params: []string{"app_name"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			return openAppResult(ctx, dev, "OpenAppTaskEval", p)
		}})
	register(&Family{Name: "TurnOnWifiAndOpenApp", App: "Settings", Params: []string{"app_name"},
		Checks: "wifi_on is 1 or 2, and the app is in the foreground; reward is the mean of the two",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			w, err := wifiResult(ctx, dev, "wifi on", true)
			if err != nil {
				return nil, err
			}
			a, err := openAppResult(ctx, dev, "app open", p)
			if err != nil {
				return nil, err
			}
			return Composite("TurnOnWifiAndOpenApp", w, a), nil
		}})
}

// SMSPackage is Simple SMS Messenger; AndroidWorld's SMS tasks also require it to
// be in the foreground when scored.
const SMSPackage = "com.simplemobiletools.smsmessenger"

// ---- SMS and contacts -------------------------------------------------------

// SMSWindow is how recent a sent message must be to count (AndroidWorld: 5 minutes).
const SMSWindowMs = 5 * 60 * 1000

// smsSentResult: a message in content://sms/sent to the number (digits compared)
// with the body (fuzzy), sent within the window before the device's clock.
func smsSentResult(ctx context.Context, dev Device, task, number, body string) (*Result, error) {
	rows, err := ContentQuery(ctx, dev, "content://sms/sent")
	if err != nil {
		return nil, err
	}
	out, err := dev.Shell(ctx, "date +%s")
	if err != nil {
		return nil, fmt.Errorf("date +%%s: %w", err)
	}
	now, err := strconv.ParseInt(strings.TrimSpace(out), 10, 64)
	if err != nil {
		return nil, fmt.Errorf("date +%%s: %q is not a time", strings.TrimSpace(out))
	}
	nowMs := now * 1000
	sent := Part{Name: fmt.Sprintf("SMS to %s with body %q sent", number, clip(body, 60))}
	recent := Part{Name: "sent in the last 5 minutes"}
	want := []Field{{Column: "address", Want: number, Kind: Digits}, {Column: "body", Want: body, Kind: Fuzzy}}
	matches := FindRows(rows, want)
	if len(matches) == 0 {
		sent.Detail = fmt.Sprintf("none of %d sent messages match%s", len(rows), nearest(rows, want))
		recent.Detail = "no matching message"
	} else {
		sent.Pass = true
		sent.Detail = fmt.Sprintf("%d matching message(s)", len(matches))
		for _, m := range matches {
			d, ok := Num(m["date"])
			if !ok {
				return nil, fmt.Errorf("content://sms/sent row without a numeric date: %s", rowLabel(m))
			}
			age := nowMs - int64(d)
			if age <= SMSWindowMs {
				recent.Pass = true
				recent.Detail = fmt.Sprintf("sent %ds before the device clock", age/1000)
				break
			}
			recent.Detail = fmt.Sprintf("latest match sent %ds before the device clock", age/1000)
		}
	}
	return allOf(task, sent, recent), nil
}

func messagingFamilies() {
	for _, n := range []string{"SimpleSmsSend", "SimpleSmsReply", "SimpleSmsSendClipboardContent", "SimpleSmsSendReceivedAddress", "SimpleSmsReplyMostRecent", "SimpleSmsResend"} {
		name := n
		register(&Family{Name: name, App: "Simple SMS Messenger",
			Checks: "content query content://sms/sent: a message to the number (digits) with the body (fuzzy), sent in the last 5 minutes; Simple SMS Messenger in the foreground",
			Params: []string{"number", "message"},
			check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
				number, err := p.String("number")
				if err != nil {
					return nil, err
				}
				body, err := p.String("message")
				if err != nil {
					return nil, err
				}
				r, err := smsSentResult(ctx, dev, name, number, body)
				if err != nil {
					return nil, err
				}
				fg, err := foregroundPart(ctx, dev, "Simple SMS Messenger", SMSPackage)
				if err != nil {
					return nil, err
				}
				return allOf(name, append(r.Parts, fg)...), nil
			}})
	}
	register(&Family{Name: "ContactsAddContact", App: "Contacts",
		Checks: "content query content://contacts/phones/ (display_name:number): the name with the number (digits)",
		Params: []string{"name", "number"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			name, err := p.String("name")
			if err != nil {
				return nil, err
			}
			number, err := p.String("number")
			if err != nil {
				return nil, err
			}
			rows, err := ContentQuery(ctx, dev, "content://contacts/phones/", "display_name", "number")
			if err != nil {
				return nil, err
			}
			want := []Field{{Column: "display_name", Want: name}, {Column: "number", Want: number, Kind: Digits}}
			part := Part{Name: fmt.Sprintf("contact %q with number %s", name, number)}
			if m := FindRows(rows, want); len(m) > 0 {
				part.Pass, part.Detail = true, fmt.Sprintf("found among %d phone entries", len(rows))
			} else {
				part.Detail = fmt.Sprintf("not among %d phone entries%s", len(rows), nearest(rows, want))
			}
			return allOf("ContactsAddContact", part), nil
		}})
}

// ---- Files and Markor ---------------------------------------------------------

func joinDevice(root, sub string) string {
	if strings.HasPrefix(sub, "/") {
		return path.Clean(sub)
	}
	return path.Join(root, sub)
}

func existsPart(ctx context.Context, dev Device, p string, want bool) (Part, error) {
	_, ok, err := PullFile(ctx, dev, p)
	if err != nil {
		return Part{}, err
	}
	name := p + " exists"
	if !want {
		name = p + " is gone"
	}
	detail := "present"
	if !ok {
		detail = "absent"
	}
	return Part{Name: name, Pass: ok == want, Detail: detail}, nil
}

// fileContentResult: the file exists and its text (CR removed, trimmed) matches fuzzily.
func fileContentResult(ctx context.Context, dev Device, task, p, text string) (*Result, error) {
	data, ok, err := PullFile(ctx, dev, p)
	if err != nil {
		return nil, err
	}
	exists := Part{Name: p + " exists", Pass: ok}
	content := Part{Name: "content matches"}
	if !ok {
		exists.Detail = "absent"
		content.Detail = "no file"
	} else {
		got := strings.TrimSpace(string(bytes.ReplaceAll(data, []byte("\r"), nil)))
		content.Pass = FuzzyMatch(got, text)
		content.Detail = fmt.Sprintf("similarity %.2f to the expected text (file: %q)", Similarity(strings.ToLower(got), strings.ToLower(text)), clip(got, 80))
	}
	return allOf(task, exists, content), nil
}

func moveFamily(name, app, root string) *Family {
	return &Family{Name: name, App: app, Checks: "the file is absent from the source folder and present in the destination",
		Params: []string{"file_name", "source_folder", "destination_folder"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			file, err := p.String("file_name")
			if err != nil {
				return nil, err
			}
			src, err := p.String("source_folder")
			if err != nil {
				return nil, err
			}
			dst, err := p.String("destination_folder")
			if err != nil {
				return nil, err
			}
			a, err := existsPart(ctx, dev, path.Join(joinDevice(root, src), file), false)
			if err != nil {
				return nil, err
			}
			b, err := existsPart(ctx, dev, path.Join(joinDevice(root, dst), file), true)
			if err != nil {
				return nil, err
			}
			return allOf(name, a, b), nil
		}}
}

func deleteFileFamily(name, app, root string) *Family {
	return &Family{Name: name, App: app, Checks: "the file is gone", Params: []string{"file_name", "subfolder?"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			file, err := p.String("file_name")
			if err != nil {
				return nil, err
			}
			dir := joinDevice(root, p.StringOr("subfolder", ""))
			part, err := existsPart(ctx, dev, path.Join(dir, file), false)
			if err != nil {
				return nil, err
			}
			return allOf(name, part), nil
		}}
}

func markorCreate(name, textParam string) *Family {
	return &Family{Name: name, App: "Markor", Checks: "the note file under Documents/Markor exists and its text matches (fuzzy)",
		Params: []string{"file_name", textParam},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			file, err := p.String("file_name")
			if err != nil {
				return nil, err
			}
			text, err := p.String(textParam)
			if err != nil {
				return nil, err
			}
			return fileContentResult(ctx, dev, name, path.Join(MarkorData, file), text)
		}}
}

func fileFamilies() {
	register(deleteFileFamily("FilesDeleteFile", "Files", EmulatorData))
	register(moveFamily("FilesMoveFile", "Files", EmulatorData))
	register(deleteFileFamily("MarkorDeleteNote", "Markor", MarkorData))
	register(moveFamily("MarkorMoveNote", "Markor", MarkorData))
	register(markorCreate("MarkorCreateNote", "text"))
	register(markorCreate("MarkorCreateNoteFromClipboard", "file_content"))
	register(markorCreate("MarkorTranscribeVideo", "text"))
	register(markorCreate("MarkorTranscribeReceipt", "text"))
	register(&Family{Name: "MarkorCreateNoteAndSms", App: "Markor + Simple SMS Messenger",
		Checks: "the note exists with the text, and an SMS with the same text went to the number; reward is the mean of the two",
		Params: []string{"file_name", "text", "number"},
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			file, err := p.String("file_name")
			if err != nil {
				return nil, err
			}
			text, err := p.String("text")
			if err != nil {
				return nil, err
			}
			number, err := p.String("number")
			if err != nil {
				return nil, err
			}
			note, err := fileContentResult(ctx, dev, "note", path.Join(MarkorData, file), text)
			if err != nil {
				return nil, err
			}
			sms, err := smsSentResult(ctx, dev, "sms", number, text)
			if err != nil {
				return nil, err
			}
			return Composite("MarkorCreateNoteAndSms", note, sms), nil
		}})
}
