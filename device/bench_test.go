package device_test

import (
	"bytes"
	"context"
	"image"
	"image/color"
	"image/png"
	"math/rand"
	"testing"

	"github.com/autoeval/autoeval/internal/adbd"
)

// benchScreen is a 1080x2400 screen with text-like marks, PNG-encoded quickly as devices do.
func benchScreen(b *testing.B) []byte {
	img := image.NewRGBA(image.Rect(0, 0, 1080, 2400))
	for i := range img.Pix {
		img.Pix[i] = 250
	}
	rng := rand.New(rand.NewSource(1))
	for row := 0; row < 12; row++ {
		for x := 60; x < 700; x += 28 {
			if rng.Intn(5) > 0 {
				for y := 200 + row*180; y < 236+row*180; y++ {
					for xx := x; xx < x+18; xx++ {
						img.SetRGBA(xx, y, color.RGBA{30, 30, 30, 255})
					}
				}
			}
		}
	}
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img); err != nil {
		b.Fatal(err)
	}
	return buf.Bytes()
}

// BenchmarkCaptureLoopback measures the host side of one capture through the real adb
// server and the device stand-in over loopback: PNG (transfer + decode) versus raw
// framebuffer (10 MB transfer + conversion). A real device adds its own screencap time, which only a device can show;
// the observer's auto mode times both on the device at hand.
func BenchmarkCaptureLoopback(b *testing.B) {
	_, dev, d := connect(b)
	dev.SetScreens([]adbd.Screen{{PNG: benchScreen(b)}}, 1)
	ctx := context.Background()
	b.Run("png", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			data, err := d.Screenshot(ctx)
			if err != nil {
				b.Fatal(err)
			}
			if _, err := png.Decode(bytes.NewReader(data)); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("raw", func(b *testing.B) {
		for i := 0; i < b.N; i++ {
			if _, err := d.ScreenshotRaw(ctx); err != nil {
				b.Fatal(err)
			}
		}
	})
}
