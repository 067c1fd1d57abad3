package ocr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"image"
	"image/color"
	"image/draw"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"reflect"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"golang.org/x/image/font"
	"golang.org/x/image/font/gofont/goregular"
	"golang.org/x/image/font/opentype"
	"golang.org/x/image/math/fixed"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/redteamkit"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

func TestParseTSV(t *testing.T) {
	tsv := "level\tpage_num\tblock_num\tpar_num\tline_num\tword_num\tleft\ttop\twidth\theight\tconf\ttext\n" +
		"1\t1\t0\t0\t0\t0\t0\t0\t1080\t2400\t-1\t\n" +
		"5\t1\t1\t1\t1\t1\t40\t100\t120\t40\t96.5\tBuy\n" +
		"5\t1\t1\t1\t1\t2\t170\t100\t90\t40\t91\tmilk\n" +
		"5\t1\t1\t1\t1\t3\t900\t100\t60\t40\t88\t$4\n" +
		"5\t1\t1\t1\t2\t1\t40\t200\t60\t40\t12\t@&\n"
	words, err := parseTSV([]byte(tsv))
	want := []Word{
		{Text: "Buy", Left: 40, Top: 100, W: 120, H: 40, Conf: 96.5, Block: 1, Para: 1, LineN: 1},
		{Text: "milk", Left: 170, Top: 100, W: 90, H: 40, Conf: 91, Block: 1, Para: 1, LineN: 1},
		{Text: "$4", Left: 900, Top: 100, W: 60, H: 40, Conf: 88, Block: 1, Para: 1, LineN: 1},
		{Text: "@&", Left: 40, Top: 200, W: 60, H: 40, Conf: 12, Block: 1, Para: 1, LineN: 2},
	}
	if err != nil || !reflect.DeepEqual(words, want) {
		t.Fatalf("%v %+v", err, words)
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
		// What judge builds a screen from: words with text and a box of no negative size.
		for _, w := range words {
			if strings.TrimSpace(w.Text) == "" || w.W < 0 || w.H < 0 {
				t.Fatalf("word %+v", w)
			}
		}
	})
}

// BenchmarkOCRFrame measures reading one real 1080x2400 screenshot: decoding it, binarising
// it, finding its marks and running Tesseract (the per-process cache is bypassed). Besides
// the wall time, which depends on how busy the machine is, it reports the CPU time a frame
// costs, Tesseract's included (cpu-ms/op).
func BenchmarkOCRFrame(b *testing.B) {
	testenv.RequireTesseract(b)
	data, err := os.ReadFile(filepath.Join(testenv.SharedData(b, "traces/llamatouch"), "trace_18", "0.png"))
	if err != nil {
		b.Fatal(err)
	}
	ctx := context.Background()
	g, err := Decode(data, trace.Limits{})
	if err != nil {
		b.Fatal(err)
	}
	for _, c := range []struct {
		name string
		f    func() error
	}{
		{"decode", func() error { _, err := Decode(data, trace.Limits{}); return err }},
		{"binarize", func() error { binarize(g); return nil }},
		{"marks", func() error { marks(binarize(g)); return nil }},
		{"decode+binarize+marks+tesseract", func() error {
			g, err := Decode(data, trace.Limits{})
			if err != nil {
				return err
			}
			_, err = run(ctx, g)
			return err
		}},
	} {
		b.Run(c.name, func(b *testing.B) {
			before := cpuTime()
			for b.Loop() {
				if err := c.f(); err != nil {
					b.Fatal(err)
				}
			}
			b.ReportMetric(float64((cpuTime()-before).Milliseconds())/float64(b.N), "cpu-ms/op")
		})
	}
}

// countTesseractRuns puts a wrapper in front of the real tesseract for the rest of the
// test that appends a line "page" to the returned file each time tesseract reads a whole
// screenshot (page segmentation 3), and "strip" when it reads lines cut out of one again.
func countTesseractRuns(t *testing.T) string {
	t.Helper()
	real := testenv.RequireTesseract(t)
	if _, ok := Available(); !ok {
		t.Fatal("tesseract found on PATH but not by Available")
	}
	dir := t.TempDir()
	count := filepath.Join(dir, "runs")
	wrapper := filepath.Join(dir, "tesseract")
	script := "#!/bin/sh\nif [ \"$4\" = 3 ]; then echo page; else echo strip; fi >> '" + count + "'\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	saved := probe.path
	probe.path = wrapper
	t.Cleanup(func() { probe.path = saved })
	return count
}

// Frames showing the same screenshot are read by Tesseract once, also when their captures
// run at the same time (captures run ahead of the reasoner in parallel, and a batch judges
// several traces at once).
func TestIdenticalScreenshotsReadOnce(t *testing.T) {
	count := countTesseractRuns(t)

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
			page, _, err := Read(context.Background(), img, trace.Limits{})
			if err == nil {
				texts[i] = fmt.Sprint(page.Words)
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
	runs := strings.Count(string(data), "page")
	if runs != 1 {
		t.Errorf("Tesseract ran %d times for %d frames of one screenshot, want once", runs, frames)
	}
	// Read again later: from the cache, no new run.
	if _, _, err := Read(context.Background(), img, trace.Limits{}); err != nil {
		t.Fatal(err)
	}
	if data, _ := os.ReadFile(count); strings.Count(string(data), "page") != runs {
		t.Error("a screenshot read before was read again")
	}
}

// A frame that joined the read of its screenshot started for another frame gets the words
// even when that other frame's judging was cancelled mid-read (another trace of a batch
// stopped, say): the read is made again for it, not failed with the other's cancel.
func TestSharedOCRReadSurvivesTheOthersCancel(t *testing.T) {
	real := testenv.RequireTesseract(t)
	if _, ok := Available(); !ok {
		t.Fatal("tesseract found on PATH but not by Available")
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
	saved := probe.path
	probe.path = wrapper
	t.Cleanup(func() { probe.path = saved })

	img := judgetest.ListScreenPNG(t, "Inbox", "Only in "+t.Name(), fmt.Sprint(time.Now().UnixNano()))
	first, cancel := context.WithCancel(context.Background())
	firstErr := make(chan error, 1)
	go func() {
		_, _, err := Read(first, img, trace.Limits{})
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
		page, _, err := Read(context.Background(), img, trace.Limits{})
		if err == nil {
			text = fmt.Sprint(page.Words)
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

// The fast conversions to luminance give what image/draw gives, for each kind of image a
// screenshot decodes to (and any other through image/draw itself).
func TestGrayMatchesImageDraw(t *testing.T) {
	rect := image.Rect(0, 0, 37, 23)
	rgba, nrgba := image.NewRGBA(rect), image.NewNRGBA(rect)
	for y := range 23 {
		for x := range 37 {
			c := color.RGBA{uint8(x * 7), uint8(y * 11), uint8(x*y + 3), 255}
			rgba.SetRGBA(x, y, c)
			nrgba.SetNRGBA(x, y, color.NRGBA{c.R, c.G, c.B, uint8(255 - x*3)})
		}
	}
	var jpg bytes.Buffer
	if err := jpeg.Encode(&jpg, rgba, nil); err != nil {
		t.Fatal(err)
	}
	ycc, err := jpeg.Decode(&jpg)
	if err != nil {
		t.Fatal(err)
	}
	grayImg := image.NewGray(rect)
	draw.Draw(grayImg, rect, rgba, image.Point{}, draw.Src)
	for name, img := range map[string]image.Image{"RGBA": rgba, "NRGBA": nrgba, "YCbCr": ycc, "Gray": grayImg,
		"offset": rgba.SubImage(image.Rect(5, 3, 30, 20))} {
		want := image.NewGray(image.Rect(0, 0, img.Bounds().Dx(), img.Bounds().Dy()))
		draw.Draw(want, want.Rect, img, img.Bounds().Min, draw.Src)
		got := gray(img)
		if got.Rect != want.Rect {
			t.Fatalf("%s: %v, want %v", name, got.Rect, want.Rect)
		}
		for i := range want.Pix {
			if d := int(got.Pix[i]) - int(want.Pix[i]); d < -1 || d > 1 {
				t.Fatalf("%s: pixel %d is %d, image/draw gives %d", name, i, got.Pix[i], want.Pix[i])
			}
		}
	}
}

// A pixel is ink when it differs by more than 50 from the mean of the 81 x 81 window around
// it (cut at the screen's edges), computed here the slow way, on screens narrower, shorter
// and larger than the window.
func TestBinarizeMarksWhatStandsOutOfItsWindow(t *testing.T) {
	for _, size := range []image.Point{{1, 1}, {7, 130}, {130, 7}, {97, 211}} {
		img := image.NewGray(image.Rect(0, 0, size.X, size.Y))
		for i := range img.Pix {
			img.Pix[i] = uint8((i*i*31 + i*7) % 256)
		}
		got := binarize(img)
		for y := range size.Y {
			for x := range size.X {
				var sum, n int
				for yy := max(0, y-40); yy < min(size.Y, y+41); yy++ {
					for xx := max(0, x-40); xx < min(size.X, x+41); xx++ {
						sum += int(img.Pix[yy*img.Stride+xx])
						n++
					}
				}
				d := int(img.Pix[y*img.Stride+x]) - sum/n
				want := uint8(255)
				if d > 50 || d < -50 {
					want = 0
				}
				if g := got.Pix[y*got.Stride+x]; g != want {
					t.Fatalf("%v: pixel (%d, %d) is %d, want %d", size, x, y, g, want)
				}
			}
		}
	}
}

// Binarising takes the output's byte a pixel and memory in the width, nothing more: an
// integral image took eight bytes a pixel, 268 MB for a screenshot of the most pixels the
// limits let through, and one such read per core ran a trace of six 45 KB PNGs to 1.5 GB.
func TestBinarizeMemoryIsTheOutput(t *testing.T) {
	img := image.NewGray(image.Rect(0, 0, 1000, 3000))
	res := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			binarize(img)
		}
	})
	if got, limit := res.AllocedBytesPerOp(), int64(len(img.Pix))+1<<16; got > limit {
		t.Fatalf("binarising %d pixels allocated %d bytes, over %d", len(img.Pix), got, limit)
	}
}

// Marks are the pieces of ink of a glyph's size, wherever they stand: ten lone letters
// spaced as keys are, each a mark (the "i" by its stem: its dot is too small), while a bar
// too wide and a block too tall for a glyph are none.
func TestMarksAreGlyphSizedInk(t *testing.T) {
	const w, h = 1080, 400
	img := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
	face, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	f, err := opentype.NewFace(face, &opentype.FaceOptions{Size: 60, DPI: 72})
	if err != nil {
		t.Fatal(err)
	}
	for i, r := range "qwertyuiop" {
		d := font.Drawer{Dst: img, Src: image.Black, Face: f, Dot: fixed.P(40+i*108, 100)}
		d.DrawString(string(r))
	}
	draw.Draw(img, image.Rect(20, 200, 1060, 230), image.Black, image.Point{}, draw.Src) // a bar
	draw.Draw(img, image.Rect(500, 260, 560, 390), image.Black, image.Point{}, draw.Src) // a block
	ms := marks(binarize(img))
	var above []Box
	for _, m := range ms {
		if m.Y2 > 150 {
			t.Errorf("mark %+v is no glyph", m)
			continue
		}
		above = append(above, m)
	}
	if len(above) != 10 {
		t.Fatalf("%d marks for ten letters: %+v", len(above), above)
	}
}

// A screen of noise (a run of ink starting at one pixel in four) has no keys to find, and
// following its million pieces is not paid for: a 54 KB PNG of dots took 850 MB.
func TestMarksOfNoiseAreNone(t *testing.T) {
	bin := image.NewGray(image.Rect(0, 0, 2000, 2000))
	for i := range bin.Pix {
		if x, y := i%2000, i/2000; x%2 == 1 || y%2 == 1 {
			bin.Pix[i] = 255
		}
	}
	var got []Box
	res := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			got = marks(bin)
		}
	})
	if got != nil {
		t.Errorf("%d marks on a screen of dots", len(got))
	}
	if alloc, limit := res.AllocedBytesPerOp(), int64(6*len(bin.Pix)); alloc > limit {
		t.Fatalf("marks of %d pixels of dots allocated %d bytes, over %d", len(bin.Pix), alloc, limit)
	}
}

// A read cancelled before its turn (a capture ahead of an early stop) decodes nothing:
// decoding takes a core as reading does, so no more screenshots are decoded at once than
// reads run (a trace of six 5790 x 5790 PNGs decoded them all at once).
func TestCancelledReadDecodesNothing(t *testing.T) {
	var buf bytes.Buffer
	if err := png.Encode(&buf, image.NewGray(image.Rect(0, 0, 1000, 3000))); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	var err error
	res := testing.Benchmark(func(b *testing.B) {
		for b.Loop() {
			_, _, err = Read(ctx, buf.Bytes(), trace.Limits{})
		}
	})
	if !errors.Is(err, context.Canceled) {
		t.Fatalf("a cancelled read: %v", err)
	}
	if alloc := res.AllocedBytesPerOp(); alloc > 1<<16 {
		t.Fatalf("a cancelled read allocated %d bytes: the screenshot was decoded", alloc)
	}
}

// A screenshot encoded again (same pixels, other bytes) is not read again.
func TestSamePixelsReadOnce(t *testing.T) {
	count := countTesseractRuns(t)

	// A small screen (the race detector makes full-size decoding slow), no other test reads.
	img := image.NewGray(image.Rect(0, 0, 600, 120))
	draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
	face, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	f, err := opentype.NewFace(face, &opentype.FaceOptions{Size: 40, DPI: 72})
	if err != nil {
		t.Fatal(err)
	}
	(&font.Drawer{Dst: img, Src: image.Black, Face: f, Dot: fixed.P(20, 70)}).DrawString(fmt.Sprint("Inbox ", time.Now().UnixNano()))
	var buf bytes.Buffer
	if err := png.Encode(&buf, img); err != nil {
		t.Fatal(err)
	}
	first := buf.Bytes()
	var again bytes.Buffer
	if err := (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&again, img); err != nil {
		t.Fatal(err)
	}
	if bytes.Equal(first, again.Bytes()) {
		t.Fatal("the two encodings are the same bytes")
	}
	a, _, err := Read(context.Background(), first, trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	b, _, err := Read(context.Background(), again.Bytes(), trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	if a != b {
		t.Error("the second encoding was read apart")
	}
	if data, _ := os.ReadFile(count); strings.Count(string(data), "page") != 1 {
		t.Errorf("Tesseract ran %d times for one screen encoded twice", strings.Count(string(data), "page"))
	}
}

// No more Tesseracts run at once than the machine has cores, however many frames are read
// together: more would only share the cores, and slow the frame the judge needs next.
func TestTesseractRunsAtMostOnePerCore(t *testing.T) {
	real := testenv.RequireTesseract(t)
	if _, ok := Available(); !ok {
		t.Fatal("tesseract found on PATH but not by Available")
	}
	dir := t.TempDir()
	wrapper := filepath.Join(dir, "tesseract")
	// Each run leaves a file while it lives, records how many live at its start, and
	// lingers a little so that runs not held back would overlap.
	script := "#!/bin/sh\ntouch '" + dir + "'/live.$$\nls '" + dir + "' | grep -c '^live' >> '" + dir + "/counts'\nsleep 0.3\nrm '" + dir + "'/live.$$\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	saved := probe.path
	probe.path = wrapper
	t.Cleanup(func() { probe.path = saved })

	cores := runtime.NumCPU()
	n := cores + 2
	var wg sync.WaitGroup
	errs := make([]error, n)
	for i := range n {
		img := image.NewGray(image.Rect(0, 0, 64, 32+i)) // a distinct blank screen each
		draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = ReadImage(context.Background(), img)
		}()
	}
	wg.Wait()
	for _, err := range errs {
		if err != nil {
			t.Fatal(err)
		}
	}
	data, err := os.ReadFile(filepath.Join(dir, "counts"))
	if err != nil {
		t.Fatal(err)
	}
	most := 0
	for _, f := range strings.Fields(string(data)) {
		v, _ := strconv.Atoi(f)
		most = max(most, v)
	}
	if len(strings.Fields(string(data))) != n || most > cores {
		t.Fatalf("%d runs, at most %d at once (cores: %d)", len(strings.Fields(string(data))), most, cores)
	}
}

// PBM packs a row's pixels eight to a byte, the first in the high bit, ink (0) as a set
// bit, each row padded to whole bytes.
func TestPBM(t *testing.T) {
	g := image.NewGray(image.Rect(0, 0, 10, 2))
	for i := range g.Pix {
		g.Pix[i] = 255
	}
	g.Pix[0], g.Pix[9], g.Pix[10+8] = 0, 0, 0 // (0,0), (9,0), (8,1)
	want := append([]byte("P4\n10 2\n"), 0x80, 0x40, 0x00, 0x80)
	if got := pbm(g); !bytes.Equal(got, want) {
		t.Fatalf("% x, want % x", got, want)
	}
}

// Large dark text on a light card (a clock's alarm time, a contact's name as the page's
// header) is read as written: its dense strokes darken the window's mean, and the light
// page beside them stood out above it and came out as ink round every glyph, which
// Tesseract read as other letters or nothing. White text on a coloured button is still
// read. Real Tesseract.
func TestLargeDarkTextIsReadWithoutAHalo(t *testing.T) {
	testenv.RequireTesseract(t)
	const w, h = 1080, 900
	img := image.NewGray(image.Rect(0, 0, w, h))
	draw.Draw(img, img.Rect, image.White, image.Point{}, draw.Src)
	card := image.NewUniform(color.Gray{Y: 238})
	draw.Draw(img, image.Rect(40, 40, w-40, 560), card, image.Point{}, draw.Src)
	button := image.NewUniform(color.Gray{Y: 90})
	draw.Draw(img, image.Rect(300, 660, 780, 820), button, image.Point{}, draw.Src)
	face, err := opentype.Parse(goregular.TTF)
	if err != nil {
		t.Fatal(err)
	}
	write := func(size float64, src image.Image, x, y int, s string) {
		f, err := opentype.NewFace(face, &opentype.FaceOptions{Size: size, DPI: 72})
		if err != nil {
			t.Fatal(err)
		}
		(&font.Drawer{Dst: img, Src: src, Face: f, Dot: fixed.P(x, y)}).DrawString(s)
	}
	write(170, image.NewUniform(color.Gray{Y: 28}), 80, 240, "7:30")
	write(110, image.NewUniform(color.Gray{Y: 28}), 80, 470, "Amir Muller")
	write(70, image.White, 380, 765, "SAVE")
	page, err := ReadImage(context.Background(), img)
	if err != nil {
		t.Fatal(err)
	}
	var words []string
	for _, wd := range page.Words {
		words = append(words, wd.Text)
	}
	got := strings.Join(words, " ")
	for _, want := range []string{"7:30", "Amir", "Muller", "SAVE"} {
		if !strings.Contains(got, want) {
			t.Errorf("read %q, without %q", got, want)
		}
	}
}

// A title beside a toolbar's back arrow is read: Tesseract reads the arrow and the title as
// one line and leaves the title at a guess's confidence (25-35: a conversation's number and
// Settings' "Internet" were lost so), but cut out on its own it reads at 90 and more.
func TestTitleBesideAnArrowIsRead(t *testing.T) {
	testenv.RequireTesseract(t)
	for _, title := range []string{"Internet", "+16823751249"} {
		c := redteamkit.NewCanvas(redteamkit.White)
		c.StatusBar(redteamkit.White, redteamkit.Ink)
		c.AppBar(redteamkit.White, title, "back", "more")
		c.Text(63, 600, "Saved networks", redteamkit.Regular, 44, redteamkit.Ink, 0)
		g := image.NewGray(c.Img.Bounds())
		draw.Draw(g, g.Rect, c.Img, image.Point{}, draw.Src)
		page, err := ReadImage(context.Background(), g)
		if err != nil {
			t.Fatal(err)
		}
		found := false
		for _, wd := range page.Words {
			if wd.Text == title && wd.Conf >= largeSure {
				found = true
			}
		}
		if !found {
			t.Errorf("title %q not read surely: %+v", title, page.Words)
		}
	}
}
