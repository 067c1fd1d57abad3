package ocr

import (
	"bytes"
	"context"
	"fmt"
	"image"
	"sort"
	"strings"

	"github.com/autoeval/autoeval/judge/screentext"
)

// Large digits (a clock's, a timer's, a stopwatch's: 60 to 100 sp, glyphs 150 px high and
// more on a phone) are the text Tesseract reads worst at a screen's scale: a light weight's
// thin strokes lose their line, and its zeros come out as letters. Lines of large glyph
// pieces that no word read covers are read again, scaled down to the height Tesseract reads
// best, all in one more run: only screens with such lines pay for it.

// largeTarget is the glyph height, in pixels, large lines are scaled down to.
const largeTarget = 40

// largeSure is the confidence of a word read at the screen's scale that makes its large
// line read: words below it over a large line are guesses, replaced by the second reading.
const largeSure = 60

// withoutGuesses drops the words Tesseract guessed (under largeSure) over lines read again.
func withoutGuesses(words []Word, lines []image.Rectangle) []Word {
	out := words[:0:0]
	for _, w := range words {
		c := image.Pt(w.Left+w.W/2, w.Top+w.H/2)
		guess := false
		for _, ln := range lines {
			if w.Conf < largeSure && c.In(ln) {
				guess = true
			}
		}
		if !guess {
			out = append(out, w)
		}
	}
	return out
}

// largeLines groups the large pieces into lines (at least two pieces side by side, their
// middles within half a piece's height, gaps under a piece's height) and keeps those whose
// width the words read with some confidence cover less than half of.
func largeLines(large []Box, words []Word) []image.Rectangle {
	sort.Slice(large, func(i, j int) bool { return large[i].X1 < large[j].X1 })
	var lines []image.Rectangle
	var counts []int
	for _, b := range large {
		r := image.Rect(int(b.X1), int(b.Y1), int(b.X2), int(b.Y2))
		joined := false
		for i, ln := range lines {
			h := ln.Dy()
			mid, lmid := (r.Min.Y+r.Max.Y)/2, (ln.Min.Y+ln.Max.Y)/2
			if absInt(mid-lmid) <= h/2 && r.Min.X-ln.Max.X <= h && r.Min.X >= ln.Min.X {
				lines[i] = ln.Union(r)
				counts[i]++
				joined = true
				break
			}
		}
		if !joined {
			lines = append(lines, r)
			counts = append(counts, 1)
		}
	}
	var out []image.Rectangle
	for i, ln := range lines {
		if counts[i] < 2 {
			continue
		}
		covered := 0
		for _, w := range words {
			if w.Conf < largeSure {
				continue // a guess (a clock's "00:13.05" read "QOO:13.05" at 29)
			}
			wr := image.Rect(w.Left, w.Top, w.Left+w.W, w.Top+w.H)
			if in := wr.Intersect(ln); !in.Empty() && in.Dy()*2 >= min(wr.Dy(), ln.Dy()) {
				covered += in.Dx()
			}
		}
		if covered*2 < ln.Dx() {
			out = append(out, ln)
		}
	}
	return out
}

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// lineKey names a line Tesseract read: its block, paragraph and line numbers.
type lineKey struct{ block, para, line int }

// readLarge reads the large lines of a screenshot again: each cut out with a margin, scaled
// down to largeTarget high, made dark on light, stacked into one strip that Tesseract reads
// in one run; the words come back in the screenshot's coordinates, each line a block of its
// own after Tesseract's, or, where keys names one (a run of doubtful words), in the line
// the run was read in, beside the words of it that were sure.
func readLarge(ctx context.Context, g *image.Gray, lines []image.Rectangle, keys map[int]lineKey) ([]Word, error) {
	type band struct {
		src  image.Rectangle
		k, y int // the scale (1/k) and the band's top in the strip
	}
	var bands []band
	stripW, stripH := 0, 0
	for _, ln := range lines {
		pad := ln.Dy() / 4
		src := image.Rect(ln.Min.X-pad, ln.Min.Y-pad, ln.Max.X+pad, ln.Max.Y+pad).Intersect(g.Rect)
		k := max(1, (ln.Dy()+largeTarget/2)/largeTarget)
		bands = append(bands, band{src, k, stripH})
		stripW = max(stripW, src.Dx()/k)
		stripH += src.Dy()/k + largeTarget
	}
	strip := image.NewGray(image.Rect(0, 0, stripW, stripH))
	for i := range strip.Pix {
		strip.Pix[i] = 255
	}
	for _, b := range bands {
		w, h := b.src.Dx()/b.k, b.src.Dy()/b.k
		cut := make([]uint8, w*h)
		for y := range h {
			for x := range w {
				sum := 0
				for dy := range b.k {
					row := g.Pix[(b.src.Min.Y+y*b.k+dy)*g.Stride+b.src.Min.X+x*b.k:]
					for dx := range b.k {
						sum += int(row[dx])
					}
				}
				cut[y*w+x] = uint8(sum / (b.k * b.k))
			}
		}
		// Light text on a dark page (a dark theme) is turned dark on light, as the rest
		// of the strip is.
		sorted := append([]uint8(nil), cut...)
		sort.Slice(sorted, func(i, j int) bool { return sorted[i] < sorted[j] })
		dark := len(sorted) > 0 && sorted[len(sorted)/2] < 128
		for y := range h {
			for x := range w {
				v := cut[y*w+x]
				if dark {
					v = 255 - v
				}
				strip.Pix[(b.y+y)*strip.Stride+x] = v
			}
		}
	}
	var pgm bytes.Buffer
	fmt.Fprintf(&pgm, "P5\n%d %d\n255\n", stripW, stripH)
	pgm.Write(strip.Pix)
	runs.Add(1)
	words, err := tesseractTSV(ctx, &pgm, "6", "tesseract (large lines)")
	if err != nil {
		return nil, err
	}
	var kept []Word
	for _, w := range words {
		for i := len(bands) - 1; i >= 0; i-- {
			b := bands[i]
			if w.Top+w.H/2 < b.y {
				continue
			}
			w.Left, w.Top = b.src.Min.X+w.Left*b.k, b.src.Min.Y+(w.Top-b.y)*b.k
			w.W, w.H = w.W*b.k, w.H*b.k
			w.Block, w.Para = 100000+i, 1 // a block of its own, after Tesseract's
			if k, ok := keys[i]; ok {
				w.Block, w.Para, w.LineN = k.block, k.para, k.line
			}
			kept = append(kept, w)
			break
		}
	}
	return kept, nil
}

// Tesseract reads a line as one: an icon on a title's line (a toolbar's back arrow, read
// "€" or "<") leaves the title after it read at 25-35 confidence and dropped, although cut
// out on its own the same word reads at 90 and more. The runs of doubtful words of a line
// are read again with the large lines, each cut out on its own.

// doubtfulSure is the confidence under which a word of the page's content is read again.
const doubtfulSure = largeSure

// doubtfulRuns returns the runs of consecutive doubtful words of each line Tesseract read
// (a word with a letter or digit, under doubtfulSure), outside the status and navigation
// bars (whose icons are never words) and the large lines already read again.
// Each run comes with the key of its line.
func doubtfulRuns(words []Word, large []image.Rectangle, height int) ([]image.Rectangle, []lineKey) {
	bar := height * 35 / 1000
	var out []image.Rectangle
	var keys []lineKey
	var run image.Rectangle
	open := false
	flush := func() {
		if open {
			out = append(out, run)
		}
		open = false
	}
	for i, w := range words {
		if i > 0 {
			p := words[i-1]
			if p.Block != w.Block || p.Para != w.Para || p.LineN != w.LineN {
				flush()
			}
		}
		r := image.Rect(w.Left, w.Top, w.Left+w.W, w.Top+w.H)
		mid := w.Top + w.H/2
		doubtful := w.Conf < doubtfulSure && strings.IndexFunc(w.Text, screentext.IsWordRune) >= 0 && mid > bar && mid < height-bar
		for _, ln := range large {
			if image.Pt(r.Min.X+r.Dx()/2, mid).In(ln) {
				doubtful = false
			}
		}
		if !doubtful {
			flush()
			continue
		}
		if open {
			run = run.Union(r)
		} else {
			run, open = r, true
			keys = append(keys, lineKey{w.Block, w.Para, w.LineN})
		}
	}
	flush()
	return out, keys
}
