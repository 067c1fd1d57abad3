package adbd_test

import (
	"os"
	"os/exec"
	"path/filepath"
	"regexp"
	"strconv"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
)

// The SMS provider, the emulator console, the apps AndroidWorld's setup drives and the
// accessibility forwarder, met through the real adb client and server as AndroidWorld
// meets a device: `adb emu sms send`, `adb shell content query`, `adb shell sqlite3`,
// `adb shell am start` with an intent and `adb shell input tap`.
func TestTelephonyThroughTheRealAdbClient(t *testing.T) {
	srv := adbtest.Start(t)
	dev := adbd.StartEmulator(t, adbd.Config{Features: append([]string{"shell_v2"}, adbd.DefaultFeatures...)})
	serial := srv.ConnectEmulator(t, dev)
	if want := "emulator-" + itoa(dev.ConsolePort()); serial != want || dev.ConsolePort()+1 != dev.Port() {
		t.Fatalf("serial %s, console %d, adbd %d: want %s with adbd on the next port", serial, dev.ConsolePort(), dev.Port(), want)
	}
	if out := adb(t, srv, serial, "shell", "content query --uri content://sms/inbox"); out != "No result found.\n" {
		t.Errorf("an empty inbox (the database made on first use): %q", out)
	}
	// AndroidWorld's text_emulator: the console delivers, the default SMS app stores
	// it in the inbox; adb prints nothing for an OK.
	if out := adb(t, srv, serial, "emu", "sms", "send", "+15550001111", "Hello, world=1 and more"); strings.TrimSpace(out) != "" {
		t.Errorf("adb emu sms send printed %q", out)
	}
	adb(t, srv, serial, "emu", "sms", "send", "5550002222", "Second")
	inbox := adb(t, srv, serial, "shell", "content query --uri content://sms/inbox")
	// Content.java's format, newest first (SmsProvider's date DESC), every column of
	// the sms table in order, NULL for nulls.
	row := regexp.MustCompile(`^Row: (\d) _id=\d+, thread_id=\d+, address=([^,]*), person=NULL, date=(\d{13}), date_sent=\d+, protocol=0, read=0, status=-1, type=1, reply_path_present=0, subject=NULL, body=(.*), service_center=NULL, locked=0, sub_id=1, error_code=0, creator=com.simplemobiletools.smsmessenger, seen=0$`)
	lines := strings.Split(strings.TrimSuffix(inbox, "\n"), "\n")
	if len(lines) != 2 {
		t.Fatalf("inbox: %q", inbox)
	}
	for i, want := range [][2]string{{"5550002222", "Second"}, {"+15550001111", "Hello, world=1 and more"}} {
		m := row.FindStringSubmatch(lines[i])
		if m == nil || m[1] != itoa(i) || m[2] != want[0] || m[4] != want[1] {
			t.Errorf("inbox row %d: %q, want %v", i, lines[i], want)
		}
	}
	if out := adb(t, srv, serial, "shell", "content query --uri content://sms/sent"); out != "No result found.\n" {
		t.Errorf("nothing sent yet: %q", out)
	}
	if out := adb(t, srv, serial, "shell", "content query --uri content://sms --projection address:body"); out != "Row: 0 address=5550002222, body=Second\nRow: 1 address=+15550001111, body=Hello, world=1 and more\n" {
		t.Errorf("projection: %q", out)
	}
	if out, _ := srv.Adb(ctxT(t), "-s", serial, "shell", "content query --uri content://sms --projection nosuch"); !strings.Contains(out, "Error while accessing provider:sms\nandroid.database.sqlite.SQLiteException: no such column: nosuch") {
		t.Errorf("an unknown column: %q", out)
	}
	// The console refuses what the emulator refuses; adb exits 0 and prints the KO.
	if out, _ := srv.Adb(ctxT(t), "-s", serial, "emu", "sms", "send", "555-0001", "x"); !strings.Contains(out, "KO: bad phone number format") {
		t.Errorf("a number with a dash: %q", out)
	}
	// AndroidWorld's clear_sms_and_threads runs sqlite3 on the provider's database.
	adb(t, srv, serial, "shell", `sqlite3 `+adbd.MmsSmsDB+` "DELETE FROM sms;"`)
	if out := adb(t, srv, serial, "shell", "content query --uri content://sms"); out != "No result found.\n" {
		t.Errorf("after DELETE FROM sms: %q", out)
	}

	// send_sms: the SENDTO intent opens Simple SMS Messenger's conversation; the button
	// labelled SMS sends the draft, which the sent box lists.
	adb(t, srv, serial, "shell", `am start -a android.intent.action.SENDTO -d sms:+15550003333 --es sms_body "See you at 5, ok?"`)
	dump := adb(t, srv, serial, "shell", "uiautomator dump /sdcard/d.xml && cat /sdcard/d.xml")
	if !strings.Contains(dump, `text="See you at 5, ok?"`) || !strings.Contains(dump, `text="SMS"`) {
		t.Fatalf("the conversation screen: %q", dump)
	}
	if act := adb(t, srv, serial, "shell", "am stack list | grep -E visible=true"); !strings.Contains(act, adbd.SMSThread) {
		t.Errorf("Simple SMS Messenger not in front: %q", act)
	}
	adb(t, srv, serial, "shell", "input", "tap", "969", "2265")
	sent := adb(t, srv, serial, "shell", "content query --uri content://sms/sent --projection address:body:type:read")
	if sent != "Row: 0 address=+15550003333, body=See you at 5, ok?, type=2, read=1\n" {
		t.Errorf("sent box: %q", sent)
	}

	// add_contact: the INSERT intent opens the editor, Save stores the contact, BACK
	// leaves; pm clear of the contacts provider forgets it.
	dev.SetContent(adbd.ContactsPhones)
	adb(t, srv, serial, "shell", `am start -a android.intent.action.INSERT -t vnd.android.cursor.dir/contact -e name "Ada Lovelace" -e phone +15550004444`)
	adb(t, srv, serial, "shell", "input", "tap", "950", "200")
	adb(t, srv, serial, "shell", "input", "keyevent", "KEYCODE_BACK")
	const q = "content query --uri content://contacts/phones/ --projection display_name:number"
	if out := adb(t, srv, serial, "shell", q); out != "Row: 0 display_name=Ada Lovelace, number=+15550004444\n" {
		t.Errorf("contacts: %q", out)
	}
	if act := adb(t, srv, serial, "shell", "am stack list | grep -E visible=true"); !strings.Contains(act, strings.SplitN(adbd.Launcher, "/", 2)[0]) {
		t.Errorf("BACK left the contact card in front: %q", act)
	}
	adb(t, srv, serial, "shell", "pm clear com.android.providers.contacts")
	if out := adb(t, srv, serial, "shell", q); out != "No result found.\n" {
		t.Errorf("after pm clear: %q", out)
	}
	if r := dev.Refused(); len(r) != 0 {
		t.Errorf("refused: %q", r)
	}

	// The database is a real SQLite file with Android's table: Debian's sqlite3 reads
	// what the stand-in wrote.
	if sqlite, err := exec.LookPath("sqlite3"); err == nil {
		data, ok := dev.File(adbd.MmsSmsDB)
		if !ok {
			t.Fatal("no mmssms.db")
		}
		local := filepath.Join(t.TempDir(), "mmssms.db")
		os.WriteFile(local, data, 0o600)
		// DELETE FROM sms left the two threads of the received messages.
		out, err := exec.Command(sqlite, local, "SELECT address, type, body FROM sms; SELECT count(*) FROM threads;").CombinedOutput()
		if err != nil || string(out) != "+15550003333|2|See you at 5, ok?\n3\n" {
			t.Errorf("sqlite3 reads %q (%v)", out, err)
		}
	}
}

// The forwarder serves the screen's forest as android_env's protocol buffer: read
// with protoc's raw decoder, field by field (android_accessibility_*.proto numbers).
func TestAccessibilityForest(t *testing.T) {
	protoc, err := exec.LookPath("protoc")
	if err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("protoc not found and CI=true (.ci/run installs protobuf-compiler)")
		}
		t.Skip("protoc not installed (apt-get install protobuf-compiler)")
	}
	dev := adbd.Start(t, adbd.Config{})
	dev.SetScreens([]adbd.Screen{{Activity: "a/.B", XML: `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
		`<node index="0" text="" class="android.widget.FrameLayout" package="a" content-desc="" bounds="[0,0][1080,2400]">` +
		`<node index="0" text="Ada" hint="First name" class="android.widget.EditText" package="a" content-desc="" clickable="true" bounds="[-5,10][300,90]" />` +
		`<node index="1" text="" class="android.widget.Button" package="a" content-desc="Save" visible-to-user="false" bounds="[0,0][1,1]" /></node></hierarchy>`}}, 1)
	forest, err := dev.AccessibilityForest()
	if err != nil {
		t.Fatal(err)
	}
	cmd := exec.Command(protoc, "--decode_raw")
	cmd.Stdin = strings.NewReader(string(forest))
	out, err := cmd.CombinedOutput()
	if err != nil {
		t.Fatalf("protoc --decode_raw: %v: %s", err, out)
	}
	got := strings.Join(strings.Fields(string(out)), " ")
	for _, want := range []string{
		`1 { 1 { 3: 1080 4: 2400 } 3: 1 6: 1 8: 1 9: 1 11 {`,                                                                                               // a window: bounds, id, TYPE_APPLICATION, active, focused, tree
		`1 { 1: 0 2 { 3: 1080 4: 2400 } 3: "android.widget.FrameLayout" 6: "a" 11: 1 23: 1 25: "\001\002" }`,                                               // the root, children 1 and 2
		`1 { 1: 1 2 { 1: 18446744073709551611 2: 10 3: 300 4: 90 } 3: "android.widget.EditText" 5: "First name" 6: "a" 7: "Ada" 11: 1 14: 1 23: 1 27: 1 }`, // hint, text, clickable, depth 1
		`1 { 1: 2 2 { 3: 1 4: 1 } 3: "android.widget.Button" 4: "Save" 6: "a" 11: 1 27: 1 }`,                                                               // invisible: no 23
	} {
		if !strings.Contains(got, want) {
			t.Errorf("forest lacks %s\nin %s", want, got)
		}
	}
}

func itoa(n int) string { return strconv.Itoa(n) }
