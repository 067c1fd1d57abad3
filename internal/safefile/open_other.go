//go:build !unix

package safefile

import (
	"io/fs"
	"os"
)

// openNonBlocking refuses what is not a regular file before opening it (these systems
// have no O_NONBLOCK; the check and the open are not atomic there).
func openNonBlocking(path string) (*os.File, error) {
	st, err := os.Stat(path)
	if err != nil {
		return nil, err
	}
	if !st.Mode().IsRegular() {
		return nil, &fs.PathError{Op: "open", Path: path, Err: notRegular(st.Mode())}
	}
	return os.Open(path)
}
