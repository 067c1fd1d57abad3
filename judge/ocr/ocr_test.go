package ocr

import (
	"context"
	"errors"
	"fmt"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
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
			if _, err := run(ctx, data); err != nil {
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
	if _, ok := Available(); !ok {
		t.Fatal("tesseract found on PATH but not by Available")
	}
	dir := t.TempDir()
	count := filepath.Join(dir, "runs")
	wrapper := filepath.Join(dir, "tesseract")
	script := "#!/bin/sh\necho run >> '" + count + "'\nexec '" + real + "' \"$@\"\n"
	if err := os.WriteFile(wrapper, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	saved := probe.path
	probe.path = wrapper
	t.Cleanup(func() { probe.path = saved })

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
			words, err := Read(context.Background(), img)
			if err == nil {
				texts[i] = fmt.Sprint(words)
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
	if _, err := Read(context.Background(), img); err != nil {
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
		_, err := Read(first, img)
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
		words, err := Read(context.Background(), img)
		if err == nil {
			text = fmt.Sprint(words)
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
