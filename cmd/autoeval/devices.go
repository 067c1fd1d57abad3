package main

import (
	"encoding/json"
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/device"
)

func newDevicesCmd() *cobra.Command {
	var (
		adbAddr string
		asJSON  bool
	)
	cmd := &cobra.Command{
		Use:   "devices [--adb host:port] [--json]",
		Short: "List the attached Android devices with model and Android version",
		Long: `List every device the adb server knows, with its state and, for a device that is online,
its model, Android version, SDK level and screen size: the serial is what --device takes in
observe, run and groundtruth. A device that is not online says what to do about it.`,
		Example: `  autoeval devices
  autoeval devices --adb 127.0.0.1:5037 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, args []string) error {
			addr, err := device.ResolveAddr(adbAddr)
			if err != nil {
				return &exitError{code: 2, msg: "devices: " + err.Error()}
			}
			list, err := device.Describe(cmd.Context(), addr)
			if err != nil {
				return err
			}
			if asJSON {
				return printDevicesJSON(list)
			}
			if len(list) == 0 {
				fmt.Fprintf(stderr, "autoeval: the adb server at %s lists no devices (connect one, start an emulator, or `adb connect HOST:PORT`)\n", addr)
				return nil
			}
			tw := tabwriter.NewWriter(stdout, 0, 0, 2, ' ', 0)
			fmt.Fprintln(tw, "SERIAL\tSTATE\tMODEL\tANDROID\tSDK\tSCREEN\tNOTE")
			for _, a := range list {
				model, android, sdk, screen, note := orDash(a.Model), "-", "-", "-", a.Advice()
				if a.Info != nil {
					model = orDash(a.Info.Model)
					android = orDash(a.Info.Android)
					if a.Info.SDK > 0 {
						sdk = strconv.Itoa(a.Info.SDK)
					}
					if a.Info.Width > 0 {
						screen = fmt.Sprintf("%dx%d", a.Info.Width, a.Info.Height)
					}
				}
				if a.Error != "" {
					note = a.Error
				}
				fmt.Fprintf(tw, "%s\t%s\t%s\t%s\t%s\t%s\t%s\n", a.Serial, a.State, model, android, sdk, screen, note)
			}
			return tw.Flush()
		},
	}
	f := cmd.Flags()
	f.StringVar(&adbAddr, "adb", "", "adb server as host:port (default $ADB_SERVER_SOCKET as tcp:host:port, else localhost:5037)")
	f.BoolVar(&asJSON, "json", false, "print the list as JSON (serial, state, model, android, sdk, width, height, error)")
	return cmd
}

func printDevicesJSON(list []device.Attached) error {
	type row struct {
		Serial  string `json:"serial"`
		State   string `json:"state"`
		Model   string `json:"model,omitempty"`
		Android string `json:"android,omitempty"`
		SDK     int    `json:"sdk,omitempty"`
		Width   int    `json:"width,omitempty"`
		Height  int    `json:"height,omitempty"`
		Error   string `json:"error,omitempty"`
	}
	rows := make([]row, 0, len(list))
	for _, a := range list {
		r := row{Serial: a.Serial, State: a.State, Model: a.Model, Error: a.Error}
		if a.Info != nil {
			r.Model, r.Android, r.SDK, r.Width, r.Height = a.Info.Model, a.Info.Android, a.Info.SDK, a.Info.Width, a.Info.Height
		}
		rows = append(rows, r)
	}
	enc := json.NewEncoder(stdout)
	enc.SetIndent("", "  ")
	return enc.Encode(rows)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
