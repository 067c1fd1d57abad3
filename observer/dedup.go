package observer

import (
	"image"
	"image/draw"
)

// Near-duplicate detection. A frame is reduced to a grid of mean luminances over cells of
// about 40x40 px (27 columns on a phone), skipping the status bar, and two frames differ
// when any one cell's mean moved by more than the threshold. The maximum (not the mean)
// keeps small but meaningful changes, a toggled switch or one typed character, while a
// blinking text cursor (a 3 px line in a 40 px cell, ~6% of full scale) stays below the
// default threshold.
const (
	// GridCols is the number of signature columns; rows follow the aspect ratio.
	GridCols = 27
	// StatusBarFraction of the screen height is ignored (the clock, notification icons).
	StatusBarFraction = 0.04
	// DefaultThreshold is the default max cell difference, as a fraction of full scale,
	// at or below which a frame counts as a duplicate of the last kept one.
	DefaultThreshold = 0.08
)

// Signature is the compact perceptual summary of a frame.
type Signature struct {
	W, H  int       // image size
	Cols  int       // grid columns
	Rows  int       // grid rows
	Cells []float32 // mean luminance per cell, 0..255
}

// Sign computes the signature of img.
func Sign(img image.Image) Signature {
	b := img.Bounds()
	w, h := b.Dx(), b.Dy()
	top := int(float64(h) * StatusBarFraction)
	cols := min(GridCols, max(w, 1))
	rows := max(1, int(float64(h-top)*float64(cols)/float64(max(w, 1))+0.5))
	rows = min(rows, max(h-top, 1))
	sig := Signature{W: w, H: h, Cols: cols, Rows: rows, Cells: make([]float32, cols*rows)}
	if w == 0 || h-top <= 0 {
		return sig
	}
	sums := make([]uint64, cols*rows)
	counts := make([]uint32, cols*rows)
	// Column of each x, computed once per frame.
	colOf := make([]int32, w)
	for x := range w {
		colOf[x] = int32(x * cols / w)
	}
	var pix []byte
	var stride, bpp int
	var offR, offG, offB int
	switch m := img.(type) {
	case *image.NRGBA:
		pix, stride, bpp, offR, offG, offB = m.Pix, m.Stride, 4, 0, 1, 2
	case *image.RGBA:
		pix, stride, bpp, offR, offG, offB = m.Pix, m.Stride, 4, 0, 1, 2
	case *image.Gray:
		pix, stride, bpp = m.Pix, m.Stride, 1
	default:
		// Rare formats (paletted, 16-bit): convert once, then take the fast path.
		rgba := image.NewRGBA(image.Rect(0, 0, w, h))
		draw.Draw(rgba, rgba.Bounds(), img, b.Min, draw.Src)
		return Sign(rgba)
	}
	for y := top; y < h; y++ {
		row := (y - top) * rows / (h - top)
		base := row * cols
		line := pix[y*stride : y*stride+w*bpp]
		if bpp == 1 {
			for x, v := range line {
				c := base + int(colOf[x])
				sums[c] += uint64(v) * 1000
				counts[c]++
			}
			continue
		}
		for x := 0; x < w; x++ {
			p := line[x*bpp : x*bpp+4]
			// Rec. 601 luma in integer thousandths.
			lum := 299*uint64(p[offR]) + 587*uint64(p[offG]) + 114*uint64(p[offB])
			c := base + int(colOf[x])
			sums[c] += lum
			counts[c]++
		}
	}
	for i := range sums {
		if counts[i] > 0 {
			sig.Cells[i] = float32(float64(sums[i]) / 1000 / float64(counts[i]))
		}
	}
	return sig
}

// Distance is the largest cell difference between two signatures, 0..1. Frames of
// different sizes (a rotation) are maximally different.
func Distance(a, b Signature) float64 {
	if a.W != b.W || a.H != b.H || a.Cols != b.Cols || a.Rows != b.Rows || len(a.Cells) != len(b.Cells) {
		return 1
	}
	var m float32
	for i, v := range a.Cells {
		d := v - b.Cells[i]
		if d < 0 {
			d = -d
		}
		if d > m {
			m = d
		}
	}
	return float64(m) / 255
}
