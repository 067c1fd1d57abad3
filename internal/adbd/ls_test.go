package adbd

import (
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

// lsTree is a folder as both the stand-in and a host file system hold it: paths under
// the listed root, folder or contents, and times.
var lsTree = []struct {
	rel          string
	dir          bool
	data         string
	mtime, atime time.Time
}{
	{"", true, "", utc("2023-10-15 09:00:00.5"), utc("2099-01-01 00:00:00")},
	{"d", true, "", utc("2023-10-15 09:30:00.25"), utc("2099-01-01 00:00:00")},
	{"d/sub", true, "", utc("2023-10-15 09:45:00"), utc("2099-01-01 00:00:00")},
	{"d/a.md", false, "hello", utc("2023-10-15 10:00:00.123456789"), utc("2023-11-28 23:17:43.5")},
	{"d/big", false, strings.Repeat("b", 5000), utc("2023-10-15 11:00:00.000000001"), utc("2023-10-15 11:00:00.000000001")},
	{"d/empty", false, "", utc("2023-10-15 12:00:00"), utc("2023-10-14 08:00:00")},
	{"d/.hidden", false, "x\n", utc("2023-10-15 08:00:00"), utc("2023-10-15 08:00:00")},
	{"d/my note.md", false, "note", utc("2023-10-15 09:00:00.999999999"), utc("2023-10-16 07:00:00")},
}

func utc(s string) time.Time {
	t, err := time.Parse("2006-01-02 15:04:05.999999999", s)
	if err != nil {
		panic(err)
	}
	return t
}

// lsRoot is where the tree sits on the device: outside shared storage, so root owns it
// there as it does the host's copy.
const lsRoot = "/data/local/tmp/t"

// The stand-in's ls prints what toybox's ls prints, byte for byte: AndroidWorld's
// `ls DIR -ll -au` (access time seconds with the modification time's nanoseconds, as
// toybox's filter copies only st_atime), the long formats' aligned columns and "total",
// dot entries with -a, the orders, several arguments, and its errors. The table is what
// toybox 0.8.9 prints for the same tree; where toybox is installed (and the test runs as
// root on a file system with 4 KiB blocks, as a device's /data is), the test asks it too.
func TestLsAsToybox(t *testing.T) {
	d := Start(t, Config{})
	for _, f := range lsTree {
		p := lsRoot + "/" + f.rel
		if f.dir {
			d.MakeDir(p)
		} else {
			d.PutFile(p, []byte(f.data))
		}
		if !d.Touch(p, f.mtime, f.atime) {
			t.Fatalf("touch %s", p)
		}
	}
	host := toyboxTree(t)

	const R = lsRoot
	cases := []struct{ line, want string }{
		{"ls " + R + "/d -ll -au", "total 32\n" +
			"drwxrwx--x 3 root root 4096 2099-01-01 00:00:00.250000000 +0000 .\n" +
			"drwxrwx--x 3 root root 4096 2099-01-01 00:00:00.500000000 +0000 ..\n" +
			"-rw-r--r-- 1 root root    2 2023-10-15 08:00:00.000000000 +0000 .hidden\n" +
			"-rw-r--r-- 1 root root    5 2023-11-28 23:17:43.123456789 +0000 a.md\n" +
			"-rw-r--r-- 1 root root 5000 2023-10-15 11:00:00.000000001 +0000 big\n" +
			"-rw-r--r-- 1 root root    0 2023-10-14 08:00:00.000000000 +0000 empty\n" +
			"-rw-r--r-- 1 root root    4 2023-10-16 07:00:00.999999999 +0000 my note.md\n" +
			"drwxrwx--x 2 root root 4096 2099-01-01 00:00:00.000000000 +0000 sub\n"},
		{"ls -l " + R + "/d", "total 20\n" +
			"-rw-r--r-- 1 root root    5 2023-10-15 10:00 a.md\n" +
			"-rw-r--r-- 1 root root 5000 2023-10-15 11:00 big\n" +
			"-rw-r--r-- 1 root root    0 2023-10-15 12:00 empty\n" +
			"-rw-r--r-- 1 root root    4 2023-10-15 09:00 my note.md\n" +
			"drwxrwx--x 2 root root 4096 2023-10-15 09:45 sub\n"},
		{"ls " + R + "/d", "a.md\nbig\nempty\nmy note.md\nsub\n"},
		{"ls -a " + R + "/d", ".\n..\n.hidden\na.md\nbig\nempty\nmy note.md\nsub\n"},
		{"ls -A " + R + "/d", ".hidden\na.md\nbig\nempty\nmy note.md\nsub\n"},
		{"ls -ltr " + R + "/d", "total 20\n" +
			"-rw-r--r-- 1 root root    4 2023-10-15 09:00 my note.md\n" +
			"drwxrwx--x 2 root root 4096 2023-10-15 09:45 sub\n" +
			"-rw-r--r-- 1 root root    5 2023-10-15 10:00 a.md\n" +
			"-rw-r--r-- 1 root root 5000 2023-10-15 11:00 big\n" +
			"-rw-r--r-- 1 root root    0 2023-10-15 12:00 empty\n"},
		// -u shows the access time; only -t sorts by time (the time shown).
		{"ls -lu " + R + "/d", "total 20\n" +
			"-rw-r--r-- 1 root root    5 2023-11-28 23:17 a.md\n" +
			"-rw-r--r-- 1 root root 5000 2023-10-15 11:00 big\n" +
			"-rw-r--r-- 1 root root    0 2023-10-14 08:00 empty\n" +
			"-rw-r--r-- 1 root root    4 2023-10-16 07:00 my note.md\n" +
			"drwxrwx--x 2 root root 4096 2099-01-01 00:00 sub\n"},
		{"ls -u " + R + "/d", "a.md\nbig\nempty\nmy note.md\nsub\n"},
		{"ls -tu " + R + "/d", "sub\na.md\nmy note.md\nbig\nempty\n"},
		{"ls -lS " + R + "/d", "total 20\n" +
			"-rw-r--r-- 1 root root 5000 2023-10-15 11:00 big\n" +
			"drwxrwx--x 2 root root 4096 2023-10-15 09:45 sub\n" +
			"-rw-r--r-- 1 root root    5 2023-10-15 10:00 a.md\n" +
			"-rw-r--r-- 1 root root    4 2023-10-15 09:00 my note.md\n" +
			"-rw-r--r-- 1 root root    0 2023-10-15 12:00 empty\n"},
		{"ls -nd " + R + "/d", "drwxrwx--x 3 0 0 4096 2023-10-15 09:30 " + R + "/d\n"},
		{"ls -go " + R + "/d/a.md " + R + "/d/big", "-rw-r--r-- 1    5 2023-10-15 10:00 " + R + "/d/a.md\n" +
			"-rw-r--r-- 1 5000 2023-10-15 11:00 " + R + "/d/big\n"},
		// Files first, then each folder under its name; the newline that separates
		// entries still comes before a file sorted after a folder.
		{"ls " + R + "/d/a.md " + R + "/d " + R + "/d/sub", "\n" + R + "/d/a.md\n\n" + R + "/d:\na.md\nbig\nempty\nmy note.md\nsub\n\n" + R + "/d/sub:\n"},
		// The columns are measured over every argument, the folder's too.
		{"ls -l " + R + "/d/sub " + R + "/d/a.md", "-rw-r--r-- 1 root root    5 2023-10-15 10:00 " + R + "/d/a.md\n\n" + R + "/d/sub:\ntotal 0\n"},
		{"ls " + R + "/nope " + R + "/d/sub -l", "ls: " + R + "/nope: No such file or directory\ntotal 0\n"},
		{"ls -y " + R + "/d", "ls: Unknown option 'y' (see \"ls --help\")\n"},
		{"ls -U " + R + "/d", "ls: Unknown option 'U' (see \"ls --help\")\n"},
		{"ls -lyz " + R + "/d", "ls: Unknown option 'yz' (see \"ls --help\")\n"},
	}
	for _, c := range cases {
		if got := sh(t, d, c.line); got != c.want {
			t.Errorf("stand-in: %s\n got %q\nwant %q", c.line, got, c.want)
		}
		if host == "" {
			continue
		}
		args := strings.Fields(strings.ReplaceAll(c.line, R, host))
		cmd := exec.Command("toybox", args...)
		cmd.Env = append(os.Environ(), "TZ=UTC")
		out, _ := cmd.CombinedOutput()
		if got := strings.ReplaceAll(string(out), host, R); got != c.want {
			t.Errorf("toybox: %s\n got %q\nwant %q", c.line, got, c.want)
		}
	}
	if r := d.Refused(); len(r) != 0 {
		t.Fatalf("refused %q", r)
	}
}

// toyboxTree writes lsTree to a host folder for toybox to list, or returns "" (and
// says why) where toybox's answers would not be a device's.
func toyboxTree(t *testing.T) string {
	t.Helper()
	if _, err := exec.LookPath("toybox"); err != nil {
		if os.Getenv("CI") == "true" {
			t.Fatal("toybox is not installed; .ci/run installs it so the table is checked against the real ls")
		}
		t.Log("toybox is not installed: the table is not checked against it")
		return ""
	}
	if os.Geteuid() != 0 {
		t.Log("not root: toybox would show another owner")
		return ""
	}
	root := filepath.Join(t.TempDir(), "t")
	for _, f := range lsTree {
		p := filepath.Join(root, f.rel)
		var err error
		if f.dir {
			if err = os.MkdirAll(p, 0o771); err == nil {
				err = os.Chmod(p, 0o771)
			}
		} else if err = os.WriteFile(p, []byte(f.data), 0o644); err == nil {
			err = os.Chmod(p, 0o644)
		}
		if err != nil {
			t.Fatal(err)
		}
	}
	// Times last, deepest first, so making a child does not move its folder's; a folder's
	// access time lies ahead, so listing it does not move that either (relatime).
	for i := len(lsTree) - 1; i >= 0; i-- {
		if err := os.Chtimes(filepath.Join(root, lsTree[i].rel), lsTree[i].atime, lsTree[i].mtime); err != nil {
			t.Fatal(err)
		}
	}
	var st syscall.Stat_t
	if err := syscall.Stat(filepath.Join(root, "d"), &st); err != nil || st.Size != 4096 || st.Blocks != 8 {
		t.Logf("the host's folders are not 4 KiB blocks (%d bytes, %d blocks): the table is not checked against toybox", st.Size, st.Blocks)
		return ""
	}
	return root
}
