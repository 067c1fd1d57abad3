package importer

import (
	"context"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"

	"github.com/autoeval/autoeval/trace"
)

// Open reads the trace at path, detecting its format: a native trace directory
// (trace.json), an AndroidLab run (traces/trace.jsonl), a LlamaTouch folder, a plain folder
// of numbered images with a task file, an AndroidWorld episode JSON file, or an AndroidWorld
// checkpoint (*.pkl.gz; the first episode when it holds several, see OpenAll).
// Files are not decoded here; trace.Validate does that.
func Open(path string) (*trace.Trace, error) {
	ts, err := open(path, true)
	if err != nil {
		return nil, err
	}
	return ts[0], nil
}

// OpenAll reads every trace at path: all episodes of a checkpoint, the one trace of any
// other trace path, or, for a directory that is not itself a trace, every trace Discover
// finds below it.
func OpenAll(path string) ([]*trace.Trace, error) {
	ts, err := open(path, false)
	if err == nil || !errors.Is(err, errNotATrace) {
		return ts, err
	}
	paths, derr := Discover(path)
	if derr != nil {
		return nil, derr
	}
	if len(paths) == 0 {
		return nil, err
	}
	var all []*trace.Trace
	for _, p := range paths {
		t, err := open(p, false)
		if err != nil {
			return nil, err
		}
		all = append(all, t...)
	}
	return all, nil
}

var errNotATrace = errors.New("not a trace")

type notTraceError struct {
	path, why string
	none      bool // a directory with no trace below it either
}

func (e *notTraceError) Error() string {
	if e.none {
		// The one answer for a folder holding no trace, whichever command was given it.
		return fmt.Sprintf("%s: no traces found (%s, in it or below it)", e.path, e.why)
	}
	return fmt.Sprintf("%s: not a trace (%s)", e.path, e.why)
}
func (e *notTraceError) Is(target error) bool { return target == errNotATrace }

func open(path string, first bool) ([]*trace.Trace, error) {
	return openContext(context.Background(), path, first)
}

func openContext(ctx context.Context, path string, first bool) ([]*trace.Trace, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPathErr(err))
	}
	p := &Probe{Path: path, IsDir: st.IsDir(), ctx: ctx}
	f, why := detect(p)
	if f == nil {
		e := &notTraceError{path: path, why: why}
		if p.IsDir && why == noTraceFiles {
			paths, derr := Discover(path)
			e.none = derr == nil && len(paths) == 0
		}
		return nil, e
	}
	ts, err := f.Open(p, first)
	if err != nil {
		return nil, err
	}
	for _, t := range ts {
		if err := checkLimits(t); err != nil {
			return nil, err
		}
	}
	return ts, nil
}

// checkLimits applies trace's limits on text and ranges to what a format read into memory
// (files a trace refers to are checked when they are read), whatever the format.
func checkLimits(t *trace.Trace) error {
	where := t.Dir
	if t.Source != nil && t.Source.Path != "" {
		where = t.Source.Path
		if t.Source.Entry > 0 {
			where = fmt.Sprintf("%s: episode %d", where, t.Source.Entry)
		}
	}
	if err := trace.CheckTask(t.Task); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	if err := trace.CheckGroundTruth(t.GroundTruth); err != nil {
		return fmt.Errorf("%s: %w", where, err)
	}
	for i := range t.Frames {
		f := &t.Frames[i]
		if err := trace.CheckElements(f.ElementsData); err != nil {
			return fmt.Errorf("%s: frame %d: %w", where, f.Index, err)
		}
		if err := trace.CheckFrameFields(f); err != nil {
			return fmt.Errorf("%s: frame %d: %w", where, f.Index, err)
		}
	}
	return nil
}

// detect returns the first format that claims the probed path, or says why none does.
func detect(p *Probe) (Format, string) {
	why := ""
	for _, f := range formats {
		ok, w := f.Detect(p)
		if ok {
			return f, ""
		}
		if why == "" {
			why = w
		}
	}
	switch {
	case why != "":
	case p.IsDir:
		why = noTraceFiles
	case p.Walking:
		why = "not a recognised trace file"
	default:
		why = "a file that is neither a checkpoint (*.pkl.gz), an episode (*.json) nor a trace.json"
	}
	return nil, why
}

// noTraceFiles is why a directory is no trace of any format.
const noTraceFiles = "no trace.json, traces/trace.jsonl or numbered images"

// numbered image: any name whose last digit run gives the order, e.g. 0001.png, 7.jpg, screen_12.png.
var imageNum = regexp.MustCompile(`(?i)^(.*?)(\d+)\.(png|jpe?g)$`)

func numberedImage(name string) (int, bool) {
	m := imageNum.FindStringSubmatch(name)
	if m == nil {
		return 0, false
	}
	n, err := strconv.Atoi(m[2])
	if err != nil {
		return 0, false
	}
	return n, true
}

func isFile(p string) bool {
	st, err := os.Stat(p)
	return err == nil && st.Mode().IsRegular()
}

// unwrapPathErr drops the path from *fs.PathError so messages name the path once.
func unwrapPathErr(err error) error {
	var pe *fs.PathError
	if errors.As(err, &pe) {
		return pe.Err
	}
	return err
}

// Discover lists every openable trace path below root (root itself when it is one):
// trace directories of every format, episode *.json files and checkpoint *.pkl.gz files.
// It does not descend into a trace directory. The result is sorted.
func Discover(root string) ([]string, error) {
	traces, _, err := Scan(root)
	return traces, err
}

// Scan is Discover that also lists the folders it walked through that are not traces
// (root among them, when it is a folder and not a trace), sorted: where new traces
// appear, so a watcher such as the live viewer knows which folders to look at again.
func Scan(root string) (traces, folders []string, err error) {
	st, err := os.Stat(root)
	if err != nil {
		return nil, nil, fmt.Errorf("%s: %w", root, unwrapPathErr(err))
	}
	if !st.IsDir() {
		// A file named explicitly is taken as given; Open reports what is wrong with it.
		return []string{root}, nil, nil
	}
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() && p != root && strings.HasPrefix(d.Name(), ".") {
			return filepath.SkipDir
		}
		if f, _ := detect(&Probe{Path: p, IsDir: d.IsDir(), Walking: true}); f != nil {
			traces = append(traces, p)
			if d.IsDir() {
				return filepath.SkipDir
			}
		} else if d.IsDir() {
			folders = append(folders, p)
		}
		return nil
	})
	if err != nil {
		return nil, nil, err
	}
	sort.Strings(traces)
	sort.Strings(folders)
	return traces, folders, nil
}

// oneLine keeps error messages to a single line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
