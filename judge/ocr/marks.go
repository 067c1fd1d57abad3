package ocr

import "image"

// marks finds the connected pieces of ink (8-connected) of the binarised screenshot that
// have the size of a glyph, relative to the screen's width: at least W/120 and at most W/12
// high, at most W/8 wide. Rows of them that Tesseract did not read as words are the keys of
// a keyboard, for one. Pieces are grown from runs of ink, row by row, so the cost follows
// the ink, not the pixels; a screen with more runs than maxRunShare allows has none.
func marks(bin *image.Gray) []Box {
	small, _ := pieces(bin)
	return small
}

// pieces finds the connected pieces of ink of the binarised screenshot: those of a glyph's
// size (marks), and those of a large glyph's, from W/12 to W/4 high and at most W/4 wide
// (a clock's, a timer's or a stopwatch's digits).
func pieces(bin *image.Gray) (small, large []Box) {
	w, h := bin.Rect.Dx(), bin.Rect.Dy()
	// Counted first: the runs are then held in exactly the memory they need, and a screen
	// over the budget costs none.
	n := 0
	for y := range h {
		row := bin.Pix[y*bin.Stride : y*bin.Stride+w]
		for x, v := range row {
			if v == 0 && (x == 0 || row[x-1] != 0) {
				n++
			}
		}
	}
	if n > w*h/maxRunShare {
		return nil, nil
	}
	type run struct{ y, x0, x1 int32 }
	runs := make([]run, 0, n)
	parent := make([]int32, 0, n)
	find := func(i int32) int32 {
		for parent[i] != i {
			parent[i] = parent[parent[i]]
			i = parent[i]
		}
		return i
	}
	prevStart, prevEnd := 0, 0
	for y := range h {
		row := bin.Pix[y*bin.Stride : y*bin.Stride+w]
		start := len(runs)
		for x := 0; x < w; {
			if row[x] != 0 {
				x++
				continue
			}
			x0 := x
			for x < w && row[x] == 0 {
				x++
			}
			runs = append(runs, run{int32(y), int32(x0), int32(x)})
			parent = append(parent, int32(len(runs)-1))
		}
		// Join each run of this row with the runs of the row above it touches, corners
		// included. Both rows' runs are in order, so one pass over each suffices.
		p := prevStart
		for i := start; i < len(runs); i++ {
			r := runs[i]
			for p < prevEnd && runs[p].x1 < r.x0 {
				p++
			}
			for q := p; q < prevEnd && runs[q].x0 <= r.x1; q++ {
				a, b := find(int32(i)), find(int32(q))
				if a != b {
					parent[max(a, b)] = min(a, b)
				}
			}
		}
		prevStart, prevEnd = start, len(runs)
	}
	// A piece's root is its first run (unions keep the smaller index), so its extent is
	// gathered in that run: its columns in the run's, its last row below in bottom.
	bottom := make([]int32, len(runs))
	for i, r := range runs {
		root := find(int32(i))
		bottom[root] = max(bottom[root], r.y+1)
		if e := &runs[root]; root != int32(i) {
			e.x0, e.x1 = min(e.x0, r.x0), max(e.x1, r.x1)
		}
	}
	minH, maxH, maxW := int32(max(2, w/120)), int32(w/12), int32(w/8)
	for i, e := range runs {
		if parent[i] != int32(i) {
			continue // not a piece's first run
		}
		b := Box{int16(e.x0), int16(e.y), int16(e.x1), int16(bottom[i])}
		switch bh, bw := bottom[i]-e.y, e.x1-e.x0; {
		case bh >= minH && bh <= maxH && bw <= maxW:
			small = append(small, b)
		case bh > maxH && bh <= int32(w/4) && bw <= int32(w/4):
			large = append(large, b)
		}
	}
	return small, large
}

// maxRunShare bounds the runs of ink marks follows: one in every maxRunShare pixels. Real
// screenshots start a run at fewer than 1 in 60 (LlamaTouch's: 1.6 in 100 at most); more
// than 1 in 8 is a pattern or noise, with no keys to find, which would cost memory with its
// pixels (a 54 KB PNG of dots, 5790 pixels square, took 850 MB).
const maxRunShare = 8
