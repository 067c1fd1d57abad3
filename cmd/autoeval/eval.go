package main

import "github.com/spf13/cobra"

func newEvalCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "eval",
		Short: "(not built yet: issue 7)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return notYet(7, "autoeval eval")
		},
	}
}
