package main

import (
	"encoding/json"
	"net"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
)

// `autoeval devices` lists what the real adb server has attached: each online device
// with its model, Android version and screen, one that is not with what to do.
func TestDevicesListsModelsAndAndroidVersions(t *testing.T) {
	t.Parallel()
	srv := adbtest.Start(t)
	code, out, errOut := evalCapture(t, "devices", "--adb", srv.Addr())
	if code != 0 || out != "" || !strings.Contains(errOut, "lists no devices") {
		t.Fatalf("no devices (%d): %q %q", code, out, errOut)
	}
	pixel := srv.Connect(t, adbd.Start(t, adbd.Config{}))
	tablet := srv.Connect(t, adbd.Start(t, adbd.Config{Model: "Pixel Tablet", Release: "14", SDK: 34, Width: 2560, Height: 1600}))
	locked := srv.ConnectAs(t, adbd.Start(t, adbd.Config{Unauthorized: true}), "unauthorized")

	code, out, errOut = evalCapture(t, "devices", "--adb", srv.Addr())
	if code != 0 {
		t.Fatalf("exit %d: %s", code, errOut)
	}
	lines := strings.Split(strings.TrimSpace(out), "\n")
	if len(lines) != 4 || !strings.HasPrefix(lines[0], "SERIAL") {
		t.Fatalf("table:\n%s", out)
	}
	want := map[string][]string{
		pixel:  {"device", "Pixel 6", "13", "33", "1080x2400"},
		tablet: {"device", "Pixel Tablet", "14", "34", "2560x1600"},
		locked: {"unauthorized", "accept the USB debugging prompt"},
	}
	for serial, fields := range want {
		row := ""
		for _, l := range lines {
			if strings.HasPrefix(l, serial+" ") {
				row = l
			}
		}
		for _, f := range fields {
			if !strings.Contains(row, f) {
				t.Errorf("%s: row %q lacks %q", serial, row, f)
			}
		}
	}

	code, out, _ = evalCapture(t, "devices", "--adb", srv.Addr(), "--json")
	var rows []struct {
		Serial, State, Model, Android string
		SDK, Width, Height            int
	}
	if err := json.Unmarshal([]byte(out), &rows); code != 0 || err != nil || len(rows) != 3 {
		t.Fatalf("json (%d, %v): %s", code, err, out)
	}
	for _, r := range rows {
		if r.Serial == tablet && (r.Model != "Pixel Tablet" || r.Android != "14" || r.SDK != 34 || r.Width != 2560) {
			t.Errorf("tablet: %+v", r)
		}
	}
}

func TestDevicesWithoutServer(t *testing.T) {
	t.Parallel()
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := ln.Addr().String()
	ln.Close()
	code, _, errOut := evalCapture(t, "devices", "--adb", dead)
	if code != 1 || !strings.Contains(errOut, "no adb server") || !strings.Contains(errOut, dead) {
		t.Fatalf("no server (%d): %s", code, errOut)
	}
	if code, _, _ := evalCapture(t, "devices", "--adb", "nonsense"); code != 2 {
		t.Fatalf("bad --adb: exit %d", code)
	}
}
