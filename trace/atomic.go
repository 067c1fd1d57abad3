package trace

import (
	"os"
	"path/filepath"
)

// WriteFileAtomic writes data to a temporary file beside path and renames it into place, so
// readers, and a crash, see either the old file or the whole new one: never a torn
// trace.json, judgment, frame or report. The parent directory is created when needed.
// perm applies to the final file (os.CreateTemp alone would leave it private, which is
// wrong for traces and reports meant to be shared).
func WriteFileAtomic(path string, data []byte, perm os.FileMode) error {
	dir := filepath.Dir(path)
	if err := os.MkdirAll(dir, 0o755); err != nil {
		return err
	}
	tmp, err := os.CreateTemp(dir, "."+filepath.Base(path)+".tmp*")
	if err != nil {
		return err
	}
	name := tmp.Name()
	_, werr := tmp.Write(data)
	cerr := tmp.Close()
	if werr == nil {
		werr = cerr
	}
	if werr == nil {
		werr = os.Chmod(name, perm)
	}
	if werr == nil {
		werr = os.Rename(name, path)
	}
	if werr != nil {
		os.Remove(name)
	}
	return werr
}
