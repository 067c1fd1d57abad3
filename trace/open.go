package trace

import (
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"sort"
	"strconv"
	"strings"
)

// Source formats, as recorded in Source.Format.
const (
	FormatNative     = "native"
	FormatFolder     = "folder"
	FormatLlamaTouch = "llamatouch"
	FormatAWEpisode  = "androidworld-episode"
	FormatAWCkpt     = "androidworld-checkpoint"
	FormatAndroidLab = "androidlab"
)

// taskFiles are the task text files a plain image folder may carry, in order of preference.
var taskFiles = []string{"task.txt", "instruction.txt", "task.md"}

// Open reads the trace at path, detecting its format: a native trace directory
// (trace.json), an AndroidLab run (traces/trace.jsonl), a LlamaTouch folder, a plain folder
// of numbered images with a task file, an AndroidWorld episode JSON file, or an AndroidWorld
// checkpoint (*.pkl.gz; the first episode when it holds several, see OpenAll).
// Files are not decoded here; Validate does that.
func Open(path string) (*Trace, error) {
	ts, err := open(path, true)
	if err != nil {
		return nil, err
	}
	return ts[0], nil
}

// OpenAll reads every trace at path: all episodes of a checkpoint, the one trace of any
// other trace path, or, for a directory that is not itself a trace, every trace Discover
// finds below it.
func OpenAll(path string) ([]*Trace, error) {
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
	var all []*Trace
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

type notTraceError struct{ path, why string }

func (e *notTraceError) Error() string {
	return fmt.Sprintf("%s: not a trace (%s)", e.path, e.why)
}
func (e *notTraceError) Is(target error) bool { return target == errNotATrace }

func open(path string, firstOnly bool) ([]*Trace, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", path, unwrapPathErr(err))
	}
	if !st.IsDir() {
		return openFile(path, firstOnly)
	}
	kind, why := detectDir(path)
	var t *Trace
	switch kind {
	case FormatNative:
		t, err = ReadManifest(path)
		if err == nil {
			t.native = true
		}
	case FormatAndroidLab:
		t, err = openAndroidLab(path)
	case FormatLlamaTouch:
		t, err = openLlamaTouch(path)
	case FormatFolder:
		t, err = openFolder(path)
	default:
		return nil, &notTraceError{path, why}
	}
	if err != nil {
		return nil, err
	}
	return []*Trace{t}, nil
}

func openFile(path string, firstOnly bool) ([]*Trace, error) {
	base := filepath.Base(path)
	lower := strings.ToLower(base)
	switch {
	case lower == ManifestName:
		return open(filepath.Dir(path), firstOnly)
	case lower == "trace.jsonl" && strings.EqualFold(filepath.Base(filepath.Dir(path)), "traces"):
		return open(filepath.Dir(filepath.Dir(path)), firstOnly)
	case strings.HasSuffix(lower, ".pkl.gz") || strings.HasSuffix(lower, ".pkl"):
		return openCheckpoint(path, firstOnly)
	case strings.HasSuffix(lower, ".json"):
		t, err := openEpisode(path)
		if err != nil {
			return nil, err
		}
		return []*Trace{t}, nil
	}
	return nil, &notTraceError{path, "a file that is neither a checkpoint (*.pkl.gz), an episode (*.json) nor a trace.json"}
}

// detectDir names the format of a directory, or says why it is none.
func detectDir(dir string) (string, string) {
	if isFile(filepath.Join(dir, ManifestName)) {
		return FormatNative, ""
	}
	if isFile(filepath.Join(dir, "traces", "trace.jsonl")) {
		return FormatAndroidLab, ""
	}
	entries, err := os.ReadDir(dir)
	if err != nil {
		return "", err.Error()
	}
	images, llama := 0, false
	for _, e := range entries {
		name := e.Name()
		if e.IsDir() {
			continue
		}
		if _, ok := numberedImage(name); ok {
			images++
		}
		if name == "eventStructs.txt" || llamaSide.MatchString(name) {
			llama = true
		}
	}
	if images == 0 {
		return "", "no trace.json, traces/trace.jsonl or numbered images"
	}
	hasInstr := isFile(filepath.Join(dir, "instruction.txt"))
	if llama && hasInstr {
		return FormatLlamaTouch, ""
	}
	for _, n := range taskFiles {
		if isFile(filepath.Join(dir, n)) {
			return FormatFolder, ""
		}
	}
	return "", fmt.Sprintf("%d numbered images but no task file (%s)", images, strings.Join(taskFiles, ", "))
}

var (
	llamaSide = regexp.MustCompile(`^\d+\.(activity|xml|vh)$`)
	// numbered image: any name whose last digit run gives the order, e.g. 0001.png, 7.jpg, screen_12.png.
	imageNum = regexp.MustCompile(`(?i)^(.*?)(\d+)\.(png|jpe?g)$`)
)

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
	st, err := os.Stat(root)
	if err != nil {
		return nil, fmt.Errorf("%s: %w", root, unwrapPathErr(err))
	}
	if !st.IsDir() {
		// A file named explicitly is taken as given; Open reports what is wrong with it.
		return []string{root}, nil
	}
	var out []string
	err = filepath.WalkDir(root, func(p string, d fs.DirEntry, err error) error {
		if err != nil {
			return err
		}
		if d.IsDir() {
			if p != root && strings.HasPrefix(d.Name(), ".") {
				return filepath.SkipDir
			}
			if kind, _ := detectDir(p); kind != "" {
				out = append(out, p)
				return filepath.SkipDir
			}
			return nil
		}
		if kind, err := openFileKind(p); err == nil && kind != "" {
			out = append(out, p)
		}
		return nil
	})
	if err != nil {
		return nil, err
	}
	sort.Strings(out)
	return out, nil
}

// openFileKind says which importer a loose file would use, reading JSON files just enough
// to tell an AndroidWorld episode from other JSON (configs, judgments, metadata).
func openFileKind(p string) (string, error) {
	lower := strings.ToLower(filepath.Base(p))
	switch {
	case strings.HasSuffix(lower, ".pkl.gz"):
		return FormatAWCkpt, nil
	case strings.HasSuffix(lower, ".json") && lower != ManifestName && lower != JudgmentName:
		if looksLikeEpisode(p) {
			return FormatAWEpisode, nil
		}
	}
	return "", &notTraceError{p, "not a recognised trace file"}
}

// Label is a short human name for tables: the directory or file name, plus the entry
// number for later episodes of a multi-episode checkpoint.
func Label(t *Trace) string {
	var name string
	switch {
	case t.native && t.Dir != "":
		name = filepath.Base(filepath.Clean(t.Dir))
	case t.Source != nil && t.Source.Path != "":
		name = filepath.Base(filepath.Clean(t.Source.Path))
		if t.Source.Format == FormatAndroidLab && name == "trace.jsonl" {
			name = filepath.Base(filepath.Dir(filepath.Dir(t.Source.Path)))
		}
	case t.Dir != "":
		name = filepath.Base(filepath.Clean(t.Dir))
	default:
		name = t.TaskName
	}
	for _, ext := range []string{".pkl.gz", ".pkl", ".json"} {
		if strings.HasSuffix(strings.ToLower(name), ext) && len(name) > len(ext) {
			name = name[:len(name)-len(ext)]
			break
		}
	}
	if !t.native && t.Source != nil && t.Source.Entry > 0 {
		name += "#" + strconv.Itoa(t.Source.Entry)
	}
	if name == "" || name == "." || name == string(filepath.Separator) {
		name = "trace"
	}
	return name
}
