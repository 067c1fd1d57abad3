//go:build unix

package safefile

import (
	"os"
	"syscall"
)

// openNonBlocking opens without waiting for a writer on a named pipe; reads of a regular
// file are not affected by O_NONBLOCK.
func openNonBlocking(path string) (*os.File, error) {
	return os.OpenFile(path, os.O_RDONLY|syscall.O_NONBLOCK, 0)
}
