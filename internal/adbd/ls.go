package adbd

import (
	"fmt"
	"io"
	"path"
	"sort"
	"strconv"
	"strings"
	"time"
)

// ls is the ls of toybox 0.8.6-0.8.9 (Android 13 and 14; toys/posix/ls.c) for the
// options clients use: -1 -a -A -d, the long formats -l (-ll: seconds, nanoseconds and
// zone), -n -g -o, the access time -u, and the orders -t -S -r. Options may follow the
// paths, as toybox permutes them.
// Output is not a terminal (adbd's legacy shell has no pty), so it is one name a line,
// unescaped. Toybox options it does not simulate are refused loudly; letters toybox
// does not know fail as toybox fails them.
func (d *Device) ls(args []string, stdout, stderr io.Writer) int {
	var o lsOpts
	var paths []string
	options := true
	for _, a := range args {
		switch {
		case options && a == "--":
			options = false
		case options && strings.HasPrefix(a, "--"):
			if a != "--full-time" {
				d.refuse("ls option " + a)
				fmt.Fprintf(stderr, "ls: adbd stand-in: option %s is not simulated\n", a)
				return 1
			}
			o.long = 2
		case options && len(a) > 1 && a[0] == '-':
			for i := 1; i < len(a); i++ {
				c := a[i]
				switch c {
				case '1':
				case 'a':
					o.all = true
				case 'A':
					o.almostAll = true
				case 'd':
					o.dir = true
				case 'l':
					o.long++
				case 'n':
					o.numeric = true
				case 'g':
					o.noOwner = true
				case 'o':
					o.noGroup = true
				case 'u':
					o.atime = true
				case 't':
					o.byTime, o.bySize = true, false // [-ftS]: the last one counts
				case 'S':
					o.bySize, o.byTime = true, false
				case 'r':
					o.reverse = true
				default:
					if strings.IndexByte("ZCFHLNRbcfhikmpqswx", c) >= 0 {
						d.refuse("ls option -" + string(c))
						fmt.Fprintf(stderr, "ls: adbd stand-in: option -%c is not simulated\n", c)
						return 1
					}
					// lib/args.c: help_exit("Unknown option '%s'") with the rest of the word.
					fmt.Fprintf(stderr, "ls: Unknown option '%s' (see \"ls --help\")\n", a[i:])
					return 1
				}
			}
		default:
			paths = append(paths, a)
		}
	}
	if len(paths) == 0 {
		paths = []string{"/"} // adbd's shell starts in /
	}

	// Each argument is stat'ed first; one that fails is reported at once and dropped.
	status := 0
	var top []lsEntry
	d.mu.Lock()
	for _, p := range paths {
		f, err := d.state.open(p)
		if err != nil {
			fmt.Fprintf(stderr, "ls: %s: %s\n", p, err)
			status = 1
			continue
		}
		top = append(top, d.state.lsEntry(p, p, f))
	}
	d.mu.Unlock()

	o.sort(top)
	long := o.long > 0 || o.numeric || o.noOwner || o.noGroup
	// A single directory is listed silently, without its name or a blank line.
	if len(top) == 1 && top[0].dir && !o.dir {
		return max(status, d.lsDir(top[0], o, long, stdout, stderr))
	}
	// The columns are measured over every argument, folders included; a folder is
	// listed after the files, but listfiles still puts the newline that separates
	// entries before each file that follows one in sorted order.
	widths := o.widths(top)
	printed := false
	for i, e := range top {
		if e.dir && !o.dir {
			continue
		}
		if i > 0 {
			io.WriteString(stdout, "\n")
		}
		io.WriteString(stdout, o.line(e, widths, long))
		printed = true
	}
	if printed {
		io.WriteString(stdout, "\n")
	}
	titled := printed
	for _, e := range top {
		if !e.dir || o.dir {
			continue
		}
		if titled {
			io.WriteString(stdout, "\n")
		}
		titled = true
		fmt.Fprintf(stdout, "%s:\n", e.name)
		status = max(status, d.lsDir(e, o, long, stdout, stderr))
	}
	return status
}

// lsDir lists a directory's entries: with a long format, "total" (1 KiB blocks) first.
func (d *Device) lsDir(dir lsEntry, o lsOpts, long bool, stdout, stderr io.Writer) int {
	d.mu.Lock()
	_, err := d.state.open(dir.path)
	var entries []lsEntry
	if err == nil {
		if o.all {
			self, _ := d.state.lookup(dir.path)
			parent, _ := d.state.lookup(path.Dir(clean(dir.path)))
			entries = append(entries, d.state.lsEntry(".", dir.path, self), d.state.lsEntry("..", path.Dir(clean(dir.path)), parent))
		}
		for _, c := range d.state.list(dir.path) {
			if strings.HasPrefix(c.name, ".") && !o.all && !o.almostAll {
				continue
			}
			entries = append(entries, d.state.lsEntry(c.name, path.Join(clean(dir.path), c.name), c.f))
		}
	}
	d.mu.Unlock()
	if err != nil {
		fmt.Fprintf(stderr, "ls: %s: %s\n", dir.name, err)
		return 1
	}
	o.sort(entries)
	widths := o.widths(entries)
	if long {
		blocks := int64(0)
		for _, e := range entries {
			blocks += e.blocks
		}
		fmt.Fprintf(stdout, "total %d\n", blocks)
	}
	for _, e := range entries {
		io.WriteString(stdout, o.line(e, widths, long)+"\n")
	}
	return 0
}

type lsOpts struct {
	all, almostAll, dir       bool
	long                      int // how many -l: 2 adds seconds, nanoseconds and the zone
	numeric, noOwner, noGroup bool
	atime                     bool
	byTime, bySize, reverse   bool
}

// lsEntry is what stat gives ls about one name.
type lsEntry struct {
	name, path   string
	dir          bool
	mode         uint32
	nlink        int
	user, group  string
	uid, gid     int
	size, blocks int64 // blocks in KiB
	mtime, atime time.Time
}

func (p *phone) lsEntry(name, at string, f *file) lsEntry {
	e := lsEntry{name: name, path: at, mode: f.mode, nlink: 1, mtime: f.mtime, atime: f.accessed()}
	e.user, e.uid, e.group, e.gid = owner(at)
	e.dir = f.mode&modeDir != 0
	if e.dir {
		// A directory's links: its own entry, its ".", and each subdirectory's "..".
		e.nlink = 2
		for _, c := range p.list(at) {
			if c.f.mode&modeDir != 0 {
				e.nlink++
			}
		}
		e.size = 4096
	} else {
		e.size = int64(len(f.data))
	}
	e.blocks = (e.size + 4095) / 4096 * 4
	return e
}

// owner is who owns a path: shared storage belongs to an app user and media_rw (as
// AndroidWorld's file_utils shows it), the rest to root.
func owner(p string) (user string, uid int, group string, gid int) {
	if p = clean(p); p == "/storage/emulated" || strings.HasPrefix(p, "/storage/emulated/") {
		return "u0_a158", 10158, "media_rw", 1023
	}
	return "root", 0, "root", 0
}

// sort orders entries as toybox's compare does: by name (strcmp), or with -S largest
// first, with -t newest first by the time shown (with -u the access time's seconds and
// the modification time's nanoseconds, see line), names breaking ties; -r reverses.
func (o lsOpts) sort(es []lsEntry) {
	sort.SliceStable(es, func(i, j int) bool {
		a, b := es[i], es[j]
		ta, tb := o.shown(a), o.shown(b)
		var less bool
		switch {
		case o.bySize && a.size != b.size:
			less = a.size > b.size
		case o.byTime && !ta.Equal(tb):
			less = ta.After(tb)
		default:
			less = a.name < b.name
		}
		return less != o.reverse
	})
}

// shown is the time a long format shows: filter() copies only st_atime, the seconds,
// over st_mtime, so with -u the seconds are the access time's and the nanoseconds stay
// the modification time's.
func (o lsOpts) shown(e lsEntry) time.Time {
	if o.atime {
		return time.Unix(e.atime.Unix(), int64(e.mtime.Nanosecond())).UTC()
	}
	return e.mtime.UTC()
}

// lsWidths are the widths of the link, user, group and size columns.
type lsWidth struct{ links, user, group, size int }

func (o lsOpts) widths(es []lsEntry) (w lsWidth) {
	for _, e := range es {
		user, group := e.user, e.group
		if o.numeric {
			user, group = strconv.Itoa(e.uid), strconv.Itoa(e.gid)
		}
		w.links = max(w.links, len(strconv.Itoa(e.nlink)))
		w.user = max(w.user, len(user))
		w.group = max(w.group, len(group))
		w.size = max(w.size, len(strconv.FormatInt(e.size, 10)))
	}
	return w
}

// line is one entry as listfiles prints it, without the newline: in a long format the mode, the links
// right-aligned, the owner and group left-aligned, the size right-aligned, the time
// (--time-style=long-iso, the device's local time, which is UTC here) and the name.
func (o lsOpts) line(e lsEntry, w lsWidth, long bool) string {
	if !long {
		return e.name
	}
	var b strings.Builder
	b.WriteString(modeString(e.mode))
	fmt.Fprintf(&b, " %*d", w.links, e.nlink)
	user, group := e.user, e.group
	if o.numeric {
		user, group = strconv.Itoa(e.uid), strconv.Itoa(e.gid)
	}
	if !o.noOwner {
		fmt.Fprintf(&b, " %-*s", w.user, user)
	}
	if !o.noGroup {
		fmt.Fprintf(&b, " %-*s", w.group, group)
	}
	fmt.Fprintf(&b, " %*d", w.size, e.size)
	t := o.shown(e)
	b.WriteString(t.Format(" 2006-01-02 15:04"))
	if o.long > 1 {
		fmt.Fprintf(&b, ":%02d.%09d %s", t.Second(), t.Nanosecond(), t.Format("-0700"))
	}
	b.WriteString(" " + e.name)
	return b.String()
}

// modeString is lib's mode_to_string: the type letter, then rwx for owner, group and
// others, an execute bit shown as s (set-id) or t (sticky), capital when not executable.
func modeString(mode uint32) string {
	b := []byte("----------")
	switch mode & 0o170000 {
	case modeDir:
		b[0] = 'd'
	case 0o120000:
		b[0] = 'l'
	}
	for i := 0; i < 9; i++ {
		bit := mode&(1<<i) != 0
		c := byte('-')
		if bit {
			c = "xwr"[i%3]
		}
		if i%3 == 0 && mode&(1<<(i/3+9)) != 0 {
			c = "tss"[i/3]
			if !bit {
				c -= 'a' - 'A'
			}
		}
		b[9-i] = c
	}
	return string(b)
}
