package ocr

import "image"

// marks finds the connected pieces of ink (8-connected) of the binarised screenshot that
// have the size of a glyph, relative to the screen's width: at least W/120 and at most W/12
// high, at most W/8 wide. Rows of them that Tesseract did not read as words are the keys of
// a keyboard, for one. Pieces are grown from runs of ink, row by row, so the cost follows
// the ink, not the pixels.
func marks(bin *image.Gray) []Box {
	w, h := bin.Rect.Dx(), bin.Rect.Dy()
	type run struct{ y, x0, x1 int32 }
	var runs []run
	var parent []int32
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
	type extent struct{ x1, y1, x2, y2 int32 }
	ext := map[int32]*extent{}
	var order []int32
	for i, r := range runs {
		root := find(int32(i))
		e := ext[root]
		if e == nil {
			e = &extent{r.x0, r.y, r.x1, r.y + 1}
			ext[root] = e
			order = append(order, root)
			continue
		}
		e.x1, e.x2 = min(e.x1, r.x0), max(e.x2, r.x1)
		e.y2 = max(e.y2, r.y+1)
	}
	minH, maxH, maxW := int32(max(2, w/120)), int32(w/12), int32(w/8)
	var out []Box
	for _, root := range order {
		e := ext[root]
		if bh, bw := e.y2-e.y1, e.x2-e.x1; bh >= minH && bh <= maxH && bw <= maxW {
			out = append(out, Box{int16(e.x1), int16(e.y1), int16(e.x2), int16(e.y2)})
		}
	}
	return out
}
