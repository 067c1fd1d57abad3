package trace

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
)

// FormatNative is the Source.Format of a trace recorded by autoeval itself. Importers name
// their own formats (package importer).
const FormatNative = "native"

// Read reads the native trace directory dir (its trace.json) without checking frame files
// (see Validate). The trace is marked as living there, so Label names it after dir.
func Read(dir string) (*Trace, error) {
	t, err := ReadManifest(dir)
	if err != nil {
		return nil, err
	}
	t.native = true
	return t, nil
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
		// AndroidLab's run file traces/trace.jsonl is named after its run directory.
		if name == "trace.jsonl" && strings.EqualFold(filepath.Base(filepath.Dir(t.Source.Path)), "traces") {
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

// oneLine keeps error messages to a single line.
func oneLine(s string) string {
	return strings.Join(strings.Fields(s), " ")
}
