package adbd

import (
	"fmt"
	"io"
	"path"
	"slices"
	"sort"
	"strconv"
	"strings"
	"time"
)

// Commands of an Android 13 device beyond toybox's core that AndroidWorld's task setup
// and evaluators run: whoami, test/[, chmod, restorecon, am, service, and the globs of
// the device shell. Each prints what the real tool prints for the cases simulated and
// refuses the rest.

// expandGlobs expands the words holding unquoted * or ? (marked by the tokenizer)
// against the device's files, as mksh does: in the last path component only (others
// are refused), dot files only for a pattern starting with a dot, sorted; a pattern
// matching nothing stays as written.
func (d *Device) expandGlobs(argv []string) []string {
	var out []string
	for _, a := range argv {
		if !strings.ContainsRune(a, globMark) {
			out = append(out, a)
			continue
		}
		literal := strings.ReplaceAll(a, string(globMark), "")
		dir, pat := path.Split(a)
		if strings.ContainsRune(dir, globMark) {
			d.refuse("a glob in a directory name: " + literal)
			out = append(out, literal)
			continue
		}
		// Escape what is literal in the pattern, keep the marked glob characters.
		var b strings.Builder
		for i := 0; i < len(pat); i++ {
			if strings.HasPrefix(pat[i:], string(globMark)) {
				i += len(string(globMark))
				b.WriteByte(pat[i])
				continue
			}
			if strings.IndexByte(`*?[\`, pat[i]) >= 0 {
				b.WriteByte('\\')
			}
			b.WriteByte(pat[i])
		}
		d.mu.Lock()
		entries := d.state.list(strings.TrimSuffix(dir, "/"))
		d.mu.Unlock()
		var hits []string
		for _, e := range entries {
			if strings.HasPrefix(e.name, ".") && !strings.HasPrefix(b.String(), ".") {
				continue
			}
			if ok, _ := path.Match(b.String(), e.name); ok {
				hits = append(hits, dir+e.name)
			}
		}
		if len(hits) == 0 {
			out = append(out, literal)
			continue
		}
		sort.Strings(hits)
		out = append(out, hits...)
	}
	return out
}

// test is mksh's test builtin (also as [): -e -f -d -s -z -n, = and !=, and !.
func (d *Device) test(args []string, bracket bool, stderr io.Writer) int {
	if bracket {
		if len(args) == 0 || args[len(args)-1] != "]" {
			fmt.Fprintf(stderr, "%s: [: missing ]\n", shellName)
			return 2
		}
		args = args[:len(args)-1]
	}
	negate := false
	if len(args) > 0 && args[0] == "!" {
		negate, args = true, args[1:]
	}
	var ok bool
	switch {
	case len(args) == 0:
		ok = false
	case len(args) == 1:
		ok = args[0] != ""
	case len(args) == 2 && (args[0] == "-z" || args[0] == "-n"):
		ok = (args[1] == "") == (args[0] == "-z")
	case len(args) == 2 && len(args[0]) == 2 && strings.IndexByte("efdsrwx", args[0][1]) >= 0 && args[0][0] == '-':
		d.mu.Lock()
		f, err := d.state.open(args[1])
		d.mu.Unlock()
		if err == nil {
			switch args[0][1] {
			case 'f':
				ok = f.mode&modeDir == 0
			case 'd':
				ok = f.mode&modeDir != 0
			case 's':
				ok = len(f.data) > 0 || f.mode&modeDir != 0
			default:
				ok = true
			}
		}
	case len(args) == 3 && (args[1] == "=" || args[1] == "!="):
		ok = (args[0] == args[2]) == (args[1] == "=")
	default:
		d.refuse("test " + strings.Join(args, " "))
		fmt.Fprintf(stderr, "%s: test: adbd stand-in: this test is not simulated\n", shellName)
		return 2
	}
	if ok != negate {
		return 0
	}
	return 1
}

// chmod changes nothing the stand-in keeps but fails, as toybox does, on a missing file.
func (d *Device) chmod(args []string, stderr io.Writer) int {
	var files []string
	for _, a := range args {
		if a == "-R" {
			continue
		}
		files = append(files, a)
	}
	if len(files) < 2 {
		fmt.Fprintln(stderr, "chmod: Needs 2 arguments")
		return 1
	}
	status := 0
	for _, f := range files[1:] {
		d.mu.Lock()
		_, err := d.state.open(f)
		d.mu.Unlock()
		if err != nil {
			fmt.Fprintf(stderr, "chmod: %s: %s\n", f, err)
			status = 1
		}
	}
	return status
}

// am is the activity manager for what AndroidWorld asks of it: force-stop (nothing to
// stop here), start -n (the activity comes to the front), broadcast, and stack list
// (the resumed task, as Android 13 prints it).
func (d *Device) am(args []string, stdout, stderr io.Writer) int {
	if len(args) == 0 {
		fmt.Fprintln(stderr, "usage: am [subcommand] [options]")
		return 1
	}
	switch args[0] {
	case "force-stop", "kill":
		if len(args) < 2 {
			fmt.Fprintln(stderr, "Error: no package specified")
			return 255
		}
		return 0
	case "stack":
		if len(args) >= 2 && args[1] == "list" {
			d.mu.Lock()
			_, scr := d.state.current()
			d.mu.Unlock()
			act := scr.Activity
			if act == "" {
				act = Launcher
			}
			_, full := record(act)
			fmt.Fprintf(stdout, "RootTask id=42 bounds=[0,0][1080,2400] displayId=0 userId=0\n  configuration={1.0 ?mcc?mnc [en_US] ldltr sw411dp w411dp h843dp 420dpi nrml long port finger qwerty/v/v -nav/h winConfig={ mBounds=Rect(0, 0 - 1080, 2400) mAppBounds=Rect(0, 0 - 1080, 2400) mMaxBounds=Rect(0, 0 - 1080, 2400) mDisplayRotation=ROTATION_0 mWindowingMode=fullscreen mDisplayWindowingMode=fullscreen mActivityType=standard mAlwaysOnTop=undefined mRotation=ROTATION_0} s.1 fontWeightAdjustment=0}\n  taskId=42: %s bounds=[0,0][1080,2400] userId=0 visible=true topActivity=ComponentInfo{%s}\n", full, full)
			return 0
		}
		if len(args) >= 3 && args[1] == "remove" {
			return 0
		}
	case "start":
		in, err := parseIntent(args[1:])
		if err != nil {
			break
		}
		if in.component != "" {
			d.mu.Lock()
			d.state.screens = []Screen{{Activity: in.component}}
			d.state.hold, d.state.shots, d.state.moves, d.state.shown = 1, 0, 0, 0
			d.mu.Unlock()
			fmt.Fprintf(stdout, "Starting: Intent { cmp=%s }\n", in.component)
			return 0
		}
		if in.action != "" {
			return d.startIntent(in, stdout, stderr)
		}
	case "broadcast":
		return d.broadcast(args[1:], stdout)
	}
	d.refuse("am " + strings.Join(args, " "))
	fmt.Fprintf(stderr, "adbd stand-in: am %s is not simulated\n", strings.Join(args, " "))
	return 1
}

// serviceCmd is `service call SERVICE CODE ...`; the calls AndroidWorld makes (the alarm
// manager's setTimeZone) succeed with an empty reply parcel.
func (d *Device) serviceCmd(args []string, stdout, stderr io.Writer) int {
	if len(args) >= 3 && args[0] == "call" {
		fmt.Fprintln(stdout, "Result: Parcel(00000000    '....')")
		return 0
	}
	d.refuse("service " + strings.Join(args, " "))
	fmt.Fprintln(stderr, "adbd stand-in: only service call is simulated")
	return 1
}

// setDate is toybox date's MMDDhhmm[[CC]YY][.ss] form, which sets the clock (UTC).
func (d *Device) setDate(arg string, stdout, stderr io.Writer) int {
	main, secs, _ := strings.Cut(arg, ".")
	if len(main) != 8 && len(main) != 10 && len(main) != 12 {
		fmt.Fprintf(stderr, "date: bad date '%s'\n", arg)
		return 1
	}
	n := func(s string) int { v, _ := strconv.Atoi(s); return v }
	d.mu.Lock()
	now := d.state.now().UTC()
	d.mu.Unlock()
	year := now.Year()
	switch len(main) {
	case 10:
		year = 2000 + n(main[8:10])
	case 12:
		year = n(main[8:12])
	}
	t := time.Date(year, time.Month(n(main[0:2])), n(main[2:4]), n(main[4:6]), n(main[6:8]), n(secs), 0, time.UTC)
	d.SetClock(t)
	fmt.Fprintln(stdout, strftime(t, "%a %b %e %H:%M:%S %Z %Y"))
	return 0
}

// find is toybox find (0.8.9) for what AndroidWorld runs: paths, then -mindepth N,
// -maxdepth N, and an expression of -type f|d, -name PATTERN, ! , -a, -o, -print and
// -delete. It walks in name order (a device walks in directory order). As toybox, it
// prints matches unless -print appears, -delete included.
func (d *Device) find(args []string, stdout, stderr io.Writer) int {
	var roots []string
	for len(args) > 0 && !strings.HasPrefix(args[0], "-") && args[0] != "!" {
		roots, args = append(roots, args[0]), args[1:]
	}
	if len(roots) == 0 {
		roots = []string{"."}
	}
	minDepth, maxDepth := 0, 1<<30
	var expr []string
	for i := 0; i < len(args); i++ {
		switch args[i] {
		case "-mindepth", "-maxdepth":
			if i+1 >= len(args) {
				fmt.Fprintf(stderr, "find: '%s' needs 1 arg\n", args[i])
				return 1
			}
			n, err := strconv.Atoi(args[i+1])
			if err != nil {
				fmt.Fprintf(stderr, "find: bad %s '%s'\n", args[i], args[i+1])
				return 1
			}
			if args[i] == "-mindepth" {
				minDepth = n
			} else {
				maxDepth = n
			}
			i++
		default:
			expr = append(expr, args[i])
		}
	}
	printAll := !slices.Contains(expr, "-print")
	// Check the expression before walking.
	for i := 0; i < len(expr); i++ {
		switch expr[i] {
		case "-type", "-name":
			if i+1 >= len(expr) {
				fmt.Fprintf(stderr, "find: '%s' needs 1 arg\n", expr[i])
				return 1
			}
			i++
		case "-o", "-a", "!", "-print", "-delete":
		default:
			d.refuse("find " + expr[i])
			fmt.Fprintf(stderr, "find: adbd stand-in: %s is not simulated\n", expr[i])
			return 1
		}
	}
	status := 0
	var deletions []string
	for _, root := range roots {
		d.mu.Lock()
		f, err := d.state.open(root)
		d.mu.Unlock()
		if err != nil {
			fmt.Fprintf(stderr, "find: '%s': %s\n", root, err)
			status = 1
			continue
		}
		var walk func(p string, f *file, depth int)
		walk = func(p string, f *file, depth int) {
			if depth >= minDepth && depth <= maxDepth {
				matched, printed, del := evalFind(expr, p, f)
				if matched && del {
					deletions = append(deletions, p)
				}
				if (matched && printAll) || printed {
					fmt.Fprintln(stdout, p)
				}
			}
			if f.mode&modeDir == 0 || depth >= maxDepth {
				return
			}
			d.mu.Lock()
			entries := d.state.list(p)
			d.mu.Unlock()
			for _, e := range entries {
				walk(strings.TrimSuffix(p, "/")+"/"+e.name, e.f, depth+1)
			}
		}
		walk(root, f, 0)
	}
	// -delete removes depth first: files, then folders left empty.
	for i := len(deletions) - 1; i >= 0; i-- {
		d.mu.Lock()
		key := clean(deletions[i])
		empty := len(d.state.list(key)) == 0
		if f := d.state.files[key]; f == nil || f.mode&modeDir == 0 || empty {
			delete(d.state.files, key)
		}
		d.mu.Unlock()
	}
	return status
}

// evalFind evaluates a find expression (implicit -a binding tighter than -o) on one
// path: whether it matched, and whether a -print or -delete on the matching branch ran.
func evalFind(expr []string, p string, f *file) (matched, printed, deleted bool) {
	branch, branchPrint, branchDel := true, false, false
	negate := false
	for i := 0; i < len(expr); i++ {
		ok := true
		switch expr[i] {
		case "!":
			negate = !negate
			continue
		case "-a":
			continue
		case "-o":
			if branch {
				return true, branchPrint, branchDel
			}
			branch, branchPrint, branchDel = true, false, false
			continue
		case "-type":
			i++
			isDir := f.mode&modeDir != 0
			ok = (expr[i] == "d" && isDir) || (expr[i] == "f" && !isDir)
		case "-name":
			i++
			ok, _ = path.Match(expr[i], path.Base(p))
		case "-print":
			if branch {
				branchPrint = true
			}
		case "-delete":
			if branch {
				branchDel = true
			}
		}
		if negate {
			ok, negate = !ok, false
		}
		branch = branch && ok
	}
	return branch, branch && branchPrint, branch && branchDel
}

// svc is `svc wifi|bluetooth enable|disable`, which turns the radio on or off: the
// global setting wifi_on or bluetooth_on follows.
func (d *Device) svc(args []string, stderr io.Writer) int {
	if len(args) == 2 && (args[0] == "wifi" || args[0] == "bluetooth") && (args[1] == "enable" || args[1] == "disable") {
		v := "0"
		if args[1] == "enable" {
			v = "1"
		}
		d.SetSetting("global", args[0]+"_on", v)
		return 0
	}
	d.refuse("svc " + strings.Join(args, " "))
	fmt.Fprintln(stderr, "adbd stand-in: only svc wifi|bluetooth enable|disable is simulated")
	return 1
}

// pm is the package manager: clear (the app's data folder emptied, "Success"), grant
// and list packages (the packages with a data folder).
func (d *Device) pm(args []string, stdout, stderr io.Writer) int {
	switch {
	case len(args) == 2 && args[0] == "clear":
		prefix := "/data/data/" + args[1] + "/"
		d.mu.Lock()
		for k := range d.state.files {
			if strings.HasPrefix(k, prefix) {
				delete(d.state.files, k)
			}
		}
		d.state.files[strings.TrimSuffix(prefix, "/")] = &file{mode: modeDir | 0o700, mtime: d.state.now()}
		if args[1] == "com.android.providers.contacts" {
			// The contacts provider's rows live in its data (contacts2.db): gone too.
			for uri := range d.state.content {
				if strings.HasPrefix(uri, "content://contacts/") || strings.HasPrefix(uri, "content://com.android.contacts/") {
					d.state.content[uri] = nil
				}
			}
		}
		d.mu.Unlock()
		fmt.Fprintln(stdout, "Success")
		return 0
	case len(args) >= 3 && args[0] == "grant":
		return 0
	case len(args) >= 2 && args[0] == "list" && args[1] == "packages":
		d.mu.Lock()
		entries := d.state.list("/data/data")
		d.mu.Unlock()
		for _, e := range entries {
			fmt.Fprintln(stdout, "package:"+e.name)
		}
		return 0
	}
	d.refuse("pm " + strings.Join(args, " "))
	fmt.Fprintf(stderr, "adbd stand-in: pm %s is not simulated\n", strings.Join(args, " "))
	return 1
}

// ClipperActivity is the Clipper app AndroidWorld installs to reach the clipboard.
const ClipperActivity = "ca.zgrs.clipper/ca.zgrs.clipper.Main"

// broadcast is `am broadcast -a ACTION [-e KEY VALUE]`. Clipper's receiver answers
// clipper.set and clipper.get while Clipper is in the foreground (result=-1 with its
// data); any other broadcast completes with result=0 and no data.
func (d *Device) broadcast(args []string, stdout io.Writer) int {
	var action, text string
	for i := 0; i+1 < len(args); i++ {
		switch args[i] {
		case "-a":
			action = args[i+1]
		case "-e", "--es":
			if i+2 < len(args) && args[i+1] == "text" {
				text = args[i+2]
			}
		}
	}
	d.mu.Lock()
	_, scr := d.state.current()
	inFront := scr.Activity == ClipperActivity
	data := ""
	switch {
	case inFront && action == "clipper.set":
		d.state.clipboard = text
		data = "Text is copied into clipboard."
	case inFront && action == "clipper.get":
		data = d.state.clipboard
	}
	d.mu.Unlock()
	extras := ""
	if text != "" {
		extras = " (has extras)"
	}
	fmt.Fprintf(stdout, "Broadcasting: Intent { act=%s flg=0x400000%s }\n", action, extras)
	if inFront && (action == "clipper.set" || action == "clipper.get") {
		fmt.Fprintf(stdout, "Broadcast completed: result=-1, data=\"%s\"\n", data)
	} else {
		fmt.Fprintln(stdout, "Broadcast completed: result=0")
	}
	return 0
}
