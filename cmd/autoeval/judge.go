package main

import "github.com/spf13/cobra"

func newJudgeCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "judge",
		Short: "(not built yet: issue 4)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return notYet(4, "autoeval judge")
		},
	}
}
