package adbtest_test

import (
	"bytes"
	"encoding/binary"
	"image/png"
	"io"
	"net"
	"strconv"
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

// TestHoldAndLlamaTouch: each screen is served hold screencaps, then the next, the last
// one staying; real LlamaTouch screens load, and convert to the raw framebuffer layout
// (16-byte header, then RGBA) with the PNG's size and pixels.
func TestHoldAndLlamaTouch(t *testing.T) {
	srv := adbtest.New(t)
	srv.AddDevice("emu-1", adbtest.StateDevice)
	three := adbtest.ThreeScreens(2)
	srv.SetScreens("emu-1", []adbtest.Screen{three[0], three[2], three[4]}, 2)
	host, port := splitAddr(t, srv.Addr())
	client, err := adb.NewWithConfig(adb.ServerConfig{Host: host, Port: port, PathToAdb: "/usr/bin/false"})
	if err != nil {
		t.Skipf("goadb client: %v", err)
	}
	dev := client.Device(adb.DeviceWithSerial("emu-1"))
	for i, want := range []int{0, 0, 2, 2, 4, 4, 4} {
		// `cat` of the dump shows which screen is current without decoding PNGs.
		if _, err := dev.RunCommand("screencap -p"); err != nil {
			t.Fatal(err)
		}
		out, _ := dev.RunCommand("uiautomator dump /sdcard/d.xml && cat /sdcard/d.xml")
		if !strings.Contains(out, three[want].XML) {
			t.Fatalf("capture %d: showing %q, want screen %s", i+1, out, three[want].Activity)
		}
	}
	if n := srv.Screencaps("emu-1"); n != 7 {
		t.Fatalf("screencaps %d, want 7", n)
	}

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
	raw, err := adbtest.RawFramebuffer(screens[0].PNG)
	if err != nil {
		t.Fatal(err)
	}
	img, err := png.Decode(bytes.NewReader(screens[0].PNG))
	if err != nil {
		t.Fatal(err)
	}
	w, h := img.Bounds().Dx(), img.Bounds().Dy()
	le := binary.LittleEndian
	if int(le.Uint32(raw[0:])) != w || int(le.Uint32(raw[4:])) != h || le.Uint32(raw[8:]) != 1 || len(raw) != 16+w*h*4 {
		t.Fatalf("raw header %v, %d bytes, want %dx%d RGBA_8888", raw[:16], len(raw), w, h)
	}
	x, y := w/2, h/2
	r, g, b, _ := img.At(x, y).RGBA()
	if p := raw[16+(y*w+x)*4:]; p[0] != byte(r>>8) || p[1] != byte(g>>8) || p[2] != byte(b>>8) {
		t.Fatalf("raw pixel %v, PNG %d,%d,%d", p[:4], r>>8, g>>8, b>>8)
	}
}

func splitAddr(t *testing.T, addr string) (string, int) {
	host, p, err := net.SplitHostPort(addr)
	if err != nil {
		t.Fatal(err)
	}
	port, err := strconv.Atoi(p)
	if err != nil {
		t.Fatal(err)
	}
	return host, port
}
