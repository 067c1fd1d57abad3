package judgetest

import (
	"bytes"
	"image"
	"image/color"
	"image/draw"
	"image/png"
	"math"
	"testing"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// Phone draws a synthetic Android screen the way apps lay one out, in density-independent
// pixels (dp: the screen is 411 dp wide whatever its pixel width, as on most phones), with
// real anti-aliased text: the status and navigation bars, app bars, lists, fields, dialogs
// under a scrim, the launcher's wallpaper and icons, a keyboard. The OCR tests run Tesseract
// on what it draws.
type Phone struct {
	W, H int
	// D is pixels per dp.
	D     float64
	Dark  bool
	img   *image.RGBA
	fonts map[Weight]*opentype.Font
	faces map[faceKey]font.Face
	t     testing.TB
}

// Weight is a font weight of the Go font family.
type Weight int

// The font weights.
const (
	Regular Weight = iota
	Medium
	Bold
)

type faceKey struct {
	w    Weight
	size float64
}

// Colours of the light and dark themes.
var (
	PhoneWhite = color.RGBA{255, 255, 255, 255}
	PhoneInk   = color.RGBA{32, 33, 36, 255}
	PhoneGrey  = color.RGBA{95, 99, 104, 255}
	PhoneBlue  = color.RGBA{26, 115, 232, 255}
	PhoneDarkS = color.RGBA{32, 33, 36, 255} // dark surface
	PhoneDarkT = color.RGBA{232, 234, 237, 255}
)

// NewPhone starts a screen of w x h pixels filled with the theme's background.
func NewPhone(t testing.TB, w, h int, dark bool) *Phone {
	t.Helper()
	p := &Phone{W: w, H: h, D: float64(w) / 411, Dark: dark, img: image.NewRGBA(image.Rect(0, 0, w, h)),
		fonts: map[Weight]*opentype.Font{}, faces: map[faceKey]font.Face{}, t: t}
	for wt, data := range map[Weight][]byte{Regular: goregular.TTF, Medium: gomedium.TTF, Bold: gobold.TTF} {
		f, err := opentype.Parse(data)
		if err != nil {
			t.Fatal(err)
		}
		p.fonts[wt] = f
	}
	p.Fill(0, 0, 411, p.Dp(h), p.Bg())
	return p
}

// Px converts dp to pixels.
func (p *Phone) Px(dp float64) int { return int(math.Round(dp * p.D)) }

// Dp converts pixels to dp.
func (p *Phone) Dp(px int) float64 { return float64(px) / p.D }

// HDp is the screen's height in dp.
func (p *Phone) HDp() float64 { return p.Dp(p.H) }

// Bg and Fg are the theme's page and text colours; Sub is its secondary text colour.
func (p *Phone) Bg() color.RGBA {
	if p.Dark {
		return color.RGBA{18, 18, 18, 255}
	}
	return PhoneWhite
}

func (p *Phone) Fg() color.RGBA {
	if p.Dark {
		return PhoneDarkT
	}
	return PhoneInk
}

func (p *Phone) Sub() color.RGBA {
	if p.Dark {
		return color.RGBA{154, 160, 166, 255}
	}
	return PhoneGrey
}

// Accent is the theme's accent for text buttons and links: a light blue on dark themes.
func (p *Phone) Accent() color.RGBA {
	if p.Dark {
		return color.RGBA{138, 180, 248, 255}
	}
	return PhoneBlue
}

// Surface is the colour of raised surfaces (fields, dialogs, the keyboard's keys).
func (p *Phone) Surface(level int) color.RGBA {
	if p.Dark {
		v := uint8(18 + 14*level)
		return color.RGBA{v, v, v + 2, 255}
	}
	switch level {
	case 0:
		return PhoneWhite
	case 1:
		return color.RGBA{241, 243, 244, 255}
	default:
		return color.RGBA{232, 234, 237, 255}
	}
}

// Fill paints a rectangle given in dp.
func (p *Phone) Fill(x, y, w, h float64, c color.RGBA) {
	r := image.Rect(p.Px(x), p.Px(y), p.Px(x+w), p.Px(y+h))
	draw.Draw(p.img, r, &image.Uniform{c}, image.Point{}, draw.Over)
}

// Round paints a rounded rectangle given in dp (radius in dp), its edge anti-aliased.
func (p *Phone) Round(x, y, w, h, radius float64, c color.RGBA) {
	x0, y0, x1, y1 := x*p.D, y*p.D, (x+w)*p.D, (y+h)*p.D
	r := math.Min(radius*p.D, math.Min(x1-x0, y1-y0)/2)
	for py := int(y0); py < int(math.Ceil(y1)) && py < p.H; py++ {
		for px := int(x0); px < int(math.Ceil(x1)) && px < p.W; px++ {
			if px < 0 || py < 0 {
				continue
			}
			cx := math.Max(x0+r, math.Min(float64(px)+0.5, x1-r))
			cy := math.Max(y0+r, math.Min(float64(py)+0.5, y1-r))
			d := math.Hypot(float64(px)+0.5-cx, float64(py)+0.5-cy) - r
			// Coverage of the pixel by the shape, for a soft edge; the box edges too.
			a := math.Max(0, math.Min(1, 0.5-d))
			a *= math.Max(0, math.Min(1, float64(px)+1-x0)) * math.Max(0, math.Min(1, x1-float64(px)))
			a *= math.Max(0, math.Min(1, float64(py)+1-y0)) * math.Max(0, math.Min(1, y1-float64(py)))
			if a > 0 {
				p.blend(px, py, c, a)
			}
		}
	}
}

// Circle paints a disc centred at (cx, cy) dp.
func (p *Phone) Circle(cx, cy, radius float64, c color.RGBA) {
	p.Round(cx-radius, cy-radius, 2*radius, 2*radius, radius, c)
}

// Dim lays a scrim of the given opacity over the whole screen, as behind a dialog.
func (p *Phone) Dim(alpha float64) {
	for y := 0; y < p.H; y++ {
		for x := 0; x < p.W; x++ {
			p.blend(x, y, color.RGBA{0, 0, 0, 255}, alpha)
		}
	}
}

// Gradient paints a vertical gradient over a band given in dp, with a gentle diagonal
// variation, as wallpapers have.
func (p *Phone) Gradient(y, h float64, top, bottom color.RGBA) {
	y0, y1 := p.Px(y), p.Px(y+h)
	for py := y0; py < y1 && py < p.H; py++ {
		f := float64(py-y0) / float64(max(1, y1-y0))
		for px := 0; px < p.W; px++ {
			g := f + 0.08*math.Sin(float64(px)/float64(p.W)*3+f*4)
			g = math.Max(0, math.Min(1, g))
			mix := func(a, b uint8) uint8 { return uint8(float64(a)*(1-g) + float64(b)*g) }
			p.img.SetRGBA(px, py, color.RGBA{mix(top.R, bottom.R), mix(top.G, bottom.G), mix(top.B, bottom.B), 255})
		}
	}
}

func (p *Phone) blend(x, y int, c color.RGBA, a float64) {
	o := p.img.RGBAAt(x, y)
	mix := func(b, f uint8) uint8 { return uint8(float64(b)*(1-a) + float64(f)*a + 0.5) }
	p.img.SetRGBA(x, y, color.RGBA{mix(o.R, c.R), mix(o.G, c.G), mix(o.B, c.B), 255})
}

func (p *Phone) face(w Weight, sizePx float64) font.Face {
	k := faceKey{w, sizePx}
	if f, ok := p.faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(p.fonts[w], &opentype.FaceOptions{Size: sizePx, DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		p.t.Fatal(err)
	}
	p.faces[k] = f
	return f
}

// Align places text relative to its x.
type Align int

// Text alignments.
const (
	Left Align = iota
	Center
	Right
)

// TextWidth is the width of s in dp at size sp.
func (p *Phone) TextWidth(s string, sp float64, w Weight) float64 {
	return p.Dp(font.MeasureString(p.face(w, sp*p.D), s).Round())
}

// Text draws s at size sp with its vertical middle at y dp, aligned at x dp, and returns
// the box of its ink in pixels.
func (p *Phone) Text(s string, x, y, sp float64, w Weight, c color.RGBA, al Align) image.Rectangle {
	f := p.face(w, sp*p.D)
	width := font.MeasureString(f, s).Round()
	px := p.Px(x)
	switch al {
	case Center:
		px -= width / 2
	case Right:
		px -= width
	}
	m := f.Metrics()
	base := p.Px(y) + (m.Ascent.Round()-m.Descent.Round())/2
	d := font.Drawer{Dst: p.img, Src: &image.Uniform{c}, Face: f, Dot: fixed.P(px, base)}
	d.DrawString(s)
	return image.Rect(px, base-m.Ascent.Round(), px+width, base+m.Descent.Round())
}

// ShadowText draws light text with the soft dark shadow launchers put under labels.
func (p *Phone) ShadowText(s string, x, y, sp float64, c color.RGBA, al Align) image.Rectangle {
	for _, o := range [][2]float64{{0.6, 0.8}, {0.3, 0.5}} {
		p.Text(s, x+o[0], y+o[1], sp, Regular, color.RGBA{0, 0, 0, 70}, al)
	}
	return p.Text(s, x, y, sp, Regular, c, al)
}

// PNG encodes the screen (quickly: tests draw many).
func (p *Phone) PNG() []byte {
	var buf bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, p.img); err != nil {
		p.t.Fatal(err)
	}
	return buf.Bytes()
}

// StatusBarDp and NavBarDp are the heights of the system bars.
const StatusBarDp, NavBarDp = 24, 48

// StatusBar draws the status bar: the clock, a notification icon, signal and battery. On
// a wallpaper (transparent) its text is white.
func (p *Phone) StatusBar(clock string, onWallpaper bool) {
	fg := p.Fg()
	if onWallpaper {
		fg = PhoneWhite
	} else {
		p.Fill(0, 0, 411, StatusBarDp, p.Bg())
	}
	p.Text(clock, 16, 12, 14, Medium, fg, Left)
	p.Circle(70, 12, 5, fg)
	p.Round(372, 6, 7, 12, 1.5, fg) // battery
	for i := range 4 {              // signal bars
		h := 3 + 2.5*float64(i)
		p.Fill(344+float64(i)*4, 18-h, 2.5, h, fg)
	}
}

// NavBar draws the three-button navigation bar at the bottom.
func (p *Phone) NavBar(onWallpaper bool) {
	y := p.HDp() - NavBarDp
	fg := p.Fg()
	if !onWallpaper {
		p.Fill(0, y, 411, NavBarDp, p.Bg())
	} else {
		fg = PhoneWhite
	}
	cy := y + NavBarDp/2
	// back (a triangle), home (a ring), recents (a square)
	for i := 0.0; i < 8; i += 0.5 {
		p.Fill(100+i, cy-i*0.8, 0.6, 1.6*i+0.6, fg)
	}
	p.Circle(205, cy, 8, fg)
	p.Circle(205, cy, 6, p.at(p.Px(205), p.Px(cy)))
	p.Round(300, cy-7, 14, 14, 1.5, fg)
}

// at is the colour of a pixel.
func (p *Phone) at(x, y int) color.RGBA { return p.img.RGBAAt(x, y) }

// Icon draws an app icon: a coloured disc with a simple white glyph, as adaptive icons are.
func (p *Phone) Icon(cx, cy, size float64, c color.RGBA, glyph int) {
	p.Circle(cx, cy, size/2, c)
	w := PhoneWhite
	s := size / 4
	switch glyph % 5 {
	case 0:
		p.Round(cx-s, cy-s*0.7, 2*s, 1.4*s, s/4, w)
	case 1:
		p.Circle(cx, cy, s, w)
		p.Circle(cx, cy, s*0.5, c)
	case 2:
		p.Fill(cx-s, cy-s/4, 2*s, s/2, w)
		p.Fill(cx-s/4, cy-s, s/2, 2*s, w)
	case 3:
		for i := 0.0; i < s*1.6; i += 0.5 {
			p.Fill(cx-s*0.8+i, cy+s*0.6-i*0.75, 1.2, 1.2, w)
		}
	case 4:
		p.Round(cx-s*0.9, cy-s*0.9, s*1.8, s*1.8, s*0.3, w)
		p.Round(cx-s*0.5, cy-s*0.5, s, s, s*0.2, c)
	}
}

// Avatar draws a round avatar with an initial, as contacts and accounts show one.
func (p *Phone) Avatar(cx, cy, radius float64, c color.RGBA, initial string) {
	p.Circle(cx, cy, radius, c)
	p.Text(initial, cx, cy, radius*1.1, Medium, PhoneWhite, Center)
}
