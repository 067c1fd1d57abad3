// Package testenv locates the repository and the real recorded data beside it for tests.
// It is a test helper: product code never imports it.
package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

// RepoRoot returns the directory holding go.mod above the test's working directory.
func RepoRoot(t testing.TB) string {
	t.Helper()
	dir, err := os.Getwd()
	if err != nil {
		t.Fatal(err)
	}
	for {
		if _, err := os.Stat(filepath.Join(dir, "go.mod")); err == nil {
			return dir
		}
		parent := filepath.Dir(dir)
		if parent == dir {
			t.Fatal("no go.mod above the test directory")
		}
		dir = parent
	}
}

// SharedData returns ../shared/data/<rel> relative to the repository root, skipping the
// test with a message naming the path when it is absent (a clone elsewhere has no ../shared).
func SharedData(t testing.TB, rel string) string {
	t.Helper()
	p := filepath.Join(RepoRoot(t), "..", "shared", "data", filepath.FromSlash(rel))
	if _, err := os.Stat(p); err != nil {
		t.Skipf("real data %s is absent (%v); it lives beside the repository in CI", p, err)
	}
	return p
}
