package judge

import (
	"context"
	"encoding/json"
	"fmt"
	"image/color"
	"os"
	"path/filepath"
	"sort"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/trace"
)

// controlTally counts, against what UI dumps say, the controls read off screenshots: per
// class of the dump's checkable element, how many were read in their state, read in the
// other state (wrong) or not read (left unknown); and controls read where the dump has
// none (false).
type controlTally struct {
	right, wrong, unknown map[string]int
	false_                []string
	wrongs                []string
}

func newControlTally() *controlTally {
	return &controlTally{right: map[string]int{}, wrong: map[string]int{}, unknown: map[string]int{}}
}

func (c *controlTally) compare(name string, truth, read *Screen) {
	used := map[int]bool{}
	for _, e := range truth.Elements {
		if !e.Checkable || !e.HasBounds {
			continue
		}
		class := e.Class[strings.LastIndex(e.Class, ".")+1:]
		hit := -1
		for i, o := range read.Elements {
			cx, cy := centre(o)
			if o.Checkable && cx >= e.X1 && cx < e.X2 && cy >= e.Y1 && cy < e.Y2 {
				hit = i
			}
		}
		switch {
		case hit < 0:
			c.unknown[class]++
		case read.Elements[hit].Checked == e.Checked:
			c.right[class]++
			used[hit] = true
		default:
			c.wrong[class]++
			used[hit] = true
			c.wrongs = append(c.wrongs, fmt.Sprintf("%s: %s %+v read as checked=%v", name, class, e, read.Elements[hit].Checked))
		}
	}
	for i, o := range read.Elements {
		if o.Checkable && !used[i] {
			// Bounds shared by two checkable nodes (a chip's button and its compound
			// button) were counted once above; anything else read is false.
			inTruth := false
			cx, cy := centre(o)
			for _, e := range truth.Elements {
				if e.Checkable && cx >= e.X1 && cx < e.X2 && cy >= e.Y1 && cy < e.Y2 {
					inTruth = true
				}
			}
			if !inTruth {
				c.false_ = append(c.false_, fmt.Sprintf("%s: %s at %d,%d-%d,%d checked=%v", name, o.Class, o.X1, o.Y1, o.X2, o.Y2, o.Checked))
			}
		}
	}
}

func (c *controlTally) String() string {
	var classes []string
	seen := map[string]bool{}
	for _, m := range []map[string]int{c.right, c.wrong, c.unknown} {
		for k := range m {
			if !seen[k] {
				seen[k] = true
				classes = append(classes, k)
			}
		}
	}
	sort.Strings(classes)
	var b strings.Builder
	for _, k := range classes {
		fmt.Fprintf(&b, "%s: %d read right, %d wrong, %d unknown; ", k, c.right[k], c.wrong[k], c.unknown[k])
	}
	fmt.Fprintf(&b, "%d read where the dump has no checkable element", len(c.false_))
	return b.String()
}

// Real screenshots (LlamaTouch, 1080 px wide) against their UI dumps: every checkable
// element the dumps hold (Maps' switches, off; a dialog's checkbox, unchecked then
// checked; filter chips) is read in its state or left unknown, never in the other state,
// and no control is read where a dump has none.
func TestOCRControlsAgreeWithUIDumps(t *testing.T) {
	testenv.RequireTesseract(t)
	if raceEnabled {
		t.Skip("reads 17 full-size screenshots: too slow under the race detector")
	}
	root := testenv.SharedData(t, "traces/llamatouch")
	files, err := filepath.Glob(filepath.Join(root, "trace_*", "*.png"))
	if err != nil || len(files) < 17 {
		t.Fatalf("%d screenshots in %s: %v", len(files), root, err)
	}
	c := newControlTally()
	for _, f := range files {
		dir, n := filepath.Dir(f), strings.TrimSuffix(filepath.Base(f), ".png")
		_, truth := xmlTruth(t, dir, n)
		data, err := os.ReadFile(f)
		if err != nil {
			t.Fatal(err)
		}
		sc, err := readScreenOCR(context.Background(), data, trace.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		c.compare(filepath.Base(dir)+"/"+n, truth, sc)
	}
	t.Logf("LlamaTouch controls: %s", c)
	if len(c.wrongs) > 0 || len(c.false_) > 0 {
		t.Errorf("controls read in the wrong state: %q; read where the dump has none: %q", c.wrongs, c.false_)
	}
}

// controlRow is a row of a drawn settings page: its label and the control on it.
type controlRow struct {
	label string
	kind  string // "switch", "checkbox", "radio", or "" for a near miss drawn by draw
	on    bool
	draw  func(p *judgetest.Phone, y float64) // a shape on the row that is no control
}

// drawControls draws rows of labels with their controls, as settings pages and dialogs lay
// them out (a switch at the row's end, a checkbox or radio button at its start), and reads
// the screen with the words where they were drawn (the layout's rules without Tesseract).
func drawControls(t *testing.T, w, h int, dark bool, style judgetest.SwitchStyle, accent color.RGBA, rows []controlRow) *Screen {
	t.Helper()
	d := &drawn{p: judgetest.NewPhone(t, w, h, dark)}
	p := d.p
	y := 100.0
	for _, r := range rows {
		x := 16.0
		switch r.kind {
		case "checkbox":
			p.Checkbox(16, y-9, r.on, accent)
			x = 56
		case "radio":
			p.Radio(16, y-10, r.on, accent)
			x = 56
		case "switch":
			sw, sh := judgetest.SwitchSize(style)
			p.Switch(style, 411-16-sw, y-sh/2+6, r.on, accent) // centred on a row of two lines
		}
		if r.draw != nil {
			r.draw(p, y)
		}
		d.text(r.label, x, y, 16, p.Fg())
		d.text("Summary of "+strings.ToLower(r.label), x, y+22, 14, p.Sub())
		y += 72
	}
	px, err := ocr.DecodePixels(p.PNG(), trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	page := pageOf(d.words, nil)
	page.W, page.H = w, h
	return ocrScreenPixels(page, px)
}

// Controls drawn as Material draws them are read in their state, on the row of their
// label, in both generations of the switch, light and dark themes, at two densities; the
// shapes beside them that are no controls (an avatar with a letter, a picture's square
// with a glyph, a pill button, an outlined chip) are read as none.
func TestOCRControlsDrawnAsMaterial(t *testing.T) {
	purple, blue, teal := color.RGBA{103, 80, 164, 255}, color.RGBA{26, 115, 232, 255}, color.RGBA{0, 150, 136, 255}
	avatar := func(p *judgetest.Phone, y float64) { p.Avatar(411-40, y+6, 20, teal, "W") }
	square := func(p *judgetest.Phone, y float64) {
		p.Round(411-52, y-12, 22, 22, 3, blue)
		p.Text("P", 411-41, y-1, 14, judgetest.Bold, judgetest.PhoneWhite, judgetest.Center)
	}
	pill := func(p *judgetest.Phone, y float64) {
		p.Round(411-96, y-12, 80, 36, 18, purple)
		p.Text("Install", 411-56, y+6, 14, judgetest.Medium, judgetest.PhoneWhite, judgetest.Center)
	}
	chip := func(p *judgetest.Phone, y float64) {
		p.Round(411-72, y-10, 56, 32, 8, p.Sub())
		p.Round(411-71, y-9, 54, 30, 7, p.Bg())
	}
	rows := []controlRow{
		{label: "Wi-Fi", kind: "switch", on: true},
		{label: "Bluetooth", kind: "switch", on: false},
		{label: "Remember me", kind: "checkbox", on: true},
		{label: "Send reports", kind: "checkbox", on: false},
		{label: "Daily", kind: "radio", on: true},
		{label: "Weekly", kind: "radio", on: false},
		{label: "Account", draw: avatar},
		{label: "Photos", draw: square},
		{label: "Recorder", draw: pill},
		{label: "Filters", draw: chip},
	}
	for _, style := range []judgetest.SwitchStyle{judgetest.Material2, judgetest.Material3} {
		for _, dark := range []bool{false, true} {
			for _, size := range [][2]int{{1080, 2400}, {720, 1600}} {
				accent := purple
				if dark {
					accent = color.RGBA{208, 188, 255, 255}
				}
				if style == judgetest.Material2 {
					accent = teal
				}
				sc := drawControls(t, size[0], size[1], dark, style, accent, rows)
				name := fmt.Sprintf("style %d dark %v %dx%d", style, dark, size[0], size[1])
				var got []string
				for _, e := range sc.Elements {
					if !e.Checkable {
						continue
					}
					label := ""
					for _, o := range sc.Elements {
						if !o.Checkable && o.Y1 < e.Y2 && e.Y1 < o.Y2 && label == "" {
							label = o.Text
						}
					}
					got = append(got, fmt.Sprintf("%s %s %v", label, e.Class[strings.LastIndex(e.Class, ".")+1:], e.Checked))
				}
				want := []string{"Wi-Fi Switch true", "Bluetooth Switch false", "Remember me CheckBox true", "Send reports CheckBox false", "Daily RadioButton true", "Weekly RadioButton false"}
				if fmt.Sprint(got) != fmt.Sprint(want) {
					t.Errorf("%s: controls read %q, want %q", name, got, want)
				}
			}
		}
	}
}

// A tile or row that writes its state under its label (quick settings' "Bluetooth" over
// "On") is that label's switch in that state, as a dump lists a tile; a label over other
// text (a network's name), a state word that is not under a label's start, or inside a
// sentence, is none.
func TestOCRStateUnderLabel(t *testing.T) {
	d := &drawn{p: judgetest.NewPhone(t, 1080, 2400, true)}
	d.text("Bluetooth", 230, 80, 16, d.p.Fg())
	d.text("On", 230, 100, 14, d.p.Sub())
	d.text("Internet", 40, 80, 16, d.p.Fg())
	d.text("AndroidWifi", 40, 100, 14, d.p.Sub())
	d.text("Flashlight", 40, 160, 16, d.p.Fg())
	d.text("Off", 40, 180, 14, d.p.Sub())
	d.text("Dark theme", 230, 160, 16, d.p.Fg())
	d.text("Off", 300, 180, 14, d.p.Sub()) // not under the label's start
	d.text("Keep the screen on", 40, 260, 16, d.p.Fg())
	px, err := ocr.DecodePixels(d.p.PNG(), trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	page := pageOf(d.words, nil)
	sc := ocrScreenPixels(page, px)
	var got []string
	for _, e := range sc.Elements {
		if e.Checkable {
			label := ""
			for _, o := range sc.Elements {
				if !o.Checkable && o.Y1 >= e.Y1 && o.Y2 <= e.Y2 && o.X1 >= e.X1 && label == "" {
					label = o.Text
				}
			}
			got = append(got, fmt.Sprintf("%s %v", label, e.Checked))
		}
	}
	if want := []string{"Bluetooth true", "Flashlight false"}; fmt.Sprint(got) != fmt.Sprint(want) {
		t.Errorf("switches read %q, want %q", got, want)
	}
}

// BenchmarkOCRControls measures what reading a screenshot's controls adds to a frame: the
// search on the rows of a real settings page (LlamaTouch, 1080 x 2400, two switches), its
// words already read.
func BenchmarkOCRControls(b *testing.B) {
	testenv.RequireTesseract(b)
	data, err := os.ReadFile(filepath.Join(testenv.SharedData(b, "traces/llamatouch"), "trace_7", "7.png"))
	if err != nil {
		b.Fatal(err)
	}
	page, px, err := ocr.Read(context.Background(), data, trace.Limits{})
	if err != nil {
		b.Fatal(err)
	}
	for b.Loop() {
		l := newLayout(page, px.Lum)
		l.c = px.Chroma
		lines := ocrLines(page.Words)
		if got := l.controls(lines); len(got) != 2 {
			b.Fatalf("%d controls, want 2", len(got))
		}
	}
}

// Settings pages drawn by Google's own Material components (testdata/materialweb: Material
// 3's switch, checkbox and radio button, Material 2's switch and checkbox, light and dark,
// rendered by chromium at a phone's density): every control on a row whose label OCR reads
// is read in the state the page set, or left unknown; none in the other state, none where
// nothing was drawn.
func TestOCRControlsMaterialWeb(t *testing.T) {
	testenv.RequireTesseract(t)
	var truth map[string][]struct {
		Label, Kind string
		On          bool
	}
	data, err := os.ReadFile(filepath.Join("testdata", "materialweb", "truth.json"))
	if err != nil {
		t.Fatal(err)
	}
	if err := json.Unmarshal(data, &truth); err != nil {
		t.Fatal(err)
	}
	right, rows := 0, 0
	for file, want := range truth {
		img, err := os.ReadFile(filepath.Join("testdata", "materialweb", file))
		if err != nil {
			t.Fatal(err)
		}
		sc, err := readScreenOCR(context.Background(), img, trace.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		used := map[int]bool{}
		for _, r := range want {
			rows++
			var label *Element
			for i, e := range sc.Elements {
				if label == nil && !e.Checkable && strings.HasSuffix(strings.ToLower(strings.TrimSpace(e.Text)), strings.ToLower(r.Label)) {
					label = &sc.Elements[i]
				}
			}
			if label == nil {
				continue
			}
			for i, e := range sc.Elements {
				if !e.Checkable || e.Y1 >= label.Y2+rowReach(sc) || label.Y1 >= e.Y2 {
					continue
				}
				used[i] = true
				if e.Checked != r.On {
					t.Errorf("%s: %s of %q read checked=%v, set %v", file, r.Kind, r.Label, e.Checked, r.On)
				} else {
					right++
				}
			}
		}
		for i, e := range sc.Elements {
			if e.Checkable && !used[i] {
				t.Errorf("%s: %s read at %d,%d-%d,%d where no row's control is", file, e.Class, e.X1, e.Y1, e.X2, e.Y2)
			}
		}
	}
	t.Logf("Material components: %d of %d read in their state", right, rows)
	if right < rows*8/10 {
		t.Errorf("only %d of %d controls read", right, rows)
	}
}

// rowReach is how far below its label's line a row's control may reach (a row of two
// lines), in pixels.
func rowReach(sc *Screen) int { return 86 * sc.Height / 2400 }
