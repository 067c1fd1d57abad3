package judge

import (
	"context"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/hostiletest"
	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

func ocrText(sc *Screen) []string {
	var out []string
	for _, e := range sc.Elements {
		out = append(out, e.Text)
	}
	return out
}

func indexOf(lines []string, want string) int {
	for i, l := range lines {
		if strings.EqualFold(screentext.Squeeze(l), screentext.Squeeze(want)) {
			return i
		}
	}
	return -1
}

// OCR on rendered screens: every line is read, in reading order, with its box where it was
// drawn, light text on colour included; the status bar is set apart.
func TestOCRRendered(t *testing.T) {
	testenv.RequireTesseract(t)
	img := judgetest.ListScreenPNG(t, "Reading list", "Moby Dick", "Walden pond", "Leaves of grass 1855")
	sc, err := readScreenOCR(context.Background(), img, trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	lines := ocrText(sc)
	prev := -1
	for _, want := range []string{"Reading list", "Moby Dick", "Walden pond", "Leaves of grass 1855", "ADD NEW"} {
		i := indexOf(lines, want)
		if i < 0 {
			t.Fatalf("%q not read; lines %q", want, lines)
		}
		if i < prev {
			t.Fatalf("%q out of reading order; lines %q", want, lines)
		}
		prev = i
	}
	if sc.Title != "Reading list" {
		t.Errorf("title %q", sc.Title)
	}
	walden := sc.Elements[indexOf(lines, "Walden pond")]
	if walden.Y1 < 460 || walden.Y2 > 600 || walden.X1 < 40 || walden.X1 > 90 {
		t.Errorf("box of the second row %d,%d-%d,%d, drawn at 60,460-..,600", walden.X1, walden.Y1, walden.X2, walden.Y2)
	}
	for _, e := range sc.Elements {
		if e.Text == "9:41" && e.Role != RoleSystem {
			t.Errorf("status bar clock not set apart: %+v", e)
		}
	}
	d := sc.render()
	if !strings.HasPrefix(d, "Text read off the screenshot by OCR") || !strings.Contains(d, `text "Moby Dick" at (`) {
		t.Fatalf("description:\n%s", d)
	}
}

// OCR on real screenshots (LlamaTouch, 1080 px wide): a light settings page and a page of
// white text on bright colour.
func TestOCRRealScreenshots(t *testing.T) {
	testenv.RequireTesseract(t)
	root := testenv.SharedData(t, "traces/llamatouch")
	for _, c := range []struct {
		file  string
		lines []string // in reading order
	}{
		{"trace_7/11.png", []string{"Personal content", "Your Timeline", "Location settings", "Delete all Timeline data"}},
		{"trace_18/3.png", []string{"Section 1: Rookie", "Use basic phrases, greet people", "Lesson 2 of 5"}},
	} {
		data, err := os.ReadFile(filepath.Join(root, c.file))
		if err != nil {
			t.Fatal(err)
		}
		sc, err := readScreenOCR(context.Background(), data, trace.Limits{})
		if err != nil {
			t.Fatal(err)
		}
		lines := ocrText(sc)
		prev := -1
		for _, want := range c.lines {
			i := indexOf(lines, want)
			if i <= prev {
				t.Fatalf("%s: %q missing or out of order (at %d after %d); lines %q", c.file, want, i, prev, lines)
			}
			prev = i
		}
	}
}

// Tesseract's words become lines: a wide gap splits a label from its value on one row, and
// a line of words Tesseract is unsure of is dropped.
func TestOCRScreenLines(t *testing.T) {
	words := []ocr.Word{
		{Text: "Buy", Left: 40, Top: 100, W: 120, H: 40, Conf: 96.5, Block: 1, Para: 1, LineN: 1},
		{Text: "milk", Left: 170, Top: 100, W: 90, H: 40, Conf: 91, Block: 1, Para: 1, LineN: 1},
		{Text: "$4", Left: 900, Top: 100, W: 60, H: 40, Conf: 88, Block: 1, Para: 1, LineN: 1},
		{Text: "@&", Left: 40, Top: 200, W: 60, H: 40, Conf: 12, Block: 1, Para: 1, LineN: 2},
	}
	sc := ocrScreen(&ocr.Page{W: 1080, H: 2400, Words: words}, nil)
	if got := ocrText(sc); len(got) != 2 || got[0] != "Buy milk" || got[1] != "$4" {
		t.Fatalf("lines %q: a wide gap splits a label from its value, a low-confidence line is dropped", got)
	}
}

func FuzzOCRScreen(f *testing.F) {
	f.Add("Buy milk $4\n@&", 40, 100, 120, 40, 90.0)
	f.Fuzz(func(t *testing.T, text string, left, top, w, h int, conf float64) {
		if w < 0 || h < 0 { // the parser drops such words
			return
		}
		var words []ocr.Word
		for i, line := range strings.Split(text, "\n") {
			for k, s := range strings.Fields(line) {
				words = append(words, ocr.Word{Text: s, Left: left + k*(w+h), Top: top + i*h, W: w, H: h,
					Conf: conf - float64(k), Block: 1, Para: i % 2, LineN: i})
			}
		}
		// Identical screenshots must describe identically: repeated frames skip the reasoner.
		page := &ocr.Page{W: 100, H: 100, Words: words}
		if a, b := ocrScreen(page, nil), ocrScreen(page, nil); a.render() != b.render() {
			t.Fatal("the same words give two descriptions")
		}
	})
}

// A screenshot OCR reads is decoded within the judge's limits (--max-pixels): a PNG whose
// header claims 1,000,000 x 1,000,000 pixels is that frame's problem, named in its skip
// reason, and the frames beside it are read (it ran the judge out of memory).
func TestOCRDecodesWithinLimits(t *testing.T) {
	testenv.RequireTesseract(t)
	screen := judgetest.ListScreenPNG(t, "Reading list", "Moby Dick")
	g, err := ocr.Decode(screen, trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	lim := trace.Limits{MaxPixels: g.Rect.Dx() * g.Rect.Dy()}
	tr := &trace.Trace{Version: 1, Task: "Open the reading list", Dir: t.TempDir(), Frames: []trace.Frame{
		{Index: 1, ImageData: hostiletest.File("huge-header.png")},
		{Index: 2, ImageData: screen},
	}}
	subs := &substate.List{Task: tr.Task, Nodes: []substate.Node{{ID: 0, Kind: substate.Page, Content: "The reading list is visible"}}}
	j, err := Run(context.Background(), Config{Kind: stubKind, Capture: CaptureOCR, Limits: lim}, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	want := fmt.Sprintf("frame 1: reading the screenshot for OCR: 1000000 x 1000000 pixels, over the limit of %d pixels", lim.MaxPixels)
	if f := j.Frames[0]; !f.Skipped || !strings.Contains(f.SkipReason, want) {
		t.Errorf("frame 1: skipped %v, reason %q; want %q", f.Skipped, f.SkipReason, want)
	}
	if f := j.Frames[1]; f.Skipped || f.Source != CaptureOCR {
		t.Errorf("frame 2 (at the limit): skipped %v (%q), source %q; want it read by OCR", f.Skipped, f.SkipReason, f.Source)
	}
	lim.MaxPixels--
	j, err = Run(context.Background(), Config{Kind: stubKind, Capture: CaptureOCR, Limits: lim}, tr, subs)
	if err != nil {
		t.Fatal(err)
	}
	if f := j.Frames[1]; !f.Skipped || !strings.Contains(f.SkipReason, "over the limit") {
		t.Errorf("frame 2 (one pixel over the limit): skipped %v, reason %q", f.Skipped, f.SkipReason)
	}
}
