package adbd

import (
	"bytes"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"
)

// sh runs a command line as `shell:LINE` on the device and returns its output.
func sh(t *testing.T, d *Device, line string) string {
	t.Helper()
	var out bytes.Buffer
	if !d.Open("shell:"+line, &rwBuf{w: &out}) {
		t.Fatalf("shell service refused")
	}
	return out.String()
}

type rwBuf struct {
	r bytes.Reader
	w *bytes.Buffer
}

func (b *rwBuf) Read(p []byte) (int, error)  { return b.r.Read(p) }
func (b *rwBuf) Write(p []byte) (int, error) { return b.w.Write(p) }

func TestShellQuotingListsAndPipes(t *testing.T) {
	d := Start(t, Config{})
	d.SetScreens([]Screen{{Activity: "org.tasks/com.todoroo.astrid.activity.MainActivity"}}, 1)
	cases := []struct{ line, want string }{
		{`echo "hello world"`, "hello world\n"},
		{`echo 'a  "b"'   c\ d`, "a  \"b\" c d\n"},
		{`echo "it's" 'say "hi"' "back\\slash \"q\""`, "it's say \"hi\" back\\slash \"q\"\n"},
		{`echo a;echo b`, "a\nb\n"},
		{`echo "a;b" && echo 'c&&d'`, "a;b\nc&&d\n"},
		{`false && echo no; echo yes`, "yes\n"},
		{`false || echo rescued`, "rescued\n"},
		{`true || echo no && echo chain`, "chain\n"},
		{`echo -n x; echo y`, "xy\n"},
		{"echo one\necho two", "one\ntwo\n"},
		{`echo keep # a comment`, "keep\n"},
		{`echo $ cost`, "$ cost\n"},
		{`printf x`, "/system/bin/sh: printf: inaccessible or not found\n"},
		{`echo "unterminated`, "/system/bin/sh: syntax error: no closing quote\n"},
		{`| grep x`, "/system/bin/sh: syntax error: '|' unexpected\n"},
		{`echo x |`, "/system/bin/sh: syntax error: 'newline' unexpected\n"},
		// Pipes filter: only the matching lines come through.
		{`dumpsys activity activities | grep ResumedActivity`,
			"    topResumedActivity=ActivityRecord{8c1d2e u0 org.tasks/com.todoroo.astrid.activity.MainActivity t42}\n" +
				"  ResumedActivity: ActivityRecord{8c1d2e u0 org.tasks/com.todoroo.astrid.activity.MainActivity t42}\n"},
		{`dumpsys window windows | grep -E 'mCurrentFocus|mFocusedApp'`,
			"  mCurrentFocus=Window{5f3a1b2 u0 org.tasks/com.todoroo.astrid.activity.MainActivity}\n" +
				"  mFocusedApp=ActivityRecord{8c1d2e u0 org.tasks/com.todoroo.astrid.activity.MainActivity t42}\n"},
		// Without -E the | is a literal character.
		{`dumpsys window windows | grep 'mCurrentFocus|mFocusedApp'`, ""},
		{`echo abc | grep -c b`, "1\n"},
		{`echo ABC | grep -i b && echo found`, "ABC\nfound\n"},
		{`echo abc | grep -q z || echo none`, "none\n"},
		{`echo 'a(b)' | grep 'a(b)'`, "a(b)\n"},
		{`echo aab | grep 'a\{2\}b'`, "aab\n"},
		{`echo x | grep -Z x`, "grep: Unknown option 'Z' (see \"grep --help\")\n"},
		{`echo abc | cat | cat`, "abc\n"},
		{`cat /nope 2>/dev/null; echo after`, "after\n"},
		{`cat /nope 2>&1 | grep -c 'No such'`, "1\n"},
		{`cat /nope | grep -c 'No such'`, "cat: /nope: No such file or directory\n0\n"},
	}
	for _, c := range cases {
		if got := sh(t, d, c.line); got != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.line, got, c.want)
		}
	}
}

// Where the device shell (mksh) accepts a line and where it refuses it as a syntax error:
// a ';' must end a command, a newline may stand alone or follow | && ||. The table is
// what mksh -n says; where mksh is installed, the test asks it too.
func TestShellSyntaxAsMksh(t *testing.T) {
	d := Start(t, Config{})
	cases := []struct {
		line string
		ok   bool
	}{
		{"echo hi;", true},
		{"\necho a", true},
		{"echo a\n\necho b", true},
		{"echo a &&\necho b", true},
		{"echo a |\ngrep a", true},
		{"echo a ||\n\necho b", true},
		{";", false},
		{";echo hi", false},
		{"echo a ; ; echo b", false},
		{"echo a; ;", false},
		{"echo a\n;", false},
		{"echo a;;echo b", false},
		{"echo a && ; echo b", false},
		{"echo a | ; echo b", false},
	}
	mksh := realMksh(t)
	for _, c := range cases {
		if mksh != "" {
			if err := exec.Command(mksh, "-n", "-c", c.line).Run(); (err == nil) != c.ok {
				t.Errorf("%q: mksh -n says %v, the table %v", c.line, err, c.ok)
			}
		}
		out := sh(t, d, c.line)
		if refused := strings.Contains(out, "syntax error"); refused == c.ok {
			t.Errorf("%q: %q, want accepted=%v as mksh", c.line, out, c.ok)
		}
	}
}

// echo is the shell's builtin, which reads backslash escapes unless -E says not to;
// toybox's, named by its path, reads them only with -e. The table is what mksh prints;
// where mksh is installed, the test asks it too.
func TestEchoAsMksh(t *testing.T) {
	d := Start(t, Config{})
	mksh := realMksh(t)
	for _, c := range []struct{ line, want string }{
		{`echo "a\nb"`, "a\nb\n"},
		{`echo 'tab\there'`, "tab\there\n"},
		{`echo a\\\\b`, "a\\b\n"},
		{`echo "a\qb"`, "a\\qb\n"},
		{`echo -E "a\nb"`, "a\\nb\n"},
		{`echo -en "a\nb"`, "a\nb"},
		{`echo -- -n`, "-- -n\n"},
	} {
		if mksh != "" {
			if out, err := exec.Command(mksh, "-c", c.line).Output(); err != nil || string(out) != c.want {
				t.Errorf("%s: mksh prints %q (%v), the table %q", c.line, out, err, c.want)
			}
		}
		if got := sh(t, d, c.line); got != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.line, got, c.want)
		}
	}
	if got := sh(t, d, `/system/bin/echo "a\nb"`); got != "a\\nb\n" {
		t.Errorf("toybox echo: %q", got)
	}
}

// What the stand-in does not simulate is refused loudly, never half-done.
func TestShellRefusesUnsimulatedSyntax(t *testing.T) {
	d := Start(t, Config{})
	for _, line := range []string{
		`echo $HOME`, `echo "${x}"`, "echo `id`", `echo $(id)`, `ls /sdcard/[ab]`, `sleep 1 &`,
		`(echo sub)`, `X=1 echo`, `echo ~`, `echo {a,b}`, `cat <<EOF`, `ls -R /sdcard`,
	} {
		out := sh(t, d, line)
		if !strings.Contains(out, "adbd stand-in:") && !strings.Contains(out, "syntax error") {
			t.Errorf("%s: %q", line, out)
		}
	}
	if n := len(d.Refused()); n < 10 {
		t.Fatalf("refused %d: %q", n, d.Refused())
	}
}

func TestShellFilesRedirectionsAndTools(t *testing.T) {
	d := Start(t, Config{})
	d.SetClock(time.Date(2023, 10, 15, 15, 34, 0, 0, time.UTC))
	d.SetSetting("global", "wifi_on", "1")
	d.SetContent("content://contacts/phones/", R("_id", 1, "display_name", "Jane Doe", "number", "(555) 123-4567"), R("_id", 2, "display_name", "Li, Wei", "number", nil))
	d.DenyPath("/data/data")
	cases := []struct{ line, want string }{
		{`echo hi > /sdcard/a.txt; cat /sdcard/a.txt /storage/emulated/0/a.txt`, "hi\nhi\n"},
		{`echo more >> /sdcard/a.txt; cat < /sdcard/a.txt`, "hi\nmore\n"},
		{`echo x > /data/data/app/f`, "/system/bin/sh: can't create /data/data/app/f: Permission denied\n"},
		{`cat /data/data/app/f`, "cat: /data/data/app/f: Permission denied\n"},
		{`mkdir -p /sdcard/Documents && ls /sdcard`, "Documents\nDownload\na.txt\n"},
		{`rm /sdcard/a.txt && ls /sdcard/a.txt`, "ls: /sdcard/a.txt: No such file or directory\n"},
		{`ls -l /data/data`, "ls: /data/data: Permission denied\n"},
		{`getprop ro.build.version.release; getprop ro.build.version.sdk; getprop ro.product.model; wm size`, "13\n33\nPixel 6\nPhysical size: 1080x2400\n"},
		{`wm size 720x1600 && wm size`, "Physical size: 1080x2400\nOverride size: 720x1600\n"},
		{`settings get global wifi_on; settings get system screen_brightness`, "1\nnull\n"},
		{`settings put system screen_brightness 255 && settings get system screen_brightness`, "255\n"},
		{`settings get nowhere x`, "usage:"},
		{`content query --uri content://contacts/phones/ --projection display_name:number`, "Row: 0 display_name=Jane Doe, number=(555) 123-4567\nRow: 1 display_name=Li, Wei, number=NULL\n"},
		{`content query --uri content://contacts/phones/`, "Row: 0 _id=1, display_name=Jane Doe, number=(555) 123-4567\nRow: 1 _id=2, display_name=Li, Wei, number=NULL\n"},
		{`content query --uri content://sms/sent`, "No result found.\n"},
		// The telephony provider reads its database as its app, past the shell's denial.
		{`content query --uri content://sms/inbox`, "No result found.\n"},
		{`content query --uri content://com.example.notes/items`, "Error while accessing provider:com.example.notes\njava.lang.IllegalArgumentException: Unknown URL content://com.example.notes/items\n"},
		// Content.java names the provider by its authority, on standard error, and exits 0.
		{`content query --uri content://contacts/phones/ --projection nope && echo exit 0`, "Error while accessing provider:contacts\nandroid.database.sqlite.SQLiteException: no such column: nope\nexit 0\n"},
		{`content query --uri content://com.example.notes/items 2>/dev/null`, ""},
		{`date +%s`, "1697384040\n"},
		{`date`, "Sun Oct 15 15:34:00 UTC 2023\n"},
		{`uiautomator dump /sdcard/d.xml && grep -c hierarchy /sdcard/d.xml`, "UI hierchary dumped to: /sdcard/d.xml\n1\n"},
		{`input tap 10`, "Error: Invalid arguments for command: tap\n"},
	}
	for _, c := range cases {
		got := sh(t, d, c.line)
		if strings.HasSuffix(c.want, ":") {
			if !strings.HasPrefix(got, c.want) {
				t.Errorf("%s\n got %q\nwant prefix %q", c.line, got, c.want)
			}
			continue
		}
		if c.line == `input tap 10` {
			got, _, _ = strings.Cut(got, "Usage:")
		}
		if got != c.want {
			t.Errorf("%s\n got %q\nwant %q", c.line, got, c.want)
		}
	}
	if s, _ := d.Setting("system", "screen_brightness"); s != "255" {
		t.Fatalf("settings put did not stick: %q", s)
	}
}

// Screens move on after hold screencaps, or on input when so set; dumps follow.
func TestScreensAdvance(t *testing.T) {
	d := Start(t, Config{})
	a, b := Screen{XML: "<hierarchy>A</hierarchy>", Activity: "a.b/.A"}, Screen{XML: "<hierarchy>B</hierarchy>", Activity: "a.b/.B"}
	d.SetScreens([]Screen{a, b}, 2)
	seen := ""
	for i := 0; i < 5; i++ {
		sh(t, d, "screencap -p > /dev/null")
		seen += strings.TrimPrefix(strings.TrimSuffix(sh(t, d, "uiautomator dump /sdcard/x.xml >/dev/null && cat /sdcard/x.xml"), "</hierarchy>"), "<hierarchy>")
	}
	if seen != "AABBB" || d.Screencaps() != 5 {
		t.Fatalf("screens %q after %d screencaps", seen, d.Screencaps())
	}
	d.SetScreens([]Screen{a, b}, AdvanceOnInput)
	sh(t, d, "screencap -p > /dev/null; screencap -p > /dev/null")
	if d.CurrentScreen() != 0 {
		t.Fatal("screencap moved an input-driven screen")
	}
	sh(t, d, "input tap 500 1000")
	if d.CurrentScreen() != 0 || len(d.Inputs()) != 1 || d.Inputs()[0] != "tap 500 1000" {
		t.Fatalf("after a tap: screen %d, inputs %q", d.CurrentScreen(), d.Inputs())
	}
	// The next screenshot shows where the tap led, and the dump follows it.
	sh(t, d, "screencap -p > /dev/null")
	if d.CurrentScreen() != 1 || !strings.Contains(sh(t, d, "uiautomator dump /sdcard/y.xml >/dev/null; cat /sdcard/y.xml"), "B") {
		t.Fatalf("after the next screencap: screen %d", d.CurrentScreen())
	}
}

func FuzzShellParse(f *testing.F) {
	for _, s := range []string{`echo "a b" | grep -E 'x|y' && cat /f 2>&1; true || false`, `a\ b'c'"d\"e"`, "x >> /f 2>/dev/null < /g", "1>&2 echo"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, line string) {
		toks, err := tokenize(line)
		if err != nil {
			return
		}
		lists, err := parse(toks)
		if err != nil {
			return
		}
		for _, l := range lists {
			if len(l.pipes) != len(l.ops)+1 {
				t.Fatalf("%q: %d pipelines, %d operators", line, len(l.pipes), len(l.ops))
			}
			for _, p := range l.pipes {
				if len(p) == 0 {
					t.Fatalf("%q: empty pipeline", line)
				}
			}
		}
	})
}

// realMksh is the path of Android's shell (Debian's mksh) to check the tables against, or
// "" where it is not installed; in CI, where .ci/run installs it, its absence fails.
func realMksh(t *testing.T) string {
	t.Helper()
	p, err := exec.LookPath("mksh")
	if err != nil && os.Getenv("CI") == "true" {
		t.Fatal("mksh is not installed; .ci/run installs it so the shell tables are checked against the real shell")
	}
	return p
}

// The compounds and builtins AndroidWorld's scripts use (file_utils.check_file_exists
// runs `if [ -d "PATH" ]; then echo ...; else echo ...; fi`), each line run by the
// real mksh too where it is installed, and globs expanded as mksh expands them over
// the same names in a host folder.
func TestShellIfTestAndGlobs(t *testing.T) {
	d := Start(t, Config{})
	mksh := realMksh(t)
	for _, c := range []struct{ line, want string }{
		{"if [ -d / ]; then echo yes; else echo no; fi", "yes\n"},
		{"if [ -f /nonexistent-x ]; then echo yes; else echo no; fi", "no\n"},
		{"\n  if [ -d \"/nonexistent-x\" ]; then\n      echo \"Exists\"\n  else\n      echo \"Does not exist\"\n  fi\n  ", "Does not exist\n"},
		{"[ a = a ] && echo eq; [ a != a ] || echo ne", "eq\nne\n"},
		{"test -z '' && echo empty; test -n '' || echo none", "empty\nnone\n"},
		{"if true; then echo a; fi; if false; then echo b; fi; echo c", "a\nc\n"},
		{"if [ ! -e /nonexistent-x ]; then if true; then echo nested; fi; fi", "nested\n"},
		{"echo '*' \"?\"", "* ?\n"},
		{"echo ~~~RESET~~~ a~b", "~~~RESET~~~ a~b\n"},
	} {
		if mksh != "" {
			if out, err := exec.Command(mksh, "-c", c.line).Output(); err != nil || string(out) != c.want {
				t.Errorf("%q: mksh prints %q (%v), the table %q", c.line, out, err, c.want)
			}
		}
		if got := sh(t, d, c.line); got != c.want {
			t.Errorf("%q\n got %q\nwant %q", c.line, got, c.want)
		}
	}
	names := []string{"a.db", "a.db-wal", "b.txt", ".hidden", "c d"}
	host := t.TempDir()
	for _, n := range names {
		d.PutFile("/sdcard/g/"+n, []byte("x"))
		os.WriteFile(filepath.Join(host, n), []byte("x"), 0o644)
	}
	for _, c := range []struct{ pattern, want string }{
		{"*", "a.db a.db-wal b.txt c d"}, {"a.db*", "a.db a.db-wal"}, {"?.txt", "b.txt"}, {".h*", ".hidden"},
		{"none*", "none*"}, {"'*'", "*"},
	} {
		if mksh != "" {
			cmd := exec.Command(mksh, "-c", "cd "+host+" && echo "+c.pattern)
			if out, err := cmd.Output(); err != nil || strings.TrimSpace(string(out)) != c.want {
				t.Errorf("echo %s: mksh prints %q (%v), the table %q", c.pattern, out, err, c.want)
			}
		}
		got := strings.TrimSpace(strings.ReplaceAll(sh(t, d, "echo /sdcard/g/"+c.pattern), "/sdcard/g/", ""))
		if strings.HasPrefix(c.pattern, "'") {
			got = strings.TrimSpace(sh(t, d, "echo "+c.pattern))
		}
		if got != c.want {
			t.Errorf("echo %s: %q, want %q", c.pattern, got, c.want)
		}
	}
	if out := sh(t, d, "rm -r /sdcard/g/a.db* && ls /sdcard/g"); out != "b.txt\nc d\n" {
		t.Errorf("rm of a glob: %q", out)
	}
}

// find, sqlite3, svc and pm as AndroidWorld's setup runs them; find's lines are also
// run by the real toybox over the same tree in a host folder, and sqlite3's by the
// real sqlite3 shell where installed.
func TestShellFindSqliteSvcPm(t *testing.T) {
	d := Start(t, Config{})
	host := t.TempDir()
	for _, f := range []string{"a/x.txt", "a/b/y", "c.md"} {
		d.PutFile("/sdcard/ft/"+f, []byte("x"))
		os.MkdirAll(filepath.Join(host, "ft", filepath.Dir(f)), 0o755)
		os.WriteFile(filepath.Join(host, "ft", f), []byte("x"), 0o644)
	}
	toybox, _ := exec.LookPath("toybox")
	for _, c := range []struct{ args, want string }{
		{"ft/ -mindepth 1", "ft/a\nft/a/b\nft/a/b/y\nft/a/x.txt\nft/c.md\n"},
		{"ft -type f -o -type d", "ft\nft/a\nft/a/b\nft/a/b/y\nft/a/x.txt\nft/c.md\n"},
		{"ft -name *.md", "ft/c.md\n"},
		{"ft -maxdepth 1 -type f", "ft/c.md\n"},
		{"ft/a -name y -delete", "ft/a/b/y\n"},
	} {
		if toybox != "" {
			cmd := exec.Command(toybox, append([]string{"find"}, strings.Fields(c.args)...)...)
			cmd.Dir = host
			// toybox walks in directory order; the stand-in in name order.
			if out, err := cmd.Output(); err != nil || sortedLines(string(out)) != sortedLines(c.want) {
				t.Errorf("find %s: toybox prints %q (%v), the table %q", c.args, out, err, c.want)
			}
		}
		line := "find " + strings.ReplaceAll(c.args, "ft", "/sdcard/ft")
		line = strings.Replace(line, "*.md", "'*.md'", 1)
		if got := strings.ReplaceAll(sh(t, d, line), "/sdcard/", ""); got != c.want {
			t.Errorf("%s: %q, want %q", line, got, c.want)
		}
	}
	if out := sh(t, d, "find /sdcard/ft -type f"); out != "/sdcard/ft/a/x.txt\n/sdcard/ft/c.md\n" {
		t.Errorf("after -delete: %q", out)
	}
	if out := sh(t, d, "find /sdcard/none"); out != "find: '/sdcard/none': No such file or directory\n" {
		t.Errorf("find of a missing path: %q", out)
	}
	sqlite, _ := exec.LookPath("sqlite3")
	script := `CREATE TABLE sms (_id INTEGER PRIMARY KEY, body TEXT); INSERT INTO sms (body) VALUES ('hi'), ('yo'); DELETE FROM sms WHERE body = 'hi'; SELECT _id, body FROM sms;`
	if sqlite != "" {
		if out, err := exec.Command(sqlite, filepath.Join(host, "m.db"), script).Output(); err != nil || string(out) != "2|yo\n" {
			t.Errorf("sqlite3 prints %q (%v)", out, err)
		}
	}
	if out := sh(t, d, `sqlite3 /data/data/p/m.db "`+script+`"`); out != "2|yo\n" {
		t.Errorf("sqlite3: %q", out)
	}
	if out := sh(t, d, `sqlite3 /data/data/p/m.db "SELECT count(*) FROM sms"; pm clear p; ls /data/data/p`); out != "1\nSuccess\n" {
		t.Errorf("sqlite3 kept the file, pm clear emptied the folder: %q", out)
	}
	if out := sh(t, d, "svc wifi disable; settings get global wifi_on; svc bluetooth enable; settings get global bluetooth_on"); out != "0\n1\n" {
		t.Errorf("svc: %q", out)
	}
}

func sortedLines(s string) string {
	lines := strings.Split(strings.TrimSuffix(s, "\n"), "\n")
	slices.Sort(lines)
	return strings.Join(lines, "\n")
}

// Clipper's receiver answers while Clipper is in front, as AndroidWorld's
// set_clipboard_contents and get_clipboard_contents expect; content delete clears a
// provider's rows.
func TestShellClipperAndContentDelete(t *testing.T) {
	d := Start(t, Config{})
	if out := sh(t, d, "am broadcast -a clipper.get"); !strings.HasSuffix(out, "Broadcast completed: result=0\n") {
		t.Errorf("Clipper in the background answered: %q", out)
	}
	sh(t, d, "am start -n "+ClipperActivity)
	if out := sh(t, d, `am broadcast -a clipper.set -e text hello\ world`); !strings.HasSuffix(out, "Broadcast completed: result=-1, data=\"Text is copied into clipboard.\"\n") {
		t.Errorf("set: %q", out)
	}
	if out := sh(t, d, "am broadcast -a clipper.get"); !strings.HasSuffix(out, "Broadcast completed: result=-1, data=\"hello world\"\n") {
		t.Errorf("get: %q", out)
	}
	d.SetContent("content://call_log/calls", R("_id", 1, "number", "555"))
	if out := sh(t, d, "content delete --uri content://call_log/calls; content query --uri content://call_log/calls"); out != "No result found.\n" {
		t.Errorf("content delete: %q", out)
	}
}
