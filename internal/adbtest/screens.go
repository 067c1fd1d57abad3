package adbtest

import (
	"bytes"
	"image"
	"image/color"
	"image/png"

	"github.com/autoeval/autoeval/internal/adbd"
)

// ScreenPNG draws a small phone-like screen: a status bar whose "clock" block moves with
// clock (a change dedup must ignore), and a body block at position block (a real change;
// block < 0 draws none).
func ScreenPNG(w, h, clock, block int) []byte {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := 0; y < h; y++ {
		for x := 0; x < w; x++ {
			img.Set(x, y, color.RGBA{240, 240, 240, 255})
		}
	}
	bar := h * 3 / 100
	for y := 0; y < bar; y++ {
		for x := clock * 3 % (w / 2); x < clock*3%(w/2)+w/4; x++ {
			img.Set(x, y, color.RGBA{0, 0, 0, 255})
		}
	}
	if block >= 0 {
		for y := h/10 + block*h/10; y < h/10+block*h/10+h/12; y++ {
			for x := w / 10; x < w*9/10; x++ {
				img.Set(x, y, color.RGBA{20, 90, 200, 255})
			}
		}
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		panic(err) // encoding an in-memory RGBA cannot fail
	}
	return buf.Bytes()
}

// ThreeScreens returns three distinct screens A, B, C, each held for hold captures with
// only the status-bar clock changing, and matching UI XML and activities.
func ThreeScreens(hold int) []adbd.Screen {
	var screens []adbd.Screen
	for i := 0; i < 3; i++ {
		for j := 0; j < hold; j++ {
			name := string(rune('A' + i))
			screens = append(screens, adbd.Screen{
				PNG:      ScreenPNG(108, 240, i*hold+j, i),
				XML:      `<?xml version="1.0"?><hierarchy><node text="screen ` + name + `" bounds="[0,0][108,240]"/></hierarchy>`,
				Activity: "com.example.app/.Screen" + name,
			})
		}
	}
	return screens
}

// Screen is what a device stand-in shows (adbd.Screen), named here for fixtures.
type Screen = adbd.Screen
