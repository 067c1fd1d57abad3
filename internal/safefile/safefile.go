// Package safefile reads files that come from outside (traces, episodes, suites, an
// agent's answer) without letting them cost more than they should: only regular files are
// opened, so a named pipe cannot block a command forever and a link to /dev/zero cannot
// fill its memory; every read is capped; and a file named inside a folder may not resolve,
// through a symbolic link, to somewhere outside it.
package safefile

import (
	"errors"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
)

// ErrNotRegular is wrapped by the error for a path that is not a regular file.
var ErrNotRegular = errors.New("not a regular file")

// ErrOutside is wrapped by the error for a path that resolves outside its folder.
var ErrOutside = errors.New("resolves outside the folder")

// Open opens path for reading when it is a regular file (after following links). A named
// pipe, a device, a socket or a directory is refused, and opening one never blocks.
func Open(path string) (*os.File, error) {
	f, err := openNonBlocking(path)
	if err != nil {
		return nil, err
	}
	st, err := f.Stat()
	if err != nil {
		f.Close()
		return nil, err
	}
	if !st.Mode().IsRegular() {
		f.Close()
		return nil, &fs.PathError{Op: "open", Path: path, Err: notRegular(st.Mode())}
	}
	return f, nil
}

func notRegular(m fs.FileMode) error {
	what := "a special file"
	switch {
	case m.IsDir():
		what = "a directory"
	case m&fs.ModeNamedPipe != 0:
		what = "a named pipe"
	case m&fs.ModeSocket != 0:
		what = "a socket"
	case m&fs.ModeDevice != 0:
		what = "a device"
	}
	return fmt.Errorf("%w (%s)", ErrNotRegular, what)
}

// SizeError is a file larger than its reader's limit.
type SizeError struct{ Size, Limit int64 }

func (e *SizeError) Error() string {
	size, limit := Size(e.Size), Size(e.Limit)
	if size == limit { // just over: rounding would make them equal
		size, limit = fmt.Sprintf("%d bytes", e.Size), fmt.Sprintf("%d bytes", e.Limit)
	}
	return fmt.Sprintf("the file is %s, over the limit of %s", size, limit)
}

// ReadFile reads the regular file at path, refusing one of more than limit bytes (by its
// size before reading, and by what it holds should it grow meanwhile).
func ReadFile(path string, limit int64) ([]byte, error) {
	f, err := Open(path)
	if err != nil {
		return nil, err
	}
	defer f.Close()
	return readAll(f, limit)
}

// readAll reads an open regular file (see Open) up to limit bytes.
func readAll(f *os.File, limit int64) ([]byte, error) {
	st, err := f.Stat()
	if err != nil {
		return nil, err
	}
	if st.Size() > limit {
		return nil, &SizeError{Size: st.Size(), Limit: limit}
	}
	data, err := io.ReadAll(io.LimitReader(f, limit+1))
	if err != nil {
		return nil, err
	}
	if int64(len(data)) > limit { // it grew since
		return nil, &SizeError{Size: int64(len(data)), Limit: limit}
	}
	return data, nil
}

// Inside fails when path, after following symbolic links, is not inside dir (also
// resolved). A missing path passes: its reader reports it.
func Inside(dir, path string) error {
	rd, err := filepath.EvalSymlinks(dir)
	if err != nil {
		return nil // the folder itself is reported by whoever reads it
	}
	rp, err := filepath.EvalSymlinks(path)
	if err != nil {
		return nil
	}
	rel, err := filepath.Rel(rd, rp)
	if err != nil || rel == ".." || strings.HasPrefix(rel, ".."+string(filepath.Separator)) {
		return fmt.Errorf("%w through a symbolic link", ErrOutside)
	}
	return nil
}

// ReadFileIn reads path, a file of the folder dir, when it resolves inside dir and is a
// regular file of at most limit bytes. With dir "" (a file of no folder) it is ReadFile.
func ReadFileIn(dir, path string, limit int64) ([]byte, error) {
	if dir == "" {
		return ReadFile(path, limit)
	}
	if err := Inside(dir, path); err != nil {
		return nil, &fs.PathError{Op: "open", Path: path, Err: err}
	}
	return ReadFile(path, limit)
}

// Size renders a byte count for messages: 16 KiB, 48.8 MiB, 312 bytes.
func Size(n int64) string {
	switch {
	case n >= 1<<30:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<30))) + " GiB"
	case n >= 1<<20:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<20))) + " MiB"
	case n >= 1<<10:
		return trimZero(fmt.Sprintf("%.1f", float64(n)/(1<<10))) + " KiB"
	}
	return fmt.Sprintf("%d bytes", n)
}

func trimZero(s string) string { return strings.TrimSuffix(s, ".0") }
