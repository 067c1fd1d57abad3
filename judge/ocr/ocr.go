// Package ocr reads the words of a screenshot with Tesseract (Debian's tesseract-ocr,
// through its command line: no cgo), with their boxes and lines, so a judge can read traces
// that carry screenshots only, and finds the marks of ink of a glyph's size, read or not.
// A screenshot is binarised first (Tesseract misses most light-on-colour text otherwise),
// lines of large digits (a clock's) it reads badly are read again, scaled down (large.go),
// each distinct screenshot is read once per process, and no more Tesseracts run at once
// than the machine has cores.
package ocr

import (
	"bufio"
	"bytes"
	"context"
	"crypto/sha256"
	"errors"
	"fmt"
	"image"
	"image/draw"
	"io"
	"os"
	"os/exec"
	"runtime"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	"golang.org/x/sync/singleflight"

	"github.com/autoeval/autoeval/judge/screentext"
	"github.com/autoeval/autoeval/trace"
)

// binary names the Tesseract executable; TESSERACT in the environment overrides it.
func binary() string {
	if b := os.Getenv("TESSERACT"); b != "" {
		return b
	}
	return "tesseract"
}

// ErrMissing says Tesseract is not installed.
var ErrMissing = errors.New("OCR needs Tesseract: install it (Debian: apt-get install tesseract-ocr tesseract-ocr-eng) or set TESSERACT to its path")

// Available reports whether Tesseract can be run, and its version line.
func Available() (string, bool) {
	probe.once.Do(func() {
		path, err := exec.LookPath(binary())
		if err != nil {
			return
		}
		out, err := exec.Command(path, "--version").CombinedOutput()
		if err != nil {
			return
		}
		probe.path = path
		probe.version = strings.TrimSpace(strings.SplitN(string(out), "\n", 2)[0])
	})
	return probe.version, probe.path != ""
}

var probe struct {
	once          sync.Once
	path, version string
}

// cache keeps what was read off identical screenshots (by their pixels) for the life of
// the process: a screen repeated on later frames is read once, also when its file was
// encoded again. It stops growing at maxCache entries, so a long batch cannot hold every
// screen it ever read. flight is the reads under way: a frame whose screenshot is being
// read for another (captures run in parallel, traces of a batch too) waits for that read
// instead of starting its own.
var (
	cache     sync.Map // [32]byte -> *Page
	cacheSize atomic.Int64
	flight    singleflight.Group
)

const maxCache = 4096

// slots bounds the reads running at once (binarising, finding marks, Tesseract) to the
// machine's cores: each runs single-threaded, so more would only share the same cores,
// and a capture started ahead of an early stop would take a core from the frames still
// needed.
var slots = make(chan struct{}, runtime.NumCPU())

// runs counts the Tesseract processes started, for benchmarks to weigh what a trace cost.
var runs atomic.Int64

// Runs is how many times this process ran Tesseract.
func Runs() int64 { return runs.Load() }

// Word is one word Tesseract read, with its box and its line.
type Word struct {
	Text               string
	Left, Top, W, H    int
	Conf               float64
	Block, Para, LineN int
}

// Box is a rectangle of the screenshot in pixels, X2 and Y2 excluded.
type Box struct{ X1, Y1, X2, Y2 int16 }

// Page is what was read off one screenshot: its size, the words Tesseract read, and the
// marks of ink of a glyph's size, read as text or not. Tesseract leaves out most lone
// characters (the keys of an on-screen keyboard, a calculator's digits), which a layout
// reader can still find among the marks.
type Page struct {
	W, H  int
	Words []Word
	Marks []Box
}

// Decode reads a screenshot (PNG or JPEG) into its luminance, the form OCR reads. Its
// header is read first: a screenshot over lim's pixels is refused before any pixel memory
// is taken (a PNG claiming 1,000,000 x 1,000,000 pixels ran the judge out of memory).
func Decode(data []byte, lim trace.Limits) (*image.Gray, error) {
	src, _, err := lim.DecodeImage(data)
	if err != nil {
		return nil, err
	}
	return gray(src), nil
}

// Pixels is a screenshot as the layout rules read it besides its words: its luminance and
// its chroma (the spread of its red, green and blue, 0 for a grey), which tells an accent
// colour from a grey of the same lightness (a switch's track that is on from one that is
// off). Chroma is nil where the picture came without colour.
type Pixels struct {
	Lum, Chroma *image.Gray
}

// DecodePixels is Decode keeping the chroma too (Pixels), within lim.
func DecodePixels(data []byte, lim trace.Limits) (Pixels, error) {
	src, _, err := lim.DecodeImage(data)
	if err != nil {
		return Pixels{}, err
	}
	return Pixels{Lum: gray(src), Chroma: chroma(src)}, nil
}

// Read decodes a screenshot within lim and reads it (ReadImage), returning the page and
// the pixels it was read from. Decoding takes a core as reading does: a screenshot
// decoded is the most memory a read holds (four bytes a pixel until it is grey), so no more
// are decoded at once than reads run, and a read cancelled before its turn (captures run
// ahead of an early stop) decodes nothing.
func Read(ctx context.Context, img []byte, lim trace.Limits) (*Page, Pixels, error) {
	if err := ctx.Err(); err != nil {
		return nil, Pixels{}, err
	}
	select {
	case slots <- struct{}{}:
	case <-ctx.Done():
		return nil, Pixels{}, ctx.Err()
	}
	px, err := DecodePixels(img, lim)
	<-slots
	if err != nil {
		return nil, Pixels{}, fmt.Errorf("reading the screenshot for OCR: %w", err)
	}
	page, err := ReadImage(ctx, px.Lum)
	if err != nil {
		return nil, Pixels{}, err
	}
	return page, px, nil
}

// ReadImage reads a decoded screenshot once per process: from the cache, else from the
// read of the same pixels under way, else by running Tesseract. The Page is shared: the
// caller must not change it.
func ReadImage(ctx context.Context, g *image.Gray) (*Page, error) {
	key := pixelKey(g)
	for {
		if p, ok := cache.Load(key); ok {
			return p.(*Page), nil
		}
		read := flight.DoChan(string(key[:]), func() (any, error) {
			page, err := run(ctx, g)
			if err == nil && cacheSize.Add(1) <= maxCache {
				cache.Store(key, page)
			}
			return page, err
		})
		select {
		case <-ctx.Done():
			return nil, ctx.Err()
		case r := <-read:
			if r.Err != nil && ctx.Err() == nil && (errors.Is(r.Err, context.Canceled) || errors.Is(r.Err, context.DeadlineExceeded)) {
				continue // the read was started for a caller that gave up: read it for this one
			}
			if r.Err != nil {
				return nil, r.Err
			}
			return r.Val.(*Page), nil
		}
	}
}

// pixelKey identifies a screenshot by its size and luminance, all that OCR reads of it.
func pixelKey(g *image.Gray) [32]byte {
	h := sha256.New()
	b := g.Bounds()
	fmt.Fprintf(h, "%dx%d\n", b.Dx(), b.Dy())
	for y := b.Min.Y; y < b.Max.Y; y++ {
		i := g.PixOffset(b.Min.X, y)
		h.Write(g.Pix[i : i+b.Dx()])
	}
	var k [32]byte
	h.Sum(k[:0])
	return k
}

// run binarises the screenshot, finds its marks and runs Tesseract on it.
func run(ctx context.Context, g *image.Gray) (*Page, error) {
	if _, ok := Available(); !ok {
		return nil, ErrMissing
	}
	select {
	case slots <- struct{}{}:
		defer func() { <-slots }()
	case <-ctx.Done():
		return nil, ctx.Err()
	}
	bin := binarize(g)
	runs.Add(1)
	words, err := tesseractTSV(ctx, bytes.NewReader(pbm(binarizeText(g))), "3", "tesseract")
	if err != nil {
		return nil, err
	}
	small, large := pieces(bin)
	lines := largeLines(large, words)
	runs, runKeys := doubtfulRuns(words, lines, bin.Rect.Dy())
	keys := make(map[int]lineKey, len(runs))
	for i, k := range runKeys {
		keys[len(lines)+i] = k
	}
	lines = append(lines, runs...)
	if len(lines) > 0 {
		more, err := readLarge(ctx, g, lines, keys)
		if err != nil {
			return nil, err
		}
		words = append(withoutGuesses(words, lines), more...)
	}
	return &Page{W: bin.Rect.Dx(), H: bin.Rect.Dy(), Words: words, Marks: small}, nil
}

// chroma is the spread between the largest and the smallest of a pixel's red, green and
// blue (0 for a grey); nil for a grey picture, which has none.
func chroma(src image.Image) *image.Gray {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	var pix []uint8
	var stride int
	switch s := src.(type) {
	case *image.NRGBA:
		pix, stride = s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], s.Stride
	case *image.RGBA:
		pix, stride = s.Pix[s.PixOffset(b.Min.X, b.Min.Y):], s.Stride
	case *image.Gray, *image.Gray16:
		return nil
	default: // a JPEG's YCbCr, a paletted PNG: pixel by pixel
		c := image.NewGray(image.Rect(0, 0, w, h))
		for y := range h {
			for x := range w {
				r, g, bl, _ := src.At(b.Min.X+x, b.Min.Y+y).RGBA()
				c.Pix[y*c.Stride+x] = uint8((max(r, g, bl) - min(r, g, bl)) >> 8)
			}
		}
		return c
	}
	c := image.NewGray(image.Rect(0, 0, w, h))
	for y := range h {
		row := pix[y*stride:]
		out := c.Pix[y*c.Stride : y*c.Stride+w]
		for x := range w {
			r, g, bl := row[4*x], row[4*x+1], row[4*x+2]
			out[x] = max(r, g, bl) - min(r, g, bl)
		}
	}
	return c
}

// gray converts an image to luminance, directly from the pixels of the kinds screenshots
// decode to (image/draw's general path converts pixel by pixel through interfaces).
func gray(src image.Image) *image.Gray {
	b := src.Bounds()
	w, h := b.Dx(), b.Dy()
	g := image.NewGray(image.Rect(0, 0, w, h))
	lum := func(r, gr, bl uint32) uint8 { // the weights image/color's Gray model uses, on 8 bits
		return uint8((19595*r + 38470*gr + 7471*bl + 1<<15) >> 16)
	}
	switch s := src.(type) {
	case *image.Gray:
		for y := range h {
			copy(g.Pix[y*g.Stride:y*g.Stride+w], s.Pix[s.PixOffset(b.Min.X, b.Min.Y+y):])
		}
	case *image.NRGBA:
		// Screenshots are opaque; a translucent pixel is taken over black, as
		// color.GrayModel takes it.
		for y := range h {
			row := s.Pix[s.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := range w {
				p := row[4*x : 4*x+4]
				a := uint32(p[3])
				g.Pix[y*g.Stride+x] = lum(uint32(p[0])*a/255, uint32(p[1])*a/255, uint32(p[2])*a/255)
			}
		}
	case *image.RGBA:
		for y := range h {
			row := s.Pix[s.PixOffset(b.Min.X, b.Min.Y+y):]
			for x := range w {
				p := row[4*x : 4*x+4]
				g.Pix[y*g.Stride+x] = lum(uint32(p[0]), uint32(p[1]), uint32(p[2]))
			}
		}
	default:
		draw.Draw(g, g.Bounds(), src, b.Min, draw.Src)
	}
	return g
}

// binarize turns a screenshot into black text on white: a pixel is ink when it differs
// clearly from the mean of its neighbourhood, whichever way. White text on a coloured
// button and dark text on a light page both come out black, which Tesseract reads far
// better than the colours (it misses most light-on-colour text otherwise). The window
// sums come from running sums of its columns, row by row: memory in the width only (an
// integral image of the screen took eight bytes a pixel, 268 MB for the largest
// screenshot the limits let through).
func binarize(gray *image.Gray) *image.Gray {
	w, h := gray.Rect.Dx(), gray.Rect.Dy()
	const radius, contrast = 40, 50
	out := image.NewGray(image.Rect(0, 0, w, h))
	windowMeans(w, h, radius, func(y int) ([]uint8, []uint8) { return gray.Pix[y*gray.Stride : y*gray.Stride+w], nil },
		func(y, x int, sum, n int64) {
			d := int64(gray.Pix[y*gray.Stride+x]) - sum/n
			v := uint8(255)
			if d > contrast || d < -contrast {
				v = 0
			}
			out.Pix[y*out.Stride+x] = v
		})
	return out
}

// pbm encodes a binarised image (ink 0) as binary PBM, one bit a pixel, which Tesseract
// reads without the cost of compressing and inflating a PNG (and faster than a PGM).
func pbm(g *image.Gray) []byte {
	w, h := g.Rect.Dx(), g.Rect.Dy()
	header := fmt.Sprintf("P4\n%d %d\n", w, h)
	stride := (w + 7) / 8
	buf := make([]byte, len(header)+stride*h)
	copy(buf, header)
	out := buf[len(header):]
	for y := range h {
		row := g.Pix[y*g.Stride : y*g.Stride+w]
		for x, v := range row {
			if v == 0 { // ink: a set bit is black
				out[y*stride+x/8] |= 0x80 >> (x % 8)
			}
		}
	}
	return buf
}

// parseTSV reads Tesseract's TSV output: one row per page, block, paragraph, line and word;
// only words (level 5) with text are kept.
func parseTSV(data []byte) ([]Word, error) {
	sc := bufio.NewScanner(bytes.NewReader(data))
	sc.Buffer(make([]byte, 64*1024), 4*1024*1024)
	var words []Word
	header := true
	for sc.Scan() {
		line := sc.Text()
		if header {
			if !strings.HasPrefix(line, "level\t") {
				return nil, fmt.Errorf("tesseract TSV: unexpected header %q", screentext.Clip(line))
			}
			header = false
			continue
		}
		f := strings.Split(line, "\t")
		if len(f) < 12 || f[0] != "5" {
			continue
		}
		text := strings.TrimSpace(strings.Join(f[11:], " "))
		if text == "" {
			continue
		}
		n := make([]int, 8)
		ok := true
		for i := 2; i <= 9; i++ {
			v, err := strconv.Atoi(f[i])
			if err != nil {
				ok = false
				break
			}
			n[i-2] = v
		}
		conf, err := strconv.ParseFloat(f[10], 64)
		if !ok || err != nil || n[6] < 0 || n[7] < 0 {
			continue
		}
		words = append(words, Word{Text: text, Block: n[0], Para: n[1], LineN: n[2],
			Left: n[4], Top: n[5], W: n[6], H: n[7], Conf: conf})
	}
	if err := sc.Err(); err != nil {
		return nil, fmt.Errorf("tesseract TSV: %w", err)
	}
	if header {
		return nil, errors.New("tesseract TSV: empty output")
	}
	return words, nil
}

// Preprocessing names how a screenshot is prepared for Tesseract (binarizeText). What
// Tesseract reads changes with it, so judges record it with Tesseract's version and a
// change of it must change this name: progress read the other way is then not resumed.
const Preprocessing = "binarize-text/2; large-lines/1; doubtful-words/1"

// binarizeText is binarize for Tesseract's input, without the halo binarize draws round
// large dark text: where dense strokes (a clock's digits, a contact's name as a page
// header) darken the window's mean, the light page beside them stands out above it and
// came out as ink, fusing the glyphs. Here, where the window's pixels that are not dark
// ink are a light page, a pixel lighter than its window is ink only when it stands out
// from them too: the page round dark text no longer does, while white text on a coloured
// button or a picture (a window that is no light page) is read as before.
func binarizeText(gray *image.Gray) *image.Gray {
	w, h := gray.Rect.Dx(), gray.Rect.Dy()
	const radius, contrast = 40, 50
	out := image.NewGray(image.Rect(0, 0, w, h))
	const dark, light, none = 0, 1, 255
	const lightPage = 200 // the luminance of a page, the light ones apps draw text on
	// Pass 1: dark ink (0), light candidates (1), the rest (255), against the window's mean.
	windowMeans(w, h, radius, func(y int) ([]uint8, []uint8) { return gray.Pix[y*gray.Stride : y*gray.Stride+w], nil },
		func(y, x int, sum, n int64) {
			v := int64(gray.Pix[y*gray.Stride+x])
			d := v - sum/n
			c := uint8(none)
			switch {
			case d < -contrast:
				c = dark
			case d > contrast:
				c = light
			}
			out.Pix[y*out.Stride+x] = c
		})
	// Pass 2: a light candidate is ink when it stands out from the window without its dark ink.
	ink := image.NewGray(image.Rect(0, 0, w, h))
	windowMeans(w, h, radius, func(y int) ([]uint8, []uint8) {
		return gray.Pix[y*gray.Stride : y*gray.Stride+w], out.Pix[y*out.Stride : y*out.Stride+w]
	}, func(y, x int, sum, n int64) {
		v := uint8(none)
		switch out.Pix[y*out.Stride+x] {
		case dark:
			v = 0
		case light:
			// Beside dark ink on a light page (the window without its dark ink is light),
			// it must stand out from the page; elsewhere (a button, a picture) as before.
			if n == 0 || sum/n < lightPage || int64(gray.Pix[y*gray.Stride+x])-sum/n > contrast {
				v = 0
			}
		}
		ink.Pix[y*ink.Stride+x] = v
	})
	return ink
}

// windowMeans calls at for every pixel with the sum and count of the values in the
// (2*radius+1)-square window round it, cut at the edges; row gives a row's values and,
// when not nil, its mask: a pixel whose mask is 0 is left out of the sums. The sums come
// from running column sums, memory in the width only; a row's mask must not change while
// the row is in a window.
func windowMeans(w, h, radius int, row func(y int) (vals, mask []uint8), at func(y, x int, sum, n int64)) {
	col := make([]int64, w)
	cnt := make([]int64, w)
	pre := make([]int64, w+1)
	preN := make([]int64, w+1)
	add := func(y int, sign int64) {
		vals, mask := row(y)
		for x, v := range vals {
			if mask != nil && mask[x] == 0 {
				continue
			}
			col[x] += sign * int64(v)
			cnt[x] += sign
		}
	}
	for y := range min(h, radius+1) {
		add(y, 1)
	}
	for y := 0; y < h; y++ {
		if y > 0 {
			if in := y + radius; in < h {
				add(in, 1)
			}
			if gone := y - radius - 1; gone >= 0 {
				add(gone, -1)
			}
		}
		for x := range w {
			pre[x+1] = pre[x] + col[x]
			preN[x+1] = preN[x] + cnt[x]
		}
		for x := 0; x < w; x++ {
			x0, x1 := max(0, x-radius), min(w, x+radius+1)
			at(y, x, pre[x1]-pre[x0], preN[x1]-preN[x0])
		}
	}
}

// tesseractTSV runs tesseract on an image (stdin) with a page segmentation mode and reads its
// words; what names the run in errors.
func tesseractTSV(ctx context.Context, img io.Reader, psm, what string) ([]Word, error) {
	cmd := exec.CommandContext(ctx, probe.path, "stdin", "stdout", "--psm", psm, "-l", "eng", "tsv")
	cmd.Stdin = img
	// One thread per process: captures already run several frames at once.
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		line, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return nil, fmt.Errorf("%s: %v: %s", what, err, line)
	}
	return parseTSV(out.Bytes())
}
