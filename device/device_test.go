package device_test

import (
	"bytes"
	"context"
	"errors"
	"image"
	"image/color"
	"image/png"
	"io/fs"
	"net"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
)

func ctx(t *testing.T) context.Context {
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	t.Cleanup(cancel)
	return c
}

func TestResolveAddr(t *testing.T) {
	t.Setenv(device.EnvServerSocket, "")
	if a, _ := device.ResolveAddr("", nil); a != device.DefaultAddr {
		t.Fatalf("default = %q", a)
	}
	if a, _ := device.ResolveAddr("10.0.0.2:5555", nil); a != "10.0.0.2:5555" {
		t.Fatalf("flag = %q", a)
	}
	if _, err := device.ResolveAddr("nonsense", nil); err == nil || !strings.Contains(err.Error(), "--adb") {
		t.Fatalf("bad flag err = %v", err)
	}
	t.Setenv(device.EnvServerSocket, "tcp:127.0.0.1:6000")
	if a, _ := device.ResolveAddr("", nil); a != "127.0.0.1:6000" {
		t.Fatalf("env = %q", a)
	}
	t.Setenv(device.EnvServerSocket, "tcp:6001")
	if a, _ := device.ResolveAddr("", nil); a != "localhost:6001" {
		t.Fatalf("env port = %q", a)
	}
	t.Setenv(device.EnvServerSocket, "localabstract:adb")
	if _, err := device.ResolveAddr("", nil); err == nil || !strings.Contains(err.Error(), device.EnvServerSocket) {
		t.Fatalf("bad env err = %v", err)
	}
}

func TestConnectErrors(t *testing.T) {
	// A port nobody listens on: grab one and release it.
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := ln.Addr().String()
	ln.Close()
	_, err := device.Connect(ctx(t), device.Options{Addr: dead})
	if !errors.Is(err, device.ErrNoServer) || strings.Contains(err.Error(), "\n") ||
		!strings.Contains(err.Error(), "connection refused") || strings.Contains(err.Error(), "exit status") {
		t.Fatalf("no server: %v", err)
	}

	srv := adbtest.Start(t)
	_, err = device.Connect(ctx(t), device.Options{Addr: srv.Addr()})
	if !errors.Is(err, device.ErrNoDevice) {
		t.Fatalf("no device: %v", err)
	}
	// A serial that is not there names the devices that are.
	first := srv.Connect(t, adbd.Start(t, adbd.Config{}))
	_, err = device.Connect(ctx(t), device.Options{Addr: srv.Addr(), Serial: "nope"})
	if !errors.Is(err, device.ErrNoDevice) || err.Error() != `device "nope" is not attached (attached: `+first+`)` {
		t.Fatalf("wrong serial: %v", err)
	}
	second := srv.Connect(t, adbd.Start(t, adbd.Config{}))
	_, err = device.Connect(ctx(t), device.Options{Addr: srv.Addr()})
	if !errors.Is(err, device.ErrMultipleDevices) || !strings.Contains(err.Error(), "--device") {
		t.Fatalf("several: %v", err)
	}
	_, err = device.Connect(ctx(t), device.Options{Addr: srv.Addr(), Serial: "nope"})
	if !errors.Is(err, device.ErrNoDevice) || !strings.Contains(err.Error(), first) || !strings.Contains(err.Error(), second) {
		t.Fatalf("missing serial: %v", err)
	}
	d, err := device.Connect(ctx(t), device.Options{Addr: srv.Addr(), Serial: second})
	if err != nil {
		t.Fatal(err)
	}
	if d.Serial() != second {
		t.Fatalf("serial %q", d.Serial())
	}

	// A device that refuses the host's key, and one that has not answered yet.
	locked := adbd.Start(t, adbd.Config{Unauthorized: true})
	serial := srv.ConnectAs(t, locked, "unauthorized")
	_, err = device.Connect(ctx(t), device.Options{Addr: srv.Addr(), Serial: serial})
	if !errors.Is(err, device.ErrUnauthorized) || !strings.Contains(err.Error(), serial) {
		t.Fatalf("unauthorized: %v", err)
	}
	slow := adbd.Start(t, adbd.Config{})
	slow.HoldHandshake()
	go srv.Adb(context.Background(), "connect", slow.Addr())
	if err := srv.WaitState(ctx(t), slow.Serial(), "offline"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Disconnect(slow.Serial()) })
	_, err = device.Connect(ctx(t), device.Options{Addr: srv.Addr(), Serial: slow.Serial()})
	if !errors.Is(err, device.ErrOffline) {
		t.Fatalf("offline: %v", err)
	}
}

// A pool: every online device when none is named, the others left out with the reason;
// exactly the named ones otherwise.
func TestConnectAll(t *testing.T) {
	srv := adbtest.Start(t)
	locked := srv.ConnectAs(t, adbd.Start(t, adbd.Config{Unauthorized: true}), "unauthorized")
	_, _, err := device.ConnectAll(ctx(t), device.Options{Addr: srv.Addr()}, nil)
	if !errors.Is(err, device.ErrNoDevice) || !strings.Contains(err.Error(), locked) || !strings.Contains(err.Error(), "accept the USB debugging prompt") {
		t.Fatalf("only an unauthorized device: %v", err)
	}
	a := srv.Connect(t, adbd.Start(t, adbd.Config{}))
	b := srv.Connect(t, adbd.Start(t, adbd.Config{Model: "Pixel 8"}))
	devs, skipped, err := device.ConnectAll(ctx(t), device.Options{Addr: srv.Addr()}, nil)
	if err != nil {
		t.Fatal(err)
	}
	got := map[string]string{}
	for _, d := range devs {
		got[d.Serial()] = d.Info().Model
	}
	if len(devs) != 2 || got[a] != "Pixel 6" || got[b] != "Pixel 8" || len(skipped) != 1 || !strings.Contains(skipped[0], locked) {
		t.Fatalf("devices %v, skipped %q", got, skipped)
	}
	devs, skipped, err = device.ConnectAll(ctx(t), device.Options{Addr: srv.Addr()}, []string{b})
	if err != nil || len(devs) != 1 || devs[0].Serial() != b || len(skipped) != 0 {
		t.Fatalf("named: %v %v %v", devs, skipped, err)
	}
	if _, _, err := device.ConnectAll(ctx(t), device.Options{Addr: srv.Addr()}, []string{a, b, a}); err == nil || !strings.Contains(err.Error(), "twice") {
		t.Fatalf("named twice: %v", err)
	}
	if _, _, err := device.ConnectAll(ctx(t), device.Options{Addr: srv.Addr()}, []string{a, locked}); !errors.Is(err, device.ErrUnauthorized) {
		t.Fatalf("a named device that is not online: %v", err)
	}
}

func TestConnectWaits(t *testing.T) {
	srv := adbtest.Start(t)
	late := adbd.Start(t, adbd.Config{})
	late.HoldHandshake()
	go func() {
		time.Sleep(400 * time.Millisecond)
		srv.Adb(context.Background(), "connect", late.Addr()) // offline until released
	}()
	go func() {
		time.Sleep(700 * time.Millisecond)
		late.ReleaseHandshake()
	}()
	t.Cleanup(func() { srv.Disconnect(late.Serial()) })
	start := time.Now()
	d, err := device.Connect(ctx(t), device.Options{Addr: srv.Addr(), WaitTimeout: 15 * time.Second})
	if err != nil {
		t.Fatal(err)
	}
	if d.Serial() != late.Serial() || time.Since(start) < 600*time.Millisecond {
		t.Fatalf("got %q after %s", d.Serial(), time.Since(start))
	}
	// A bounded wait that runs out says how long it waited.
	srv2 := adbtest.Start(t)
	_, err = device.Connect(ctx(t), device.Options{Addr: srv2.Addr(), WaitTimeout: 300 * time.Millisecond})
	if !errors.Is(err, device.ErrNoDevice) || !strings.Contains(err.Error(), "waited") {
		t.Fatalf("timeout: %v", err)
	}
}

// connect attaches a device stand-in to a real adb server and connects the device
// layer to it.
func connect(t testing.TB) (*adbtest.Server, *adbd.Device, *device.Device) {
	t.Helper()
	srv, dev, serial := adbtest.Device(t, adbd.Config{})
	c, cancel := context.WithTimeout(context.Background(), 20*time.Second)
	defer cancel()
	d, err := device.Connect(c, device.Options{Addr: srv.Addr(), Serial: serial})
	if err != nil {
		t.Fatal(err)
	}
	return srv, dev, d
}

func TestInfoShellAndFiles(t *testing.T) {
	_, dev, d := connect(t)
	info := d.Info()
	if info.Width != 1080 || info.Height != 2400 || info.Android != "13" || info.SDK != 33 || info.Model != "Pixel 6" {
		t.Fatalf("info = %+v", info)
	}
	dev.SetSetting("global", "wifi_on", "1")
	out, err := d.Shell(ctx(t), "settings get global wifi_on")
	if err != nil || out != "1\n" {
		t.Fatalf("shell = %q, %v", out, err)
	}
	// The device shell, not the client, splits words and applies the pipe.
	out, err = d.Shell(ctx(t), `echo "hello   world" | grep -c 'o   w'`)
	if err != nil || out != "1\n" {
		t.Fatalf("quoted pipe = %q, %v", out, err)
	}

	big := bytes.Repeat([]byte("0123456789abcdef"), 20000) // several sync chunks
	dev.PutFile("/data/data/app/databases/x.db", big)
	got, err := d.Pull(ctx(t), "/data/data/app/databases/x.db")
	if err != nil || !bytes.Equal(got, big) {
		t.Fatalf("pull: %d bytes, %v", len(got), err)
	}
	st, err := d.Stat(ctx(t), "/data/data/app/databases/x.db")
	if err != nil || st.Size != int64(len(big)) || !st.Mode.IsRegular() {
		t.Fatalf("stat = %+v, %v", st, err)
	}
	_, err = d.Pull(ctx(t), "/sdcard/missing.txt")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing pull: %v", err)
	}
	_, err = d.Stat(ctx(t), "/sdcard/missing.txt")
	if !errors.Is(err, fs.ErrNotExist) {
		t.Fatalf("missing stat: %v", err)
	}
	dev.DenyPath("/data/data/secret")
	dev.PutFile("/data/data/secret/db", []byte("x"))
	_, err = d.Pull(ctx(t), "/data/data/secret/db")
	if !errors.Is(err, fs.ErrPermission) {
		t.Fatalf("denied pull: %v", err)
	}
	list, err := d.List(ctx(t), "/data/data/app")
	if err != nil || len(list) != 1 || list[0].Name != "databases" || !list[0].Mode.IsDir() {
		t.Fatalf("list = %+v, %v", list, err)
	}
}

func testPNG(t testing.TB, w, h int, c color.Color) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, c)
		}
	}
	img.Set(1, 2, color.RGBA{1, 2, 3, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// Screenshots go over exec: (adb exec-out's service); the device closes exec-out:.
func TestScreens(t *testing.T) {
	_, dev, d := connect(t)
	a := testPNG(t, 20, 40, color.RGBA{200, 10, 10, 255})
	b := testPNG(t, 20, 40, color.RGBA{10, 200, 10, 255})
	dev.SetScreens([]adbd.Screen{
		{PNG: a, XML: "<hierarchy>a</hierarchy>", Activity: "com.example/.Main"},
		{PNG: b, XML: "<hierarchy>b</hierarchy>", Activity: "com.example/com.example.Detail"},
	}, 1)
	got, err := d.Screenshot(ctx(t))
	if err != nil || !bytes.Equal(got, a) {
		t.Fatalf("first screenshot: %v", err)
	}
	x, err := d.UIXML(ctx(t))
	if err != nil || x != "<hierarchy>a</hierarchy>" {
		t.Fatalf("xml = %q, %v", x, err)
	}
	act, err := d.ForegroundActivity(ctx(t))
	if err != nil || act != "com.example/com.example.Main" {
		t.Fatalf("activity = %q, %v", act, err)
	}
	raw, err := d.ScreenshotRaw(ctx(t))
	if err != nil {
		t.Fatal(err)
	}
	if raw.Bounds().Dx() != 20 || raw.RGBAAt(5, 5) != (color.RGBA{10, 200, 10, 255}) || raw.RGBAAt(1, 2) != (color.RGBA{1, 2, 3, 255}) {
		t.Fatalf("raw pixel = %v", raw.RGBAAt(5, 5))
	}
	act, err = d.ForegroundActivity(ctx(t))
	if err != nil || act != "com.example/com.example.Detail" {
		t.Fatalf("second activity = %q, %v", act, err)
	}
	if n := dev.Screencaps(); n != 2 {
		t.Fatalf("screencaps = %d", n)
	}
	if r := dev.Refused(); len(r) != 0 {
		t.Fatalf("the device refused %q", r)
	}
}

// A screen with no resumed activity falls back to the focused window, and says so
// when neither names one.
func TestForegroundActivityFallbacks(t *testing.T) {
	_, dev, d := connect(t)
	dev.SetScreens([]adbd.Screen{{Activity: adbd.NoActivity}}, 1)
	if _, err := d.ForegroundActivity(ctx(t)); err == nil || !strings.Contains(err.Error(), "no resumed activity") {
		t.Fatalf("no activity: %v", err)
	}
	dev.SetProp("ro.build.version.sdk", "28") // Android 9 prints mResumedActivity
	dev.SetScreens([]adbd.Screen{{Activity: "com.android.settings/.Settings"}}, 1)
	if a, err := d.ForegroundActivity(ctx(t)); err != nil || a != "com.android.settings/com.android.settings.Settings" {
		t.Fatalf("android 9: %q %v", a, err)
	}
}

func TestDeviceLost(t *testing.T) {
	srv, dev, d := connect(t)
	dev.Drop()
	_, err := d.Screenshot(ctx(t))
	if !errors.Is(err, device.ErrDeviceLost) {
		t.Fatalf("after the device dropped: %v", err)
	}
	_, err = d.Pull(ctx(t), "/sdcard/x")
	if !errors.Is(err, device.ErrDeviceLost) {
		t.Fatalf("pull after the device dropped: %v", err)
	}
	// The error names the command, cut by characters: never half of one.
	_, err = d.Shell(ctx(t), "input text '"+strings.Repeat("é", 40)+"'")
	if !errors.Is(err, device.ErrDeviceLost) || !utf8.ValidString(err.Error()) || !strings.Contains(err.Error(), "input text 'éé") {
		t.Fatalf("shell after the device dropped: %q", err)
	}
	srv.Kill()
	_, err = d.Shell(ctx(t), "echo hi")
	if !errors.Is(err, device.ErrDeviceLost) || strings.Contains(err.Error(), "\n") {
		t.Fatalf("after the server died: %v", err)
	}
}

func TestContextCancelsSlowDevice(t *testing.T) {
	_, dev, d := connect(t)
	dev.SetDelay(2 * time.Minute)
	c, cancel := context.WithTimeout(context.Background(), 200*time.Millisecond)
	defer cancel()
	start := time.Now()
	_, err := d.Shell(c, "echo hi")
	if !errors.Is(err, context.DeadlineExceeded) || time.Since(start) > 30*time.Second { // the delay alone is 2m
		t.Fatalf("err=%v after %s", err, time.Since(start))
	}
}

func TestParseActivity(t *testing.T) {
	cases := map[string]string{
		"  mResumedActivity: ActivityRecord{8c1d2e u0 com.android.settings/.Settings t42}":                                   "com.android.settings/com.android.settings.Settings",
		"  topResumedActivity=ActivityRecord{a1 u0 org.tasks/com.todoroo.astrid.activity.MainActivity t7}":                   "org.tasks/com.todoroo.astrid.activity.MainActivity",
		"  mCurrentFocus=Window{5f3a1b2 u0 com.google.android.apps.photos/com.google.android.apps.photos.home.HomeActivity}": "com.google.android.apps.photos/com.google.android.apps.photos.home.HomeActivity",
		"  mCurrentFocus=Window{5f3a1b2 u0 StatusBar}":                                                                       "",
		"nothing": "",
	}
	for in, want := range cases {
		if got := device.ParseActivity(in); got != want {
			t.Errorf("ParseActivity(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestParseDeviceListAndWMSize(t *testing.T) {
	l := device.ParseDeviceList("emulator-5554          device product:sdk model:Pixel_6 device:emu transport_id:1\n0123 no permissions (user in plugdev); see [http://developer.android.com/tools/device.html]\nabc\tunauthorized\n")
	if len(l) != 3 || l[0].Model != "Pixel_6" || l[1].State != "no permissions" || l[2].State != "unauthorized" {
		t.Fatalf("list = %+v", l)
	}
	if w, h := device.ParseWMSize("Physical size: 1080x2400\nOverride size: 720x1600\n"); w != 720 || h != 1600 {
		t.Fatalf("override %dx%d", w, h)
	}
	if w, h := device.ParseWMSize("Physical size: 1080x2400\n"); w != 1080 || h != 2400 {
		t.Fatalf("physical %dx%d", w, h)
	}
}

func TestDecodeRawFormats(t *testing.T) {
	hdr := func(w, h, f uint32, extra bool) []byte {
		b := []byte{}
		for _, v := range []uint32{w, h, f} {
			b = append(b, byte(v), byte(v>>8), byte(v>>16), byte(v>>24))
		}
		if extra {
			b = append(b, 1, 0, 0, 0)
		}
		return b
	}
	// BGRA, old 12-byte header.
	img, err := device.DecodeRaw(append(hdr(1, 1, 5, false), 3, 2, 1, 255))
	if err != nil || img.RGBAAt(0, 0) != (color.RGBA{1, 2, 3, 255}) {
		t.Fatalf("bgra: %v %v", img, err)
	}
	// RGB565 white.
	img, err = device.DecodeRaw(append(hdr(1, 1, 4, true), 0xff, 0xff))
	if err != nil || img.RGBAAt(0, 0) != (color.RGBA{255, 255, 255, 255}) {
		t.Fatalf("565: %v %v", img, err)
	}
	for _, bad := range [][]byte{nil, hdr(0, 1, 1, true), hdr(2, 2, 99, true), append(hdr(2, 2, 1, true), 1, 2, 3)} {
		if _, err := device.DecodeRaw(bad); err == nil {
			t.Errorf("DecodeRaw(%v) accepted", bad)
		}
	}
}

func FuzzDecodeRaw(f *testing.F) {
	f.Add([]byte{1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 1, 0, 0, 0, 9, 9, 9, 9})
	f.Add([]byte{2, 0, 0, 0, 1, 0, 0, 0, 4, 0, 0, 0, 0xff, 0xff, 0, 0})
	f.Fuzz(func(t *testing.T, data []byte) {
		img, err := device.DecodeRaw(data)
		if err == nil && img.Bounds().Empty() {
			t.Fatal("empty image without error")
		}
	})
}

func FuzzParseActivity(f *testing.F) {
	f.Add("mResumedActivity: ActivityRecord{8c1d2e u0 com.a/.B t1}")
	f.Add("mCurrentFocus=Window{1 u0 x/y}")
	f.Fuzz(func(t *testing.T, s string) {
		if a := device.ParseActivity(s); a != "" && !strings.Contains(a, "/") {
			t.Fatalf("ParseActivity(%q) = %q", s, a)
		}
		device.ParseDeviceList(s)
		device.ParseWMSize(s)
	})
}

// The adb server's device list and `wm size` come from outside: any text parses
// without a panic, and what comes back is usable.
func FuzzParseDeviceListAndWMSize(f *testing.F) {
	f.Add("emulator-5554          device product:sdk model:Pixel_6 device:emu transport_id:1\n0123 no permissions (x)\n")
	f.Add("Physical size: 1080x2400\nOverride size: 720x1600\n")
	f.Add("abc\tunauthorized\n\n \t\n")
	f.Fuzz(func(t *testing.T, s string) {
		for _, e := range device.ParseDeviceList(s) {
			if e.Serial == "" || e.State == "" || strings.ContainsAny(e.Serial, " \t\n") {
				t.Fatalf("entry %+v from %q", e, s)
			}
		}
		if w, h := device.ParseWMSize(s); w < 0 || h < 0 {
			t.Fatalf("size %dx%d from %q", w, h, s)
		}
	})
}
