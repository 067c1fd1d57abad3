package device_test

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
)

// What a device sends for one command is read up to a limit, through the real adb server:
// past it the command is an error naming the limit and the service is closed, so a device
// that never stops writing cannot fill the memory (goadb read until the device stopped).
func TestOutputIsReadUpToALimit(t *testing.T) {
	_, dev, d := connect(t)
	c := ctx(t)
	big := bytes.Repeat([]byte("0123456789abcde\n"), (device.MaxShellBytes+1<<20)/16)
	dev.PutFile("/sdcard/big.txt", big)
	_, err := d.Shell(c, "cat /sdcard/big.txt")
	if !errors.Is(err, device.ErrTooLarge) || !strings.Contains(err.Error(), "shell cat /sdcard/big.txt on "+d.Serial()+": the output is over the limit of 16 MiB") {
		t.Fatalf("17 MiB through Shell: %v", err)
	}
	// The service was closed and the device goes on answering.
	if out, err := d.Shell(c, "echo hi"); err != nil || out != "hi\n" {
		t.Fatalf("after the refused output: %q, %v", out, err)
	}

	png, err := d.Screenshot(c)
	if err != nil {
		t.Fatal(err)
	}
	raw, err := d.ScreenshotRaw(c)
	if err != nil {
		t.Fatal(err)
	}
	rawLen := int64(16 + 4*raw.Rect.Dx()*raw.Rect.Dy())
	// Exactly at each limit, every operation reads what it read without one.
	device.SetOutputLimits(d, int64(len(png)), rawLen, 3, 512, int64(len(big)))
	if got, err := d.Screenshot(c); err != nil || !bytes.Equal(got, png) {
		t.Fatalf("screenshot at the limit: %d bytes, %v", len(got), err)
	}
	if _, err := d.ScreenshotRaw(c); err != nil {
		t.Fatalf("raw screenshot at the limit: %v", err)
	}
	if out, err := d.Shell(c, "echo hi"); err != nil || out != "hi\n" {
		t.Fatalf("shell at the limit: %q, %v", out, err)
	}
	if _, err := d.UIXML(c); err != nil {
		t.Fatalf("UI dump: %v", err)
	}
	if _, err := d.ForegroundActivity(c); err != nil {
		t.Fatalf("activity: %v", err)
	}
	if got, err := d.Pull(c, "/sdcard/big.txt"); err != nil || !bytes.Equal(got, big) {
		t.Fatalf("pull at the limit: %d bytes, %v", len(got), err)
	}
	// One byte under, each is refused with what it should have been.
	device.SetOutputLimits(d, int64(len(png))-1, rawLen-1, 2, 8, int64(len(big))-1)
	for _, c2 := range []struct {
		op   func() error
		want string
	}{
		{func() error { _, err := d.Screenshot(c); return err }, "exec-out screencap -p on " + d.Serial() + ": the output is over the limit of"},
		{func() error { _, err := d.ScreenshotRaw(c); return err }, "exec-out screencap on " + d.Serial() + ": the output is over the limit of"},
		{func() error { _, err := d.Shell(c, "echo hi"); return err }, "shell echo hi on " + d.Serial() + ": the output is over the limit of 2 bytes (the text a command prints"},
		{func() error { _, err := d.UIXML(c); return err }, "(uiautomator prints where it dumped)"},
		{func() error { _, err := d.ForegroundActivity(c); return err }, "(grep keeps a line or two of dumpsys)"},
		// Pull read a file to its end, whatever its size.
		{func() error { _, err := d.Pull(c, "/sdcard/big.txt"); return err }, "pull /sdcard/big.txt from " + d.Serial() + ": over the limit"},
	} {
		if err := c2.op(); !errors.Is(err, device.ErrTooLarge) || !strings.Contains(err.Error(), c2.want) {
			t.Errorf("one byte under the limit: %v; want %q", err, c2.want)
		}
	}
}

// The device list is one length-prefixed reply (adb's SERVICES.TXT: OKAY, four hex digits,
// the text). It is read by its length: an adb address that answers the list and then keeps
// sending (a wrong port, a hostile relay) neither fills the memory nor holds the caller
// until it stops, and a reply cut short names what came.
func TestDeviceListIsReadByItsLength(t *testing.T) {
	t.Parallel()
	list := "emulator-5554          device product:sdk model:Pixel_6 device:emu\n"
	for _, tc := range []struct {
		name, reply, want string
		endless           bool
	}{
		{"then endless bytes", fmt.Sprintf("OKAY%04x%s", len(list), list), "", true},
		{"cut short", fmt.Sprintf("OKAY%04x%s", len(list)+10, list), fmt.Sprintf("short reply: %d of %d bytes", len(list), len(list)+10), false},
		{"no length", "OKAYzz", "short reply", false},
		{"bad length", "OKAYzzzz", `length "zzzz" is not four hex digits`, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			ln, err := net.Listen("tcp", "127.0.0.1:0")
			if err != nil {
				t.Fatal(err)
			}
			defer ln.Close()
			go func() {
				c, err := ln.Accept()
				if err != nil {
					return
				}
				defer c.Close()
				req := make([]byte, 4+len("host:devices-l"))
				if _, err := io.ReadFull(c, req); err != nil || string(req[4:]) != "host:devices-l" {
					return
				}
				if _, err := io.WriteString(c, tc.reply); err != nil || !tc.endless {
					return
				}
				junk := bytes.Repeat([]byte("x"), 1<<16)
				for {
					if _, err := c.Write(junk); err != nil {
						return
					}
				}
			}()
			c, cancel := context.WithTimeout(context.Background(), 10*time.Second)
			defer cancel()
			got, err := device.ListDevices(c, ln.Addr().String())
			if tc.want == "" {
				if err != nil || len(got) != 1 || got[0].Serial != "emulator-5554" || got[0].Model != "Pixel_6" {
					t.Fatalf("list = %+v, %v", got, err)
				}
				return
			}
			if err == nil || !strings.Contains(err.Error(), tc.want) || !strings.Contains(err.Error(), "listing devices") {
				t.Fatalf("list = %+v, %v; want an error with %q", got, err, tc.want)
			}
		})
	}
}
