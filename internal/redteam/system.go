package redteam

import "strings"

// Packages of the system and the apps, as the emulator AndroidWorld uses names them.
const (
	pkgSystemUI    = "com.android.systemui"
	pkgLauncher    = "com.google.android.apps.nexuslauncher"
	pkgKeyboard    = "com.google.android.inputmethod.latin"
	pkgPermissions = "com.google.android.permissioncontroller"
	pkgSettings    = "com.android.settings"
	pkgSettingsSrc = "com.google.android.settings.intelligence"
	pkgContacts    = "com.google.android.contacts"
	pkgDialer      = "com.google.android.dialer"
	pkgSMS         = "com.simplemobiletools.smsmessenger"
	pkgMarkor      = "net.gsantner.markor"
	pkgCalendar    = "com.simplemobiletools.calendar.pro"
	pkgTasks       = "org.tasks"
	pkgExpense     = "com.arduia.expense"
	pkgBroccoli    = "com.flauschcode.broccoli"
	pkgClock       = "com.google.android.deskclock"
	pkgFiles       = "com.google.android.documentsui"
	pkgChrome      = "com.android.chrome"
	pkgRecorder    = "com.dimowner.audiorecorder"
	pkgOpenTracks  = "de.dennisguse.opentracks"
	pkgVLC         = "org.videolan.vlc"
	pkgJoplin      = "net.cozic.joplin"
	pkgCamera      = "com.android.camera2"
)

// statusBar is the status bar the emulator shows on every screen but the notification
// shade: clock, the two notifications AndroidWorld's emulator always has, signal, battery.
func statusBar(clock string) []Element {
	return []Element{
		El("TextView", pkgSystemUI, T(clock), D(clock), ID("clock"), At(50, 1, 148, 128)),
		El("ImageView", pkgSystemUI, D("Settings notification: Virtual SD card"), At(148, 1, 206, 128)),
		El("ImageView", pkgSystemUI, D("Android System notification: Serial console enabled"), At(206, 1, 264, 128)),
		El("FrameLayout", pkgSystemUI, D("Wifi signal full.,No internet"), ID("wifi_combo"), At(885, 35, 931, 93)),
		El("FrameLayout", pkgSystemUI, D("Phone signal full."), ID("mobile_combo"), At(931, 35, 970, 93)),
		El("LinearLayout", pkgSystemUI, D("Battery 100 percent."), ID("battery"), At(986, 1, 1006, 128)),
	}
}

// statusBarNoWifi is the status bar with Wi-Fi off.
func statusBarNoWifi(clock string) []Element {
	s := statusBar(clock)
	return append(s[:3:3], s[4:]...)
}

// home is the Pixel launcher's home screen with its dock and search bar.
func home(clock string) Screen {
	return Join([]Element{
		El("ScrollView", pkgLauncher, ID("workspace"), At(0, 0, 1080, 2400), Scrolls),
		El("View", pkgLauncher, D("Home"), At(0, 128, 1080, 2337)),
		El("TextView", pkgLauncher, T("Phone"), D("Phone"), At(76, 1873, 249, 2068), LongClick),
		El("TextView", pkgLauncher, T("Messages"), D("Messages"), At(328, 1873, 501, 2068), LongClick),
		El("TextView", pkgLauncher, T("Chrome"), D("Chrome"), At(580, 1873, 753, 2068), LongClick),
		El("TextView", pkgLauncher, T("Settings"), D("Predicted app: Settings"), At(832, 1873, 1004, 2068), LongClick),
		El("FrameLayout", pkgLauncher, D("Search"), ID("search_container_hotseat"), At(75, 2125, 1004, 2290), Click),
		El("TextView", pkgLauncher, T("Sun, Oct 15"), D("Sun, Oct 15"), ID("date"), At(57, 292, 1023, 354), Click),
		El("TextView", pkgLauncher, T("Gmail"), D("Gmail"), At(309, 1479, 519, 1751), LongClick),
		El("TextView", pkgLauncher, T("Photos"), D("Photos"), At(561, 1479, 771, 1751), LongClick),
		El("TextView", pkgLauncher, T("YouTube"), D("YouTube"), At(813, 1479, 1023, 1751), LongClick),
		El("ImageView", pkgLauncher, D("Google app"), ID("g_icon"), At(86, 2144, 212, 2270), Click),
		El("ImageView", pkgLauncher, D("Voice search"), ID("mic_icon"), At(741, 2125, 867, 2290), Click),
		El("ImageButton", pkgLauncher, D("Google Lens"), ID("lens_icon"), At(867, 2125, 993, 2290), Click),
	}, statusBar(clock))
}

// drawerApps are the apps of AndroidWorld's emulator in the drawer's alphabetical order.
var drawerApps = []string{
	"Audio Recorder", "Broccoli", "Calendar", "Camera", "Chrome", "Clock", "Contacts", "Files",
	"Gmail", "Joplin", "Markor", "Messages", "OpenTracks", "Phone", "Photos", "Pro Expense",
	"Settings", "Simple Calendar Pro", "Simple SMS Messenger", "Tasks", "VLC",
}

// drawer is the launcher's app drawer: a grid of app labels under a search box.
func drawer(clock string) Screen {
	els := []Element{
		El("FrameLayout", pkgLauncher, ID("apps_view"), At(0, 0, 1080, 2400)),
		El("EditText", pkgLauncher, ID("search_box_input"), Edit("Search your phone and more"), At(42, 170, 1038, 296)),
		El("RecyclerView", pkgLauncher, ID("apps_list_view"), At(0, 330, 1080, 2337), Scrolls),
	}
	for i, app := range drawerApps {
		col, row := i%4, i/4
		x, y := 20+col*260, 360+row*330
		els = append(els, El("TextView", pkgLauncher, T(app), D(app), At(x, y, x+250, y+300), LongClick))
	}
	return Join(els, statusBar(clock))
}

// keyboard is Gboard's QWERTY layout as AndroidWorld's tree lists it (one element per key,
// named by its content description), the navigation row of an open keyboard, and the
// suggestion strip with the words given.
func keyboard(suggestions ...string) []Element {
	els := []Element{
		El("ImageView", pkgKeyboard, D("Back"), ID("android:id/input_method_nav_back"), At(71, 2274, 254, 2400), Click),
		El("ImageView", pkgKeyboard, D("Switch input method"), ID("android:id/input_method_nav_ime_switcher"), At(826, 2274, 1009, 2400), Click),
		El("HorizontalScrollView", pkgKeyboard, ID("0_resource_name_obfuscated"), At(134, 1517, 946, 1633), Scrolls),
	}
	for i, s := range suggestions {
		x := 140 + i*270
		els = append(els, El("TextView", pkgKeyboard, T(s), ID("0_resource_name_obfuscated"), At(x, 1549, x+260, 1602), Click))
	}
	rows := []string{"qwertyuiop", "asdfghjkl", "zxcvbnm"}
	for r, keys := range rows {
		y := 1654 + r*155
		for i, k := range keys {
			x := 5 + i*107
			els = append(els, El("FrameLayout", pkgKeyboard, D(string(k)), ID("key_pos_"+string(rune('0'+r))+"_"+string(rune('0'+i))), At(x, y, x+107, y+155), Click))
		}
	}
	els = append(els,
		El("FrameLayout", pkgKeyboard, D("Shift"), ID("key_pos_shift"), At(5, 1963, 165, 2118), Click),
		El("FrameLayout", pkgKeyboard, D("Delete"), ID("key_pos_del"), At(914, 1963, 1075, 2118), Click),
		El("FrameLayout", pkgKeyboard, D("Symbol keyboard"), ID("key_pos_switch_to_symbol"), At(5, 2118, 165, 2274), Click),
		El("FrameLayout", pkgKeyboard, D("Space"), ID("key_pos_space"), At(272, 2118, 807, 2274), Click),
		El("FrameLayout", pkgKeyboard, D("Enter"), ID("key_pos_ime_action"), At(914, 2118, 1075, 2274), Click),
	)
	return els
}

// numberPad is Gboard's phone-number pad, shown for phone fields.
func numberPad() []Element {
	els := []Element{
		El("ImageView", pkgKeyboard, D("Back"), ID("android:id/input_method_nav_back"), At(71, 2274, 254, 2400), Click),
	}
	for i, k := range strings.Split("1 2 3 4 5 6 7 8 9 * 0 #", " ") {
		col, row := i%3, i/3
		x, y := 5+col*270, 1654+row*155
		els = append(els, El("FrameLayout", pkgKeyboard, D(k), At(x, y, x+270, y+155), Click))
	}
	return append(els,
		El("FrameLayout", pkgKeyboard, D("Delete"), ID("key_pos_del"), At(815, 1654, 1075, 1808), Click),
		El("FrameLayout", pkgKeyboard, D("Done"), ID("key_pos_ime_action"), At(815, 1963, 1075, 2118), Click))
}

// quickSettings is the notification shade pulled down once: the first tiles, with the
// notifications below them.
func quickSettings(wifiOn, btOn bool) Screen {
	onOff := func(on bool) string {
		if on {
			return "On"
		}
		return "Off"
	}
	wifiDesc := "Internet,Wi‑Fi off"
	if wifiOn {
		wifiDesc = "Internet,AndroidWifi"
	}
	return Screen{
		El("Switch", pkgSystemUI, T(onOff(wifiOn)), D(wifiDesc), At(42, 126, 529, 284), Checked(wifiOn), Click),
		El("Switch", pkgSystemUI, T(onOff(btOn)), D("Bluetooth."), At(550, 126, 1037, 284), Checked(btOn), Click),
		El("LinearLayout", pkgSystemUI, At(42, 305, 529, 463)),
		El("Switch", pkgSystemUI, T("Off"), D("Do Not Disturb."), At(550, 305, 1037, 463), Checked(false), Click),
		El("TextView", pkgSystemUI, T("15:36"), D("15:36"), ID("clock"), At(50, 0, 150, 126)),
		El("TextView", pkgSystemUI, T("Sun, Oct 15"), ID("date"), At(171, 31, 481, 94)),
		El("LinearLayout", pkgSystemUI, D("Battery 100 percent."), ID("batteryRemainingIcon"), At(904, 32, 1027, 95)),
		El("TextView", pkgSystemUI, T("Silent"), ID("header_label"), At(53, 568, 207, 694), Click),
		El("TextView", pkgSystemUI, T("Android System"), ID("android:id/app_name_text"), At(179, 751, 405, 794)),
		El("TextView", pkgSystemUI, T("Serial console enabled"), ID("notification_title"), At(179, 825, 561, 876)),
		El("TextView", pkgSystemUI, T("Performance is impacted. To disable, check bootloader."), ID("notification_text"), At(561, 825, 1006, 876)),
		El("Button", pkgSystemUI, T("Manage"), D("Manage"), ID("manage_text"), At(84, 1027, 321, 1153), Click),
	}
}

// permissionDialog is Android's runtime permission prompt over an app.
func permissionDialog(app, what string) []Element {
	return []Element{
		El("ScrollView", pkgPermissions, ID("grant_dialog"), At(63, 860, 1017, 1700)),
		El("TextView", pkgPermissions, T("Allow "+app+" to "+what+"?"), ID("permission_message"), At(126, 990, 954, 1120)),
		El("Button", pkgPermissions, T("While using the app"), ID("permission_allow_foreground_only_button"), At(105, 1190, 975, 1316), Click),
		El("Button", pkgPermissions, T("Only this time"), ID("permission_allow_one_time_button"), At(105, 1337, 975, 1463), Click),
		El("Button", pkgPermissions, T("Don’t allow"), ID("permission_deny_button"), At(105, 1484, 975, 1610), Click),
	}
}

// dialog is an app's AlertDialog: a title, a message and its buttons, right to left as
// Android lays them out (the positive button last).
func dialog(pkg, title, message string, buttons ...string) []Element {
	els := []Element{El("FrameLayout", pkg, ID("android:id/content"), At(63, 900, 1017, 1500))}
	if title != "" {
		els = append(els, El("TextView", pkg, T(title), ID("android:id/alertTitle"), At(126, 960, 954, 1040)))
	}
	if message != "" {
		els = append(els, El("TextView", pkg, T(message), ID("android:id/message"), At(126, 1070, 954, 1250)))
	}
	ids := []string{"android:id/button2", "android:id/button1", "android:id/button3"}
	for i, b := range buttons {
		x := 400 + i*280
		els = append(els, El("Button", pkg, T(b), ID(ids[i%3]), At(x, 1330, x+260, 1456), Click))
	}
	return els
}

// toast is a Toast's text: its own window, listed with the app's package.
func toast(pkg, text string) Element {
	return El("TextView", pkg, T(text), ID("android:id/message"), At(240, 2010, 840, 2110))
}
