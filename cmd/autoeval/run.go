package main

import "github.com/spf13/cobra"

func newRunCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "run",
		Short: "(not built yet: issue 5)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return notYet(5, "autoeval run")
		},
	}
}
