// Package ocr reads the words of a screenshot with Tesseract (Debian's tesseract-ocr,
// through its command line: no cgo), with their boxes and lines, so a judge can read traces
// that carry screenshots only. A screenshot is binarised first (Tesseract misses most
// light-on-colour text otherwise), and each distinct screenshot is read once per process.
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
	"image/png"
	"os"
	"os/exec"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"

	_ "image/jpeg" // screenshots may be JPEG

	"golang.org/x/sync/singleflight"

	"github.com/autoeval/autoeval/judge/screentext"
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

// cache keeps the OCR of identical screenshots (by content) for the life of the process:
// a screen repeated on later frames is read once. It stops growing at maxCache entries,
// so a long batch cannot hold every screen it ever read. flight is the reads under way:
// a frame whose screenshot is being read for another (captures run in parallel, traces of
// a batch too) waits for that read instead of starting its own.
var (
	cache     sync.Map // [32]byte -> []Word
	cacheSize atomic.Int64
	flight    singleflight.Group
)

const maxCache = 4096

// Word is one word Tesseract read, with its box and its line.
type Word struct {
	Text               string
	Left, Top, W, H    int
	Conf               float64
	Block, Para, LineN int
}

// Read reads a screenshot's words once per process: from the cache, else from the read
// of the same bytes under way, else by running Tesseract.
func Read(ctx context.Context, img []byte) ([]Word, error) {
	key := sha256.Sum256(img)
	for {
		if w, ok := cache.Load(key); ok {
			return w.([]Word), nil
		}
		read := flight.DoChan(string(key[:]), func() (any, error) {
			words, err := run(ctx, img)
			if err == nil && cacheSize.Add(1) <= maxCache {
				cache.Store(key, words)
			}
			return words, err
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
			return r.Val.([]Word), nil
		}
	}
}

// run binarises the screenshot and runs Tesseract on it.
func run(ctx context.Context, img []byte) ([]Word, error) {
	if _, ok := Available(); !ok {
		return nil, ErrMissing
	}
	bin, err := binarize(img)
	if err != nil {
		return nil, fmt.Errorf("reading the screenshot for OCR: %w", err)
	}
	cmd := exec.CommandContext(ctx, probe.path, "stdin", "stdout", "--psm", "3", "-l", "eng", "tsv")
	cmd.Stdin = bytes.NewReader(bin)
	// One thread per process: captures already run several frames at once.
	cmd.Env = append(os.Environ(), "OMP_THREAD_LIMIT=1")
	var out, stderr bytes.Buffer
	cmd.Stdout, cmd.Stderr = &out, &stderr
	if err := cmd.Run(); err != nil {
		if ctx.Err() != nil {
			return nil, ctx.Err()
		}
		line, _, _ := strings.Cut(strings.TrimSpace(stderr.String()), "\n")
		return nil, fmt.Errorf("tesseract: %v: %s", err, line)
	}
	return parseTSV(out.Bytes())
}

// binarize turns a screenshot into black text on white: a pixel is ink when it differs
// clearly from the mean of its neighbourhood, whichever way. White text on a coloured
// button and dark text on a light page both come out black, which Tesseract reads far
// better than the colours (it misses most light-on-colour text otherwise).
func binarize(data []byte) ([]byte, error) {
	src, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return nil, err
	}
	b := src.Bounds()
	gray := image.NewGray(image.Rect(0, 0, b.Dx(), b.Dy()))
	draw.Draw(gray, gray.Bounds(), src, b.Min, draw.Src)
	w, h := b.Dx(), b.Dy()
	// Integral image of the luminance, for the mean of any window in constant time.
	ii := make([]int64, (w+1)*(h+1))
	for y := 1; y <= h; y++ {
		var row int64
		for x := 1; x <= w; x++ {
			row += int64(gray.Pix[(y-1)*gray.Stride+x-1])
			ii[y*(w+1)+x] = ii[(y-1)*(w+1)+x] + row
		}
	}
	const radius, contrast = 40, 50
	out := image.NewGray(gray.Rect)
	for y := 0; y < h; y++ {
		y0, y1 := max(0, y-radius), min(h, y+radius+1)
		for x := 0; x < w; x++ {
			x0, x1 := max(0, x-radius), min(w, x+radius+1)
			sum := ii[y1*(w+1)+x1] - ii[y0*(w+1)+x1] - ii[y1*(w+1)+x0] + ii[y0*(w+1)+x0]
			mean := sum / int64((x1-x0)*(y1-y0))
			d := int64(gray.Pix[y*gray.Stride+x]) - mean
			v := uint8(255)
			if d > contrast || d < -contrast {
				v = 0
			}
			out.Pix[y*out.Stride+x] = v
		}
	}
	var buf bytes.Buffer
	enc := png.Encoder{CompressionLevel: png.BestSpeed}
	if err := enc.Encode(&buf, out); err != nil {
		return nil, err
	}
	return buf.Bytes(), nil
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
