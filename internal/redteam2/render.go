package redteam2

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
	screenW = 1080
	screenH = 2400
)

var (
	white     = color.RGBA{255, 255, 255, 255}
	ink       = color.RGBA{31, 31, 31, 255}
	grey      = color.RGBA{95, 99, 104, 255}
	lightGrey = color.RGBA{218, 220, 224, 255}
	surface   = color.RGBA{243, 237, 247, 255}
	primary   = color.RGBA{103, 80, 164, 255}
	blue      = color.RGBA{26, 115, 232, 255}
	kbBack    = color.RGBA{232, 234, 237, 255}
	errRed    = color.RGBA{179, 38, 30, 255}
	bubbleOut = color.RGBA{211, 227, 253, 255}
	bubbleIn  = color.RGBA{233, 234, 238, 255}
)

type weight int

const (
	regular weight = iota
	medium
	bold
)

var fonts struct {
	once  sync.Once
	fonts [3]*opentype.Font
	err   error
}

// face is a font at a pixel size. Faces keep glyph buffers, so each canvas has its own.
func (c *canvas) face(w weight, px int) font.Face {
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
	if f, ok := c.faces[k]; ok {
		return f
	}
	f, err := opentype.NewFace(fonts.fonts[w], &opentype.FaceOptions{Size: float64(px), DPI: 72, Hinting: font.HintingFull})
	if err != nil {
		panic(err)
	}
	c.faces[k] = f
	return f
}

// canvas is one screen being drawn.
type canvas struct {
	img   *image.RGBA
	faces map[[2]int]font.Face
}

func newCanvas(bg color.Color) *canvas {
	c := &canvas{img: image.NewRGBA(image.Rect(0, 0, screenW, screenH)), faces: map[[2]int]font.Face{}}
	draw.Draw(c.img, c.img.Bounds(), image.NewUniform(bg), image.Point{}, draw.Src)
	return c
}

func (c *canvas) rect(x0, y0, x1, y1 int, col color.Color) {
	draw.Draw(c.img, image.Rect(x0, y0, x1, y1), image.NewUniform(col), image.Point{}, draw.Over)
}

// round fills a rounded rectangle, its corners anti-aliased.
func (c *canvas) round(x0, y0, x1, y1, r int, col color.RGBA) {
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
				c.blend(x, y, col, cov)
			}
		}
	}
}

// outline draws a rounded rectangle's border of width w.
func (c *canvas) outline(x0, y0, x1, y1, r, w int, col color.RGBA, inside color.RGBA) {
	c.round(x0, y0, x1, y1, r, col)
	c.round(x0+w, y0+w, x1-w, y1-w, max(r-w, 0), inside)
}

func (c *canvas) circle(cx, cy, r int, col color.RGBA) {
	c.round(cx-r, cy-r, cx+r, cy+r, r, col)
}

func (c *canvas) blend(x, y int, col color.RGBA, a float64) {
	if !(image.Point{x, y}.In(c.img.Bounds())) {
		return
	}
	i := c.img.PixOffset(x, y)
	p := c.img.Pix[i : i+4 : i+4]
	p[0] = uint8(float64(p[0])*(1-a) + float64(col.R)*a)
	p[1] = uint8(float64(p[1])*(1-a) + float64(col.G)*a)
	p[2] = uint8(float64(p[2])*(1-a) + float64(col.B)*a)
	p[3] = 255
}

// line draws a straight stroke of width w from (x0,y0) to (x1,y1).
func (c *canvas) line(x0, y0, x1, y1 int, w float64, col color.RGBA) {
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
				c.blend(x, y, col, cov)
			}
		}
	}
}

// scrim darkens the whole screen, as a dialog's backdrop does.
func (c *canvas) scrim() {
	for i := 0; i < len(c.img.Pix); i += 4 {
		for j := 0; j < 3; j++ {
			c.img.Pix[i+j] = uint8(float64(c.img.Pix[i+j]) * 0.55)
		}
	}
}

func (c *canvas) textWidth(s string, w weight, px int) int {
	return font.MeasureString(c.face(w, px), s).Ceil()
}

// text draws s with its top-left at (x, top), clipped with an ellipsis to maxW (0: no limit).
func (c *canvas) text(x, top int, s string, w weight, px int, col color.RGBA, maxW int) {
	if maxW > 0 && c.textWidth(s, w, px) > maxW {
		for len(s) > 0 && c.textWidth(s+"…", w, px) > maxW {
			_, size := lastRune(s)
			s = s[:len(s)-size]
		}
		s = strings.TrimRight(s, " ") + "…"
	}
	d := font.Drawer{Dst: c.img, Src: image.NewUniform(col), Face: c.face(w, px),
		Dot: fixed.P(x, top+int(float64(px)*0.8))}
	d.DrawString(s)
}

func lastRune(s string) (rune, int) {
	for i := len(s) - 1; i >= 0; i-- {
		if s[i]&0xC0 != 0x80 {
			return []rune(s[i:])[0], len(s) - i
		}
	}
	return 0, 1
}

// centered draws s centred on x.
func (c *canvas) centered(x, top int, s string, w weight, px int, col color.RGBA) {
	c.text(x-c.textWidth(s, w, px)/2, top, s, w, px, col, 0)
}

// wrapped draws s in lines no wider than maxW and returns the y under the last line.
func (c *canvas) wrapped(x, top int, s string, w weight, px int, col color.RGBA, maxW int) int {
	line := ""
	for _, word := range strings.Fields(s) {
		try := strings.TrimSpace(line + " " + word)
		if line != "" && c.textWidth(try, w, px) > maxW {
			c.text(x, top, line, w, px, col, 0)
			top += px * 13 / 10
			line = word
			continue
		}
		line = try
	}
	if line != "" {
		c.text(x, top, line, w, px, col, 0)
		top += px * 13 / 10
	}
	return top
}

// png digest and encoding live in shots.go.

// Icons, drawn as strokes.

func (c *canvas) iconBack(x, y int, col color.RGBA) {
	c.line(x+10, y+32, x+54, y+32, 6, col)
	c.line(x+10, y+32, x+30, y+12, 6, col)
	c.line(x+10, y+32, x+30, y+52, 6, col)
}

func (c *canvas) iconSearch(x, y int, col color.RGBA) {
	c.circle(x+26, y+26, 20, col)
	c.circle(x+26, y+26, 14, white)
	c.line(x+40, y+40, x+58, y+58, 7, col)
}

func (c *canvas) iconMore(x, y int, col color.RGBA) {
	for i := 0; i < 3; i++ {
		c.circle(x+32, y+12+i*20, 6, col)
	}
}

func (c *canvas) iconMenu(x, y int, col color.RGBA) {
	for i := 0; i < 3; i++ {
		c.rect(x+8, y+14+i*18, x+56, y+20+i*18, col)
	}
}

func (c *canvas) iconPlus(x, y, s int, col color.RGBA) {
	c.line(x+s/2, y+s/5, x+s/2, y+s*4/5, float64(s)/9, col)
	c.line(x+s/5, y+s/2, x+s*4/5, y+s/2, float64(s)/9, col)
}

func (c *canvas) iconCheck(x, y int, col color.RGBA) {
	c.line(x+10, y+34, x+26, y+50, 7, col)
	c.line(x+26, y+50, x+56, y+16, 7, col)
}

func (c *canvas) iconClose(x, y int, col color.RGBA) {
	c.line(x+14, y+14, x+50, y+50, 6, col)
	c.line(x+50, y+14, x+14, y+50, 6, col)
}

func (c *canvas) iconSend(x, y int, col color.RGBA) {
	for i := 0; i < 40; i++ {
		c.line(x+10, y+8+i, x+58, y+28, 2, col)
	}
}

func (c *canvas) iconMic(x, y int, col color.RGBA) {
	c.round(x+22, y+6, x+42, y+40, 10, col)
	c.line(x+14, y+32, x+32, y+48, 4, col)
	c.line(x+50, y+32, x+32, y+48, 4, col)
	c.line(x+32, y+48, x+32, y+58, 4, col)
}

func (c *canvas) iconStar(x, y, s int, col color.RGBA) {
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
		c.line(pts[i][0], pts[i][1], pts[j][0], pts[j][1], 4, col)
	}
}
