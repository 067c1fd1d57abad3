package judge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge/screentext"
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
	sc, err := readScreenOCR(context.Background(), img)
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
		sc, err := readScreenOCR(context.Background(), data)
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

func TestParseTSV(t *testing.T) {
	tsv := "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
		"1\t1\t0\t0\t0\t0\t0\t0\t1080\t2400\t-1\t\n" +
		"5\t1\t1\t1\t1\t1\t40\t100\t120\t40\t96.5\tBuy\n" +
		"5\t1\t1\t1\t1\t2\t170\t100\t90\t40\t91\tmilk\n" +
		"5\t1\t1\t1\t1\t3\t900\t100\t60\t40\t88\t$4\n" +
		"5\t1\t1\t1\t2\t1\t40\t200\t60\t40\t12\t@&\n"
	words, err := parseTSV([]byte(tsv))
	if err != nil || len(words) != 4 {
		t.Fatalf("%v %+v", err, words)
	}
	sc := ocrScreen(words, 2400)
	if got := ocrText(sc); len(got) != 2 || got[0] != "Buy milk" || got[1] != "$4" {
		t.Fatalf("lines %q: a wide gap splits a label from its value, a low-confidence line is dropped", got)
	}
	for _, bad := range []string{"", "not tsv"} {
		if _, err := parseTSV([]byte(bad)); err == nil {
			t.Errorf("%q accepted", bad)
		}
	}
	// A row too short to be a word is passed over, not taken for one.
	if words, err := parseTSV([]byte("level\tpage\n5\t1\tx")); err != nil || len(words) != 0 {
		t.Errorf("short row: %v, %v", words, err)
	}
}

func FuzzParseTSV(f *testing.F) {
	f.Add([]byte("level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n5\t1\t1\t1\t1\t1\t0\t0\t10\t10\t90\tx\n"))
	f.Add([]byte("level\n5\t1\t1\t1\t1\t1\t-5\t-5\t-1\t2\tNaN\t\t\n"))
	f.Fuzz(func(t *testing.T, data []byte) {
		words, err := parseTSV(data)
		if err != nil {
			return
		}
		// Identical screenshots must describe identically: repeated frames skip the reasoner.
		if a, b := ocrScreen(words, 100), ocrScreen(words, 100); a.render() != b.render() {
			t.Fatal("the same words give two descriptions")
		}
	})
}

// BenchmarkOCRFrame measures reading one real 1080x2400 screenshot: binarising it and
// running Tesseract (the per-process cache is bypassed).
func BenchmarkOCRFrame(b *testing.B) {
	testenv.RequireTesseract(b)
	data, err := os.ReadFile(filepath.Join(testenv.SharedData(b, "traces/llamatouch"), "trace_7", "11.png"))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	b.Run("binarize", func(b *testing.B) {
		for b.Loop() {
			if _, err := binarize(data); err != nil {
				b.Fatal(err)
			}
		}
	})
	b.Run("binarize+tesseract", func(b *testing.B) {
		for b.Loop() {
			if _, err := runOCR(ctx, data); err != nil {
				b.Fatal(err)
			}
		}
	})
}

// Frames showing the same screenshot are read by Tesseract once, also when their captures
// run at the same time (captures run ahead of the reasoner in parallel, and a batch judges
// several traces at once).
func TestIdenticalScreenshotsReadOnce(t *testing.T) {
	real := testenv.RequireTesseract(t)
	if _, ok := OCRAvailable(); !ok {
		t.Fatal("tesseract found on PATH but not by OCRAvailable")
	}
	dir := t.TempDir()
	count := filepath.Join(dir, "runs")
	wrapper := filepath.Join(dir, "tesseract")
	script := "#!/bin/sh\necho run >> '" + count + "'\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	saved := ocrProbe.path
	ocrProbe.path = wrapper
	t.Cleanup(func() { ocrProbe.path = saved })

	// A screen no other test reads, so the per-process cache does not hold it yet.
	img := judgetest.ListScreenPNG(t, "Inbox", "Only in "+t.Name(), fmt.Sprint(time.Now().UnixNano()))
	const frames = 4
	var wg sync.WaitGroup
	start := make(chan struct{})
	texts := make([]string, frames)
	errs := make([]error, frames)
	for i := range frames {
		wg.Add(1)
		go func() {
			defer wg.Done()
			<-start
			sc, err := readScreenOCR(context.Background(), img)
			if err == nil {
				texts[i] = sc.render()
			}
			errs[i] = err
		}()
	}
	close(start)
	wg.Wait()
	for i := range frames {
		if errs[i] != nil || texts[i] != texts[0] || !strings.Contains(texts[0], "Inbox") {
			t.Fatalf("frame %d: %v\n%s", i, errs[i], texts[i])
		}
	}
	data, err := os.ReadFile(count)
	if err != nil {
		t.Fatal(err)
	}
	runs := strings.Count(string(data), "run")
	if runs != 1 {
		t.Errorf("Tesseract ran %d times for %d frames of one screenshot, want once", runs, frames)
	}
	// Read again later: from the cache, no new run.
	if _, err := readScreenOCR(context.Background(), img); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(count); strings.Count(string(data), "run") != runs {
		t.Error("a screenshot read before was read again")
	}
}

// A frame that joined the read of its screenshot started for another frame gets the words
// even when that other frame's judging was cancelled mid-read (another trace of a batch
// stopped, say): the read is made again for it, not failed with the other's cancel.
func TestSharedOCRReadSurvivesTheOthersCancel(t *testing.T) {
	real := testenv.RequireTesseract(t)
	if _, ok := OCRAvailable(); !ok {
		t.Fatal("tesseract found on PATH but not by OCRAvailable")
	}
	dir := t.TempDir()
	started := filepath.Join(dir, "started")
	wrapper := filepath.Join(dir, "tesseract")
	// The first run announces itself and lingers (until its caller's cancel kills it), so
	// the second caller surely joins it.
	script := "#!/bin/sh\nif [ ! -e '" + started + "' ]; then touch '" + started + "'; exec sleep 30; fi\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	saved := ocrProbe.path
	ocrProbe.path = wrapper
	t.Cleanup(func() { ocrProbe.path = saved })

	img := judgetest.ListScreenPNG(t, "Inbox", "Only in "+t.Name(), fmt.Sprint(time.Now().UnixNano()))
	first, cancel := context.WithCancel(context.Background())
	firstErr := make(chan error, 1)
	go func() {
		_, err := readScreenOCR(first, img)
		firstErr <- err
	}()
	for deadline := time.Now().Add(10 * time.Second); ; time.Sleep(10 * time.Millisecond) {
		if _, err := os.Stat(started); err == nil {
			break
		}
		if time.Now().After(deadline) {
			t.Fatal("the first read never started")
		}
	}
	second := make(chan error, 1)
	var text string
	go func() {
		sc, err := readScreenOCR(context.Background(), img)
		if err == nil {
			text = sc.render()
		}
		second <- err
	}()
	time.Sleep(100 * time.Millisecond) // the second caller waits on the first read
	cancel()
	if err := <-firstErr; !errors.Is(err, context.Canceled) {
		t.Errorf("the cancelled caller got %v", err)
	}
	if err := <-second; err != nil || !strings.Contains(text, "Inbox") {
		t.Fatalf("the caller still judging got %v:\n%s", err, text)
	}
}
