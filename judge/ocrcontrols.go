package judge

import (
	"image"
	"math"
	"sort"
	"strings"
	"unicode"
)

// The on/off controls of a screenshot, read from their pixels as Material draws them, so a
// screenshot gives the checkable element, with its state, that a UI dump gives:
//
//   - a switch is a pill (its track) with a disc (its thumb) at one end, the disc's centre
//     half the pill's height from that end (Material 2's thumb overhangs a thinner track,
//     Material 3's sits inside it). On, the thumb is at the end (the right, left to right)
//     and the track or the thumb is in the accent colour; off, the thumb is at the start
//     and both are grey;
//   - a checkbox is a small square: checked, filled with a mark of the page's colour
//     inside (the check); unchecked, an outline with the page inside;
//   - a radio button is a small ring: checked with a dot in its middle, unchecked empty.
//
// A control is looked for only on the rows of the page's text, and becomes an element only
// when every cue of its state agrees: a thumb at the end in grey, a thumb at neither end or
// a square neither filled nor empty is left out (its state unknown), as is anything of
// another shape. The element has the bounds of what was drawn; the rules pair it with the
// label on its row as they pair a dump's switch with its row's text.

// Material's controls, in dp: a switch 36 to 52 wide and 20 to 32 high, a checkbox 18
// square, a radio button 20 across; the bounds allow for densities and styles between.
const (
	switchMinH, switchMaxH     = 14.0, 40.0
	switchMinAsp, switchMaxAsp = 1.3, 2.9
	boxMin, boxMax             = 13.0, 28.0
	accentChroma               = 40 // a colour, not a grey (themed greys are tinted a little): an accent
)

// control is a control found on a row.
type control struct {
	class   string
	checked bool
	r       image.Rectangle
}

// controls finds the switches, checkboxes and radio buttons on the rows of the screen's
// content lines, as elements. It needs the pixels (l.g); without chroma, a switch that is
// on cannot be told from a grey one and is left out.
func (l *layout) controls(lines []*ocrLine) []*ocrLine {
	if l.g == nil {
		return nil
	}
	// Text is no control, but Tesseract reads some controls as a glyph or a few (a checkbox
	// as "(J" or "oO", a switch as "Cc)" or "@"): only words it is sure of, with two
	// letters or digits at least, not a few round signs alone, are text here.
	var textBoxes []image.Rectangle
	for _, w := range l.page.Words {
		alnum := 0
		for _, r := range w.Text {
			if unicode.IsLetter(r) || unicode.IsDigit(r) {
				alnum++
			}
		}
		if w.Conf >= 75 && alnum >= 2 && !controlGlyphs(w.Text) {
			textBoxes = append(textBoxes, image.Rect(w.Left-2, w.Top-2, w.Left+w.W+2, w.Top+w.H+2))
		}
	}
	seen := make([]bool, l.w*l.h)
	var found []control
	step := max(1, l.px(2))
	// The rows to scan: those of the labels' rows, each once.
	scan := map[int]bool{}
	for _, ln := range lines {
		if !ln.content() || garbage(ln) {
			continue
		}
		// The control sits on the label's row: a row of one or two lines, the control
		// centred on it, so it may reach a little above the label and further below.
		y0, y1 := max(l.statusEnd, ln.Y1-l.px(10)), min(l.navStart, ln.Y2+l.px(22))
		if l.kbTop > 0 {
			y1 = min(y1, l.kbTop)
		}
		for y := y0; y < y1; y += step {
			scan[y] = true
		}
	}
	ys := make([]int, 0, len(scan))
	for y := range scan {
		ys = append(ys, y)
	}
	sort.Ints(ys)
	text := make([]bool, l.w)
	for _, y := range ys {
		clear(text)
		for _, b := range textBoxes {
			if y >= b.Min.Y && y < b.Max.Y {
				for x := max(0, b.Min.X); x < min(l.w, b.Max.X); x++ {
					text[x] = true
				}
			}
		}
		bg := l.rowColour(y)
		for x := 1; x < l.w; x++ {
			p := image.Pt(x, y)
			if seen[y*l.w+x] || text[x] || !l.differs(p, bg) || l.differs(image.Pt(x-1, y), bg) {
				continue
			}
			r, ok := l.component(p, bg, seen)
			if !ok {
				continue
			}
			if c, ok := l.classify(r, bg); ok {
				found = append(found, c)
			}
		}
	}
	sort.Slice(found, func(i, j int) bool {
		return found[i].r.Min.Y < found[j].r.Min.Y || found[i].r.Min.Y == found[j].r.Min.Y && found[i].r.Min.X < found[j].r.Min.X
	})
	// A line centred on a control is Tesseract's reading of its drawing: the control
	// replaces it, as a dump lists a switch without text.
	for _, ln := range lines {
		for _, c := range found {
			if inside(ln.Element, c.r) {
				ln.drop = true
			}
		}
	}
	// A state written under a label counts where nothing is drawn on its row: a drawn
	// control is the row's state, and a summary beside it may say something else.
	for _, c := range l.stateLines(lines) {
		drawn := false
		for _, d := range found {
			if d.r.Min.Y < c.r.Max.Y && c.r.Min.Y < d.r.Max.Y {
				drawn = true
			}
		}
		if !drawn {
			found = append(found, c)
		}
	}
	var out []*ocrLine
	for _, c := range found {
		out = append(out, &ocrLine{Element: Element{Class: c.class, Checkable: true, Checked: c.checked, HasBounds: true,
			X1: c.r.Min.X, Y1: c.r.Min.Y, X2: c.r.Max.X, Y2: c.r.Max.Y}, conf: 100})
	}
	return out
}

// colour is a pixel's lightness and chroma.
type colour struct{ v, c int }

func (l *layout) colourAt(p image.Point) colour { return colour{l.lum(p), l.chroma(p)} }

// differs reports whether a pixel is of a clearly different colour from c: in lightness,
// or in how colourful it is.
func (l *layout) differs(p image.Point, c colour) bool {
	return absInt(l.lum(p)-c.v) > 3 || absInt(l.chroma(p)-c.c) > 12
}

// rowColour is the commonest colour of a row: the page (or card) a row's controls sit on.
func (l *layout) rowColour(y int) colour {
	var n [256]int
	for x := 0; x < l.w; x++ {
		n[l.g.Pix[y*l.g.Stride+x]]++
	}
	v := 0
	for i := range n {
		if n[i] > n[v] {
			v = i
		}
	}
	// Its chroma: the commonest among the pixels of that lightness.
	var cn [256]int
	for x := 0; x < l.w; x++ {
		if int(l.g.Pix[y*l.g.Stride+x]) == v {
			cn[l.chroma(image.Pt(x, y))]++
		}
	}
	c := 0
	for i := range cn {
		if cn[i] > cn[c] {
			c = i
		}
	}
	return colour{v, c}
}

// component grows the 8-connected pixels that differ from the background pixel bg, from
// p, marking them seen, and returns their bounds; ok is false when they grow beyond the
// largest control (an icon's picture, a photo, a card).
func (l *layout) component(p image.Point, bg colour, seen []bool) (image.Rectangle, bool) {
	maxW, maxH := l.px(64), l.px(switchMaxH+4)
	r := image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))}
	stack := []image.Point{p}
	seen[p.Y*l.w+p.X] = true
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		r = r.Union(image.Rectangle{Min: q, Max: q.Add(image.Pt(1, 1))})
		if r.Dx() > maxW || r.Dy() > maxH {
			return r, false // what was reached stays seen, so it is not grown again
		}
		for dy := -1; dy <= 1; dy++ {
			for dx := -1; dx <= 1; dx++ {
				n := q.Add(image.Pt(dx, dy))
				if n.X < 0 || n.Y < l.statusEnd || n.X >= l.w || n.Y >= l.navStart || seen[n.Y*l.w+n.X] || !l.differs(n, bg) {
					continue
				}
				seen[n.Y*l.w+n.X] = true
				stack = append(stack, n)
			}
		}
	}
	return r, true
}

// classify reads a component as a switch, a checkbox or a radio button in a state all its
// cues agree on; ok is false otherwise.
func (l *layout) classify(r image.Rectangle, bg colour) (control, bool) {
	w, h := float64(r.Dx()), float64(r.Dy())
	hdp := h / l.dp
	switch asp := w / h; {
	case hdp >= switchMinH && hdp <= switchMaxH && asp >= switchMinAsp && asp <= switchMaxAsp:
		on, ok := l.switchState(r, bg)
		return control{"android.widget.Switch", on, r}, ok
	case hdp >= boxMin && hdp <= boxMax && w/l.dp >= boxMin && w/l.dp <= boxMax && asp >= 0.85 && asp <= 1.18:
		if on, ok := l.checkboxState(r, bg); ok {
			return control{"android.widget.CheckBox", on, r}, true
		}
		if on, ok := l.radioState(r, bg); ok {
			return control{"android.widget.RadioButton", on, r}, true
		}
	}
	return control{}, false
}

// switchState finds the thumb: a disc centred half the switch's height from one end, and
// at the other end none (the track). On is the thumb at the end with an accent colour in
// the switch; off is the thumb at the start, all grey.
func (l *layout) switchState(r image.Rectangle, bg colour) (on, ok bool) {
	h := r.Dy()
	cy := (r.Min.Y + r.Max.Y) / 2
	// The thumb may carry an icon (a check, a minus) in its middle: it is probed there and
	// a little above and below.
	thumbAt := func(x int) bool {
		for _, dy := range []int{0, -h * 3 / 10, h * 3 / 10} {
			if l.disc(image.Pt(x, cy+dy), r, h, bg) {
				return true
			}
		}
		return false
	}
	left, right := thumbAt(r.Min.X+h/2), thumbAt(r.Max.X-1-h/2)
	if left == right {
		return false, false // a thumb at both ends or at neither: not a switch we can read
	}
	// The share of the switch's pixels in an accent colour: a quarter at least when on
	// (the track or the thumb), next to none when off (anti-aliasing against a coloured
	// card mixes a little colour into a grey switch's edge).
	accent, n := 0, 0
	for y := r.Min.Y; y < r.Max.Y; y++ {
		for x := r.Min.X; x < r.Max.X; x++ {
			p := image.Pt(x, y)
			if !l.differs(p, bg) {
				continue
			}
			n++
			if l.chroma(p) >= accentChroma {
				accent++
			}
		}
	}
	switch {
	case right && accent*4 >= n:
		return true, true
	case left && accent*50 <= n:
		return false, true
	}
	return false, false
}

// disc reports whether the pixels of p's colour round p, within the switch r on bg, form a disc
// between a third of the switch's height and its height across, centred near p: a thumb.
// A track's visible part is wider than high, or bitten into by the thumb (narrowest at
// its middle row), and fails.
func (l *layout) disc(p image.Point, r image.Rectangle, h int, bg colour) bool {
	if !p.In(r) {
		return false
	}
	lim := r.Inset(-2).Intersect(l.g.Rect)
	v0, c0 := l.lum(p), l.chroma(p)
	// A thumb of a colour near the page's (Material 2's white one on a white page) ends
	// where its pixels no longer differ from the page; one of the page's colour (Material
	// 3's white thumb on a coloured track) ends at the track round it.
	onPage := !l.differs(p, bg)
	same := func(q image.Point) bool {
		return absInt(l.lum(q)-v0) <= 3 && absInt(l.chroma(q)-c0) <= 10 && (onPage || l.differs(q, bg))
	}
	// Row extents of the region, 4-connected, from p.
	rows := map[int][2]int{}
	seen := map[image.Point]bool{p: true}
	stack := []image.Point{p}
	area := 0
	b := image.Rectangle{Min: p, Max: p.Add(image.Pt(1, 1))}
	for len(stack) > 0 {
		q := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		area++
		if area > h*h*2 {
			return false
		}
		b = b.Union(image.Rectangle{Min: q, Max: q.Add(image.Pt(1, 1))})
		e, ok := rows[q.Y]
		if !ok {
			e = [2]int{q.X, q.X}
		}
		rows[q.Y] = [2]int{min(e[0], q.X), max(e[1], q.X)}
		for _, n := range []image.Point{{q.X - 1, q.Y}, {q.X + 1, q.Y}, {q.X, q.Y - 1}, {q.X, q.Y + 1}} {
			if !n.In(lim) {
				return false // it reaches past the switch: the page, not a thumb
			}
			if !seen[n] && same(n) {
				seen[n] = true
				stack = append(stack, n)
			}
		}
	}
	bw, bh := float64(b.Dx()), float64(b.Dy())
	if bh < float64(h)/3 || bh > float64(h)+2 || bw/bh < 0.87 || bw/bh > 1.15 {
		return false
	}
	if fill := float64(area) / (bw * bh); fill < 0.55 || fill > 0.92 { // an icon on the thumb leaves a hole
		return false
	}
	// A disc's rows are its chords: full width in the middle, under three quarters of it
	// 15% of the way in from the top and the bottom. A track's piece keeps its straight
	// edges there, and one bitten into by the thumb is narrowest in the middle.
	mid := (b.Min.Y + b.Max.Y) / 2
	width := func(y int) float64 { e := rows[y]; return float64(e[1] - e[0] + 1) }
	in := int(math.Round(0.15 * bh))
	if width(mid) < 0.9*bw || width(b.Min.Y+in) > 0.85*bw || width(b.Max.Y-1-in) > 0.85*bw {
		return false
	}
	cx, cy := float64(b.Min.X+b.Max.X)/2, float64(b.Min.Y+b.Max.Y)/2
	return math.Abs(cx-float64(p.X)) <= 0.15*float64(h)+2 && math.Abs(cy-float64(r.Min.Y+r.Max.Y)/2) <= 0.15*float64(h)+2
}

// checkboxState reads a small square: checked when filled (its sides' middles and its
// inside of one colour, other than the page's) with a mark of another colour inside,
// unchecked when an outline (ink at its corners and sides) with the page's colour inside.
func (l *layout) checkboxState(r image.Rectangle, bg colour) (on, ok bool) {
	s := r.Dx()
	at := func(fx, fy float64) image.Point {
		return image.Pt(r.Min.X+int(fx*float64(s)), r.Min.Y+int(fy*float64(r.Dy())))
	}
	// Ink at the four corners (a circle leaves them to the page) and at the sides' middles.
	for _, p := range []image.Point{at(0.07, 0.07), at(0.93, 0.07), at(0.07, 0.93), at(0.93, 0.93), at(0.5, 0.06), at(0.5, 0.94), at(0.06, 0.5), at(0.94, 0.5)} {
		if !l.differs(p, bg) {
			return false, false
		}
	}
	inner := image.Rect(r.Min.X+s/4, r.Min.Y+r.Dy()/4, r.Max.X-s/4, r.Max.Y-r.Dy()/4)
	page, n := 0, 0
	for y := inner.Min.Y; y < inner.Max.Y; y++ {
		for x := inner.Min.X; x < inner.Max.X; x++ {
			n++
			if !l.differs(image.Pt(x, y), bg) {
				page++
			}
		}
	}
	if n == 0 {
		return false, false
	}
	if page == n {
		return false, true // an empty box
	}
	// Filled: the side's inner edge is the fill's colour (no ring with the page inside it),
	// and the inside is mostly the fill with a mark across it.
	fill := at(0.25, 0.15)
	if !l.differs(fill, bg) || l.differs(at(0.75, 0.15), l.colourAt(fill)) || l.differs(at(0.12, 0.3), l.colourAt(fill)) || l.differs(at(0.9, 0.7), l.colourAt(fill)) {
		return false, false
	}
	// The mark is a check: a short arm down from the left to a vertex below the middle,
	// a long arm up to the right; the fill shows above the short arm and below the long
	// one. An icon on a coloured square (a picture's mountains, a letter) is drawn
	// elsewhere.
	fc := l.colourAt(fill)
	rad := max(1, s*7/100)
	markNear := func(fx, fy float64) bool {
		c := at(fx, fy)
		for y := c.Y - rad; y <= c.Y+rad; y++ {
			for x := c.X - rad; x <= c.X+rad; x++ {
				if absInt(l.lum(image.Pt(x, y))-fc.v) > 60 {
					return true
				}
			}
		}
		return false
	}
	for _, m := range [][2]float64{{0.28, 0.6}, {0.375, 0.69}, {0.59, 0.48}, {0.72, 0.35}} {
		if !markNear(m[0], m[1]) {
			return false, false
		}
	}
	for _, f := range [][2]float64{{0.3, 0.3}, {0.5, 0.25}, {0.7, 0.75}, {0.3, 0.85}, {0.85, 0.6}, {0.375, 0.45}, {0.6, 0.72}, {0.18, 0.75}} {
		if l.differs(at(f[0], f[1]), fc) {
			return false, false
		}
	}
	return true, true
}

// radioState reads a small ring: the page's colour at its corners (a circle), ink round
// its edge; checked with a dot in its middle and the page between dot and ring, unchecked
// with the page inside.
func (l *layout) radioState(r image.Rectangle, bg colour) (on, ok bool) {
	at := func(fx, fy float64) image.Point {
		return image.Pt(r.Min.X+int(fx*float64(r.Dx())), r.Min.Y+int(fy*float64(r.Dy())))
	}
	for _, p := range []image.Point{at(0.05, 0.05), at(0.95, 0.05), at(0.05, 0.95), at(0.95, 0.95)} {
		if l.differs(p, bg) {
			return false, false
		}
	}
	for _, p := range []image.Point{at(0.5, 0.04), at(0.5, 0.96), at(0.04, 0.5), at(0.96, 0.5)} {
		if !l.differs(p, bg) {
			return false, false
		}
	}
	gaps := []image.Point{at(0.5, 0.2), at(0.5, 0.8), at(0.2, 0.5), at(0.8, 0.5)}
	for _, p := range gaps {
		if l.differs(p, bg) {
			return false, false
		}
	}
	centre := at(0.5, 0.5)
	if !l.differs(centre, bg) {
		return false, true
	}
	for _, p := range []image.Point{at(0.42, 0.5), at(0.58, 0.5), at(0.5, 0.42), at(0.5, 0.58)} {
		if l.differs(p, l.colourAt(centre)) {
			return false, false
		}
	}
	return true, true
}

// chroma is a pixel's chroma, 0 where the screenshot's colours are not known.
func (l *layout) chroma(p image.Point) int {
	if l.c == nil {
		return 0
	}
	return int(l.c.Pix[p.Y*l.c.Stride+p.X])
}

// stateLines finds the tiles and rows that write their state under their label: a quick
// settings tile ("Bluetooth" over "On"), which a dump lists as a switch, or a setting whose
// summary is its state. A line reading just "On" or "Off", under a short label starting at
// the same place, within a line's height of it, is that label's switch in that state.
func (l *layout) stateLines(lines []*ocrLine) []control {
	var out []control
	for _, st := range lines {
		t := strings.ToLower(strings.TrimSpace(st.Text))
		if !st.content() || (t != "on" && t != "off") {
			continue
		}
		for _, lb := range lines {
			h := lb.Y2 - lb.Y1
			if lb == st || !lb.content() || !isLabel(lb) || lb.Y2 > st.Y1 || st.Y1-lb.Y2 > h || absInt(lb.X1-st.X1) > l.px(3) {
				continue
			}
			out = append(out, control{"android.widget.Switch", t == "on", image.Rect(min(lb.X1, st.X1), lb.Y1, max(lb.X2, st.X2), st.Y2)})
			break
		}
	}
	return out
}

// controlGlyphs reports whether a word is at most three of the signs Tesseract makes of a
// control's ring, box or pill ("oO", "(J", "Cc)", "@").
func controlGlyphs(w string) bool {
	n := 0
	for _, r := range w {
		n++
		if !strings.ContainsRune("oO0QD@©®()[]{}|CcJjIl1", r) {
			return false
		}
	}
	return n <= 3
}
