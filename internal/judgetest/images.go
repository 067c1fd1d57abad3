package judgetest

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// painted is a text drawn on a rendered test screen, on a band of colour.
type painted struct {
	Text   string
	X, Y   int // the band's top left; the text sits inside it
	H      int // band height
	Size   float64
	FG, BG color.RGBA
}

var (
	white = color.RGBA{255, 255, 255, 255}
	ink   = color.RGBA{33, 33, 33, 255}
	teal  = color.RGBA{0, 121, 107, 255}
	green = color.RGBA{88, 204, 2, 255}
)

// renderScreen draws a 1080x2400 phone screen with the Go font: real anti-aliased text,
// dark on light and light on colour, as apps draw it.
func renderScreen(t testing.TB, texts ...painted) []byte {
	t.Helper()
	img := image.NewRGBA(image.Rect(0, 0, ScreenW, ScreenH))
	draw.Draw(img, img.Bounds(), &image.Uniform{white}, image.Point{}, draw.Src)
	f, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	for _, p := range texts {
		draw.Draw(img, image.Rect(0, p.Y, ScreenW, p.Y+p.H), &image.Uniform{p.BG}, image.Point{}, draw.Src)
		face, err := opentype.NewFace(f, &opentype.FaceOptions{Size: p.Size, DPI: 72, Hinting: font.HintingFull})
		if err != nil {
			t.Fatal(err)
		}
		d := font.Drawer{Dst: img, Src: &image.Uniform{p.FG}, Face: face,
			Dot: fixed.P(p.X, p.Y+p.H/2+int(p.Size)/3)}
		d.DrawString(p.Text)
	}
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	return buf.Bytes()
}

// ListScreenPNG is a rendered list page: a status bar, a title on a coloured app bar, the
// rows dark on white, and a light-on-colour button at the bottom.
func ListScreenPNG(t testing.TB, title string, rows ...string) []byte {
	ps := []painted{
		{Text: "9:41", X: 30, Y: 0, H: 80, Size: 36, FG: ink, BG: white},
		{Text: title, X: 40, Y: 80, H: 160, Size: 56, FG: white, BG: teal},
	}
	for i, r := range rows {
		ps = append(ps, painted{Text: r, X: 60, Y: 300 + i*160, H: 140, Size: 48, FG: ink, BG: white})
	}
	ps = append(ps, painted{Text: "ADD NEW", X: 380, Y: 2100, H: 140, Size: 48, FG: white, BG: green})
	return renderScreen(t, ps...)
}
