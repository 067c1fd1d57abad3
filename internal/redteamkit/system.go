package redteamkit

import (
	"strconv"
	"strings"
)

// The system's own screens and overlays, as the emulator AndroidWorld runs (a Pixel image,
// Android 13) shows them: the status bar, Gboard, the Pixel launcher and its app drawer, the
// quick settings, toasts and the permission prompt.

var (
	SysUI    = UIOf("com.android.systemui")
	Launcher = UIOf("com.google.android.apps.nexuslauncher")
	Gboard   = UIOf("com.google.android.inputmethod.latin")
)

// StatusBar is the top bar: the clock, notification icons, signal and battery.
func StatusBar(clock string) []El {
	c := SysUI.Text(clock, "clock", Bx(50, 1, 148, 128))
	c.Desc = clock
	return Els(c,
		SysUI.Image("Android System notification: Serial console enabled", "", Bx(148, 1, 206, 128)),
		El{Desc: "Wifi signal full.,No internet", Class: "android.widget.FrameLayout", Pkg: SysUI.Pkg, Res: SysUI.Res("wifi_combo"), Box: Bx(885, 35, 931, 93)},
		El{Desc: "Phone three bars.", Class: "android.widget.FrameLayout", Pkg: SysUI.Pkg, Res: SysUI.Res("mobile_combo"), Box: Bx(931, 35, 970, 93)},
		El{Desc: "Battery 100 percent.", Class: "android.widget.LinearLayout", Pkg: SysUI.Pkg, Res: SysUI.Res("battery"), Box: Bx(986, 1, 1006, 128)},
	)
}

// KeyboardTop is where Gboard's suggestion strip starts; app content above it stays.
const KeyboardTop = 1517

// Keyboard is Gboard open under a focused field: its suggestion strip, the letter rows and
// the action key (Enter, Next, Search, Done, Send, Go).
func Keyboard(action string, suggestions ...string) []El {
	key := func(desc, id string, b Box) El {
		return El{Desc: desc, Class: "android.widget.FrameLayout", Pkg: Gboard.Pkg, Res: Gboard.Res(id), Box: b, Clickable: true}
	}
	out := Els(
		Gboard.Image("Back", "input_method_nav_back", Bx(71, 2274, 254, 2400)),
		Gboard.Image("Switch input method", "input_method_nav_ime_switcher", Bx(826, 2274, 1009, 2400)),
		key("More features", "key_pos_header_access_points_menu", Bx(5, 1517, 115, 1633)),
	)
	for i, s := range suggestions {
		x := 134 + i*271
		out = append(out, Gboard.TapText(s, "suggestion_"+Itoa(i), Bx(x, 1549, x+260, 1602)))
	}
	out = append(out, key("Voice input", "key_pos_header_power_key", Bx(965, 1517, 1075, 1633)))
	rows := []string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}
	for r, keys := range rows {
		y0 := 1654 + r*155
		x0, w := 5, 107
		if r == 1 {
			x0 = 58
		}
		if r == 2 {
			x0 = 165
			out = append(out, key("Shift", "key_pos_shift", Bx(5, y0, 165, y0+155)))
		}
		for c, k := range keys {
			out = append(out, key(strings.ToUpper(string(k)), "key_pos_"+Itoa(r)+"_"+Itoa(c), Bx(x0+c*w, y0, x0+(c+1)*w, y0+155)))
		}
		if r == 2 {
			out = append(out, key("Delete", "key_pos_del", Bx(914, y0, 1075, y0+155)))
		}
	}
	return append(out,
		key("Symbol keyboard", "key_pos_switch_to_symbol", Bx(5, 2118, 165, 2274)),
		key(",", "key_pos_bottom_symbol_1", Bx(165, 2118, 272, 2274)),
		key("Emoji button", "key_pos_switch_to_next_language", Bx(272, 2118, 379, 2274)),
		key("Space", "key_pos_space", Bx(379, 2118, 807, 2274)),
		key(".", "key_pos_bottom_symbol_2", Bx(807, 2118, 914, 2274)),
		key(action, "key_pos_ime_action", Bx(914, 2118, 1075, 2274)),
	)
}

// WithKeyboard is an app screen with Gboard open: app elements under the keyboard are gone,
// those it cuts are clipped, and the keyboard comes after the app, as the forest lists windows.
func WithKeyboard(app []El, action string, suggestions ...string) []El {
	var out []El
	for _, e := range app {
		if e.Y0 >= KeyboardTop {
			continue
		}
		if e.Y1 > KeyboardTop {
			e.Y1 = KeyboardTop
		}
		out = append(out, e)
	}
	return append(out, Keyboard(action, suggestions...)...)
}

// HomeScreen is the Pixel launcher's home screen.
func HomeScreen() []El {
	app := func(name, desc string, b Box) El {
		e := Launcher.TapText(name, "", b)
		e.Desc, e.LongClickable = desc, true
		return e
	}
	return Els(
		Launcher.Scroller("android.widget.ScrollView", "workspace", Bx(0, 0, 1080, 2400)),
		El{Desc: "Home", Class: "android.view.View", Pkg: Launcher.Pkg, Box: Bx(0, 128, 1080, 2337)},
		app("Phone", "Phone", Bx(76, 1873, 249, 2068)),
		app("Messages", "Messages", Bx(328, 1873, 501, 2068)),
		app("Chrome", "Chrome", Bx(580, 1873, 753, 2068)),
		app("Settings", "Predicted app: Settings", Bx(832, 1873, 1004, 2068)),
		El{Desc: "Search", Class: "android.widget.FrameLayout", Pkg: Launcher.Pkg, Res: Launcher.Res("search_container_hotseat"), Box: Bx(75, 2125, 1004, 2290), Clickable: true},
		app("Sun, Oct 15", "Sun, Oct 15", Bx(99, 292, 1023, 354)),
		app("Gmail", "Gmail", Bx(309, 1479, 519, 1751)),
		app("Photos", "Photos", Bx(561, 1479, 771, 1751)),
		app("YouTube", "YouTube", Bx(813, 1479, 1023, 1751)),
		Launcher.Icon("Google app", "g_icon", Bx(86, 2144, 212, 2270)),
		Launcher.Icon("Voice search", "mic_icon", Bx(741, 2125, 867, 2290)),
		Launcher.Icon("Google Lens", "lens_icon", Bx(867, 2125, 993, 2290)),
	)
}

// DrawerApps are the apps of AndroidWorld's image, as its app drawer lists them.
var DrawerApps = []string{
	"AndroidWorld", "Audio Recorder", "Broccoli", "Calendar", "Camera", "Chrome", "Clipper", "Clock",
	"Contacts", "Draw", "Files", "Gallery", "Joplin", "Markor", "Messages", "OpenTracks", "OsmAnd",
	"Phone", "Pro Expense", "Retro Music", "Settings", "Simple Calendar Pro", "Simple SMS Messenger", "Tasks", "VLC",
}

// AppDrawer is the launcher's list of all apps from the first app named, four a row under the
// suggested row, as far down as the screen goes.
func AppDrawer(from string) []El {
	out := Els(
		Launcher.Scroller("androidx.recyclerview.widget.RecyclerView", "apps_list_view", Bx(0, 233, 1080, 2400)),
		Launcher.Icon("Google app", "g_icon", Bx(67, 165, 193, 291)),
		Launcher.Edit("", "Search apps, web and more", "input", Bx(214, 156, 886, 301)),
		Launcher.Icon("Preferences", "menu_btn", Bx(886, 160, 1023, 297)),
	)
	start := 0
	for i, a := range DrawerApps {
		if a == from {
			start = i
		}
	}
	for i, a := range DrawerApps[start:] {
		r, c := i/4, i%4
		y := 725 + r*315
		if y >= 2400 {
			break
		}
		e := Launcher.TapText(a, "icon", Bx(57+c*241, y, 298+c*241, min(y+315, 2400)))
		e.Desc = a
		out = append(out, e)
	}
	for i, a := range []string{"Gmail", "YouTube", "Photos", "Clock"} {
		e := Launcher.TapText(a, "icon", Bx(57+i*241, 328, 298+i*241, 611))
		e.Desc = a
		out = append(out, e)
	}
	return out
}

// QuickSettings is the shade pulled down once: the first tiles and the notifications.
func QuickSettings(wifiOn, btOn bool) []El {
	tile := func(state, desc string, on bool, b Box) El {
		e := SysUI.Sw(desc, "", on, b)
		e.Text = state
		return e
	}
	wifi := "Off"
	wifiDesc := "Internet,Wi-Fi off"
	if wifiOn {
		wifi, wifiDesc = "On", "Internet,AndroidWifi"
	}
	bt := "Off"
	if btOn {
		bt = "On"
	}
	return Els(
		tile(wifi, wifiDesc, wifiOn, Bx(42, 126, 529, 284)),
		tile(bt, "Bluetooth.", btOn, Bx(550, 126, 1037, 284)),
		tile("Off", "Do Not Disturb.", false, Bx(550, 305, 1037, 463)),
		SysUI.Text("Silent", "header_label", Bx(53, 568, 207, 694)),
		SysUI.Button("Manage", "manage_text", Bx(84, 1027, 321, 1153)),
		SysUI.Text("15:34", "clock", Bx(50, 0, 150, 126)),
		SysUI.Text("Sun, Oct 15", "date", Bx(171, 31, 481, 94)),
		SysUI.Icon("Expand", "expand_button", Bx(852, 699, 1038, 846)),
		SysUI.Text("Android System", "app_name_text", Bx(179, 751, 405, 794)),
		SysUI.Text("Serial console enabled", "notification_title", Bx(179, 825, 561, 876)),
	)
}

// BrightnessPanel is the shade pulled down twice: the brightness slider over the tiles.
// The SeekBar carries no value in the forest.
func BrightnessPanel(wifiOn, btOn bool) []El {
	return Screen(Els(El{Text: "Display brightness", Class: "android.widget.SeekBar", Pkg: SysUI.Pkg, Res: SysUI.Res("slider"),
		Box: Bx(42, 149, 1038, 275), Clickable: true, Focusable: true}), QuickSettings(wifiOn, btOn)[:3])
}

// Toast is a toast over an app: Android puts it in the app's window list with its text.
func Toast(pkg, msg string) El {
	return El{Text: msg, Class: "android.widget.TextView", Pkg: pkg, Res: "android:id/message", Box: Bx(190, 2040, 890, 2130)}
}

// Dialog is an AlertDialog of an app: title, message and buttons (positive first).
func Dialog(pkg, title, msg string, buttons ...string) []El {
	u := UI{pkg}
	var out []El
	if title != "" {
		t := u.Text(title, "", Bx(116, 930, 964, 1010))
		t.Res = "android:id/alertTitle"
		out = append(out, t)
	}
	if msg != "" {
		m := u.Text(msg, "", Bx(116, 1040, 964, 1200))
		m.Res = "android:id/message"
		out = append(out, m)
	}
	x := 900
	for i, b := range buttons {
		w := 60 + 28*len(b)
		e := u.Button(b, "", Bx(x-w, 1250, x, 1376))
		e.Res = "android:id/button" + Itoa(i+1)
		out = append(out, e)
		x -= w + 20
	}
	return out
}

// PermissionPrompt is the system's runtime permission dialog.
func PermissionPrompt(app, what string) []El {
	pc := UIOf("com.google.android.permissioncontroller")
	return Els(
		pc.Text("Allow "+app+" to "+what+"?", "permission_message", Bx(116, 1010, 964, 1160)),
		pc.Button("While using the app", "permission_allow_foreground_only_button", Bx(116, 1230, 964, 1356)),
		pc.Button("Only this time", "permission_allow_one_time_button", Bx(116, 1370, 964, 1496)),
		pc.Button("Don’t allow", "permission_deny_button", Bx(116, 1510, 964, 1636)),
	)
}

func Itoa(i int) string { return strconv.Itoa(i) }

// On is an app screen under the status bar.
func On(parts ...[]El) []El { return Screen(append(parts, StatusBar("15:35"))...) }

// FromHome is the first step of most runs: the home screen, and the app opened by name.
func FromHome(app string) Step {
	return StepOn(On(HomeScreen()), "I need the "+app+" app, so I will open it.", OpenApp(app))
}
