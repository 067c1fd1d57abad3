package main

import (
	"fmt"
	"os"
	"testing"
)

// testHome is the temporary home of the tests, removed when they end.
var testHome string

// TestMain keeps every test of the CLI away from the user's files: the default database
// ($XDG_DATA_HOME/autoeval/autoeval.db, else under ~/.local/share) and anything else found
// through $HOME point into a temporary folder, removed afterwards. A test that forgets
// --db or $AUTOEVAL_DB still writes nowhere outside it.
func TestMain(m *testing.M) {
	home, err := os.MkdirTemp("", "autoeval-cmd-test-home")
	testHome = home
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
	for k, v := range map[string]string{"HOME": home, "XDG_DATA_HOME": home + "/data", "AUTOEVAL_DB": ""} {
		os.Setenv(k, v)
	}
	code := m.Run()
	os.RemoveAll(home)
	os.Exit(code)
}
