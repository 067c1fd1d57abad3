package main

import "github.com/spf13/cobra"

func newDecomposeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "decompose",
		Short: "(not built yet: issue 3)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return notYet(3, "autoeval decompose")
		},
	}
}
