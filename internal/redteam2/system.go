package redteam2

import (
	"strconv"
	"strings"
)

// The system's own screens and overlays, as the emulator AndroidWorld runs (a Pixel image,
// Android 13) shows them: the status bar, Gboard, the Pixel launcher and its app drawer, the
// quick settings, toasts and the permission prompt.

var (
	sysUI    = ui{"com.android.systemui"}
	launcher = ui{"com.google.android.apps.nexuslauncher"}
	gboard   = ui{"com.google.android.inputmethod.latin"}
)

// statusBar is the top bar: the clock, notification icons, signal and battery.
func statusBar(clock string) []El {
	c := sysUI.text(clock, "clock", bx(50, 1, 148, 128))
	c.Desc = clock
	return els(c,
		sysUI.image("Android System notification: Serial console enabled", "", bx(148, 1, 206, 128)),
		El{Desc: "Wifi signal full.,No internet", Class: "android.widget.FrameLayout", Pkg: sysUI.pkg, Res: sysUI.res("wifi_combo"), Box: bx(885, 35, 931, 93)},
		El{Desc: "Phone three bars.", Class: "android.widget.FrameLayout", Pkg: sysUI.pkg, Res: sysUI.res("mobile_combo"), Box: bx(931, 35, 970, 93)},
		El{Desc: "Battery 100 percent.", Class: "android.widget.LinearLayout", Pkg: sysUI.pkg, Res: sysUI.res("battery"), Box: bx(986, 1, 1006, 128)},
	)
}

// keyboardTop is where Gboard's suggestion strip starts; app content above it stays.
const keyboardTop = 1517

// keyboard is Gboard open under a focused field: its suggestion strip, the letter rows and
// the action key (Enter, Next, Search, Done, Send, Go).
func keyboard(action string, suggestions ...string) []El {
	key := func(desc, id string, b Box) El {
		return El{Desc: desc, Class: "android.widget.FrameLayout", Pkg: gboard.pkg, Res: gboard.res(id), Box: b, Clickable: true}
	}
	out := els(
		gboard.image("Back", "input_method_nav_back", bx(71, 2274, 254, 2400)),
		gboard.image("Switch input method", "input_method_nav_ime_switcher", bx(826, 2274, 1009, 2400)),
		key("More features", "key_pos_header_access_points_menu", bx(5, 1517, 115, 1633)),
	)
	for i, s := range suggestions {
		x := 134 + i*271
		out = append(out, gboard.tapText(s, "suggestion_"+itoa(i), bx(x, 1549, x+260, 1602)))
	}
	out = append(out, key("Voice input", "key_pos_header_power_key", bx(965, 1517, 1075, 1633)))
	rows := []string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}
	for r, keys := range rows {
		y0 := 1654 + r*155
		x0, w := 5, 107
		if r == 1 {
			x0 = 58
		}
		if r == 2 {
			x0 = 165
			out = append(out, key("Shift", "key_pos_shift", bx(5, y0, 165, y0+155)))
		}
		for c, k := range keys {
			out = append(out, key(strings.ToUpper(string(k)), "key_pos_"+itoa(r)+"_"+itoa(c), bx(x0+c*w, y0, x0+(c+1)*w, y0+155)))
		}
		if r == 2 {
			out = append(out, key("Delete", "key_pos_del", bx(914, y0, 1075, y0+155)))
		}
	}
	return append(out,
		key("Symbol keyboard", "key_pos_switch_to_symbol", bx(5, 2118, 165, 2274)),
		key(",", "key_pos_bottom_symbol_1", bx(165, 2118, 272, 2274)),
		key("Emoji button", "key_pos_switch_to_next_language", bx(272, 2118, 379, 2274)),
		key("Space", "key_pos_space", bx(379, 2118, 807, 2274)),
		key(".", "key_pos_bottom_symbol_2", bx(807, 2118, 914, 2274)),
		key(action, "key_pos_ime_action", bx(914, 2118, 1075, 2274)),
	)
}

// withKeyboard is an app screen with Gboard open: app elements under the keyboard are gone,
// those it cuts are clipped, and the keyboard comes after the app, as the forest lists windows.
func withKeyboard(app []El, action string, suggestions ...string) []El {
	var out []El
	for _, e := range app {
		if e.Y0 >= keyboardTop {
			continue
		}
		if e.Y1 > keyboardTop {
			e.Y1 = keyboardTop
		}
		out = append(out, e)
	}
	return append(out, keyboard(action, suggestions...)...)
}

// homeScreen is the Pixel launcher's home screen.
func homeScreen() []El {
	app := func(name, desc string, b Box) El {
		e := launcher.tapText(name, "", b)
		e.Desc, e.LongClickable = desc, true
		return e
	}
	return els(
		launcher.scroller("android.widget.ScrollView", "workspace", bx(0, 0, 1080, 2400)),
		El{Desc: "Home", Class: "android.view.View", Pkg: launcher.pkg, Box: bx(0, 128, 1080, 2337)},
		app("Phone", "Phone", bx(76, 1873, 249, 2068)),
		app("Messages", "Messages", bx(328, 1873, 501, 2068)),
		app("Chrome", "Chrome", bx(580, 1873, 753, 2068)),
		app("Settings", "Predicted app: Settings", bx(832, 1873, 1004, 2068)),
		El{Desc: "Search", Class: "android.widget.FrameLayout", Pkg: launcher.pkg, Res: launcher.res("search_container_hotseat"), Box: bx(75, 2125, 1004, 2290), Clickable: true},
		app("Sun, Oct 15", "Sun, Oct 15", bx(99, 292, 1023, 354)),
		app("Gmail", "Gmail", bx(309, 1479, 519, 1751)),
		app("Photos", "Photos", bx(561, 1479, 771, 1751)),
		app("YouTube", "YouTube", bx(813, 1479, 1023, 1751)),
		launcher.icon("Google app", "g_icon", bx(86, 2144, 212, 2270)),
		launcher.icon("Voice search", "mic_icon", bx(741, 2125, 867, 2290)),
		launcher.icon("Google Lens", "lens_icon", bx(867, 2125, 993, 2290)),
	)
}

// drawerApps are the apps of AndroidWorld's image, as its app drawer lists them.
var drawerApps = []string{
	"AndroidWorld", "Audio Recorder", "Broccoli", "Calendar", "Camera", "Chrome", "Clipper", "Clock",
	"Contacts", "Draw", "Files", "Gallery", "Joplin", "Markor", "Messages", "OpenTracks", "OsmAnd",
	"Phone", "Pro Expense", "Retro Music", "Settings", "Simple Calendar Pro", "Simple SMS Messenger", "Tasks", "VLC",
}

// appDrawer is the launcher's list of all apps from the first app named, four a row under the
// suggested row, as far down as the screen goes.
func appDrawer(from string) []El {
	out := els(
		launcher.scroller("androidx.recyclerview.widget.RecyclerView", "apps_list_view", bx(0, 233, 1080, 2400)),
		launcher.icon("Google app", "g_icon", bx(67, 165, 193, 291)),
		launcher.edit("", "Search apps, web and more", "input", bx(214, 156, 886, 301)),
		launcher.icon("Preferences", "menu_btn", bx(886, 160, 1023, 297)),
	)
	start := 0
	for i, a := range drawerApps {
		if a == from {
			start = i
		}
	}
	for i, a := range drawerApps[start:] {
		r, c := i/4, i%4
		y := 725 + r*315
		if y >= 2400 {
			break
		}
		e := launcher.tapText(a, "icon", bx(57+c*241, y, 298+c*241, min(y+315, 2400)))
		e.Desc = a
		out = append(out, e)
	}
	for i, a := range []string{"Gmail", "YouTube", "Photos", "Clock"} {
		e := launcher.tapText(a, "icon", bx(57+i*241, 328, 298+i*241, 611))
		e.Desc = a
		out = append(out, e)
	}
	return out
}

// quickSettings is the shade pulled down once: the first tiles and the notifications.
func quickSettings(wifiOn, btOn bool) []El {
	tile := func(state, desc string, on bool, b Box) El {
		e := sysUI.sw(desc, "", on, b)
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
	return els(
		tile(wifi, wifiDesc, wifiOn, bx(42, 126, 529, 284)),
		tile(bt, "Bluetooth.", btOn, bx(550, 126, 1037, 284)),
		tile("Off", "Do Not Disturb.", false, bx(550, 305, 1037, 463)),
		sysUI.text("Silent", "header_label", bx(53, 568, 207, 694)),
		sysUI.button("Manage", "manage_text", bx(84, 1027, 321, 1153)),
		sysUI.text("15:34", "clock", bx(50, 0, 150, 126)),
		sysUI.text("Sun, Oct 15", "date", bx(171, 31, 481, 94)),
		sysUI.icon("Expand", "expand_button", bx(852, 699, 1038, 846)),
		sysUI.text("Android System", "app_name_text", bx(179, 751, 405, 794)),
		sysUI.text("Serial console enabled", "notification_title", bx(179, 825, 561, 876)),
	)
}

// brightnessPanel is the shade pulled down twice: the brightness slider over the tiles.
// The SeekBar carries no value in the forest.
func brightnessPanel(wifiOn, btOn bool) []El {
	return screen(els(El{Text: "Display brightness", Class: "android.widget.SeekBar", Pkg: sysUI.pkg, Res: sysUI.res("slider"),
		Box: bx(42, 149, 1038, 275), Clickable: true, Focusable: true}), quickSettings(wifiOn, btOn)[:3])
}

// toast is a toast over an app: Android puts it in the app's window list with its text.
func toast(pkg, msg string) El {
	return El{Text: msg, Class: "android.widget.TextView", Pkg: pkg, Res: "android:id/message", Box: bx(190, 2040, 890, 2130)}
}

// dialog is an AlertDialog of an app: title, message and buttons (positive first).
func dialog(pkg, title, msg string, buttons ...string) []El {
	u := ui{pkg}
	var out []El
	if title != "" {
		t := u.text(title, "", bx(116, 930, 964, 1010))
		t.Res = "android:id/alertTitle"
		out = append(out, t)
	}
	if msg != "" {
		m := u.text(msg, "", bx(116, 1040, 964, 1200))
		m.Res = "android:id/message"
		out = append(out, m)
	}
	x := 900
	for i, b := range buttons {
		w := 60 + 28*len(b)
		e := u.button(b, "", bx(x-w, 1250, x, 1376))
		e.Res = "android:id/button" + itoa(i+1)
		out = append(out, e)
		x -= w + 20
	}
	return out
}

// permissionPrompt is the system's runtime permission dialog.
func permissionPrompt(app, what string) []El {
	pc := ui{"com.google.android.permissioncontroller"}
	return els(
		pc.text("Allow "+app+" to "+what+"?", "permission_message", bx(116, 1010, 964, 1160)),
		pc.button("While using the app", "permission_allow_foreground_only_button", bx(116, 1230, 964, 1356)),
		pc.button("Only this time", "permission_allow_one_time_button", bx(116, 1370, 964, 1496)),
		pc.button("Don’t allow", "permission_deny_button", bx(116, 1510, 964, 1636)),
	)
}

func itoa(i int) string { return strconv.Itoa(i) }
