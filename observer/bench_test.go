package observer

import (
	"bytes"
	"context"
	"image/png"
	"testing"
	"time"

	"github.com/autoeval/autoeval/device"
	"github.com/autoeval/autoeval/internal/adbd"
	"github.com/autoeval/autoeval/internal/adbtest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

// benchRecorder records into a fresh trace directory without a device (no XML/activity).
func benchRecorder(b *testing.B) *recorder {
	dir := b.TempDir()
	tr := &trace.Trace{Version: trace.FormatVersion, Task: "bench", Status: trace.StatusUnknown, Dir: dir, Metadata: map[string]any{}}
	return &recorder{opts: Options{Threshold: DefaultThreshold, Logf: func(string, ...any) {}}, tr: tr, res: &Result{}}
}

// The host-side cost per frame: decode, dedup, write (frame file + manifest), on
// 1080x2400 screenshots. "kept" alternates two different screens so every frame is
// written; "dropped" repeats one screen with a ticking clock so every frame is dropped.
// The manifest is reset every 200 frames so its size stays that of a typical trace.
func BenchmarkHostPerFrame(b *testing.B) {
	screens := [][]byte{}
	raws := [][]byte{}
	for _, on := range []bool{false, true} {
		var buf bytes.Buffer
		img := phone(1, on, 3, false)
		// Devices encode quickly, not tightly: mimic with BestSpeed.
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
			b.Fatal(err)
		}
		screens = append(screens, buf.Bytes())
		raw := make([]byte, 16, 16+len(img.Pix))
		raw[0], raw[1], raw[4], raw[5], raw[8] = 1080&0xff, 1080>>8, 2400&0xff, 2400>>8, 1
		raws = append(raws, append(raw, img.Pix...))
	}
	b.Logf("screenshot PNG %d KB, raw %d KB", len(screens[0])/1024, len(raws[0])/1024)
	run := func(b *testing.B, kept bool, step func(i int) (shot, error)) {
		r := benchFrames(b, step)
		if kept && r.tr.DroppedFrames > 0 {
			b.Fatalf("dropped %d frames that differ", r.tr.DroppedFrames)
		}
		if !kept && r.tr.DroppedFrames < b.N-b.N/200-1 {
			b.Fatalf("kept duplicates: dropped %d of %d", r.tr.DroppedFrames, b.N)
		}
	}
	pngStep := func(alternate bool) func(int) (shot, error) {
		return func(i int) (shot, error) {
			data := screens[0]
			if alternate {
				data = screens[i%2]
			}
			img, err := png.Decode(bytes.NewReader(data))
			return shot{png: data, img: img}, err
		}
	}
	rawStep := func(alternate bool) func(int) (shot, error) {
		return func(i int) (shot, error) {
			data := raws[0]
			if alternate {
				data = raws[i%2]
			}
			img, err := device.DecodeRaw(data)
			return shot{img: img}, err
		}
	}
	b.Run("png/kept", func(b *testing.B) { run(b, true, pngStep(true)) })
	b.Run("png/dropped", func(b *testing.B) { run(b, false, pngStep(false)) })
	b.Run("raw/kept", func(b *testing.B) { run(b, true, rawStep(true)) })
	b.Run("raw/dropped", func(b *testing.B) { run(b, false, rawStep(false)) })
}

// BenchmarkObserveLoopback is the whole capture loop end to end: screencap -p through
// the real adb server and the device stand-in on loopback, decode, dedup, write, manifest, on screens
// that change every other capture: synthetic 1080x2400 ones and the real LlamaTouch
// screenshots (1080x1918). ns/op is wall time per capture.
func BenchmarkObserveLoopback(b *testing.B) {
	var screens []adbd.Screen
	for i := 0; i < 8; i++ {
		var buf bytes.Buffer
		if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, phone(i, i%2 == 0, i, false)); err != nil {
			b.Fatal(err)
		}
		screens = append(screens, adbd.Screen{PNG: buf.Bytes()})
	}
	b.Run("synthetic", func(b *testing.B) { benchObserve(b, screens) })
	b.Run("llamatouch", func(b *testing.B) {
		real, err := adbd.LoadScreens(testenv.SharedData(b, "traces/llamatouch/trace_7"))
		if err != nil {
			b.Fatal(err)
		}
		for i := range real {
			real[i].XML, real[i].Activity = "", "" // screenshots only, as above
		}
		benchObserve(b, real)
	})
}

func benchObserve(b *testing.B, screens []adbd.Screen) {
	srv, dev, serial := adbtest.Device(b, adbd.Config{})
	d, err := device.Connect(context.Background(), device.Options{Addr: srv.Addr(), Serial: serial})
	if err != nil {
		b.Fatal(err)
	}
	// Cycle forever: hold each screen for 2 captures, 8 screens, repeated.
	var all []adbd.Screen
	for len(all) < 4*b.N+64 {
		all = append(all, screens...)
	}
	dev.SetScreens(all, 2)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	go func() {
		for dev.Screencaps() < b.N+1 {
			time.Sleep(time.Millisecond)
		}
		cancel()
	}()
	b.ResetTimer()
	res, err := Observe(ctx, d, Options{Task: "bench", Agent: []string{"sleep", "3600"}, Dir: b.TempDir() + "/t",
		Interval: time.Millisecond, Capture: CapturePNG, StopGrace: time.Second})
	b.StopTimer()
	if err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(res.Captured)/b.Elapsed().Seconds(), "captures/s")
}

// benchFrames feeds b.N frames from step to a recorder, the timed part of a per-frame
// benchmark. The manifest is reset every 200 frames so its size stays that of a typical trace.
func benchFrames(b *testing.B, step func(i int) (shot, error)) *recorder {
	r := benchRecorder(b)
	b.ReportAllocs()
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if i%200 == 0 {
			r.tr.Frames = nil
			r.last = nil
		}
		s, err := step(i)
		if err != nil {
			b.Fatal(err)
		}
		if err := r.keep(b.Context(), time.Now(), s); err != nil {
			b.Fatal(err)
		}
	}
	b.StopTimer()
	return r
}

// BenchmarkHostPerFrameReal is the host-side cost (decode, dedup, write) on the real
// LlamaTouch screenshots (1080x1918, 78-437 KB PNGs), cycling through them so
// consecutive frames differ as a real run's do.
func BenchmarkHostPerFrameReal(b *testing.B) {
	screens, err := adbd.LoadScreens(testenv.SharedData(b, "traces/llamatouch/trace_7"))
	if err != nil {
		b.Fatal(err)
	}
	benchFrames(b, func(i int) (shot, error) {
		data := screens[i%len(screens)].PNG
		img, err := png.Decode(bytes.NewReader(data))
		return shot{png: data, img: img}, err
	})
	b.ReportMetric(float64(b.N)/b.Elapsed().Seconds(), "frames/s")
}
