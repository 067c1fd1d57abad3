package main

import (
	"fmt"
	"os"
	"testing"

	"github.com/autoeval/autoeval/trace"
)

// testHome is the temporary home of the tests, removed when they end; userHome is the
// home the tests started with, where the go command keeps its caches and settings.
var testHome, userHome string

// TestMain keeps every test of the CLI away from the user's files: the default database
// ($XDG_DATA_HOME/autoeval/autoeval.db, else under ~/.local/share) and anything else found
// through $HOME point into a temporary folder, removed afterwards. A test that forgets
// --db or $AUTOEVAL_DB still writes nowhere outside it.
func TestMain(m *testing.M) {
	userHome = os.Getenv("HOME")
	home, err := os.MkdirTemp("", "autoeval-cmd-test-home")
	testHome = home
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for k, v := range map[string]string{"HOME": home, "XDG_DATA_HOME": home + "/data", "AUTOEVAL_DB": ""} {
		os.Setenv(k, v)
	}
	_, outBefore := os.Stat(trace.DefaultOutDir)
	code := m.Run()
	// Commands run in this process share its working directory, this package's: a default
	// output left here would be seen by the other tests running beside it.
	if _, err := os.Stat(trace.DefaultOutDir); err == nil && outBefore != nil {
		fmt.Fprintf(os.Stderr, "a test wrote ./%s into the package directory: run such commands with binRun in a temp dir\n", trace.DefaultOutDir)
		os.RemoveAll(trace.DefaultOutDir)
		code = 1
	}
	os.RemoveAll(home)
	os.Exit(code)
}
