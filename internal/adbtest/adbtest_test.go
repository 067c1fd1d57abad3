package adbtest_test

import (
	"io"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/internal/testenv"
	adb "github.com/zach-klippenstein/goadb"
)

// goadb's own client must work against the fake unchanged.
func TestGoadbClient(t *testing.T) {
	srv := adbtest.New(t)
	srv.AddDevice("emu-1", adbtest.StateDevice)
	host, port := splitAddr(t, srv.Addr())
	client, err := adb.NewWithConfig(adb.ServerConfig{Host: host, Port: port, PathToAdb: "/usr/bin/false"})
	if err != nil {
		t.Skipf("goadb client: %v", err)
	}
	if v, err := client.ServerVersion(); err != nil || v != 41 {
		t.Fatalf("version %d %v", v, err)
	}
	devs, err := client.ListDevices()
	if err != nil || len(devs) != 1 || devs[0].Serial != "emu-1" || devs[0].Model != "Pixel_6" {
		t.Fatalf("devices %+v %v", devs, err)
	}
	dev := client.Device(adb.DeviceWithSerial("emu-1"))
	if st, err := dev.State(); err != nil || st != adb.StateOnline {
		t.Fatalf("state %v %v", st, err)
	}
	out, err := dev.RunCommand("echo", "hello world")
	if err != nil || out != "\"hello world\"\n" {
		t.Fatalf("echo %q %v", out, err)
	}
	srv.PutFile("emu-1", "/sdcard/a.txt", []byte("abc"))
	r, err := dev.OpenRead("/sdcard/a.txt")
	if err != nil {
		t.Fatal(err)
	}
	b, _ := io.ReadAll(r)
	r.Close()
	if string(b) != "abc" {
		t.Fatalf("read %q", b)
	}
	if _, err := dev.OpenRead("/sdcard/none"); !adb.HasErrCode(err, adb.FileNoExistError) {
		t.Fatalf("missing: %v", err)
	}
	out, _ = dev.RunCommand("uiautomator dump /sdcard/d.xml && cat /sdcard/d.xml")
	if !strings.Contains(out, "dumped to: /sdcard/d.xml") || !strings.Contains(out, "<hierarchy") {
		t.Fatalf("dump+cat: %q", out)
	}
	out, _ = dev.RunCommand("frobnicate")
	if !strings.Contains(out, "not found") {
		t.Fatalf("unknown: %q", out)
	}
	if n := srv.CallCount("emu-1", "shell:"); n != 3 {
		t.Fatalf("shell calls %d", n)
	}
}

func TestHoldAndLlamaTouch(t *testing.T) {
	dir := testenv.SharedData(t, "traces/llamatouch/trace_7")
	screens, err := adbtest.LoadLlamaTouch(dir)
	if err != nil {
		t.Fatal(err)
	}
	if len(screens) < 5 || screens[0].XML == "" || screens[0].Activity == "" {
		t.Fatalf("loaded %d screens, first %+v", len(screens), screens[0].Activity)
	}
	if _, err := adbtest.LoadLlamaTouch(t.TempDir()); err == nil {
		t.Fatal("empty folder accepted")
	}
	if _, err := adbtest.RawFramebuffer(screens[0].PNG); err != nil {
		t.Fatal(err)
	}
}

func splitAddr(t *testing.T, addr string) (string, int) {
	i := strings.LastIndex(addr, ":")
	var port int
	for _, c := range addr[i+1:] {
		port = port*10 + int(c-'0')
	}
	return addr[:i], port
}
