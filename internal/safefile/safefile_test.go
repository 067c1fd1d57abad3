package safefile

import (
	"errors"
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"
)

func TestRefusesWhatIsNotARegularFile(t *testing.T) {
	dir := t.TempDir()
	fifo := filepath.Join(dir, "frame.png")
	if err := syscall.Mkfifo(fifo, 0o644); err != nil {
		t.Skipf("no named pipes here: %v", err)
	}
	done := make(chan error, 1)
	go func() { _, err := ReadFile(fifo, 1<<20); done <- err }()
	select {
	case err := <-done:
		if !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "named pipe") {
			t.Errorf("FIFO: %v, want a not-a-regular-file error", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("reading a named pipe blocked")
	}
	if _, err := ReadFile("/dev/zero", 1<<20); !errors.Is(err, ErrNotRegular) || !strings.Contains(err.Error(), "device") {
		t.Errorf("/dev/zero: %v", err)
	}
	link := filepath.Join(dir, "zero")
	os.Symlink("/dev/zero", link)
	if _, err := ReadFile(link, 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a link to /dev/zero: %v", err)
	}
	if _, err := ReadFile(dir, 1<<20); !errors.Is(err, ErrNotRegular) {
		t.Errorf("a directory: %v", err)
	}
}

func TestSizeCap(t *testing.T) {
	p := filepath.Join(t.TempDir(), "task.txt")
	os.WriteFile(p, make([]byte, 3<<20), 0o644)
	_, err := ReadFile(p, 1<<20)
	var se *SizeError
	if !errors.As(err, &se) || err.Error() != "the file is 3 MiB, over the limit of 1 MiB" {
		t.Errorf("got %v", err)
	}
	if b, err := ReadFile(p, 3<<20); err != nil || len(b) != 3<<20 {
		t.Errorf("at the limit: %d bytes, %v", len(b), err)
	}
}

func TestInside(t *testing.T) {
	root := t.TempDir()
	dir := filepath.Join(root, "trace")
	os.Mkdir(dir, 0o755)
	secret := filepath.Join(root, "secret")
	os.WriteFile(secret, []byte("key"), 0o644)
	os.Symlink(secret, filepath.Join(dir, "task.txt"))
	os.WriteFile(filepath.Join(dir, "real.txt"), []byte("ok"), 0o644)
	os.Symlink("real.txt", filepath.Join(dir, "alias.txt"))
	if _, err := ReadFileIn(dir, filepath.Join(dir, "task.txt"), 1<<10); !errors.Is(err, ErrOutside) {
		t.Errorf("a link out of the folder: %v", err)
	}
	if b, err := ReadFileIn(dir, filepath.Join(dir, "alias.txt"), 1<<10); err != nil || string(b) != "ok" {
		t.Errorf("a link inside the folder: %q %v", b, err)
	}
}
