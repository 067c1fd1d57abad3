package redteamkit

import (
	"image"
	"image/color"
	"image/draw"
	"math"
	"strings"
	"sync"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/gobold"
	"golang.org/x/image/font/gofont/gomedium"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"
)

// A small renderer of Android screens at the emulator's 1080x2400, drawn with Go's fonts:
// enough of Material's look (bars, lists, fields, buttons, dialogs over a scrim, Gboard,
// the launcher) for screenshots whose only reading is their pixels.

const (
	ScreenW = 1080
	ScreenH = 2400
)

var (
	White     = color.RGBA{255, 255, 255, 255}
	Ink       = color.RGBA{31, 31, 31, 255}
	Grey      = color.RGBA{95, 99, 104, 255}
	LightGrey = color.RGBA{218, 220, 224, 255}
	Surface   = color.RGBA{243, 237, 247, 255}
	Primary   = color.RGBA{103, 80, 164, 255}
	Blue      = color.RGBA{26, 115, 232, 255}
	KbBack    = color.RGBA{232, 234, 237, 255}
	ErrRed    = color.RGBA{179, 38, 30, 255}
	BubbleOut = color.RGBA{211, 227, 253, 255}
	BubbleIn  = color.RGBA{233, 234, 238, 255}
)

type Weight int

const (
	Regular Weight = iota
	Medium
	Bold
)

var fonts struct {
	once  sync.Once
	fonts [3]*opentype.Font
	err   error
}

// Face is a font at a pixel size. Faces keep glyph buffers, so each canvas has its own.
func (c *Canvas) Face(w Weight, px int) font.Face {
	fonts.once.Do(func() {
		for i, ttf := range [][]byte{goregular.TTF, gomedium.TTF, gobold.TTF} {
			f, err := opentype.Parse(ttf)
			if err != nil {
				fonts.err = err
				return
			}
			fonts.fonts[i] = f
		}
	})
	if fonts.err != nil {
		panic(fonts.err) // Go's own fonts always parse
	}
	k := [2]int{int(w), px}
	if f, ok := c.Faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(fonts.fonts[w], &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	c.Faces[k] = f
	return f
}

// Canvas is one screen being drawn.
type Canvas struct {
	Img   *image.RGBA
	Faces map[[2]int]font.Face
}

func NewCanvas(bg color.Color) *Canvas {
	c := &Canvas{Img: image.NewRGBA(image.Rect(0, 0, ScreenW, ScreenH)), Faces: map[[2]int]font.Face{}}
	draw.Draw(c.Img, c.Img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	return c
}

func (c *Canvas) Rect(x0, y0, x1, y1 int, col color.Color) {
	draw.Draw(c.Img, image.Rect(x0, y0, x1, y1), image.NewUniform(col), image.Point{}, draw.Over)
}

// Round fills a rounded rectangle, its corners anti-aliased.
func (c *Canvas) Round(x0, y0, x1, y1, r int, col color.RGBA) {
	r = min(r, (x1-x0)/2, (y1-y0)/2)
	for y := y0; y < y1; y++ {
		for x := x0; x < x1; x++ {
			cov := 1.0
			cx, cy := -1.0, -1.0
			switch {
			case x < x0+r && y < y0+r:
				cx, cy = float64(x0+r), float64(y0+r)
			case x >= x1-r && y < y0+r:
				cx, cy = float64(x1-r), float64(y0+r)
			case x < x0+r && y >= y1-r:
				cx, cy = float64(x0+r), float64(y1-r)
			case x >= x1-r && y >= y1-r:
				cx, cy = float64(x1-r), float64(y1-r)
			}
			if cx >= 0 {
				d := math.Hypot(float64(x)+0.5-cx, float64(y)+0.5-cy)
				cov = math.Max(0, math.Min(1, float64(r)-d+0.5))
			}
			if cov > 0 {
				c.Blend(x, y, col, cov)
			}
		}
	}
}

// Outline draws a rounded rectangle's border of width w.
func (c *Canvas) Outline(x0, y0, x1, y1, r, w int, col color.RGBA, inside color.RGBA) {
	c.Round(x0, y0, x1, y1, r, col)
	c.Round(x0+w, y0+w, x1-w, y1-w, max(r-w, 0), inside)
}

func (c *Canvas) Circle(cx, cy, r int, col color.RGBA) {
	c.Round(cx-r, cy-r, cx+r, cy+r, r, col)
}

func (c *Canvas) Blend(x, y int, col color.RGBA, a float64) {
	if !(image.Point{x, y}.In(c.Img.Bounds())) {
		return
	}
	i := c.Img.PixOffset(x, y)
	p := c.Img.Pix[i : i+4 : i+4]
	p[0] = uint8(float64(p[0])*(1-a) + float64(col.R)*a)
	p[1] = uint8(float64(p[1])*(1-a) + float64(col.G)*a)
	p[2] = uint8(float64(p[2])*(1-a) + float64(col.B)*a)
	p[3] = 255
}

// Line draws a straight stroke of width w from (x0,y0) to (x1,y1).
func (c *Canvas) Line(x0, y0, x1, y1 int, w float64, col color.RGBA) {
	minX, maxX := min(x0, x1)-int(w), max(x0, x1)+int(w)
	minY, maxY := min(y0, y1)-int(w), max(y0, y1)+int(w)
	dx, dy := float64(x1-x0), float64(y1-y0)
	l2 := dx*dx + dy*dy
	for y := minY; y <= maxY; y++ {
		for x := minX; x <= maxX; x++ {
			px, py := float64(x)+0.5-float64(x0), float64(y)+0.5-float64(y0)
			t := 0.0
			if l2 > 0 {
				t = math.Max(0, math.Min(1, (px*dx+py*dy)/l2))
			}
			d := math.Hypot(px-t*dx, py-t*dy)
			if cov := math.Max(0, math.Min(1, w/2-d+0.5)); cov > 0 {
				c.Blend(x, y, col, cov)
			}
		}
	}
}

// Scrim darkens the whole screen, as a dialog's backdrop does.
func (c *Canvas) Scrim() {
	for i := 0; i < len(c.Img.Pix); i += 4 {
		for j := 0; j < 3; j++ {
			c.Img.Pix[i+j] = uint8(float64(c.Img.Pix[i+j]) * 0.55)
		}
	}
}

func (c *Canvas) TextWidth(s string, w Weight, px int) int {
	return font.MeasureString(c.Face(w, px), drawn(s)).Ceil()
}

// drawn is s as a phone's font draws it: Android writes "Wi‑Fi" with a non-breaking hyphen
// (U+2011), which Roboto draws as a hyphen and Go's fonts lack (they drew an empty box,
// which OCR read as a letter, and no screenshot said "Wi-Fi").
func drawn(s string) string { return strings.ReplaceAll(s, "\u2011", "-") }

// Text draws s with its top-left at (x, top), clipped with an ellipsis to maxW (0: no limit).
func (c *Canvas) Text(x, top int, s string, w Weight, px int, col color.RGBA, maxW int) {
	if maxW > 0 && c.TextWidth(s, w, px) > maxW {
		for len(s) > 0 && c.TextWidth(s+"…", w, px) > maxW {
			_, size := lastRune(s)
			s = s[:len(s)-size]
		}
		s = strings.TrimRight(s, " ") + "…"
	}
	d := font.Drawer{Dst: c.Img, Src: image.NewUniform(col), Face: c.Face(w, px),
		Dot: fixed.P(x, top+int(float64(px)*0.8))}
	d.DrawString(drawn(s))
}

func lastRune(s string) (rune, int) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i]&0xC0 != 0x80 {
			return []rune(s[i:])[0], len(s) - i
		}
	}
	return 0, 1
}

// Centered draws s centred on x.
func (c *Canvas) Centered(x, top int, s string, w Weight, px int, col color.RGBA) {
	c.Text(x-c.TextWidth(s, w, px)/2, top, s, w, px, col, 0)
}

// Wrapped draws s in lines no wider than maxW and returns the y under the last line.
func (c *Canvas) Wrapped(x, top int, s string, w Weight, px int, col color.RGBA, maxW int) int {
	line := ""
	for _, word := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + word)
		if line != "" && c.TextWidth(try, w, px) > maxW {
			c.Text(x, top, line, w, px, col, 0)
			top += px * 13 / 10
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		c.Text(x, top, line, w, px, col, 0)
		top += px * 13 / 10
	}
	return top
}

// png digest and encoding live in shots.go.

// Icons, drawn as strokes.

func (c *Canvas) IconBack(x, y int, col color.RGBA) {
	c.Line(x+10, y+32, x+54, y+32, 6, col)
	c.Line(x+10, y+32, x+30, y+12, 6, col)
	c.Line(x+10, y+32, x+30, y+52, 6, col)
}

func (c *Canvas) IconSearch(x, y int, col color.RGBA) {
	c.Circle(x+26, y+26, 20, col)
	c.Circle(x+26, y+26, 14, White)
	c.Line(x+40, y+40, x+58, y+58, 7, col)
}

func (c *Canvas) IconMore(x, y int, col color.RGBA) {
	for i := 0; i < 3; i++ {
		c.Circle(x+32, y+12+i*20, 6, col)
	}
}

func (c *Canvas) IconMenu(x, y int, col color.RGBA) {
	for i := 0; i < 3; i++ {
		c.Rect(x+8, y+14+i*18, x+56, y+20+i*18, col)
	}
}

func (c *Canvas) IconPlus(x, y, s int, col color.RGBA) {
	c.Line(x+s/2, y+s/5, x+s/2, y+s*4/5, float64(s)/9, col)
	c.Line(x+s/5, y+s/2, x+s*4/5, y+s/2, float64(s)/9, col)
}

func (c *Canvas) IconCheck(x, y int, col color.RGBA) {
	c.Line(x+10, y+34, x+26, y+50, 7, col)
	c.Line(x+26, y+50, x+56, y+16, 7, col)
}

func (c *Canvas) IconClose(x, y int, col color.RGBA) {
	c.Line(x+14, y+14, x+50, y+50, 6, col)
	c.Line(x+50, y+14, x+14, y+50, 6, col)
}

func (c *Canvas) IconSend(x, y int, col color.RGBA) {
	for i := 0; i < 40; i++ {
		c.Line(x+10, y+8+i, x+58, y+28, 2, col)
	}
}

func (c *Canvas) IconMic(x, y int, col color.RGBA) {
	c.Round(x+22, y+6, x+42, y+40, 10, col)
	c.Line(x+14, y+32, x+32, y+48, 4, col)
	c.Line(x+50, y+32, x+32, y+48, 4, col)
	c.Line(x+32, y+48, x+32, y+58, 4, col)
}

func (c *Canvas) IconStar(x, y, s int, col color.RGBA) {
	pts := make([][2]int, 10)
	for i := range pts {
		r := float64(s) / 2
		if i%2 == 1 {
			r *= 0.45
		}
		a := -math.Pi/2 + float64(i)*math.Pi/5
		pts[i] = [2]int{x + s/2 + int(r*math.Cos(a)), y + s/2 + int(r*math.Sin(a))}
	}
	for i := range pts {
		j := (i + 1) % len(pts)
		c.Line(pts[i][0], pts[i][1], pts[j][0], pts[j][1], 4, col)
	}
}
