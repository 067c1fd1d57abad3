package judgetest

import (
	"image/color"
	"math"
)

// SwitchStyle is a generation of Material's switch.
type SwitchStyle int

// The styles: Material 2's thumb, wider than its thin track, overhangs it; Material 3's
// sits inside a wide track, small and grey when off, large and light when on.
const (
	Material2 SwitchStyle = iota
	Material3
)

// SwitchSize is the size of a switch of a style in dp, as Material specifies it.
func SwitchSize(s SwitchStyle) (w, h float64) {
	if s == Material2 {
		return 37, 20
	}
	return 52, 32
}

// Switch draws a switch with its top left corner at (x, y) dp, on or off, as Material's
// specifications draw it in the theme's colours (accent the theme's primary colour).
func (p *Phone) Switch(s SwitchStyle, x, y float64, on bool, accent color.RGBA) {
	w, h := SwitchSize(s)
	if s == Material2 {
		// Track 34 x 14, thumb 20 across; off: a grey track (the text colour at 38%) and
		// a white thumb (light grey on a dark theme) with a shadow; on: the accent's
		// track at half strength and the accent's thumb.
		trackC, thumbC := mix(p.Bg(), p.Fg(), 0.38), color.RGBA{250, 250, 250, 255}
		if p.Dark {
			thumbC = color.RGBA{189, 189, 189, 255}
		}
		cx := x + h/2
		if on {
			trackC, thumbC = mix(p.Bg(), accent, 0.5), accent
			cx = x + w - h/2
		}
		p.Round(x+1.5, y+3, 34, 14, 7, trackC)
		p.Circle(cx, y+h/2+0.8, h/2, mix(p.Bg(), color.RGBA{0, 0, 0, 255}, 0.12)) // shadow
		p.Circle(cx, y+h/2, h/2, thumbC)
		return
	}
	if on {
		p.Round(x, y, w, h, h/2, accent)
		p.Circle(x+w-h/2, y+h/2, 12, onAccent(accent))
		return
	}
	outline := p.Sub()
	p.Round(x, y, w, h, h/2, outline)
	p.Round(x+2, y+2, w-4, h-4, h/2-2, p.Surface(2))
	p.Circle(x+h/2, y+h/2, 8, outline)
}

// Checkbox draws Material's checkbox (18 dp square, 2 dp stroke) at (x, y) dp: checked,
// filled with the accent and a check of the page's colour; unchecked, a grey outline.
func (p *Phone) Checkbox(x, y float64, on bool, accent color.RGBA) {
	const s = 18.0
	if !on {
		p.Round(x, y, s, s, 2, p.Sub())
		p.Round(x+2, y+2, s-4, s-4, 0.5, p.Bg())
		return
	}
	p.Round(x, y, s, s, 2, accent)
	mark := onAccent(accent)
	pts := [][2]float64{{0.2, 0.5}, {0.39, 0.69}, {0.8, 0.28}}
	for i := 0; i+1 < len(pts); i++ {
		a, b := pts[i], pts[i+1]
		n := 24
		for k := 0; k <= n; k++ {
			f := float64(k) / float64(n)
			p.Circle(x+s*(a[0]+(b[0]-a[0])*f), y+s*(a[1]+(b[1]-a[1])*f), 1.1, mark)
		}
	}
}

// Radio draws Material's radio button (20 dp across, 2 dp ring) at (x, y) dp: checked,
// an accent ring round an accent dot; unchecked, a grey ring.
func (p *Phone) Radio(x, y float64, on bool, accent color.RGBA) {
	c := p.Sub()
	if on {
		c = accent
	}
	p.Circle(x+10, y+10, 10, c)
	p.Circle(x+10, y+10, 8, p.Bg())
	if on {
		p.Circle(x+10, y+10, 5, c)
	}
}

func mix(a, b color.RGBA, f float64) color.RGBA {
	m := func(x, y uint8) uint8 { return uint8(math.Round(float64(x)*(1-f) + float64(y)*f)) }
	return color.RGBA{m(a.R, b.R), m(a.G, b.G), m(a.B, b.B), 255}
}

// onAccent is the colour drawn on an accent: white on a dark one, near black on a light one.
func onAccent(c color.RGBA) color.RGBA {
	if 299*int(c.R)+587*int(c.G)+114*int(c.B) > 150000 {
		return color.RGBA{20, 20, 30, 255}
	}
	return color.RGBA{255, 255, 255, 255}
}
