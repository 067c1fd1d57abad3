package adbd_test

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"image/color"
	"image/png"
	"math/rand"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
)

func ctxT(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

// noisyPNG is a screenshot-sized PNG that compresses badly, so it spans many messages.
func noisyPNG(t testing.TB, w, h int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	rng := rand.New(rand.NewSource(7))
	for i := range img.Pix {
		img.Pix[i] = byte(rng.Intn(256))
	}
	img.Set(0, 0, color.RGBA{1, 2, 3, 255})
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

const dumpXML = `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0"><node index="0" text="Alarm 10:30 AM" class="android.widget.TextView" package="com.google.android.deskclock" bounds="[0,0][300,200]" /></hierarchy>`

// adb runs the real client on the device and fails the test on an error.
func adb(t *testing.T, s *adbtest.Server, serial string, args ...string) string {
	t.Helper()
	out, err := s.Adb(ctxT(t), append([]string{"-s", serial}, args...)...)
	if err != nil {
		t.Fatalf("adb %s: %v: %s", strings.Join(args, " "), err, out)
	}
	return out
}

// The stand-in, proven against the real adb client and server: what a user types
// works as it does with a phone.
func TestRealAdbClient(t *testing.T) {
	srv := adbtest.Start(t)
	dev := adbd.Start(t, adbd.Config{})
	shot := noisyPNG(t, 320, 640) // ~600 KB: several WRTE messages of 256 KiB
	dev.SetScreens([]adbd.Screen{{PNG: shot, XML: dumpXML, Activity: "com.google.android.deskclock/com.android.deskclock.DeskClock"}}, 1)

	out, err := srv.Adb(ctxT(t), "connect", dev.Addr())
	if err != nil || !strings.Contains(out, "connected to "+dev.Addr()) {
		t.Fatalf("adb connect: %v: %s", err, out)
	}
	serial := dev.Serial()
	if err := srv.WaitState(ctxT(t), serial, "device"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Disconnect(serial) })

	list, err := srv.Adb(ctxT(t), "devices", "-l")
	if err != nil || !strings.Contains(list, serial) || !strings.Contains(list, "device product:sdk_gphone64_x86_64 model:Pixel_6 device:emu64x") {
		t.Fatalf("adb devices -l: %v:\n%s", err, list)
	}
	if out := adb(t, srv, serial, "shell", "echo", "hi"); out != "hi\n" {
		t.Fatalf("adb shell echo hi = %q", out)
	}
	// The client joins its arguments with spaces; the device shell does the quoting.
	if out := adb(t, srv, serial, "shell", `echo "a  b" 'c|d' e\;f; echo second && false || echo third`); out != "a  b c|d e;f\nsecond\nthird\n" {
		t.Fatalf("quoting and lists: %q", out)
	}
	if out := adb(t, srv, serial, "shell", "dumpsys activity activities | grep ResumedActivity"); strings.Count(out, "\n") != 2 ||
		!strings.Contains(out, "topResumedActivity=ActivityRecord{8c1d2e u0 com.google.android.deskclock/com.android.deskclock.DeskClock t42}") {
		t.Fatalf("pipe into grep: %q", out)
	}
	if out := adb(t, srv, serial, "shell", "frobnicate --now"); out != "/system/bin/sh: frobnicate: inaccessible or not found\n" {
		t.Fatalf("unknown command: %q", out)
	}

	got := []byte(adb(t, srv, serial, "exec-out", "screencap", "-p"))
	if !bytes.Equal(got, shot) {
		t.Fatalf("adb exec-out screencap -p: %d bytes, want the %d-byte PNG byte for byte", len(got), len(shot))
	}
	raw := []byte(adb(t, srv, serial, "exec-out", "screencap"))
	want, err := adbd.RawFramebuffer(shot)
	if err != nil {
		t.Fatal(err)
	}
	if !bytes.Equal(raw, want) {
		t.Fatalf("adb exec-out screencap: %d bytes, want the %d-byte framebuffer", len(raw), len(want))
	}

	if out := adb(t, srv, serial, "shell", "uiautomator", "dump"); out != "UI hierchary dumped to: /sdcard/window_dump.xml\n" {
		t.Fatalf("uiautomator dump: %q", out)
	}
	local := filepath.Join(t.TempDir(), "dump.xml")
	adb(t, srv, serial, "pull", "/sdcard/window_dump.xml", local)
	if b, err := os.ReadFile(local); err != nil || string(b) != dumpXML {
		t.Fatalf("adb pull: %q, %v", b, err)
	}

	big := bytes.Repeat([]byte("0123456789abcdef"), 20000) // 320 KB: five 64 KiB chunks
	src := filepath.Join(t.TempDir(), "big.bin")
	if err := os.WriteFile(src, big, 0o644); err != nil {
		t.Fatal(err)
	}
	adb(t, srv, serial, "push", src, "/sdcard/Download/big.bin")
	if b, ok := dev.File("/sdcard/Download/big.bin"); !ok || !bytes.Equal(b, big) {
		t.Fatalf("adb push: %d bytes on the device (%v), want %d", len(b), ok, len(big))
	}
	back := filepath.Join(t.TempDir(), "back.bin")
	adb(t, srv, serial, "pull", "/sdcard/Download/big.bin", back)
	if b, _ := os.ReadFile(back); !bytes.Equal(b, big) {
		t.Fatalf("adb pull of the pushed file: %d bytes", len(b))
	}
	if r := dev.Refused(); len(r) != 1 || !strings.Contains(r[0], "frobnicate") {
		t.Fatalf("refused %q", r)
	}
}

// Under protocol 0x01000000 every payload carries its byte sum, and a device that
// offers only that version makes the real server compute it; a tiny maxdata makes it
// split everything into 4 KiB messages.
func TestRealAdbChecksumVersionAndSmallMaxData(t *testing.T) {
	srv := adbtest.Start(t)
	dev := adbd.Start(t, adbd.Config{Version: adbd.VersionMin, MaxData: 4096})
	shot := noisyPNG(t, 64, 128)
	dev.SetScreens([]adbd.Screen{{PNG: shot}}, 1)
	serial := srv.Connect(t, dev)
	if got := []byte(adb(t, srv, serial, "exec-out", "screencap", "-p")); !bytes.Equal(got, shot) {
		t.Fatalf("screencap -p: %d bytes, want %d", len(got), len(shot))
	}
	big := bytes.Repeat([]byte{0xfe}, 100_000)
	src := filepath.Join(t.TempDir(), "x")
	os.WriteFile(src, big, 0o600)
	adb(t, srv, serial, "push", src, "/data/local/tmp/x")
	if b, _ := dev.File("/data/local/tmp/x"); !bytes.Equal(b, big) {
		t.Fatalf("push under checksums: %d bytes", len(b))
	}
}

// A device that never accepts the host's key is listed "unauthorized"; one that holds
// its CONNECT back is "offline" until it answers.
func TestRealAdbStates(t *testing.T) {
	srv := adbtest.Start(t)
	locked := adbd.Start(t, adbd.Config{Unauthorized: true})
	srv.ConnectAs(t, locked, "unauthorized")

	slow := adbd.Start(t, adbd.Config{})
	slow.HoldHandshake()
	go srv.Adb(context.Background(), "connect", slow.Addr())
	if err := srv.WaitState(ctxT(t), slow.Serial(), "offline"); err != nil {
		t.Fatal(err)
	}
	slow.ReleaseHandshake()
	if err := srv.WaitState(ctxT(t), slow.Serial(), "device"); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { srv.Disconnect(slow.Serial()) })
}

// Several stand-ins on one server are distinct devices; a dropped one stops answering
// while the others go on.
func TestRealAdbSeveralDevicesAndDrop(t *testing.T) {
	srv := adbtest.Start(t)
	var devs []*adbd.Device
	var serials []string
	for i := 0; i < 3; i++ {
		d := adbd.Start(t, adbd.Config{Model: fmt.Sprintf("Phone %d", i)})
		devs = append(devs, d)
		serials = append(serials, srv.Connect(t, d))
	}
	for i, s := range serials {
		if out := adb(t, srv, s, "shell", "getprop", "ro.product.model"); out != fmt.Sprintf("Phone %d\n", i) {
			t.Fatalf("%s: model %q", s, out)
		}
	}
	devs[1].Drop()
	out, err := srv.Adb(ctxT(t), "-s", serials[1], "shell", "echo", "hi")
	if err == nil && strings.Contains(out, "hi") {
		t.Fatalf("a dropped device answered: %q", out)
	}
	deadline := time.Now().Add(20 * time.Second)
	for {
		st, _ := srv.State(serials[1])
		if st != "device" {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the server still lists the dropped device as online")
		}
		time.Sleep(50 * time.Millisecond)
	}
	if out := adb(t, srv, serials[2], "shell", "echo", "still here"); out != "still here\n" {
		t.Fatalf("the other device: %q", out)
	}
}

// A device announcing shell_v2 serves `adb shell CMD` under the shell protocol, so the
// real client exits with the command's status, as with an Android 7+ phone (android_env
// raises on a non-zero one). Without the feature the legacy shell loses it.
func TestRealAdbClientShellV2ExitStatus(t *testing.T) {
	srv := adbtest.Start(t)
	dev := adbd.Start(t, adbd.Config{Features: append([]string{"shell_v2"}, adbd.DefaultFeatures...)})
	serial := srv.Connect(t, dev)
	if out := adb(t, srv, serial, "shell", "echo", "hi"); out != "hi\n" {
		t.Errorf("echo: %q", out)
	}
	out, err := srv.Adb(ctxT(t), "-s", serial, "shell", "cat", "/sdcard/none")
	if err == nil || !strings.Contains(out, "No such file or directory") {
		t.Errorf("cat of a missing file: exit %v, output %q; want a non-zero exit", err, out)
	}
	if !slices.ContainsFunc(dev.Services(), func(s string) bool { return strings.HasPrefix(s, "shell,v2") }) {
		t.Errorf("the client did not use the shell protocol: %v", dev.Services())
	}
	legacy := adbd.Start(t, adbd.Config{})
	if _, err := srv.Adb(ctxT(t), "-s", srv.Connect(t, legacy), "shell", "cat", "/sdcard/none"); err != nil {
		t.Errorf("the legacy shell has no exit status, yet adb failed: %v", err)
	}
}
