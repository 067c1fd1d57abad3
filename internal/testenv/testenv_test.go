package testenv

import (
	"os"
	"path/filepath"
	"testing"
)

func TestRepoRootHoldsGoMod(t *testing.T) {
	if _, err := os.Stat(filepath.Join(RepoRoot(t), "go.mod")); err != nil {
		t.Fatal(err)
	}
}

func TestSharedDataSkipsWhenAbsent(t *testing.T) {
	var skipped bool
	t.Run("absent", func(t *testing.T) {
		defer func() { skipped = t.Skipped() }()
		SharedData(t, "no/such/folder/anywhere")
		t.Error("SharedData returned for a missing path")
	})
	if !skipped {
		t.Fatal("a missing data folder must skip the test")
	}
}
