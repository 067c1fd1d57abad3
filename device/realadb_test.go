package device_test

import (
	"context"
	"errors"
	"net"
	"os/exec"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
)

// TestRealAdbServer checks the host-protocol side against the real adb server (Debian's
// adb package) when it is installed: no device attached, a named device missing. The fake
// server covers everything that needs a device.
func TestRealAdbServer(t *testing.T) {
	adb, err := exec.LookPath("adb")
	if err != nil {
		t.Skip("adb not installed (apt-get install adb); the fake server covers the protocol")
	}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	if err != nil {
		t.Fatal(err)
	}
	port := ln.Addr().(*net.TCPAddr).Port
	ln.Close()
	cmd := exec.Command(adb, "-P", strconv.Itoa(port), "nodaemon", "server")
	if err := cmd.Start(); err != nil {
		t.Skipf("cannot start adb: %v", err)
	}
	t.Cleanup(func() {
		cmd.Process.Kill()
		cmd.Wait()
	})
	addr := "127.0.0.1:" + strconv.Itoa(port)
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	var list []device.Entry
	for {
		list, err = device.ListDevices(ctx, addr)
		if err == nil {
			break
		}
		if ctx.Err() != nil {
			t.Fatalf("real adb server never answered: %v", err)
		}
		time.Sleep(100 * time.Millisecond)
	}
	if len(list) != 0 {
		t.Skipf("the real adb server sees devices %v; not a clean environment", list)
	}
	_, err = device.Connect(ctx, device.Options{Addr: addr})
	if !errors.Is(err, device.ErrNoDevice) {
		t.Fatalf("no device: %v", err)
	}
	_, err = device.Connect(ctx, device.Options{Addr: addr, Serial: "emulator-5554", WaitTimeout: 300 * time.Millisecond})
	if !errors.Is(err, device.ErrNoDevice) || !strings.Contains(err.Error(), "emulator-5554") {
		t.Fatalf("missing serial: %v", err)
	}
}
