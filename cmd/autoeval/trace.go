package main

import "github.com/spf13/cobra"

func newTraceCmd() *cobra.Command {
	cmd := &cobra.Command{
		Use:   "trace",
		Short: "Inspect, validate and import traces",
	}
	return cmd
}
