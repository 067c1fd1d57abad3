package observer

import (
	"image"
	"image/color"
	"math/rand"
	"testing"
)

// phone draws a 1080x2400 screen with a status bar clock, list rows of "text" and an
// optional switch thumb on the first row.
func phone(clock int, switchOn bool, typed int, cursor bool) *image.RGBA {
	const w, h = 1080, 2400
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	fill := func(x0, y0, x1, y1 int, c color.RGBA) {
		for y := y0; y < y1; y++ {
			for x := x0; x < x1; x++ {
				img.SetRGBA(x, y, c)
			}
		}
	}
	fill(0, 0, w, h, color.RGBA{250, 250, 250, 255})
	// Status bar: a clock whose digits change.
	fill(0, 0, w, 90, color.RGBA{230, 230, 230, 255})
	rng := rand.New(rand.NewSource(int64(clock)))
	for i := 0; i < 4; i++ {
		fill(40+i*30, 25, 40+i*30+20, 65, color.RGBA{uint8(rng.Intn(120)), 20, 20, 255})
	}
	// Rows of glyph-like marks, fixed across frames.
	text := rand.New(rand.NewSource(7))
	for row := 0; row < 12; row++ {
		y := 200 + row*180
		for x := 60; x < 700; x += 28 {
			if text.Intn(5) > 0 {
				fill(x, y, x+18, y+36, color.RGBA{30, 30, 30, 255})
			}
		}
	}
	if switchOn {
		fill(880, 200, 1000, 260, color.RGBA{30, 120, 240, 255})
	} else {
		fill(880, 200, 1000, 260, color.RGBA{180, 180, 180, 255})
	}
	// Typed characters in a text field near the bottom.
	for i := 0; i < typed; i++ {
		fill(60+i*28, 2250, 78+i*28, 2286, color.RGBA{30, 30, 30, 255})
	}
	if cursor {
		fill(60+typed*28, 2245, 63+typed*28, 2290, color.RGBA{30, 120, 240, 255})
	}
	return img
}

func TestDistanceIgnoresClockButSeesSmallChanges(t *testing.T) {
	base := Sign(phone(1, false, 3, false))
	cases := []struct {
		name string
		img  *image.RGBA
		dup  bool
	}{
		{"identical", phone(1, false, 3, false), true},
		{"clock changed", phone(2, false, 3, false), true},
		{"cursor blink", phone(1, false, 3, true), true},
		{"switch toggled", phone(1, true, 3, false), false},
		{"one more character typed", phone(1, false, 4, false), false},
	}
	for _, c := range cases {
		d := Distance(base, Sign(c.img))
		t.Logf("%s: %.3f", c.name, d)
		if (d <= DefaultThreshold) != c.dup {
			t.Errorf("%s: distance %.3f, duplicate=%v, want %v", c.name, d, d <= DefaultThreshold, c.dup)
		}
	}
	rotated := image.NewRGBA(image.Rect(0, 0, 2400, 1080))
	if Distance(base, Sign(rotated)) != 1 {
		t.Error("different sizes must be maximally distant")
	}
}

func TestSignFormatsAgree(t *testing.T) {
	src := phone(1, true, 5, false)
	nrgba := image.NewNRGBA(src.Bounds())
	copy(nrgba.Pix, src.Pix)
	pal := image.NewPaletted(image.Rect(0, 0, 10, 20), color.Palette{color.Black, color.White})
	gray := image.NewGray(image.Rect(0, 0, 10, 20))
	if d := Distance(Sign(src), Sign(nrgba)); d != 0 {
		t.Fatalf("RGBA vs NRGBA distance %v", d)
	}
	if d := Distance(Sign(pal), Sign(gray)); d != 0 {
		t.Fatalf("paletted black vs gray black distance %v", d)
	}
	// Degenerate sizes do not panic.
	for _, r := range []image.Rectangle{image.Rect(0, 0, 0, 0), image.Rect(0, 0, 1, 1), image.Rect(0, 0, 3, 100)} {
		Sign(image.NewRGBA(r))
	}
}
