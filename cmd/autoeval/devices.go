package main

import (
	"context"
	"fmt"
	"strconv"
	"text/tabwriter"

	"github.com/spf13/cobra"

	"github.com/autoeval/autoeval/device"
)

// DevicesOptions are what devices runs with.
type DevicesOptions struct {
	IO     *IOStreams
	Getenv func(string) string

	ADB  string
	JSON bool
}

// NewCmdDevices builds 'autoeval devices'; runF replaces devicesRun (tests).
func NewCmdDevices(f *Factory, runF func(context.Context, *DevicesOptions) error) *cobra.Command {
	opts := &DevicesOptions{IO: f.IO, Getenv: f.Getenv}
	cmd := &cobra.Command{
		Use:   "devices [--adb host:port] [--json]",
		Short: "List the attached Android devices with model and Android version",
		Long: `List every device the adb server knows, with its state and, for a device that is online,
its model, Android version, SDK level and screen size: the serial is what --device takes in
observe, run and groundtruth. A device that is not online says what to do about it.`,
		Example: `  autoeval devices
  autoeval devices --adb 127.0.0.1:5037 --json`,
		Args: cobra.NoArgs,
		RunE: func(cmd *cobra.Command, _ []string) error { return dispatch(cmd, opts, runF, devicesRun) },
	}
	fs := cmd.Flags()
	fs.StringVar(&opts.ADB, "adb", "", "adb server as host:port (default $ADB_SERVER_SOCKET as tcp:host:port, else localhost:5037)")
	fs.BoolVar(&opts.JSON, "json", false, "print the list as JSON (serial, state, model, android, sdk, width, height, error)")
	return cmd
}

func devicesRun(ctx context.Context, opts *DevicesOptions) error {
	addr, err := device.ResolveAddr(opts.ADB, opts.Getenv)
	if err != nil {
		return usagef("devices: %v", err)
	}
	list, err := device.Describe(ctx, addr)
	if err != nil {
		return err
	}
	if opts.JSON {
		return printDevicesJSON(opts.IO, list)
	}
	if len(list) == 0 {
		fmt.Fprintf(opts.IO.ErrOut, "autoeval: the adb server at %s lists no devices (connect one, start an emulator, or `adb connect HOST:PORT`)\n", addr)
		return nil
	}
	tw := tabwriter.NewWriter(opts.IO.Out, 0, 0, 2, ' ', 0)
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
}

func printDevicesJSON(io *IOStreams, list []device.Attached) error {
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
	return writeJSON(io.Out, rows)
}

func orDash(s string) string {
	if s == "" {
		return "-"
	}
	return s
}
