package judge

import (
	"image"
	"math"
	"regexp"
	"sort"
	"strings"
	"unicode"

	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/judge/screentext"
)

// layout reads what kind of screen a screenshot is from the boxes of its words, its marks
// of ink and its pixels. Lengths are measured in dp, taken as a 411th of the screen's
// width (phones are 360 to 430 dp wide), so the rules hold at any resolution.
type layout struct {
	page      *ocr.Page
	g         *image.Gray // nil: no pixel rules
	c         *image.Gray // the pixels' chroma; nil: none known (controls read as grey)
	w, h      int
	dp        float64
	statusEnd int // the status bar's bottom
	navStart  int // the navigation bar's top
	kbTop     int // the keyboard's top edge; 0 when no keyboard is up
	stamp     []uint8
	stampN    uint8
	page0     int // the page's colour, -1 until measured
}

func newLayout(page *ocr.Page, g *image.Gray) *layout {
	l := &layout{page: page, g: g, w: page.W, h: page.H, page0: -1}
	if g != nil && (g.Rect.Dx() != page.W || g.Rect.Dy() != page.H) {
		l.g = nil // not the picture the page was read from
	}
	l.dp = float64(max(1, l.w)) / 411
	l.statusEnd = l.h * 35 / 1000
	l.navStart = l.h - l.h*35/1000
	return l
}

// read labels the lines: system bars, keyboard, dialog, fields at the top and above the
// keyboard, and the launcher, in that order (each rule reads only what the earlier ones
// left as the app's).
func (l *layout) read(sc *Screen, lines []*ocrLine) {
	for _, ln := range lines {
		// By the line's middle: the status bar's signal and battery icons, read as letters,
		// reach below the band where they stand taller than the clock.
		if mid := (ln.Y1 + ln.Y2) / 2; l.h > 0 && (mid <= l.statusEnd || mid >= l.navStart) {
			ln.Role = RoleSystem // the status bar's clock and icons, the navigation bar
		}
	}
	if top, keys, ok := l.keyboard(); ok {
		l.kbTop = top
		sc.Keyboard, sc.Keys = KeyboardSeen, keys
		for _, ln := range lines {
			if ln.Role != "" || (ln.Y1+ln.Y2)/2 < top {
				continue
			}
			ln.Role = RoleKeyboard
			switch {
			case ln.Y1 > top+l.px(50) || isKey(ln.Element):
				// Keys Tesseract did read (a digit, "?123", a row read as one word) are
				// counted, not listed, as a UI dump's are.
				ln.drop = true
			case mentionsClipboard(ln.Element) || clipLike(ln.Element):
				ln.Mark = MarkClipboard // a clip offered on the strip
			default:
				ln.Mark = MarkKeyboard // a suggestion
			}
		}
	}
	if box, ok := l.dialog(lines); ok {
		sc.Dialog = true
		permission := permissionPrompt(lines, box)
		if permission {
			sc.PackageFrom = promptFront // no package, but the system's prompt is in front
		}
		for _, ln := range lines {
			switch {
			case ln.Role != "" || ln.drop:
			case !inside(ln.Element, box):
				ln.drop = true // dimmed behind the scrim
			case permission:
				ln.Role = RoleSystem
			}
		}
	}
	if !sc.Dialog && permissionWords(lines) {
		// The prompt's card was not told from its page (a light card on a dark scrim
		// reads as neither), but its words are the system's own: the question "Allow
		// <app> to ...?" and two of its answers.
		sc.PackageFrom = promptFront
		for _, ln := range lines {
			if ln.Role == "" && !ln.drop {
				ln.Role = RoleSystem
			}
		}
	}
	l.topField(lines)
	l.composeField(lines)
	sc.Launcher = l.launcher(lines)
}

// permissionAsk is the prompt's question: "Allow <app> to ...".
var permissionAsk = regexp.MustCompile(`(?i)^allow\s+\S.*?\s+to\s+\S`)

// permissionWords reports whether a screen's lines are a permission prompt's by their words
// alone: the question "Allow <app> to ...", and under it at least two of the prompt's answers.
func permissionWords(lines []*ocrLine) bool {
	askY := -1
	for _, ln := range lines {
		t := strings.TrimSpace(ln.Text)
		if !ln.drop && ln.Role == "" && permissionAsk.MatchString(t) && !permissionButtons.MatchString(t) {
			askY = ln.Y1
			break
		}
	}
	answers := 0
	for _, ln := range lines {
		if !ln.drop && ln.Role == "" && askY >= 0 && ln.Y1 > askY && permissionButtons.MatchString(strings.TrimSpace(ln.Text)) {
			answers++
		}
	}
	return answers >= 2
}

func (l *layout) px(dp float64) int { return int(math.Round(dp * l.dp)) }

func centre(e Element) (int, int) { return (e.X1 + e.X2) / 2, (e.Y1 + e.Y2) / 2 }

func inside(e Element, b image.Rectangle) bool {
	x, y := centre(e)
	return image.Pt(x, y).In(b)
}

// content reports whether a line is still the app's own, unlabelled text.
func (ln *ocrLine) content() bool { return !ln.drop && ln.Role == "" && ln.Mark == "" && !ln.Editable }

// --- the keyboard ---

// keyboard finds an on-screen keyboard by its rows of keys: at least two rows, one above
// the other a key's height apart, each of at least seven glyphs (or glyph groups: "?123")
// spaced evenly at about a tenth of the screen's width, in the lower 65% of the screen.
// Tesseract reads few of a keyboard's lone letters, so the rows are found among the marks
// of ink. A calculator's keypad (four keys a row), a dial pad (three) and a month's grid
// (seven days a seventh of the width apart) do not fit. It returns the keyboard's top edge
// (above its suggestion strip) and the number of keys found.
func (l *layout) keyboard() (top, keys int, ok bool) {
	type mark struct{ x1, y1, x2, y2, cy int }
	var ms []mark
	for _, m := range l.page.Marks {
		y1, y2 := int(m.Y1), int(m.Y2)
		if cy := (y1 + y2) / 2; cy > l.h*35/100 && y2 < l.navStart {
			ms = append(ms, mark{int(m.X1), y1, int(m.X2), y2, cy})
		}
	}
	sort.Slice(ms, func(i, j int) bool { return ms[i].cy < ms[j].cy })
	// Rows: marks whose middles lie within 10 dp of the row's first.
	type row struct {
		cy    float64
		marks []mark
	}
	var rows []row
	for _, m := range ms {
		if n := len(rows); n > 0 && float64(m.cy)-rows[n-1].cy <= 10*l.dp {
			rows[n-1].marks = append(rows[n-1].marks, m)
			continue
		}
		rows = append(rows, row{cy: float64(m.cy), marks: []mark{m}})
	}
	type keyRow struct {
		cy   float64
		keys int
	}
	var keyRows []keyRow
	for _, r := range rows {
		// Glyphs of one key ("i" and its dot, "?123") join: pieces closer than 3 dp.
		sort.Slice(r.marks, func(i, j int) bool { return r.marks[i].x1 < r.marks[j].x1 })
		var units [][2]int
		for _, m := range r.marks {
			if n := len(units); n > 0 && m.x1-units[n-1][1] <= l.px(3) {
				units[n-1][1] = max(units[n-1][1], m.x2)
				continue
			}
			units = append(units, [2]int{m.x1, m.x2})
		}
		if n := evenRun(units, 0.07*float64(l.w), 0.13*float64(l.w)); n >= 7 {
			keyRows = append(keyRows, keyRow{r.cy, n})
		}
	}
	// The keyboard is the lowest run of key rows 30 to 80 dp apart.
	for i := len(keyRows) - 1; i > 0; i-- {
		j := i
		for j > 0 {
			d := keyRows[j].cy - keyRows[j-1].cy
			if d < 30*l.dp || d > 80*l.dp {
				break
			}
			j--
		}
		if j == i {
			continue
		}
		pitch := (keyRows[i].cy - keyRows[j].cy) / float64(i-j)
		for k := j; k <= i; k++ {
			keys += keyRows[k].keys
		}
		keysTop := int(keyRows[j].cy - pitch/2)
		return l.keyboardEdge(keysTop), keys, true
	}
	return 0, 0, false
}

// evenRun is the length of the longest run of units (horizontal extents, in order) whose
// middles follow each other at one pitch between lo and hi, give or take a fifth; a key
// missed on the way (twice the pitch) keeps the run going.
func evenRun(units [][2]int, lo, hi float64) int {
	mid := func(u [2]int) float64 { return float64(u[0]+u[1]) / 2 }
	best := 0
	for i := range units {
		for j := i + 1; j < len(units) && j <= i+2; j++ {
			p := mid(units[j]) - mid(units[i])
			if p < lo || p > hi {
				continue
			}
			n, last := 2, mid(units[j])
			for k := j + 1; k < len(units); k++ {
				d := mid(units[k]) - last
				steps := math.Round(d / p)
				if steps < 1 || steps > 2 || math.Abs(d-steps*p) > p/5 {
					if d > 2.2*p {
						break
					}
					continue
				}
				n, last = n+1, mid(units[k])
			}
			best = max(best, n)
		}
	}
	return best
}

// keyboardEdge finds the keyboard's top edge above its top row of keys: its background
// reaches up over the suggestion strip to where the app's page begins. Without pixels, or
// when no edge shows within 56 dp, the strip is taken as 46 dp high (Gboard's).
func (l *layout) keyboardEdge(keysTop int) int {
	fallback := keysTop - l.px(46)
	if l.g == nil || keysTop < 3 {
		return fallback
	}
	bg := l.rowMedian(keysTop - 2)
	for y := keysTop - 3; y >= max(0, keysTop-l.px(56)); y-- {
		if l.rowMatch(y, bg, 10) < 0.6 {
			if keysTop-y < l.px(20) {
				return fallback // an edge right above the keys: no strip of the same colour
			}
			return y + 1
		}
	}
	return fallback
}

// pageColour is the page's background: the median luminance of the screen between the
// bars.
func (l *layout) pageColour() int {
	if l.page0 < 0 {
		var vs []int
		for y := l.statusEnd; y < l.navStart; y += 8 {
			for x := 0; x < l.w; x += 8 {
				vs = append(vs, int(l.g.Pix[y*l.g.Stride+x]))
			}
		}
		sort.Ints(vs)
		l.page0 = 0
		if len(vs) > 0 {
			l.page0 = vs[len(vs)/2]
		}
	}
	return l.page0
}

// rowMedian is the median luminance of a row of pixels (every fourth).
func (l *layout) rowMedian(y int) int {
	var vs []int
	for x := 0; x < l.w; x += 4 {
		vs = append(vs, int(l.g.Pix[y*l.g.Stride+x]))
	}
	sort.Ints(vs)
	return vs[len(vs)/2]
}

// rowMatch is the share of a row's pixels (every fourth) within tol of v.
func (l *layout) rowMatch(y, v, tol int) float64 {
	n, in := 0, 0
	for x := 0; x < l.w; x += 4 {
		n++
		if d := int(l.g.Pix[y*l.g.Stride+x]) - v; d >= -tol && d <= tol {
			in++
		}
	}
	return float64(in) / float64(n)
}

// --- dialogs ---

// dialog finds a dialog over a dimmed page: a panel of one colour around some lines, clear
// of the screen's edges, at least half the screen wide, darker all round outside (the
// scrim), holding a title and at least one more line. Cards on a page are clear of the
// edges too, but the page around them is not dimmed.
func (l *layout) dialog(lines []*ocrLine) (image.Rectangle, bool) {
	if l.g == nil {
		return image.Rectangle{}, false
	}
	var tried []image.Rectangle
	for _, ln := range lines {
		if !ln.content() {
			continue
		}
		x, y := centre(ln.Element)
		if y < l.h*15/100 || y > l.h*85/100 || inAny(image.Pt(x, y), tried) {
			continue
		}
		hgt := ln.Y2 - ln.Y1
		seed := image.Pt(ln.X1-max(3, hgt/3), y)
		limit := image.Rect(l.px(4), l.statusEnd, l.w-l.px(4), l.navStart)
		r, fill, ok := l.fill(seed, limit, l.w*l.h)
		if !ok {
			continue // the page's background, reaching the screen's edges: no panel
		}
		tried = append(tried, r)
		if r.Dx() < l.w/2 || r.Dy() < 3*hgt {
			continue
		}
		if !l.dimmedAround(r, fill) {
			continue
		}
		// Behind a scrim every text has lost contrast: the strongest line outside the
		// panel is well below the strongest inside. A card's page keeps its contrast.
		n, in, out := 0, 0, 0
		for _, o := range lines {
			switch {
			case !o.content():
			case inside(o.Element, r):
				n++
				in = max(in, l.contrast(o.Element))
			default:
				out = max(out, l.contrast(o.Element))
			}
		}
		if n >= 2 && float64(out) <= 0.82*float64(in) {
			return r, true
		}
	}
	return image.Rectangle{}, false
}

func inAny(p image.Point, rs []image.Rectangle) bool {
	for _, r := range rs {
		if p.In(r) {
			return true
		}
	}
	return false
}

// dimmedAround reports whether the pixels just outside a panel, all round it, are darker
// than its fill: a scrim lies over the page behind it.
func (l *layout) dimmedAround(r image.Rectangle, fill int) bool {
	d := max(3, l.px(6))
	need := max(12, fill*12/100)
	var pts []image.Point
	for i := 1; i < 8; i++ {
		x := r.Min.X + r.Dx()*i/8
		y := r.Min.Y + r.Dy()*i/8
		pts = append(pts, image.Pt(x, r.Min.Y-d), image.Pt(x, r.Max.Y+d), image.Pt(r.Min.X-d, y), image.Pt(r.Max.X+d, y))
	}
	for _, p := range pts {
		if !p.In(l.g.Rect) || fill-int(l.g.Pix[p.Y*l.g.Stride+p.X]) < need {
			return false
		}
	}
	return true
}

// contrast is the spread of luminance over a line's box: its ink against its background.
func (l *layout) contrast(e Element) int {
	lo, hi := 255, 0
	for y := max(0, e.Y1); y < min(l.h, e.Y2); y++ {
		for x := max(0, e.X1); x < min(l.w, e.X2); x++ {
			v := int(l.g.Pix[y*l.g.Stride+x])
			lo, hi = min(lo, v), max(hi, v)
		}
	}
	return max(0, hi-lo)
}

// permissionWords are the answers of Android's permission prompt.
var permissionButtons = regexp.MustCompile(`(?i)^(allow|deny|don.?t allow|while using the app|only this time|allow all the time|allow only while using the app|ask every time)$`)

// permissionPrompt reports whether a dialog is the system's permission prompt: it asks to
// "Allow <app> to ..." and offers the prompt's answers.
func permissionPrompt(lines []*ocrLine, box image.Rectangle) bool {
	ask, answers := false, 0
	for _, ln := range lines {
		if ln.drop || ln.Role != "" || !inside(ln.Element, box) {
			continue
		}
		t := strings.TrimSpace(ln.Text)
		if strings.HasPrefix(strings.ToLower(t), "allow ") && !permissionButtons.MatchString(t) {
			ask = true
		}
		if permissionButtons.MatchString(t) {
			answers++
		}
	}
	return ask && answers > 0
}

// --- fields ---

// fieldBox finds the box a line of text sits in: a single-line filled or outlined box
// (a search pill, a text field), at least 45% of the screen wide, clear of the screen's
// side edges (an app bar spans them), its text starting in its left part (a button's is
// centred). fill is the box's colour.
func (l *layout) fieldBox(e Element) (r image.Rectangle, fill int, ok bool) {
	return l.fieldBoxOver(e, 0)
}

// fieldBoxOver is fieldBox for a box that may also hold more lines of text above e's (a
// message of several lines being composed): it may reach up to above pixels higher.
func (l *layout) fieldBoxOver(e Element, above int) (r image.Rectangle, fill int, ok bool) {
	if l.g == nil {
		return image.Rectangle{}, 0, false
	}
	hgt := e.Y2 - e.Y1
	off := max(3, hgt/3)
	cx, cy := centre(e)
	probes := []image.Point{{e.X1 - off, cy}, {cx, e.Y1 - off}, {cx, e.Y2 + off}}
	seed, ok := l.agreeing(probes)
	if !ok {
		return image.Rectangle{}, 0, false
	}
	limit := image.Rect(1, max(0, e.Y1-max(2*hgt, l.px(36))-above), l.w-1, min(l.h, e.Y2+max(2*hgt, l.px(36))))
	r, fill, ok = l.fill(seed, limit, l.w*limit.Dy())
	// A single line's box: taller than its text, at most 72 dp (Material's fields are 56,
	// search bars 48 to 56) or four text heights, whichever allows more: the ink of a word
	// without ascenders or descenders ("cal") is half its font's height.
	if !ok || r.Dy() < hgt*115/100 || r.Dy() > max(4*hgt, l.px(72))+above || r.Dx() < l.w*45/100 ||
		!image.Pt(cx, cy).In(r) || e.X1-r.Min.X > r.Dx()*2/5 {
		return image.Rectangle{}, 0, false
	}
	return r, fill, true
}

// agreeing picks, of a few probe points, one whose colour at least one other shares.
func (l *layout) agreeing(ps []image.Point) (image.Point, bool) {
	for i, p := range ps {
		if !p.In(l.g.Rect) {
			continue
		}
		for j, q := range ps {
			if i != j && q.In(l.g.Rect) && absInt(l.lum(p)-l.lum(q)) <= 6 {
				return p, true
			}
		}
	}
	return image.Point{}, false
}

func (l *layout) lum(p image.Point) int { return int(l.g.Pix[p.Y*l.g.Stride+p.X]) }

func absInt(v int) int {
	if v < 0 {
		return -v
	}
	return v
}

// faint reports whether a line's text is drawn as a hint is (Material's hint and secondary
// text, about 60% opaque), not as typed text (87%): its darkest (or, on a dark fill,
// lightest) pixel is less than 72% of the way from the fill to black (white).
func (l *layout) faint(e Element, fill int) bool {
	ext := fill
	for y := max(0, e.Y1); y < min(l.h, e.Y2); y++ {
		for x := max(0, e.X1); x < min(l.w, e.X2); x++ {
			v := int(l.g.Pix[y*l.g.Stride+x])
			if fill >= 128 {
				ext = min(ext, v)
			} else {
				ext = max(ext, v)
			}
		}
	}
	span := fill
	if fill < 128 {
		span = 255 - fill
	}
	return float64(absInt(ext-fill)) < 0.72*float64(span)
}

// webAddress matches a line that is a web address, as an address bar shows one.
var webAddress = regexp.MustCompile(`(?i)^(https?://)?(www\.)?[a-z0-9-]+(\.[a-z0-9-]+)*\.[a-z]{2,}(/\S*)?$`)

// topField marks the search box or address bar at the top of the screen: the first line
// below the status bar within 120 dp that sits in a field's box, or is a web address.
// Faint text in it is the field's hint; other text is a query (MarkSearch), and the lines
// listed under it that hold the query are its suggestions (MarkSearch too) when a keyboard
// is up or at least two follow it directly.
func (l *layout) topField(lines []*ocrLine) {
	var field *ocrLine
	for _, ln := range lines {
		_, y := centre(ln.Element)
		if !ln.content() || y < l.statusEnd || y > l.statusEnd+l.px(120) {
			continue
		}
		r, fill, boxed := l.fieldBox(ln.Element)
		if boxed && r.Min.Y > l.statusEnd+l.px(32) {
			boxed = false // a box lower down: a message bubble, a card
		}
		if !boxed && !webAddress.MatchString(strings.TrimSpace(ln.Text)) {
			continue
		}
		if boxed && lineCount(lines, r) > 1 {
			continue // tabs or chips sharing one box
		}
		ln.Editable, ln.Class = true, "field"
		if boxed && l.faint(ln.Element, fill) {
			ln.Hint, ln.Text = ln.Text, ""
			return
		}
		ln.Mark = MarkSearch
		field = ln
		break
	}
	if field == nil {
		return
	}
	q := screentext.Squeeze(strings.ToLower(field.Text))
	if len(q) < 3 {
		return
	}
	// A suggestion holds the query, or its longest word: a browser offers pages of the
	// site typed ("wikipedia app" for "wikipedia.org").
	word := ""
	for _, w := range strings.FieldsFunc(strings.ToLower(field.Text), func(r rune) bool { return !screentext.IsWordRune(r) }) {
		if len(w) >= 4 && len(w) > len(word) {
			word = w
		}
	}
	var below []*ocrLine
	for _, ln := range lines {
		if ln.content() && ln.Y1 >= field.Y2 && (l.kbTop == 0 || ln.Y2 <= l.kbTop) {
			below = append(below, ln)
		}
	}
	sort.SliceStable(below, func(i, j int) bool { return below[i].Y1 < below[j].Y1 })
	holds := func(ln *ocrLine) bool {
		t := screentext.Squeeze(strings.ToLower(ln.Text))
		return strings.Contains(t, q) || word != "" && strings.Contains(t, word)
	}
	if l.kbTop == 0 && !(len(below) >= 2 && holds(below[0]) && holds(below[1])) {
		return
	}
	misses := 0
	for _, ln := range below {
		if !holds(ln) {
			if misses++; misses > 1 {
				break
			}
			continue
		}
		misses = 0
		ln.Mark = MarkSearch
	}
}

// lineCount counts the lines, of any kind, whose middle lies in r.
func lineCount(lines []*ocrLine, r image.Rectangle) int {
	n := 0
	for _, ln := range lines {
		if !ln.drop && inside(ln.Element, r) {
			n++
		}
	}
	return n
}

// composeField marks the field in a box right above the keyboard, or at the bottom of the
// page (within 90 dp): a message being composed (MarkTyped), or the field's hint. A box
// of the page's inverse colour there is a snackbar, the app's message, not a field.
func (l *layout) composeField(lines []*ocrLine) {
	bottom := l.kbTop
	if bottom == 0 {
		bottom = l.navStart
	}
	var field *ocrLine
	for _, ln := range lines {
		if ln.content() && !garbage(ln) && ln.Y2 <= bottom && ln.Y2 >= bottom-l.px(90) && (field == nil || ln.Y2 > field.Y2) {
			field = ln
		}
	}
	if field == nil {
		return
	}
	r, fill, ok := l.fieldBox(field.Element)
	if ok && lineCount(lines, r) > 1 {
		ok = false
	}
	if !ok {
		// A message of several lines wraps in a box that grows upwards with it, as
		// Material's multi-line fields do: its lines, read one by one, are the field's text.
		hgt := field.Y2 - field.Y1
		r, fill, ok = l.fieldBoxOver(field.Element, (maxComposeLines-1)*2*hgt)
		if !ok || !l.joinFieldLines(lines, field, r) {
			return
		}
	}
	if absInt(fill-l.pageColour()) > 80 {
		return
	}
	field.Editable, field.Class = true, "field"
	if l.faint(field.Element, fill) {
		field.Hint, field.Text = field.Text, ""
		return
	}
	field.Mark = MarkTyped
}

// maxComposeLines is the most lines of a message being composed read as one field; a
// messaging app's field grows to about that many before it scrolls.
const maxComposeLines = 4

// joinFieldLines makes field, the lowest line in the box r, the field's whole text when
// every other line in r is the app's text starting where field's does, one above the
// other (as wrapped lines of one text are): it holds their text in reading order, they
// are left out. It reports whether it did.
func (l *layout) joinFieldLines(lines []*ocrLine, field *ocrLine, r image.Rectangle) bool {
	var in []*ocrLine
	for _, ln := range lines {
		if ln.drop || !inside(ln.Element, r) {
			continue
		}
		hgt := max(ln.Y2-ln.Y1, field.Y2-field.Y1)
		if !ln.content() || absInt(ln.X1-field.X1) > hgt || ln != field && ln.Y2 > field.Y1 {
			return false
		}
		in = append(in, ln)
	}
	if len(in) < 2 || len(in) > maxComposeLines {
		return false
	}
	sort.SliceStable(in, func(i, j int) bool { return in[i].Y1 < in[j].Y1 })
	var text []string
	for _, ln := range in {
		text = append(text, strings.TrimSpace(ln.Text))
		if ln != field {
			ln.drop = true
		}
		field.X1, field.Y1 = min(field.X1, ln.X1), min(field.Y1, ln.Y1)
		field.X2 = max(field.X2, ln.X2)
	}
	field.Text = strings.Join(text, " ")
	return true
}

// --- the launcher ---

// launcher reports whether the screen is the home screen or the app drawer: short labels
// (a word or three, under 20 letters) centred under icons in the four to six columns of a
// phone's launcher, in rows far enough apart for the icons between them, and little else
// on the page below its top fifth (a date, a weather or a search widget sit there). Either
// at least six labels in two or more rows, with other lines at most a fifth as many, or
// one row of four or more with nothing else below the top fifth and clear of the bottom
// (an app's bottom navigation sits right on it, under a page of content).
func (l *layout) launcher(lines []*ocrLine) bool {
	w := float64(l.w)
	type label struct {
		ln     *ocrLine
		cx, cy float64
		row    int
		icon   bool // text inside an icon, not a label
	}
	var labels []*label
	var others []*ocrLine
	for _, ln := range lines {
		if !ln.content() {
			continue
		}
		if _, y := centre(ln.Element); y < l.h/5 {
			continue // widgets, the drawer's search box
		}
		if isLabel(ln) && float64(ln.Y2-ln.Y1) <= 0.05*w {
			labels = append(labels, &label{ln: ln, cx: float64(ln.X1+ln.X2) / 2, cy: float64(ln.Y1+ln.Y2) / 2})
		} else if !garbage(ln) {
			others = append(others, ln)
		}
	}
	if len(labels) < 4 {
		return false
	}
	// Rows: labels whose middles lie within 2% of the width of the row's first.
	tol := 0.02 * w
	sort.Slice(labels, func(i, j int) bool { return labels[i].cy < labels[j].cy })
	var rowsY []float64
	rowN := map[int]int{}
	for _, lb := range labels {
		if n := len(rowsY); n == 0 || lb.cy-rowsY[n-1] > tol {
			rowsY = append(rowsY, lb.cy)
		}
		lb.row = len(rowsY) - 1
		rowN[lb.row]++
	}
	// Text inside an icon (a logo's letters) stands alone on its row, right above a label
	// of the same column in a row of labels.
	for _, a := range labels {
		for _, b := range labels {
			if d := b.cy - a.cy; rowN[a.row] == 1 && rowN[b.row] >= 2 && d > 0 && d <= 0.16*w && math.Abs(a.cx-b.cx) <= 0.04*w {
				a.icon = true
			}
		}
	}
	// The pitch: the commonest gap between labels of a row that fits four to six columns
	// (a 6.5th to a 3.6th of the width; three columns are an app's grid of pictures, a dial
	// pad).
	var gaps []float64
	for _, a := range labels {
		for _, b := range labels {
			if d := b.cx - a.cx; !a.icon && !b.icon && a.row == b.row && d >= w/6.5 && d <= w/3.6 {
				gaps = append(gaps, d)
			}
		}
	}
	pitch, _ := commonest(gaps, func(a, b float64) bool { return math.Abs(a-b) <= tol })
	if pitch == 0 {
		return false
	}
	// The columns sit at one offset modulo the pitch: the commonest.
	var offs []float64
	for _, lb := range labels {
		if !lb.icon {
			offs = append(offs, math.Mod(lb.cx, pitch))
		}
	}
	off, _ := commonest(offs, func(a, b float64) bool { return circDist(a, b, pitch) <= tol })
	onGrid := func(lb *label) bool { return circDist(math.Mod(lb.cx, pitch), off, pitch) <= tol }
	// The grid: labels on the columns, in rows holding at least two of them. A lone label
	// on a column counts for neither side: page text may happen to sit there, and OCR may
	// have missed the rest of its row.
	perRow := map[int]int{}
	for _, lb := range labels {
		if !lb.icon && onGrid(lb) {
			perRow[lb.row]++
		}
	}
	var grid []*label
	rows, cols := map[int]bool{}, map[int]bool{}
	for _, lb := range labels {
		switch {
		case lb.icon:
		case onGrid(lb) && perRow[lb.row] >= 2:
			grid = append(grid, lb)
			rows[lb.row] = true
			cols[int(math.Round((lb.cx-off)/pitch))] = true
		case !onGrid(lb):
			others = append(others, lb.ln)
		}
	}
	if len(cols) < 3 {
		return false
	}
	// Rows must leave room for the icons: at least three label heights apart.
	var ys, hs []float64
	for r := range rows {
		ys = append(ys, rowsY[r])
	}
	for _, lb := range grid {
		hs = append(hs, float64(lb.ln.Y2-lb.ln.Y1))
	}
	sort.Float64s(ys)
	sort.Float64s(hs)
	for i := 1; i < len(ys); i++ {
		if ys[i]-ys[i-1] < 3*hs[len(hs)/2] {
			return false
		}
	}
	// Other text, unless it sits inside an icon above a label.
	rest := 0
	for _, o := range others {
		ox, oy := centre(o.Element)
		inIcon := false
		for _, lb := range grid {
			if math.Abs(float64(ox)-lb.cx) <= 0.08*w && float64(oy) < lb.cy && lb.cy-float64(oy) <= 0.18*w {
				inIcon = true
				break
			}
		}
		if !inIcon {
			rest++
		}
	}
	if len(rows) >= 2 {
		return len(grid) >= 6 && 5*rest <= len(grid)
	}
	bottom := 0
	for _, lb := range grid {
		bottom = max(bottom, lb.ln.Y2)
	}
	return len(grid) >= 4 && rest == 0 && bottom < l.navStart-l.px(100)
}

// commonest is the value with the most others near it (the first such, in order), and how
// many; 0 and 0 for none.
func commonest(vs []float64, near func(a, b float64) bool) (float64, int) {
	best, bestN := 0.0, 0
	for _, a := range vs {
		n := 0
		for _, b := range vs {
			if near(a, b) {
				n++
			}
		}
		if n > bestN {
			best, bestN = a, n
		}
	}
	return best, bestN
}

func circDist(a, b, m float64) float64 {
	d := math.Abs(a - b)
	return math.Min(d, m-d)
}

// isLabel reports whether a line reads as an app's label: one to three words, at most 19
// letters and digits, mostly letters (a truncated "Amazon Sh..." too).
func isLabel(ln *ocrLine) bool {
	t := strings.TrimSpace(ln.Text)
	if n := len(strings.Fields(t)); n == 0 || n > 3 || garbage(ln) {
		return false
	}
	letters, other := 0, 0
	for _, r := range t {
		switch {
		case unicode.IsLetter(r):
			letters++
		case unicode.IsDigit(r):
			other++
		}
	}
	return letters >= 3 && letters+other <= 19 && other*2 <= letters
}

// garbage reports whether a line is more likely an icon Tesseract took for letters than
// text: unsure, or fewer than three letters.
func garbage(ln *ocrLine) bool {
	letters := 0
	for _, r := range ln.Text {
		if unicode.IsLetter(r) || unicode.IsDigit(r) {
			letters++
		}
	}
	return ln.conf < 60 || letters < 3
}

// --- pixels ---

// fill grows the region of pixels within 8 of the seed's luminance, 4-connected, from the
// seed, and returns its bounds and colour. ok is false when the region leaves limit or
// grows past maxArea: it is no box.
func (l *layout) fill(seed image.Point, limit image.Rectangle, maxArea int) (image.Rectangle, int, bool) {
	if !seed.In(limit) {
		return image.Rectangle{}, 0, false
	}
	if l.stamp == nil || l.stampN == 255 {
		l.stamp = make([]uint8, l.w*l.h)
		l.stampN = 0
	}
	l.stampN++
	mark := l.stampN
	v0 := l.lum(seed)
	match := func(x, y int) bool {
		i := y*l.w + x
		if l.stamp[i] == mark {
			return false
		}
		d := int(l.g.Pix[y*l.g.Stride+x]) - v0
		return d >= -8 && d <= 8
	}
	r := image.Rectangle{Min: seed, Max: seed.Add(image.Pt(1, 1))}
	area := 0
	stack := []image.Point{seed}
	for len(stack) > 0 {
		p := stack[len(stack)-1]
		stack = stack[:len(stack)-1]
		if !match(p.X, p.Y) {
			continue
		}
		a, b := p.X, p.X
		for a-1 >= 0 && match(a-1, p.Y) {
			a--
		}
		for b+1 < l.w && match(b+1, p.Y) {
			b++
		}
		for x := a; x <= b; x++ {
			l.stamp[p.Y*l.w+x] = mark
		}
		area += b - a + 1
		r = r.Union(image.Rect(a, p.Y, b+1, p.Y+1))
		if !r.In(limit) || area > maxArea {
			return r, v0, false
		}
		for _, y := range []int{p.Y - 1, p.Y + 1} {
			if y < 0 || y >= l.h {
				continue
			}
			for x := a; x <= b; x++ {
				if match(x, y) && (x == a || !match(x-1, y)) {
					stack = append(stack, image.Pt(x, y))
				}
			}
		}
	}
	return r, v0, true
}
