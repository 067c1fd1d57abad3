package adbd

import (
	"bytes"
	"fmt"
	"io"
	"maps"
	"regexp"
	"slices"
	"strconv"
	"strings"
	"time"
)

// command runs one simple command: a handler installed with HandleShell first, then
// the built-in toybox-like commands. It returns the exit status.
func (d *Device) command(sh *shell, argv []string, stdin []byte, stdout, stderr io.Writer) int {
	d.mu.Lock()
	h := d.handler
	d.mu.Unlock()
	if h != nil {
		if out, ok := h(argv, stdin); ok {
			io.WriteString(stdout, out)
			return 0
		}
	}
	name := argv[0]
	if i := strings.LastIndexByte(name, '/'); i >= 0 && (strings.HasPrefix(name, "/system/bin/") || strings.HasPrefix(name, "/system/xbin/")) {
		name = name[i+1:]
	}
	args := argv[1:]
	switch name {
	case "echo":
		// The shell's own echo unless a path names toybox's.
		return echo(args, stdout, argv[0] == "echo")
	case "true":
		return 0
	case "false":
		return 1
	case "cat":
		return d.cat(args, stdin, stdout, stderr)
	case "ls":
		return d.ls(args, stdout, stderr)
	case "rm":
		return d.rm(args, stderr)
	case "mkdir":
		return d.mkdir(args, stderr)
	case "getprop":
		return d.getprop(args, stdout)
	case "wm":
		return d.wm(args, stdout, stderr)
	case "screencap":
		return d.screencap(args, stdout, stderr)
	case "uiautomator":
		return d.uiautomator(args, stdout, stderr)
	case "dumpsys":
		return d.dumpsys(args, stdout, stderr)
	case "settings":
		return d.settings(args, stdout, stderr)
	case "content":
		return d.contentCmd(args, stdout, stderr)
	case "grep":
		return d.grep(args, stdin, stdout, stderr)
	case "date":
		return d.date(args, stdout, stderr)
	case "input":
		return d.input(args, stdout, stderr)
	case "sleep":
		return d.sleepCmd(args, stderr)
	case "whoami":
		fmt.Fprintln(stdout, "root") // AndroidWorld's emulators run adbd as root
		return 0
	case "test", "[":
		return d.test(args, name == "[", stderr)
	case "chmod":
		return d.chmod(args, stderr)
	case "restorecon":
		return 0
	case "am":
		return d.am(args, stdout, stderr)
	case "service":
		return d.serviceCmd(args, stdout, stderr)
	case "find":
		return d.find(args, stdout, stderr)
	case "svc":
		return d.svc(args, stderr)
	case "pm":
		return d.pm(args, stdout, stderr)
	case "sqlite3":
		return d.sqlite3(args, stdout, stderr)
	}
	d.refuse("command " + argv[0] + " (not simulated)")
	fmt.Fprintf(stderr, "%s: %s: inaccessible or not found\n", shellName, argv[0])
	return 127
}

// echo is mksh's builtin echo, or with builtin false toybox's: -n drops the newline, -e
// and -E turn backslash escapes on and off. The builtin starts with them on, so
// `echo "a\nb"` prints two lines on a device.
func echo(args []string, w io.Writer, builtin bool) int {
	newline, escapes := true, builtin
	for len(args) > 0 && len(args[0]) > 1 && args[0][0] == '-' && strings.Trim(args[0][1:], "neE") == "" {
		for _, c := range args[0][1:] {
			switch c {
			case 'n':
				newline = false
			case 'e':
				escapes = true
			case 'E':
				escapes = false
			}
		}
		args = args[1:]
	}
	s := strings.Join(args, " ")
	if escapes {
		s = strings.NewReplacer(`\n`, "\n", `\t`, "\t", `\\`, `\`, `\r`, "\r", `\a`, "\a", `\b`, "\b", `\f`, "\f", `\v`, "\v").Replace(s)
	}
	if newline {
		s += "\n"
	}
	io.WriteString(w, s)
	return 0
}

// readFile reads a device file for the shell; the error text is strerror's.
func (d *Device) readFile(name string) ([]byte, error) {
	d.mu.Lock()
	defer d.mu.Unlock()
	f, err := d.state.open(name)
	if err != nil {
		return nil, err
	}
	if f.mode&modeDir != 0 {
		return nil, errIsDir
	}
	return bytes.Clone(f.data), nil
}

// checkWritable says why a file cannot be written ("" when it can).
func (d *Device) checkWritable(name string) string {
	d.mu.Lock()
	defer d.mu.Unlock()
	f, err := d.state.open(name)
	switch {
	case err == errDenied:
		return err.Error()
	case err == nil && f.mode&modeDir != 0:
		return errIsDir.Error()
	}
	return ""
}

func (d *Device) writeFile(name string, data []byte, appendTo bool) {
	d.mu.Lock()
	defer d.mu.Unlock()
	key := clean(name)
	now := d.state.now() // the device clock stamps files
	if f := d.state.files[key]; f != nil && appendTo {
		f.atime = f.accessed() // writing moves the modification time only
		f.data = append(f.data, data...)
		f.mtime = now
		return
	}
	d.state.files[key] = &file{data: bytes.Clone(data), mode: modeRegular | 0o660, mtime: now, atime: now}
}

func (d *Device) cat(args []string, stdin []byte, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		stdout.Write(stdin)
		return 0
	}
	status := 0
	for _, a := range args {
		if a == "-" {
			stdout.Write(stdin)
			continue
		}
		data, err := d.readFile(a)
		if err != nil {
			fmt.Fprintf(stderr, "cat: %s: %s\n", a, err)
			status = 1
			continue
		}
		stdout.Write(data)
	}
	return status
}

func (d *Device) rm(args []string, stderr io.Writer) int {
	force := false
	status := 0
	for _, a := range args {
		if strings.HasPrefix(a, "-") && len(a) > 1 {
			if strings.Trim(a[1:], "frR") != "" {
				fmt.Fprintf(stderr, "rm: Unknown option '%s'\n", a[1:])
				return 1
			}
			force = force || strings.Contains(a, "f")
			continue
		}
		d.mu.Lock()
		_, err := d.state.open(a)
		if err == nil {
			key := clean(a)
			delete(d.state.files, key)
			for q := range d.state.files {
				if strings.HasPrefix(q, key+"/") {
					delete(d.state.files, q)
				}
			}
		}
		d.mu.Unlock()
		if err != nil && !(force && err == errNotExist) {
			fmt.Fprintf(stderr, "rm: %s: %s\n", a, err)
			status = 1
		}
	}
	return status
}

func (d *Device) mkdir(args []string, stderr io.Writer) int {
	parents := false
	status := 0
	for _, a := range args {
		if a == "-p" {
			parents = true
			continue
		}
		d.mu.Lock()
		_, err := d.state.open(a)
		if err == errNotExist {
			now := d.state.now()
			d.state.files[clean(a)] = &file{mode: modeDir | 0o771, mtime: now, atime: now}
		}
		d.mu.Unlock()
		switch {
		case err == errDenied:
			fmt.Fprintf(stderr, "mkdir: '%s': %s\n", a, err)
			status = 1
		case err == nil && !parents:
			fmt.Fprintf(stderr, "mkdir: '%s': File exists\n", a)
			status = 1
		}
	}
	return status
}

func (d *Device) getprop(args []string, stdout io.Writer) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	props := d.state.props
	switch len(args) {
	case 0:
		for _, k := range slices.Sorted(maps.Keys(props)) {
			fmt.Fprintf(stdout, "[%s]: [%s]\n", k, props[k])
		}
	default:
		v, ok := props[args[0]]
		if !ok && len(args) > 1 {
			v = args[1]
		}
		fmt.Fprintln(stdout, v)
	}
	return 0
}

func (d *Device) wm(args []string, stdout, stderr io.Writer) int {
	d.mu.Lock()
	defer d.mu.Unlock()
	p := d.state
	switch {
	case len(args) == 1 && args[0] == "size":
		fmt.Fprintf(stdout, "Physical size: %dx%d\n", p.width, p.height)
		if p.overW > 0 {
			fmt.Fprintf(stdout, "Override size: %dx%d\n", p.overW, p.overH)
		}
		return 0
	case len(args) == 2 && args[0] == "size" && args[1] == "reset":
		p.overW, p.overH = 0, 0
		return 0
	case len(args) == 2 && args[0] == "size":
		a, b, ok := strings.Cut(args[1], "x")
		w, err1 := strconv.Atoi(a)
		h, err2 := strconv.Atoi(b)
		if !ok || err1 != nil || err2 != nil || w <= 0 || h <= 0 {
			fmt.Fprintf(stderr, "Error: bad size %s\n", args[1])
			return 1
		}
		p.overW, p.overH = w, h
		return 0
	case len(args) == 1 && args[0] == "density":
		fmt.Fprintln(stdout, "Physical density: 420")
		return 0
	}
	fmt.Fprintln(stderr, "Window manager (window) commands:\n  size [reset|WxH|WdpxHdp]\n  density [reset|DENSITY]")
	return 255
}

// dumpsys prints the activity manager's and window manager's views of the current
// screen, in the shape Android 10+ prints them (Android 9 and older for SDK < 29).
func (d *Device) dumpsys(args []string, stdout, stderr io.Writer) int {
	d.mu.Lock()
	_, scr := d.state.current()
	sdk, _ := strconv.Atoi(d.state.props["ro.build.version.sdk"])
	d.mu.Unlock()
	act := scr.Activity
	if act == "" {
		act = Launcher
	}
	if len(args) == 0 {
		fmt.Fprint(stdout, "Currently running services:\n  activity\n  window\n")
		return 0
	}
	switch args[0] {
	case "activity":
		if len(args) == 1 || args[1] == "activities" || args[1] == "a" {
			io.WriteString(stdout, activityDump(act, sdk))
			return 0
		}
		fmt.Fprintf(stdout, "Bad activity command, or no activities match: %s\nUse -h for help.\n", strings.Join(args[1:], " "))
		return 0
	case "window":
		if len(args) == 1 || args[1] == "windows" || args[1] == "w" {
			io.WriteString(stdout, windowDump(act))
			return 0
		}
		fmt.Fprintf(stdout, "Unknown dump command: %s\n", args[1])
		return 0
	}
	fmt.Fprintf(stderr, "Can't find service: %s\n", args[0])
	return 0
}

// Launcher is the activity shown while a screen names none.
const Launcher = "com.google.android.apps.nexuslauncher/.NexusLauncherActivity"

// NoActivity as a Screen's Activity means nothing is resumed (a lock screen, a
// transition): dumpsys then names no resumed activity.
const NoActivity = "null"

// record formats a component as ActivityRecord does (ComponentName.flattenToShortString).
func record(act string) (short, full string) {
	pkg, cls, ok := strings.Cut(act, "/")
	if !ok {
		return act, act
	}
	if strings.HasPrefix(cls, ".") {
		cls = pkg + cls
	}
	full = pkg + "/" + cls
	if strings.HasPrefix(cls, pkg+".") {
		return pkg + "/" + strings.TrimPrefix(cls, pkg), full
	}
	return full, full
}

func activityDump(act string, sdk int) string {
	var b strings.Builder
	b.WriteString("ACTIVITY MANAGER ACTIVITIES (dumpsys activity activities)\n")
	launcherShort, _ := record(Launcher)
	if act == NoActivity {
		b.WriteString("Display #0 (activities from top to bottom):\n")
		fmt.Fprintf(&b, "  * Task{7a1c0e #1 type=home A=10071:com.google.android.apps.nexuslauncher U=0 visible=false}\n")
		fmt.Fprintf(&b, "    mLastPausedActivity: ActivityRecord{5d0e8b u0 %s t1}\n", launcherShort)
		fmt.Fprintf(&b, "    * Hist  #0: ActivityRecord{5d0e8b u0 %s t1}\n", launcherShort)
		return b.String()
	}
	short, _ := record(act)
	pkg, _, _ := strings.Cut(act, "/")
	b.WriteString("Display #0 (activities from top to bottom):\n")
	if sdk >= 29 {
		fmt.Fprintf(&b, "  * Task{c1f2a9 #42 type=standard A=10123:%s U=0 visible=true mode=fullscreen translucent=false sz=1}\n", pkg)
		fmt.Fprintf(&b, "    topResumedActivity=ActivityRecord{8c1d2e u0 %s t42}\n", short)
	} else {
		fmt.Fprintf(&b, "  Stack #42: type=standard mode=fullscreen\n")
		fmt.Fprintf(&b, "    mResumedActivity: ActivityRecord{8c1d2e u0 %s t42}\n", short)
	}
	fmt.Fprintf(&b, "    * Hist  #0: ActivityRecord{8c1d2e u0 %s t42}\n", short)
	fmt.Fprintf(&b, "      packageName=%s processName=%s\n", pkg, pkg)
	fmt.Fprintf(&b, "    mLastPausedActivity: ActivityRecord{5d0e8b u0 %s t1}\n", launcherShort)
	fmt.Fprintf(&b, "  * Task{7a1c0e #1 type=home A=10071:com.google.android.apps.nexuslauncher U=0 visible=false}\n")
	fmt.Fprintf(&b, "    * Hist  #0: ActivityRecord{5d0e8b u0 %s t1}\n\n", launcherShort)
	fmt.Fprintf(&b, "  ResumedActivity: ActivityRecord{8c1d2e u0 %s t42}\n", short)
	return b.String()
}

func windowDump(act string) string {
	var b strings.Builder
	b.WriteString("WINDOW MANAGER WINDOWS (dumpsys window windows)\n")
	b.WriteString("  Window #0 Window{a1b2c3 u0 NavigationBar0}:\n    mDisplayId=0 rootTaskId=1 mSession=Session{1f2e3d 1234:u0a10097}\n")
	b.WriteString("  Window #1 Window{d4e5f6 u0 StatusBar}:\n    mDisplayId=0 rootTaskId=1\n")
	if act == NoActivity {
		b.WriteString("\n  mCurrentFocus=null\n  mFocusedApp=null\n")
		return b.String()
	}
	short, full := record(act)
	fmt.Fprintf(&b, "  Window #2 Window{5f3a1b2 u0 %s}:\n    mDisplayId=0 rootTaskId=42\n", full)
	fmt.Fprintf(&b, "\n  mCurrentFocus=Window{5f3a1b2 u0 %s}\n", full)
	fmt.Fprintf(&b, "  mFocusedApp=ActivityRecord{8c1d2e u0 %s t42}\n", short)
	return b.String()
}

// settings is `settings get|put|delete|list NAMESPACE ...`.
func (d *Device) settings(args []string, stdout, stderr io.Writer) int {
	usage := func() int {
		fmt.Fprintln(stderr, "usage:  settings [--user <USER_ID> | current] get namespace key\n        settings [--user <USER_ID> | current] put namespace key value\n        settings [--user <USER_ID> | current] delete namespace key\n        settings [--user <USER_ID> | current] list namespace\n\n'namespace' is one of {system, secure, global}, case-insensitive")
		return 1
	}
	if len(args) >= 2 && args[0] == "--user" {
		args = args[2:]
	}
	if len(args) < 2 {
		return usage()
	}
	verb, ns := args[0], strings.ToLower(args[1])
	if ns != "system" && ns != "secure" && ns != "global" {
		return usage()
	}
	d.mu.Lock()
	defer d.mu.Unlock()
	vals := d.state.settings[ns]
	switch {
	case verb == "get" && len(args) == 3:
		v, ok := vals[args[2]]
		if !ok {
			v = "null"
		}
		fmt.Fprintln(stdout, v)
	case verb == "put" && len(args) >= 4:
		vals[args[2]] = args[3]
	case verb == "delete" && len(args) == 3:
		_, ok := vals[args[2]]
		delete(vals, args[2])
		n := 0
		if ok {
			n = 1
		}
		fmt.Fprintf(stdout, "Deleted %d rows\n", n)
	case verb == "list" && len(args) == 2:
		for _, k := range slices.Sorted(maps.Keys(vals)) {
			fmt.Fprintf(stdout, "%s=%s\n", k, vals[k])
		}
	default:
		return usage()
	}
	return 0
}

// contentCmd is `content query --uri URI [--user N] [--projection a:b]`. Like Content.java
// it never exits non-zero: bad arguments print the usage and an [ERROR] line, and a
// provider failure "Error while accessing provider:AUTHORITY" and the exception, on
// standard error.
func (d *Device) contentCmd(args []string, stdout, stderr io.Writer) int {
	usage := func(problem string) int {
		fmt.Fprintln(stdout, "usage: adb shell content [subcommand] [options]\n\nusage: adb shell content query --uri <URI> [--user <USER_ID>] [--projection <PROJECTION>] [--where <WHERE>] [--sort <SORT_ORDER>]")
		if problem != "" {
			fmt.Fprintln(stdout, "[ERROR] "+problem)
		}
		return 0
	}
	if len(args) == 3 && args[0] == "delete" && args[1] == "--uri" {
		// Content.java's delete prints nothing; the provider's rows are gone.
		d.mu.Lock()
		if _, ok := d.state.content[args[2]]; ok {
			d.state.content[args[2]] = nil
		}
		d.mu.Unlock()
		return 0
	}
	if len(args) == 0 || args[0] != "query" {
		if len(args) > 0 && (args[0] == "insert" || args[0] == "update" || args[0] == "delete" || args[0] == "call" || args[0] == "read") {
			d.refuse("content " + args[0])
			fmt.Fprintf(stderr, "adbd stand-in: content %s is not simulated\n", args[0])
			return 1
		}
		return usage("")
	}
	var uri string
	var projection []string
	for i := 1; i < len(args); i++ {
		opt := args[i]
		if i+1 >= len(args) {
			return usage(fmt.Sprintf("Argument expected after \"%s\"", opt))
		}
		val := args[i+1]
		i++
		switch opt {
		case "--uri":
			uri = val
		case "--user":
		case "--projection":
			projection = strings.Split(val, ":")
		case "--where", "--sort":
			d.refuse("content query " + opt)
			fmt.Fprintf(stderr, "adbd stand-in: content query %s is not simulated\n", opt)
			return 1
		default:
			return usage("Unsupported argument: " + opt)
		}
	}
	if uri == "" {
		return usage("Content provider URI not specified")
	}
	authority, _, _ := strings.Cut(strings.TrimPrefix(uri, "content://"), "/")
	failed := func(exception string) int {
		fmt.Fprintf(stderr, "Error while accessing provider:%s\n%s\n", authority, exception)
		return 0
	}
	if box, ok := smsBoxes[strings.TrimSuffix(uri, "/")]; ok {
		lines, exception := d.queryProviderDB(box, projection)
		if exception != "" {
			return failed(exception)
		}
		if len(lines) == 0 {
			fmt.Fprintln(stdout, "No result found.")
		}
		for i, l := range lines {
			fmt.Fprintf(stdout, "Row: %d %s\n", i, l)
		}
		return 0
	}
	d.mu.Lock()
	rows, ok := d.state.content[uri]
	d.mu.Unlock()
	if !ok {
		return failed("java.lang.IllegalArgumentException: Unknown URL " + uri)
	}
	if len(rows) == 0 {
		fmt.Fprintln(stdout, "No result found.")
		return 0
	}
	for i, r := range rows {
		var cols []string
		if projection == nil {
			for _, c := range r {
				cols = append(cols, c.Name+"="+value(c.Value))
			}
		} else {
			for _, name := range projection {
				found := false
				for _, c := range r {
					if c.Name == name {
						cols = append(cols, c.Name+"="+value(c.Value))
						found = true
						break
					}
				}
				if !found {
					return failed("android.database.sqlite.SQLiteException: no such column: " + name)
				}
			}
		}
		fmt.Fprintf(stdout, "Row: %d %s\n", i, strings.Join(cols, ", "))
	}
	return 0
}

func value(v any) string {
	if v == nil {
		return "NULL"
	}
	return fmt.Sprint(v)
}

// grep is toybox grep for the options clients use: -E -F -i -v -c -q -n -o -w -x -s
// -e PATTERN, on stdin or files. A pattern without -E is a basic regular expression.
func (d *Device) grep(args []string, stdin []byte, stdout, stderr io.Writer) int {
	flags := map[byte]bool{}
	var patterns []string
	var files []string
	for i := 0; i < len(args); i++ {
		a := args[i]
		if a == "--" {
			files = append(files, args[i+1:]...)
			break
		}
		if len(a) < 2 || a[0] != '-' {
			files = append(files, a)
			continue
		}
		for j := 1; j < len(a); j++ {
			c := a[j]
			switch {
			case c == 'e':
				if j+1 < len(a) {
					patterns = append(patterns, a[j+1:])
				} else if i+1 < len(args) {
					i++
					patterns = append(patterns, args[i])
				} else {
					fmt.Fprintln(stderr, "grep: Missing argument to '-e'")
					return 2
				}
				j = len(a)
			case strings.IndexByte("EFicqnovwxsH", c) >= 0:
				flags[c] = true
			default:
				fmt.Fprintf(stderr, "grep: Unknown option '%c' (see \"grep --help\")\n", c)
				return 2
			}
		}
	}
	if patterns == nil {
		if len(files) == 0 {
			fmt.Fprintln(stderr, "grep: Needs 1 argument (see \"grep --help\")")
			return 2
		}
		patterns, files = []string{files[0]}, files[1:]
	}
	var res []string
	for _, p := range patterns {
		for _, line := range strings.Split(p, "\n") {
			switch {
			case flags['F']:
				line = regexp.QuoteMeta(line)
			case !flags['E']:
				line = basicToExtended(line)
			}
			if flags['w'] {
				line = `\b(?:` + line + `)\b`
			}
			if flags['x'] {
				line = `^(?:` + line + `)$`
			}
			res = append(res, "(?:"+line+")")
		}
	}
	expr := strings.Join(res, "|")
	if flags['i'] {
		expr = "(?i)" + expr
	}
	re, err := regexp.Compile(expr)
	if err != nil {
		fmt.Fprintf(stderr, "grep: bad regex '%s': %v\n", strings.Join(patterns, "|"), err)
		return 2
	}
	type input struct {
		name string
		data []byte
	}
	var inputs []input
	status := 1
	if len(files) == 0 {
		inputs = []input{{"(standard input)", stdin}}
	}
	for _, f := range files {
		data, err := d.readFile(f)
		if err != nil {
			if !flags['s'] {
				fmt.Fprintf(stderr, "grep: %s: %s\n", f, err)
			}
			status = 2
			continue
		}
		inputs = append(inputs, input{f, data})
	}
	matched := false
	for _, in := range inputs {
		var lines []string
		if len(in.data) > 0 {
			lines = strings.Split(strings.TrimSuffix(string(in.data), "\n"), "\n")
		}
		count := 0
		for n, line := range lines {
			hit := re.MatchString(line) != flags['v']
			if !hit {
				continue
			}
			count++
			matched = true
			if flags['q'] {
				return 0
			}
			if flags['c'] {
				continue
			}
			prefix := ""
			if len(files) > 1 || flags['H'] {
				prefix = in.name + ":"
			}
			if flags['n'] {
				prefix += strconv.Itoa(n+1) + ":"
			}
			if flags['o'] && !flags['v'] {
				for _, m := range re.FindAllString(line, -1) {
					fmt.Fprintf(stdout, "%s%s\n", prefix, m)
				}
				continue
			}
			fmt.Fprintf(stdout, "%s%s\n", prefix, line)
		}
		if flags['c'] {
			if len(files) > 1 {
				fmt.Fprintf(stdout, "%s:%d\n", in.name, count)
			} else {
				fmt.Fprintf(stdout, "%d\n", count)
			}
		}
	}
	if matched && status != 2 {
		status = 0
	}
	return status
}

// basicToExtended rewrites a POSIX basic regular expression for Go's regexp: in a BRE
// ( ) { } | + ? are literal and \( \) \{ \} are the groups and intervals.
func basicToExtended(p string) string {
	var b strings.Builder
	for i := 0; i < len(p); i++ {
		c := p[i]
		switch {
		case c == '\\' && i+1 < len(p):
			n := p[i+1]
			i++
			switch n {
			case '(', ')', '{', '}':
				b.WriteByte(n)
			default:
				b.WriteByte('\\')
				b.WriteByte(n)
			}
		case c == '[':
			// A bracket expression is copied whole (']' first in it is literal).
			j := i + 1
			if j < len(p) && p[j] == '^' {
				j++
			}
			if j < len(p) && p[j] == ']' {
				j++
			}
			for j < len(p) && p[j] != ']' {
				j++
			}
			if j >= len(p) {
				b.WriteString(regexp.QuoteMeta(p[i:]))
				return b.String()
			}
			b.WriteString(p[i : j+1])
			i = j
		case c == '*' && b.Len() == 0:
			b.WriteString(`\*`)
		case strings.IndexByte("(){}|+?", c) >= 0:
			b.WriteByte('\\')
			b.WriteByte(c)
		default:
			b.WriteByte(c)
		}
	}
	return b.String()
}

// date is toybox date: the device clock, by default as "%a %b %e %H:%M:%S %Z %Y".
func (d *Device) date(args []string, stdout, stderr io.Writer) int {
	d.mu.Lock()
	now := d.state.now().UTC()
	d.mu.Unlock()
	format := "%a %b %e %H:%M:%S %Z %Y"
	switch {
	case len(args) == 0:
	case len(args) == 1 && strings.HasPrefix(args[0], "+"):
		format = args[0][1:]
	case len(args) == 1 && len(args[0]) >= 8 && strings.Trim(args[0], "0123456789.") == "":
		return d.setDate(args[0], stdout, stderr)
	default:
		d.refuse("date " + strings.Join(args, " "))
		fmt.Fprintf(stderr, "date: adbd stand-in: only date [+FORMAT] is simulated\n")
		return 1
	}
	fmt.Fprintln(stdout, strftime(now, format))
	return 0
}

func strftime(t time.Time, f string) string {
	var b strings.Builder
	for i := 0; i < len(f); i++ {
		if f[i] != '%' || i+1 == len(f) {
			b.WriteByte(f[i])
			continue
		}
		i++
		switch f[i] {
		case 's':
			b.WriteString(strconv.FormatInt(t.Unix(), 10))
		case 'Y':
			b.WriteString(t.Format("2006"))
		case 'y':
			b.WriteString(t.Format("06"))
		case 'm':
			b.WriteString(t.Format("01"))
		case 'd':
			b.WriteString(t.Format("02"))
		case 'e':
			fmt.Fprintf(&b, "%2d", t.Day())
		case 'H':
			b.WriteString(t.Format("15"))
		case 'M':
			b.WriteString(t.Format("04"))
		case 'S':
			b.WriteString(t.Format("05"))
		case 'Z':
			b.WriteString(t.Format("MST"))
		case 'a':
			b.WriteString(t.Format("Mon"))
		case 'b':
			b.WriteString(t.Format("Jan"))
		case 'N':
			fmt.Fprintf(&b, "%09d", t.Nanosecond())
		case '%':
			b.WriteByte('%')
		default:
			b.WriteByte('%')
			b.WriteByte(f[i])
		}
	}
	return b.String()
}

// input is `input [SOURCE] COMMAND ARGS`: tap, swipe, text, keyevent, press and
// draganddrop are checked as the input tool checks them, logged, and move the screen on
// when screens advance on input.
func (d *Device) input(args []string, stdout, stderr io.Writer) int {
	if len(args) > 0 {
		switch args[0] {
		case "keyboard", "mouse", "joystick", "touchpad", "touchscreen", "touchnavigation", "stylus", "trackball", "dpad", "gamepad":
			args = args[1:]
		}
	}
	usage := func(msg string) int {
		if msg != "" {
			fmt.Fprintln(stderr, "Error: "+msg)
		}
		fmt.Fprintln(stderr, "Usage: input [<source>] [-d DISPLAY_ID] <command> [<arg>...]\n\nThe commands and default sources are:\n      text <string> (Default: touchscreen)\n      keyevent [--longpress|--doubletap] <key code number or name> ... (Default: keyboard)\n      tap <x> <y> (Default: touchscreen)\n      swipe <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      draganddrop <x1> <y1> <x2> <y2> [duration(ms)] (Default: touchscreen)\n      press (Default: trackball)")
		return 1
	}
	if len(args) == 0 {
		return usage("")
	}
	numbers := func(xs []string) bool {
		for _, x := range xs {
			if _, err := strconv.ParseFloat(x, 64); err != nil {
				return false
			}
		}
		return true
	}
	cmd, rest := args[0], args[1:]
	switch cmd {
	case "tap":
		if len(rest) != 2 || !numbers(rest) {
			return usage("Invalid arguments for command: tap")
		}
	case "swipe", "draganddrop":
		if (len(rest) != 4 && len(rest) != 5) || !numbers(rest) {
			return usage("Invalid arguments for command: " + cmd)
		}
	case "text":
		if len(rest) != 1 {
			return usage("Invalid arguments for command: text")
		}
	case "keyevent":
		if len(rest) == 0 {
			return usage("Invalid arguments for command: keyevent")
		}
	case "press":
	default:
		return usage("Unknown command: " + cmd)
	}
	d.mu.Lock()
	d.inputs = append(d.inputs, strings.Join(args, " "))
	_, shown := d.state.current()
	d.state.moves++
	d.mu.Unlock()
	// An app's screen reacts to the input: a tap on a button, BACK or HOME.
	switch {
	case cmd == "tap" && len(shown.Buttons) > 0:
		d.pressAt(atoiOr(rest[0], -1), atoiOr(rest[1], -1))
	case cmd == "keyevent" && shown.App && (slices.Contains(rest, "KEYCODE_BACK") || slices.Contains(rest, "KEYCODE_HOME") || slices.Contains(rest, "4") || slices.Contains(rest, "3")):
		d.leaveApp()
	}
	return 0
}

func (d *Device) sleepCmd(args []string, stderr io.Writer) int {
	if len(args) != 1 {
		fmt.Fprintln(stderr, "sleep: Needs 1 argument")
		return 1
	}
	secs, err := strconv.ParseFloat(args[0], 64)
	if err != nil || secs < 0 {
		fmt.Fprintf(stderr, "sleep: invalid time interval '%s'\n", args[0])
		return 1
	}
	if d.sleep(time.Duration(secs*float64(time.Second)), nil) != nil {
		return 1
	}
	return 0
}
