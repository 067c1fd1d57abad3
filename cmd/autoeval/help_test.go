package main

import (
	"strings"
	"testing"

	"github.com/spf13/cobra"
	"github.com/spf13/pflag"
)

// Every command and every flag explains itself in --help: an empty usage string is a flag
// a user has to guess at.
func TestEveryCommandAndFlagHasHelp(t *testing.T) {
	t.Parallel()
	var walk func(c *cobra.Command)
	walk = func(c *cobra.Command) {
		if c.Hidden || c.Name() == "help" || c.Name() == "completion" || strings.HasPrefix(c.CommandPath(), "autoeval completion") {
			return
		}
		if strings.TrimSpace(c.Short) == "" {
			t.Errorf("%s: no short description", c.CommandPath())
		}
		if strings.Contains(c.Short, "not built yet") {
			t.Errorf("%s: still a stub: %q", c.CommandPath(), c.Short)
		}
		c.LocalFlags().VisitAll(func(f *pflag.Flag) {
			if f.Name != "help" && strings.TrimSpace(f.Usage) == "" {
				t.Errorf("%s --%s: no help text", c.CommandPath(), f.Name)
			}
		})
		for _, sub := range c.Commands() {
			walk(sub)
		}
	}
	walk(testRoot())
}
