package main

import "github.com/spf13/cobra"

func newReportCmd() *cobra.Command {
	return &cobra.Command{
		Use:   "report",
		Short: "(not built yet: issue 7)",
		RunE: func(cmd *cobra.Command, args []string) error {
			return notYet(7, "autoeval report")
		},
	}
}
