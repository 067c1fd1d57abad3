package judge

import (
	"context"
	"fmt"
	"image"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"sync"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/trace"
	"github.com/autoeval/autoeval/uixml"
)

// The variants the layout rules were designed on; variants of other sizes, themes and
// names, read at each step of that work (so not blind); and variants drawn only after it,
// on which the rules are measured as they are, with the kinds held back from it.
var (
	designVariants = []judgetest.PhoneVariant{{W: 1080, H: 2400, Seed: 0}, {W: 1080, H: 2400, Dark: true, Seed: 1}}
	otherVariants  = []judgetest.PhoneVariant{{W: 720, H: 1600, Seed: 2}, {W: 1080, H: 2340, Dark: true, Seed: 3}}
	freshVariants  = []judgetest.PhoneVariant{{W: 1440, H: 3120, Seed: 5}, {W: 1080, H: 1920, Dark: true, Seed: 6}}
)

// labelTally counts, per label, the screens (or lines) that have it and were given it.
type labelTally struct {
	mu                sync.Mutex
	tp, fp, fn, tn    map[string]int
	failures          []string
	contentKept, lost int
}

func newTally() *labelTally {
	return &labelTally{tp: map[string]int{}, fp: map[string]int{}, fn: map[string]int{}, tn: map[string]int{}}
}

func (c *labelTally) add(label string, want, got bool, name, detail string) {
	c.mu.Lock()
	defer c.mu.Unlock()
	switch {
	case want && got:
		c.tp[label]++
	case want:
		c.fn[label]++
		c.failures = append(c.failures, fmt.Sprintf("%s: %s missed %s", name, label, detail))
	case got:
		c.fp[label]++
		c.failures = append(c.failures, fmt.Sprintf("%s: %s given wrongly %s", name, label, detail))
	default:
		c.tn[label]++
	}
}

// merge adds another tally's counts and failures to c.
func (c *labelTally) merge(o *labelTally) {
	for _, p := range [][2]map[string]int{{c.tp, o.tp}, {c.fp, o.fp}, {c.fn, o.fn}, {c.tn, o.tn}} {
		for k, v := range p[1] {
			p[0][k] += v
		}
	}
	c.contentKept += o.contentKept
	c.lost += o.lost
	c.failures = append(c.failures, o.failures...)
}

func (c *labelTally) report(t *testing.T, set string) {
	var labels []string
	for _, m := range []map[string]int{c.tp, c.fp, c.fn} {
		for k := range m {
			labels = append(labels, k)
		}
	}
	sort.Strings(labels)
	var b strings.Builder
	seen := map[string]bool{}
	for _, k := range labels {
		if seen[k] {
			continue
		}
		seen[k] = true
		tp, fp, fn := c.tp[k], c.fp[k], c.fn[k]
		fmt.Fprintf(&b, "  %-12s precision %d/%d  recall %d/%d  (true negatives %d)\n", k, tp, tp+fp, tp, tp+fn, c.tn[k])
	}
	fmt.Fprintf(&b, "  content lines kept as content %d/%d\n", c.contentKept, c.contentKept+c.lost)
	t.Logf("%s:\n%s", set, b.String())
	for _, f := range c.failures {
		t.Log("  " + f)
	}
}

// findLine finds the element whose text matches a line drawn on the screen (OCR may drop a
// letter or two), the keyboard's suggestions aside: nil when OCR did not read it.
func findLine(sc *Screen, text string) *Element {
	want := screentext.Squeeze(strings.ToLower(text))
	var near *Element
	for i := range sc.Elements {
		e := &sc.Elements[i]
		if e.Role == RoleKeyboard {
			continue
		}
		got := screentext.Squeeze(strings.ToLower(e.Text + e.Hint))
		short, long := min(len(got), len(want)), max(len(got), len(want))
		if got == want {
			return e // a line read exactly goes before one that merely holds the text
		}
		if near == nil && short >= 5 && 5*short >= 4*long && (strings.Contains(got, want) || strings.Contains(want, got)) {
			near = e
		}
	}
	return near
}

// checkScreen compares the screen read off a synthetic screenshot with what was drawn.
func checkScreen(c *labelTally, ps judgetest.PhoneScreen, sc *Screen) {
	tr := ps.Truth
	name := ps.Name
	c.add("launcher", tr.Launcher, sc.IsLauncher(), name, "")
	c.add("keyboard", tr.Keyboard, sc.Keyboard != "", name, "")
	c.add("dialog", tr.Dialog, sc.Dialog, name, "")
	perm := false
	for _, e := range sc.Elements {
		if e.Role == RoleSystem && e.Y1 > sc.Height/10 && e.Y2 < sc.Height*9/10 {
			perm = true
		}
	}
	c.add("permission", tr.Permission, perm, name, "")
	// The search box: a field marked search holding the query, when OCR read the query.
	var field *Element
	for i, e := range sc.Elements {
		if e.Editable && e.Mark == MarkSearch {
			field = &sc.Elements[i]
		}
	}
	if tr.Search != "" {
		if e := findLine(sc, tr.Search); e != nil || field != nil {
			c.add("search box", true, field != nil, name, fmt.Sprintf("%q", tr.Search))
		}
	} else {
		c.add("search box", false, field != nil, name, fmt.Sprintf("%+v", field))
	}
	for _, s := range tr.Suggestions {
		if e := findLine(sc, s); e != nil && e != field {
			c.add("suggestion", true, e.Mark == MarkSearch, name, fmt.Sprintf("%q", s))
		}
	}
	if tr.Typed != "" {
		if e := findLine(sc, tr.Typed); e != nil {
			c.add("typed", true, e.Editable && e.Mark == MarkTyped, name, fmt.Sprintf("%q", tr.Typed))
		}
	}
	for _, s := range tr.Content {
		e := findLine(sc, s)
		if e == nil {
			continue
		}
		c.mu.Lock()
		if sc.IsContent(*e) {
			c.contentKept++
		} else {
			c.lost++
			c.failures = append(c.failures, fmt.Sprintf("%s: content %q labelled %+v", name, s, *e))
		}
		c.mu.Unlock()
		if !tr.Keyboard && tr.Search == "" {
			c.add("suggestion", false, e.Mark == MarkSearch, name, fmt.Sprintf("%q", s))
			c.add("typed", false, e.Mark == MarkTyped, name, fmt.Sprintf("%q", s))
		}
	}
	for _, s := range tr.Behind {
		if e := findLine(sc, s); e != nil {
			c.add("behind", true, false, name, fmt.Sprintf("%q still listed", s))
		} else {
			c.add("behind", true, true, name, "")
		}
	}
}

// readSet reads the kinds of screens in the variants with the real Tesseract: every kind
// in every variant, or those pick chooses (by their indexes).
func readSet(t *testing.T, variants []judgetest.PhoneVariant, kinds []string, pick func(kind, variant int) bool) *labelTally {
	c := newTally()
	t.Run("screens", func(t *testing.T) {
		for vi, v := range variants {
			for ki, kind := range kinds {
				if pick != nil && !pick(ki, vi) {
					continue
				}
				t.Run(kind+"/"+v.String(), func(t *testing.T) {
					t.Parallel()
					ps := judgetest.DrawPhoneScreen(t, kind, v)
					sc, err := readScreenOCR(context.Background(), ps.PNG, trace.Limits{})
					if err != nil {
						t.Fatal(err)
					}
					checkScreen(c, ps, sc)
				})
			}
		}
	})
	return c
}

// Each kind of screen, drawn as apps draw it, is read with the real Tesseract and given
// the labels a UI dump of it would give: the launcher and the app drawer, a keyboard's
// rows of keys and its suggestion strip, a search box or address bar and the suggestions
// under it, a message being typed, a dialog (the page behind it left out) and a permission
// prompt (the system's); and near misses keep all their text as the app's content: a
// settings list, contacts, a note holding a table, a calculator, a dial pad, a month, an
// app's bottom navigation, a category grid, albums, cards on a tinted page, a snackbar, a
// filled form. Kinds alternate between the variants the rules were designed on (light and
// dark, 1080x2400); AUTOEVAL_OCR_SCREENS=all reads every kind in every variant, the held
// back ones included, and logs precision and recall per label.
func TestOCRScreenLabels(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("reads 25 full-size screenshots one by one: too slow under the race detector, and nothing in it runs concurrently")
	}
	if os.Getenv("AUTOEVAL_OCR_SCREENS") == "all" {
		all := append(append([]string{}, judgetest.PhoneScreenKinds...), judgetest.HeldBackKinds...)
		readSet(t, designVariants, judgetest.PhoneScreenKinds, nil).report(t, "design: the kinds and variants the rules were designed on")
		readSet(t, otherVariants, judgetest.PhoneScreenKinds, nil).report(t, "the same kinds in other variants, read during the design")
		blind := readSet(t, freshVariants, all, nil)
		blind.merge(readSet(t, append(designVariants, otherVariants...), judgetest.HeldBackKinds, nil))
		blind.report(t, "blind: every kind in variants drawn after the design, and the kinds held back in every variant")
		return
	}
	c := readSet(t, designVariants, judgetest.PhoneScreenKinds, func(kind, v int) bool { return kind%len(designVariants) == v })
	for _, f := range c.failures {
		t.Error(f)
	}
}

// The labels read off real screenshots (LlamaTouch, 1080 px wide, a human's run through
// Google Maps, Photos, News and Duolingo) agree with what each frame's UI dump says: its
// dialogs (a dump of a dialog's window, the page behind left out), its search box, its
// launcher, and no line the dump shows as the app's content is labelled otherwise. The
// home screen holding a single app (trace_7/1) is too sparse to tell from a page: it is
// read as a page, which the test records. So is Maps' "Search here" (trace_7/3): a grey
// text in a white pill, a TextView in the dump that opens the search, read as a search
// field's hint since large dark text lost its halo (binarizeText): no evidence either way.
func TestOCRScreensAgreeWithUIDumps(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("reads 17 full-size screenshots one by one: too slow under the race detector, and nothing in it runs concurrently")
	}
	root := testenv.SharedData(t, "traces/llamatouch")
	c := newTally()
	files, err := filepath.Glob(filepath.Join(root, "trace_*", "*.png"))
	if err != nil || len(files) < 17 {
		t.Fatalf("%d screenshots in %s: %v", len(files), root, err)
	}
	for _, f := range files {
		dir, n := filepath.Dir(f), strings.TrimSuffix(filepath.Base(f), ".png")
		tr, _ := xmlTruth(t, dir, n)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := readScreenOCR(context.Background(), data, trace.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		checkScreen(c, judgetest.PhoneScreen{Name: filepath.Base(dir) + "/" + n, Truth: tr}, sc)
	}
	c.report(t, "LlamaTouch")
	want := []string{"trace_7/1: launcher missed ", `trace_7/3: content "Search here" labelled {Class:field Text: Desc: ID: Hint:9 Search here Package: Checkable:false Checked:false Selected:false Focused:false Disabled:false Editable:true Password:false Clickable:false X1:75 Y1:113 X2:414 Y2:181 HasBounds:true Role: Mark:}`}
	if fmt.Sprint(c.failures) != fmt.Sprint(want) || c.tp["dialog"] != 3 || c.tp["search box"] != 1 || c.tp["launcher"] != 1 {
		t.Errorf("failures %q, want %q; found %d dialogs (3), %d search boxes (1), %d launchers (1)", c.failures, want, c.tp["dialog"], c.tp["search box"], c.tp["launcher"])
	}
}

// xmlTruth is what a frame's UI dump says of the labels OCR gives.
func xmlTruth(t *testing.T, dir, n string) (judgetest.ScreenTruth, *Screen) {
	t.Helper()
	data, err := os.ReadFile(filepath.Join(dir, n+".xml"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := parseUIXML(data)
	if err != nil {
		t.Fatal(err)
	}
	if a, err := os.ReadFile(filepath.Join(dir, n+".activity")); err == nil {
		sc.setActivity(strings.TrimSpace(string(a)))
	}
	h, err := uixml.Parse(data)
	if err != nil {
		t.Fatal(err)
	}
	tr := judgetest.ScreenTruth{Launcher: sc.IsLauncher(), Keyboard: sc.Keyboard != ""}
	// A dump of a dialog's window: its root is inset from the screen's sides.
	root := h.Nodes[0].Bounds
	tr.Dialog = root.Left > 0 && root.Top > 0
	var search []Element
	for _, e := range sc.Elements {
		if e.Editable && e.Mark == MarkSearch {
			search = append(search, e)
		}
	}
	// A text view drawn inside a search box (News' search bar shows its query in one) is
	// the box's text, not the page's content.
	inSearch := func(e Element) bool {
		for _, f := range search {
			if e.X1 >= f.X1 && e.X2 <= f.X2 && e.Y1 >= f.Y1 && e.Y2 <= f.Y2 {
				return true
			}
		}
		return false
	}
	for _, e := range sc.Elements {
		switch {
		case e.Editable && e.Mark == MarkSearch:
			tr.Search = e.Text
		case e.Editable && e.Mark == MarkTyped:
			tr.Typed = e.Text
		case sc.IsContent(e) && e.Text != "" && !inSearch(e):
			tr.Content = append(tr.Content, e.Text)
		}
	}
	return tr, sc
}

// pageOf lays out words (text at a box) and marks on a 1080x2400 page.
func pageOf(words []ocr.Word, marks []ocr.Box) *ocr.Page {
	for i := range words {
		words[i].Conf, words[i].Block, words[i].LineN = 95, i+1, 1
	}
	return &ocr.Page{W: 1080, H: 2400, Words: words, Marks: marks}
}

func word(text string, x, y, w, h int) ocr.Word {
	return ocr.Word{Text: text, Left: x, Top: y, W: w, H: h}
}

// keyRows are marks laid out as key rows: n glyphs a row, pitch apart, rows 140 px apart
// from y down.
func keyRows(y, pitch int, n ...int) []ocr.Box {
	var out []ocr.Box
	for r, k := range n {
		x0 := (1080 - k*pitch) / 2
		for i := range k {
			x := x0 + i*pitch + pitch/2 - 12
			yy := y + r*140
			out = append(out, ocr.Box{X1: int16(x), Y1: int16(yy), X2: int16(x + 24), Y2: int16(yy + 34)})
		}
	}
	return out
}

// The keyboard is told by its rows of keys alone: ten, nine and seven glyphs a tenth of
// the width apart, whatever Tesseract read of them. Rows of seven a seventh apart (a
// month), four (a calculator) or three (a dial pad), or a single row, are no keyboard.
func TestOCRKeyboardFromKeyRows(t *testing.T) {
	for _, c := range []struct {
		name  string
		marks []ocr.Box
		want  bool
	}{
		{"qwerty", keyRows(1700, 108, 10, 9, 7), true},
		{"number row and letters", keyRows(1560, 108, 10, 10, 9, 7), true},
		{"a key missed in each row", append(keyRows(1700, 108, 10)[1:], keyRows(1840, 108, 9)[2:]...), true},
		{"a month", keyRows(1200, 154, 7, 7, 7, 7), false},
		{"a calculator", keyRows(1500, 270, 4, 4, 4, 4), false},
		{"a dial pad", keyRows(1500, 360, 3, 3, 3, 3), false},
		{"one row", keyRows(1700, 108, 10), false},
		{"rows too far apart", append(keyRows(1300, 108, 10), keyRows(1700, 108, 10)...), false},
		{"in the top third", keyRows(300, 108, 10, 9, 7), false},
	} {
		sc := ocrScreen(pageOf([]ocr.Word{word("Compose", 40, 200, 200, 40)}, c.marks), nil)
		if got := sc.Keyboard != ""; got != c.want {
			t.Errorf("%s: keyboard %v, want %v", c.name, got, c.want)
		}
	}
	// The strip above the keys is the keyboard's, the line above it the app's; keys read
	// as words are counted, not listed.
	words := []ocr.Word{word("Hello there", 60, 1500, 300, 40), word("there", 150, 1590, 120, 40), word("theirs", 470, 1590, 140, 40),
		word("q", 40, 1700, 24, 34), word("?123", 30, 2120, 90, 34)}
	sc := ocrScreen(pageOf(words, keyRows(1700, 108, 10, 9, 7)), nil)
	var app, kb []string
	for _, e := range sc.Elements {
		if e.Role == RoleKeyboard && e.Mark == MarkKeyboard {
			kb = append(kb, e.Text)
		} else if sc.IsContent(e) {
			app = append(app, e.Text)
		}
	}
	if fmt.Sprint(app) != "[Hello there]" || fmt.Sprint(kb) != "[there theirs]" || sc.Keyboard != KeyboardSeen || sc.Keys != 26 {
		t.Fatalf("app %q, keyboard strip %q, keyboard %q, %d keys", app, kb, sc.Keyboard, sc.Keys)
	}
}

// labelGrid lays out labels centred in columns 270 px apart (four columns), a row every
// step px from y.
func labelGrid(y, step int, rows ...[]string) []ocr.Word {
	var out []ocr.Word
	for r, row := range rows {
		for c, name := range row {
			if name == "" {
				continue
			}
			w := 22 * len(name)
			out = append(out, word(name, 135+c*270-w/2, y+r*step, w, 32))
		}
	}
	return out
}

// The launcher is told by its grid of short labels centred in four to six columns, rows
// apart for the icons, and little else; an app's bottom navigation (one row at the
// bottom, under a page), a grid with a list under it, a three-column grid and a table
// (rows close together) are pages.
func TestOCRLauncherFromLabelGrid(t *testing.T) {
	for _, c := range []struct {
		name  string
		words []ocr.Word
		want  bool
	}{
		{"home screen", append(labelGrid(700, 300, []string{"Gmail", "Photos", "Maps", "Chrome"}, []string{"Clock", "", "Camera", "Settings"}),
			word("Sun, Jan 21", 60, 200, 300, 50)), true},
		{"drawer", labelGrid(600, 300, []string{"Calendar", "Camera", "Chrome", "Clock"}, []string{"Contacts", "Drive", "Files", "Gmail"},
			[]string{"Maps", "Messages", "Phone", "Photos"}), true},
		{"one row above the dock", labelGrid(1650, 300, []string{"Play Store", "Gmail", "Photos", "YouTube"}), true},
		{"bottom navigation", append(labelGrid(2180, 300, []string{"Photos", "Search", "Sharing", "Library"}),
			word("Today", 40, 900, 120, 40)), false},
		{"a category grid over a list", append(labelGrid(600, 300, []string{"Images", "Videos", "Audio", "Documents"}, []string{"Downloads", "Apps", "Archives", "Favourites"}),
			word("Recent files", 40, 1200, 250, 32), word("invoice_march.pdf", 190, 1300, 340, 40), word("holiday_photo.jpg", 190, 1450, 330, 40),
			word("notes_backup.txt", 190, 1600, 320, 40)), false},
		{"a table", labelGrid(600, 60, []string{"Milk", "Aldi", "Price", "Fresh"}, []string{"Bread", "Lidl", "Daily", "Baked"},
			[]string{"Apples", "Tesco", "Loose", "Crisp"}), false},
	} {
		sc := ocrScreen(pageOf(c.words, nil), nil)
		if sc.IsLauncher() != c.want {
			t.Errorf("%s: launcher %v, want %v\n%s", c.name, sc.IsLauncher(), c.want, sc.render())
		}
	}
	// Three columns (albums, a dial pad) are an app's grid.
	var words []ocr.Word
	for r, row := range [][]string{{"Camera", "Holidays", "Family"}, {"Receipts", "Recipes", "Downloads"}, {"Favourites", "Pets", "Travel"}} {
		for c, name := range row {
			w := 22 * len(name)
			words = append(words, word(name, 180+c*360-w/2, 600+r*300, w, 32))
		}
	}
	if sc := ocrScreen(pageOf(words, nil), nil); sc.IsLauncher() {
		t.Errorf("three columns taken for the launcher\n%s", sc.render())
	}
}

// Layout rules take any words and marks: a screen is always built, and the same input
// always describes the same.
func FuzzOCRLayout(f *testing.F) {
	f.Add([]byte("Gmail Photos Maps Chrome\nClock Camera Settings Files"), uint16(700), uint16(270), uint16(108), uint8(3))
	f.Fuzz(func(t *testing.T, text []byte, y, pitch, keyPitch uint16, rows uint8) {
		var words []ocr.Word
		for i, line := range strings.Split(string(text), "\n") {
			for k, s := range strings.Fields(line) {
				words = append(words, word(s, int(pitch)*k%1080, int(y)+i*300, 20*len(s), 32))
			}
		}
		var counts []int
		for range rows % 6 {
			counts = append(counts, 10)
		}
		page := pageOf(words, keyRows(int(y)%2400, int(keyPitch)%300+1, counts...))
		g := image.NewGray(image.Rect(0, 0, 1080, 2400))
		c := image.NewGray(g.Rect) // chroma, for the controls' colours
		for i := range g.Pix {
			g.Pix[i] = uint8(i / 1080 * int(pitch) % 251)
			c.Pix[i] = uint8(i % 1080 * int(keyPitch) % 97)
		}
		px := ocr.Pixels{Lum: g, Chroma: c}
		a, b := ocrScreenPixels(page, px), ocrScreenPixels(page, px)
		if a.render() != b.render() {
			t.Fatal("the same page gives two descriptions")
		}
	})
}

// drawn is a screen drawn with judgetest's Phone and the words of its texts where they
// were drawn, as OCR would return them: the layout rules without Tesseract.
type drawn struct {
	p     *judgetest.Phone
	words []ocr.Word
}

func (d *drawn) text(s string, x, y, sp float64, c color.RGBA) {
	r := d.p.Text(s, x, y, sp, judgetest.Regular, c, judgetest.Left)
	d.words = append(d.words, ocr.Word{Text: s, Left: r.Min.X, Top: r.Min.Y, W: r.Dx(), H: r.Dy()})
}

func (d *drawn) screen(t *testing.T) *Screen {
	g, err := ocr.Decode(d.p.PNG(), trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	page := pageOf(d.words, nil)
	page.W, page.H = d.p.W, d.p.H
	return ocrScreen(page, g)
}

// A line in a box right under the status bar is a search box's: its query (MarkSearch)
// with the suggestions under it, or its hint when drawn faintly; a line in a bubble lower
// down, or on an app bar spanning the width, is the app's.
func TestOCRFieldsFromBoxes(t *testing.T) {
	for _, dark := range []bool{false, true} {
		d := &drawn{p: judgetest.NewPhone(t, 540, 1200, dark)}
		p := d.p
		p.Round(12, 32, 387, 48, 24, p.Surface(2))
		d.text("pasta", 60, 56, 16, p.Fg())
		d.text("pasta recipes", 64, 130, 16, p.Fg())
		d.text("pasta sauce", 64, 182, 16, p.Fg())
		d.text("Trending near you", 16, 260, 14, p.Sub())
		sc := d.screen(t)
		marks := map[string]string{}
		for _, e := range sc.Elements {
			marks[e.Text] = e.Mark
			if e.Text == "pasta" && !e.Editable {
				t.Errorf("dark %v: the query is no field: %+v", dark, e)
			}
		}
		if marks["pasta"] != MarkSearch || marks["pasta recipes"] != MarkSearch || marks["pasta sauce"] != MarkSearch || marks["Trending near you"] != "" {
			t.Errorf("dark %v: marks %v", dark, marks)
		}

		d = &drawn{p: judgetest.NewPhone(t, 540, 1200, dark)}
		p = d.p
		p.Round(12, 32, 387, 48, 24, p.Surface(2))
		d.text("Search contacts", 60, 56, 16, p.Sub())
		d.text("Ana Silva", 72, 130, 16, p.Fg())
		sc = d.screen(t)
		if e := sc.Elements[0]; !e.Editable || e.Hint != "Search contacts" || e.Text != "" || !sc.IsContent(sc.Elements[1]) {
			t.Errorf("dark %v: a hint %+v, then %+v", dark, e, sc.Elements[1])
		}

		d = &drawn{p: judgetest.NewPhone(t, 540, 1200, dark)}
		p = d.p
		p.Fill(0, 24, 411, 64, judgetest.PhoneBlue)
		d.text("Inbox", 16, 56, 22, judgetest.PhoneWhite)
		p.Round(16, 120, 300, 44, 20, p.Surface(2))
		d.text("Are we still on for dinner?", 32, 142, 16, p.Fg())
		sc = d.screen(t)
		for _, e := range sc.Elements {
			if !sc.IsContent(e) {
				t.Errorf("dark %v: %+v labelled", dark, e)
			}
		}
	}
}

// A panel over a dimmed page is a dialog: the page behind it is left out, and the system's
// permission prompt is the system's; cards on a tinted page, lighter than what surrounds
// them too, are no dialog, the page around them being as sharp as they are.
func TestOCRDialogFromScrim(t *testing.T) {
	for _, dark := range []bool{false, true} {
		for _, permission := range []bool{false, true} {
			d := &drawn{p: judgetest.NewPhone(t, 540, 1200, dark)}
			p := d.p
			d.text("Notes", 16, 56, 22, p.Fg())
			d.text("Groceries for the week", 72, 120, 16, p.Fg())
			p.Dim(0.32)
			p.Round(28, 380, 355, 180, 28, p.Surface(1))
			title, buttons := "Delete this note?", []string{"Cancel", "Delete"}
			if permission {
				title, buttons = "Allow Notes to access", []string{"Allow", "Deny"}
			}
			d.text(title, 52, 424, 20, p.Fg())
			d.text(buttons[0], 220, 520, 15, p.Accent())
			d.text(buttons[1], 320, 520, 15, p.Accent())
			sc := d.screen(t)
			var texts []string
			for _, e := range sc.Elements {
				texts = append(texts, e.Text)
				if (e.Role == RoleSystem) != permission {
					t.Errorf("dark %v, permission %v: %+v", dark, permission, e)
				}
			}
			if !sc.Dialog || fmt.Sprint(texts) != fmt.Sprint(append([]string{title}, buttons...)) {
				t.Errorf("dark %v, permission %v: dialog %v, lines %q", dark, permission, sc.Dialog, texts)
			}
		}

		d := &drawn{p: judgetest.NewPhone(t, 540, 1200, dark)}
		p := d.p
		bg, card := color.RGBA{241, 243, 244, 255}, judgetest.PhoneWhite
		if dark {
			bg, card = color.RGBA{18, 18, 18, 255}, color.RGBA{46, 47, 50, 255}
		}
		p.Fill(0, 24, 411, 800, bg)
		d.text("For you", 16, 56, 22, p.Fg())
		p.Round(16, 380, 379, 170, 16, card)
		d.text("Back up your photos", 36, 416, 18, p.Fg())
		d.text("Turn on", 300, 510, 15, p.Accent())
		if sc := d.screen(t); sc.Dialog || len(sc.Elements) != 3 {
			t.Errorf("dark %v: cards read as a dialog:\n%s", dark, sc.render())
		}
	}
}

// The permission prompt is the system's by its words alone where its card is not told from
// the page (a light card on a dark screen, nothing dimmed): the question "Allow <app> to
// ...?" with two of the prompt's answers under it. A run that opened the Camera and stopped
// on its audio prompt was judged the Camera open. A dialog of the app's own with an "Allow"
// button, and the prompt's question without its answers, stay the app's.
func TestOCRPermissionPromptByItsWords(t *testing.T) {
	for _, c := range []struct {
		lines  []string
		prompt bool
	}{
		{[]string{"Allow Camera to record audio?", "While using the app", "Only this time", "Don’t allow"}, true},
		{[]string{"Allow Camera to take pictures and record video?", "Allow", "Deny"}, true},
		{[]string{"Allow notifications from Chatter", "Turn on in Settings"}, false},
		{[]string{"Allow Camera to record audio?"}, false},
	} {
		// As Android 13 draws it: a lavender card on a near-black screen, its answers on
		// pill buttons of a deeper lavender.
		d := &drawn{p: judgetest.NewPhone(t, 540, 1200, true)}
		p := d.p
		p.Fill(0, 0, 540, 1200, color.RGBA{21, 22, 24, 255})
		p.Round(28, 290, 456, float64(80+60*len(c.lines)), 24, color.RGBA{242, 236, 246, 255})
		for i, l := range c.lines {
			y := float64(310 + i*60)
			if i > 0 {
				p.Round(46, y-8, 420, 48, 24, color.RGBA{230, 222, 244, 255})
			}
			d.text(l, 60, y, 18, color.RGBA{30, 27, 36, 255})
		}
		sc := d.screen(t)
		if sc.PromptInFront() != c.prompt {
			t.Errorf("%q: prompt in front %v, want %v:\n%s", c.lines, sc.PromptInFront(), c.prompt, sc.render())
		}
	}
}

// Large digits as a clock, a timer and a stopwatch draw them (testdata/largedigits.png:
// DejaVu Sans at 57 to 96 sp, one line in a light weight, drawn by chromium at 1080 px from
// largedigits.html) are read as digits: the light line Tesseract lost at the screen's scale
// is read again scaled down, and zeros read as O are the digits in a time or a duration.
// Before, the screen read "OOh 25m OOs" and no stopwatch time.
func TestOCRLargeDigits(t *testing.T) {
	testenv.RequireTesseract(t)
	data, err := os.ReadFile(filepath.Join("testdata", "largedigits.png"))
	if err != nil {
		t.Fatal(err)
	}
	sc, err := readScreenOCR(context.Background(), data, trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	lines := ocrText(sc)
	for _, want := range []string{"00h 25m 00s", "00:13.05", "10:30", "1:05:42"} {
		if indexOf(lines, want) < 0 {
			t.Errorf("%q not read; lines %q", want, lines)
		}
	}
}

// Letters read for digits become digits only in a time with a digit in it, or in a part of
// a duration on a line with another part read as digits; words are left alone elsewhere.
func TestOCRNumerals(t *testing.T) {
	for _, c := range []struct{ in, want string }{
		{"OOh 25m OOs", "00h 25m 00s"},
		{"QO:13.05", "00:13.05"},
		{"1O:3O", "10:30"},
		{"l2:45 PM", "12:45 PM"},
		{"Oh no", "Oh no"},           // no duration read as digits on the line
		{"OO:OO", "OO:OO"},           // no digit: not read as a time
		{"Dos Amigos", "Dos Amigos"}, // no duration beside it
		{"Hello 10.50", "Hello 10.50"},
	} {
		if got := strings.Join(numerals(strings.Fields(c.in)), " "); got != c.want {
			t.Errorf("%q read %q, want %q", c.in, got, c.want)
		}
	}
}

// The status bar's icons, read as letters and standing taller than its clock, reach below
// the band the status bar takes; they are still the system's, never the page's title
// (Settings' "Internet" page was titled "al ill" so).
func TestStatusBarIconsReachingBelowItsBandAreTheSystems(t *testing.T) {
	sc := ocrScreen(pageOf([]ocr.Word{
		word("15:34", 54, 42, 96, 31),
		word("alg", 860, 44, 130, 44),
		word("Stopwatch", 66, 171, 254, 54),
		word("00:00.00", 307, 847, 467, 91),
	}, nil), nil)
	for _, e := range sc.Elements {
		if (e.Text == "alg" || e.Text == "15:34") && e.Role != RoleSystem {
			t.Errorf("%q is labelled %q, want the system's", e.Text, e.Role)
		}
	}
	if sc.Title != "Stopwatch" {
		t.Errorf("title %q, want Stopwatch", sc.Title)
	}
}
