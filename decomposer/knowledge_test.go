package decomposer_test

import (
	"os"
	"path/filepath"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/autoeval/autoeval/decomposer"
	"github.com/autoeval/autoeval/suite"
)

// App knowledge is read from regular files only: a named pipe given as --knowledge, or
// named clock.txt in a knowledge folder, blocked decompose forever (nobody writes to it),
// and Ctrl-C did not end the read. It is refused with its name; the regular files load.
func TestKnowledgeReadsRegularFilesOnly(t *testing.T) {
	dir := t.TempDir()
	if err := os.WriteFile(filepath.Join(dir, "contacts.md"), []byte("Contacts are under +.\n"), 0o644); err != nil {
		t.Fatal(err)
	}
	pipe := filepath.Join(dir, "clock.txt")
	if err := syscall.Mkfifo(pipe, 0o644); err != nil {
		t.Skip("no named pipes here:", err)
	}
	for _, path := range []string{dir, pipe} {
		done := make(chan error, 1)
		go func() {
			_, err := decomposer.LoadKnowledge(path)
			done <- err
		}()
		select {
		case err := <-done:
			if err == nil || !strings.Contains(err.Error(), "clock.txt") || !strings.Contains(err.Error(), "named pipe") {
				t.Errorf("--knowledge %s: %v, want the pipe refused by name", path, err)
			}
		case <-time.After(20 * time.Second):
			t.Fatalf("--knowledge %s: still reading after 20 s", path)
		}
	}
	os.Remove(pipe)
	k, err := decomposer.LoadKnowledge(dir)
	if err != nil || k(suite.Task{App: "Contacts"}) != "Contacts are under +." {
		t.Fatalf("%v", err)
	}
}
