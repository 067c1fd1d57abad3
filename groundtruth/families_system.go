package groundtruth

import (
	"context"
	"fmt"
	"path"
	"strconv"
	"strings"
	"time"

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

// ---- Files and Markor ---------------------------------------------------------

func joinDevice(root, sub string) string {
	if strings.HasPrefix(sub, "/") {
		return path.Clean(sub)
	}
	return path.Join(root, sub)
}

// existsPart is file_utils.check_file_or_folder_exists: a file or a folder at p counts.
func existsPart(ctx context.Context, dev Device, p string, want bool) (Part, error) {
	kind, err := StatPath(ctx, dev, p)
	if err != nil {
		return Part{}, err
	}
	ok := kind == RegularFile || kind == Folder
	name := p + " exists"
	if !want {
		name = p + " is gone"
	}
	detail := map[PathKind]string{Absent: "absent", RegularFile: "present", Folder: "present (a folder)", OtherFile: "absent (only a link or special file)"}[kind]
	return Part{Name: name, Pass: ok == want, Detail: detail}, nil
}

// regularFilePart is file_utils.check_file_exists (`test -f`): a regular file at p.
func regularFilePart(ctx context.Context, dev Device, p string) (Part, error) {
	kind, err := StatPath(ctx, dev, p)
	if err != nil {
		return Part{}, err
	}
	detail := map[PathKind]string{Absent: "absent", RegularFile: "present", Folder: "a folder, not a file", OtherFile: "not a regular file"}[kind]
	return Part{Name: p + " exists", Pass: kind == RegularFile, Detail: detail}, nil
}

// catFile reads a file as AndroidWorld's `adb shell cat PATH` does, with "\r" removed.
// failed says why cat would fail instead ("" when it reads): nothing at p, or a folder.
// A failing cat exits non-zero, and android_env raises on that; each check decides what
// that means, as its evaluator does (most let it raise: no score; check_file_content
// catches it and answers no match).
func catFile(ctx context.Context, dev Device, p string) (text, failed string, err error) {
	kind, err := StatPath(ctx, dev, p)
	if err != nil {
		return "", "", err
	}
	switch kind {
	case Absent:
		return "", "no such file", nil
	case Folder:
		return "", "it is a folder", nil
	}
	data, ok, err := PullFile(ctx, dev, p)
	if err != nil {
		return "", "", err
	}
	if !ok {
		return "", "no such file", nil
	}
	return strings.ReplaceAll(string(data), "\r", ""), "", nil
}

// catRaises is the error of an evaluator whose `cat` of p fails and raises.
func catRaises(p, why string) error {
	return noScore("`cat %s` fails (%s), and android_env raises on a failing adb command", p, why)
}

// fileContentResult is file_validators.CreateFile.is_successful: the file (or a folder
// of that name) exists, and its text, stripped, fuzzy-matches text, the file's text
// first: fuzzy_match(file_contents, text).
func fileContentResult(ctx context.Context, dev Device, task, p, text string) (*Result, error) {
	exists, err := existsPart(ctx, dev, p, true)
	if err != nil {
		return nil, err
	}
	content := Part{Name: "content matches"}
	if !exists.Pass {
		content.Detail = "no file"
		return allOf(task, exists, content), nil
	}
	got, failed, err := catFile(ctx, dev, p)
	if err != nil {
		return nil, err
	}
	if failed != "" {
		// CreateFile.is_successful's issue_generic_request(cat) raises.
		return nil, catRaises(p, failed)
	}
	got = strings.TrimSpace(got)
	content.Pass = FuzzyMatch(got, text)
	content.Detail = fmt.Sprintf("similarity %.2f to the expected text (file: %q)", Similarity(strings.ToLower(got), strings.ToLower(text)), clip(got, 80))
	return allOf(task, exists, content), nil
}

// moveFamily is file_validators.MoveFile: gone from the source folder, present in the
// destination (files or folders of that name count, as check_file_or_folder_exists).
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

// deleteFileFamily is file_validators.DeleteFile: nothing of that name is left.
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
		Checks: "the note exists with the text, and an SMS with the same text went to the number with Simple SMS Messenger in the foreground; reward is the mean of the two",
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
			// markor_sms.MarkorCreateNoteAndSms: (MarkorCreateNote + SimpleSMSSendSms) / 2,
			// the SMS half with its foreground check.
			note, err := fileContentResult(ctx, dev, "note", path.Join(MarkorData, file), text)
			if err != nil {
				return nil, err
			}
			sms, err := smsSendResult(ctx, dev, "sms", number, text)
			if err != nil {
				return nil, err
			}
			return Composite("MarkorCreateNoteAndSms", note, sms), nil
		}})
}

// ---- Clipboard ----------------------------------------------------------------

// ClipperActivity is the Clipper app AndroidWorld installs to reach the clipboard
// from adb: Android lets only the foreground app read it.
const ClipperActivity = "ca.zgrs.clipper/ca.zgrs.clipper.Main"

// clipperDelay is the pause AndroidWorld leaves between starting Clipper and asking it.
var clipperDelay = 500 * time.Millisecond

// ReadClipboard reads the clipboard as adb_utils.get_clipboard_contents does: start
// Clipper, wait, broadcast clipper.get, take the reply's data="...", press Back. It
// changes the foreground app (as AndroidWorld's check does), so it runs last in a check.
func ReadClipboard(ctx context.Context, dev Device) (string, error) {
	if _, err := dev.Shell(ctx, "am start -n "+ClipperActivity); err != nil {
		return "", fmt.Errorf("starting Clipper: %w", err)
	}
	select {
	case <-ctx.Done():
		return "", ctx.Err()
	case <-time.After(clipperDelay):
	}
	out, err := dev.Shell(ctx, "am broadcast -a clipper.get")
	if err != nil {
		return "", fmt.Errorf("am broadcast -a clipper.get: %w", err)
	}
	// adb_utils.extract_broadcast_data.
	switch {
	case strings.Contains(out, "Broadcast completed: result=-1, data="):
		data := strings.SplitN(out, "data=", 3)[1]
		if _, err := dev.Shell(ctx, "input keyevent KEYCODE_BACK"); err != nil {
			return "", fmt.Errorf("pressing Back after reading the clipboard: %w", err)
		}
		return strings.Trim(data, "\"\r\n"), nil
	case strings.Contains(out, "Broadcast completed: result=0"):
		return "", fmt.Errorf("Clipper did not answer (it must be installed, in the foreground and granted its permissions): %s", clip(strings.TrimSpace(out), 120))
	}
	return "", fmt.Errorf("unexpected broadcast output: %q", clip(strings.TrimSpace(out), 120))
}

func init() {
	register(&Family{Name: "SystemCopyToClipboard", App: "Clipper", Params: []string{"clipboard_content"},
		Checks: "the clipboard (read through the Clipper app, as AndroidWorld does) holds the text (fuzzy)",
		check: func(ctx context.Context, dev Device, p Params, _ *Snapshot) (*Result, error) {
			want, err := p.String("clipboard_content")
			if err != nil {
				return nil, err
			}
			got, err := ReadClipboard(ctx, dev)
			if err != nil {
				return nil, err
			}
			// SystemCopyToClipboard.is_successful: fuzzy_match(expected, actual).
			return allOf("SystemCopyToClipboard", Part{Name: fmt.Sprintf("clipboard holds %q", clip(want, 60)),
				Pass: FuzzyMatch(want, got), Detail: fmt.Sprintf("clipboard: %q", clip(got, 80))}), nil
		}})
}
