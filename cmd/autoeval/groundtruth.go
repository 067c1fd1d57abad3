package main

import "github.com/spf13/cobra"

func newGroundtruthCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "groundtruth",
		Short: "(not built yet: issue 6)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return notYet(6, "autoeval groundtruth")
		},
	}
}
