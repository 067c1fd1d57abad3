package main

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"net"
	"os"
	"path/filepath"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/trace"
)

// obsScreens are three small clock-app screens with hierarchies the heuristic judge reads.
func obsScreens(t *testing.T) []adbd.Screen {
	t.Helper()
	texts := []string{"Clock", "Alarm", "10:30 AM"}
	var out []adbd.Screen
	for i, txt := range texts {
		img := image.NewRGBA(image.Rect(0, 0, 108, 240))
		for y := 0; y < 240; y++ {
			for x := 0; x < 108; x++ {
				c := color.RGBA{250, 250, 250, 255}
				if y >= 30+i*60 && y < 70+i*60 {
					c = color.RGBA{20, 80, 200, 255}
				}
				img.Set(x, y, c)
			}
		}
		var buf bytes.Buffer
		if err := png.Encode(&buf, img); err != nil {
			t.Fatal(err)
		}
		xml := `<?xml version='1.0' encoding='UTF-8' standalone='yes' ?><hierarchy rotation="0">` +
			`<node index="0" text="" resource-id="" class="android.widget.FrameLayout" package="com.google.android.deskclock" checkable="false" checked="false" bounds="[0,0][108,240]">` +
			`<node index="0" text="` + txt + `" resource-id="" class="android.widget.TextView" package="com.google.android.deskclock" checkable="false" checked="false" bounds="[0,30][108,70]" /></node></hierarchy>`
		out = append(out, adbd.Screen{PNG: buf.Bytes(), XML: xml, Activity: "com.google.android.deskclock/com.android.deskclock.DeskClock"})
	}
	return out
}

// testDevice attaches a device stand-in to a real adb server of its own.
func testDevice(t *testing.T) (*adbtest.Server, *adbd.Device) {
	t.Helper()
	srv, dev, _ := adbtest.Device(t, adbd.Config{})
	return srv, dev
}

func obsAgent(t *testing.T, body string) string {
	t.Helper()
	p := filepath.Join(t.TempDir(), "agent.sh")
	if err := os.WriteFile(p, []byte("#!/bin/sh\n"+body+"\n"), 0o755); err != nil {
		t.Fatal(err)
	}
	return p
}

func obsCtx(t *testing.T) context.Context {
	ctx, cancel := context.WithTimeout(context.Background(), 60*time.Second)
	t.Cleanup(cancel)
	return ctx
}

func TestObserveValidateAndJudge(t *testing.T) {
	t.Parallel()
	db := judgeEnv(t)
	srv, dev := testDevice(t)
	dev.SetScreens(obsScreens(t), 3)
	out := filepath.Join(t.TempDir(), "trace")
	agent := obsAgent(t, `echo "doing: $1"; sleep 0.6`)
	params := filepath.Join(t.TempDir(), "p.json")
	os.WriteFile(params, []byte(`{"hour": 10, "minute": 30}`), 0o644)
	code := cliCodeCtx(t, obsCtx(t), "-q", "observe", "--adb", srv.Addr(), "--task", "Set an alarm for 10:30 AM in the Clock app",
		"--task-name", "ClockAlarm", "--params", params,
		"--out", out, "--interval", "30ms", "--xml", "--capture", "png", "--wait", "0", "--", agent, "{task}")
	if code != 0 {
		t.Fatalf("observe exit %d", code)
	}
	tr, err := trace.ReadManifest(out)
	if err != nil {
		t.Fatal(err)
	}
	if tr.Status != trace.StatusCompleted || len(tr.Frames) != 3 || tr.DroppedFrames == 0 {
		t.Fatalf("status %s, %d frames, %d dropped", tr.Status, len(tr.Frames), tr.DroppedFrames)
	}
	if tr.TaskName != "ClockAlarm" || tr.Params["hour"] != 10.0 || tr.Params["minute"] != 30.0 {
		t.Fatalf("task name %q, params %v", tr.TaskName, tr.Params)
	}
	if code := cliCodeCtx(t, obsCtx(t), "trace", "validate", out); code != 0 {
		t.Fatalf("trace validate exit %d", code)
	}
	if code := cliCodeCtx(t, obsCtx(t), "--db", db, "-q", "judge", "--trace", out, "--judge", "heuristic"); code != 0 {
		t.Fatalf("judge exit %d", code)
	}
	if _, err := trace.ReadJudgment(trace.JudgmentPath(out)); err != nil {
		t.Fatalf("no judgment beside the trace: %v", err)
	}
}

func TestObserveUsageAndDeviceErrors(t *testing.T) {
	t.Parallel()
	judgeEnv(t)
	ln, _ := net.Listen("tcp", "127.0.0.1:0")
	dead := ln.Addr().String()
	ln.Close()
	out := filepath.Join(t.TempDir(), "t")
	cases := []struct {
		name string
		args []string
		code int
	}{
		{"no agent", []string{"observe", "--task", "x", "--out", out}, 2},
		{"agent without dash", []string{"observe", "--task", "x", "--out", out, "agent.sh"}, 2},
		{"no task", []string{"observe", "--out", out, "--", "true"}, 2},
		{"bad --adb", []string{"observe", "--adb", "nonsense", "--task", "x", "--out", out, "--", "true"}, 2},
		{"no server", []string{"observe", "--adb", dead, "--wait", "0", "--task", "x", "--out", out, "--", "true"}, 1},
		// Meaningless values are usage errors, found before any device work.
		{"bad --capture", []string{"observe", "--adb", dead, "--capture", "jpeg", "--task", "x", "--out", out, "--", "true"}, 2},
		{"negative --interval", []string{"observe", "--adb", dead, "--interval", "-1s", "--task", "x", "--out", out, "--", "true"}, 2},
		{"zero --interval", []string{"observe", "--adb", dead, "--interval", "0", "--task", "x", "--out", out, "--", "true"}, 2},
		{"negative --timeout", []string{"observe", "--adb", dead, "--timeout", "-1s", "--task", "x", "--out", out, "--", "true"}, 2},
		{"--dedup-threshold above 1", []string{"observe", "--adb", dead, "--dedup-threshold", "1.5", "--task", "x", "--out", out, "--", "true"}, 2},
		{"bad --params", []string{"observe", "--adb", dead, "--params", "/nonexistent.json", "--task", "x", "--out", out, "--", "true"}, 2},
		{"negative --wait", []string{"observe", "--adb", dead, "--wait", "-1s", "--task", "x", "--out", out, "--", "true"}, 2},
		{"{task} it cannot quote", []string{"observe", "--adb", dead, "--task", "x", "--out", out, "--", "sh", "-c", `echo "$(echo {task})"`}, 2},
		{"run {task} it cannot quote", []string{"run", "--adb", dead, "--suite", "s.yaml", "--agent-cmd", "echo `echo {task}`", "--out", out}, 2},
		{"run bad --capture", []string{"run", "--adb", dead, "--capture", "jpeg", "--suite", "s.yaml", "--agent-cmd", "true", "--out", out}, 2},
		{"run negative --hook-timeout", []string{"run", "--adb", dead, "--hook-timeout", "-1s", "--suite", "s.yaml", "--agent-cmd", "true", "--out", out}, 2},
	}
	for _, c := range cases {
		if got := cliCodeCtx(t, obsCtx(t), c.args...); got != c.code {
			t.Errorf("%s: exit %d, want %d", c.name, got, c.code)
		}
	}
	srv := adbtest.Start(t)
	srv.Connect(t, adbd.Start(t, adbd.Config{}))
	b := srv.Connect(t, adbd.Start(t, adbd.Config{}))
	if got := cliCodeCtx(t, obsCtx(t), "observe", "--adb", srv.Addr(), "--wait", "0", "--task", "x", "--out", out, "--", "true"); got != 1 {
		t.Errorf("two devices without --device: exit %d", got)
	}
	if _, err := os.Stat(out); err == nil {
		t.Error("a failed connection left an output directory behind")
	}
	// ADB_SERVER_SOCKET is honoured, and --device picks one of several.
	setenv(t, "ADB_SERVER_SOCKET", "tcp:"+srv.Addr())
	if got := cliCodeCtx(t, obsCtx(t), "-q", "observe", "--device", b, "--interval", "20ms", "--capture", "png", "--task", "x", "--out", out, "--", "true"); got != 0 {
		t.Errorf("--device %s via ADB_SERVER_SOCKET: exit %d", b, got)
	}
	if tr, err := trace.ReadManifest(out); err != nil || tr.Device.Serial != b {
		t.Errorf("trace device: %v %v", tr, err)
	}
}
