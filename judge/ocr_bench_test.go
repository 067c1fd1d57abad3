package judge

import (
	"bytes"
	"context"
	"image"
	"image/draw"
	"image/png"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/judgetest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/judge/ocr"
	"github.com/autoeval/autoeval/substate"
	"github.com/autoeval/autoeval/trace"
)

// finishKind is a model-free judge that holds its one substate reached on a screen
// reading "Finished": a trace stops early there. It is registered by the benchmark only,
// so the tests see the kinds they expect.
const finishKind = "finish-bench"

var registerFinish sync.Once

type finishDriver struct{ stubDriver }

func (finishDriver) Reasoner(*Config, string) Reasoner { return finishReasoner{} }

type finishReasoner struct{}

func (finishReasoner) Reason(_ context.Context, in ReasonInput) (*ReasonOutput, trace.Usage, error) {
	out := &ReasonOutput{}
	for _, n := range in.Query.Asked() {
		v := trace.VerdictUncertain
		if strings.Contains(in.Description, "Finished") {
			v = trace.VerdictTrue
		}
		out.Substates = append(out.Substates, ReasonVerdict{ID: n.ID, Verdict: v, Analysis: "bench"})
	}
	return out, trace.Usage{}, nil
}

// BenchmarkOCRTrace judges a screenshot-only trace of twelve frames as agents record
// them: a screen shown again on the next frames (one file encoded again, same pixels), a
// few distinct screens, the goal reached at frame 7 and five frames after it. Only the
// frames the judge reads are read, each distinct screen once: it reports Tesseract runs
// and CPU time (Tesseract's included) per trace. Each iteration draws its screens anew
// (one pixel marked), so no iteration is served from the last one's cache.
func BenchmarkOCRTrace(b *testing.B) {
	testenv.RequireTesseract(b)
	registerFinish.Do(func() { Register(finishKind, finishDriver{}) })
	v := judgetest.PhoneVariant{W: 1080, H: 2400}
	kinds := []string{"settings", "settings", "settings", "contacts", "contacts", "note-table",
		"", "form", "calculator", "search-results", "browser-page", "home"}
	base := map[string][]byte{"": judgetest.ListScreenPNG(b, "Finished", "All done", "Saved")}
	for _, k := range kinds {
		if _, ok := base[k]; !ok {
			base[k] = judgetest.DrawPhoneScreen(b, k, v).PNG
		}
	}
	subs := &substate.List{Task: "finish", Nodes: []substate.Node{{ID: 0, Kind: substate.Page, Content: "Finished"}}}
	var tess int64
	var cpu time.Duration
	iter := 0
	for b.Loop() {
		iter++
		b.StopTimer()
		imgs := map[string]*image.RGBA{}
		t := &trace.Trace{Version: 1, Task: "finish", Dir: b.TempDir()}
		for i, k := range kinds {
			img, ok := imgs[k]
			if !ok {
				img = marked(b, base[k], iter)
				imgs[k] = img
			}
			// The same pixels, encoded at another level on the second showing.
			level := png.DefaultCompression
			if i == 1 {
				level = png.BestSpeed
			}
			var buf bytes.Buffer
			if err := (&png.Encoder{CompressionLevel: level}).Encode(&buf, img); err != nil {
				b.Fatal(err)
			}
			t.Frames = append(t.Frames, trace.Frame{Index: i + 1, ImageData: buf.Bytes()})
		}
		runs0, cpu0 := ocr.Runs(), processCPU()
		b.StartTimer()
		j, err := Run(context.Background(), Config{Kind: finishKind, Capture: CaptureOCR}, t, subs)
		b.StopTimer()
		tess += ocr.Runs() - runs0
		cpu += processCPU() - cpu0
		if err != nil || !j.Complete || *j.Substates[0].Frame != 7 {
			b.Fatalf("%v %+v", err, j)
		}
		b.StartTimer()
	}
	b.ReportMetric(float64(tess)/float64(b.N), "tesseract-runs/op")
	b.ReportMetric(float64(cpu.Milliseconds())/float64(b.N), "cpu-ms/op")
}

// marked decodes a screen and marks it with n: the grey of its first two pixels.
func marked(b *testing.B, data []byte, n int) *image.RGBA {
	src, err := png.Decode(bytes.NewReader(data))
	if err != nil {
		b.Fatal(err)
	}
	img := image.NewRGBA(src.Bounds())
	draw.Draw(img, img.Rect, src, image.Point{}, draw.Src)
	for i := range 3 {
		img.Pix[i], img.Pix[4+i] = uint8(n), uint8(n>>8)
	}
	return img
}

// processCPU is the CPU time this process and its finished children have used.
func processCPU() time.Duration {
	var self, children syscall.Rusage
	_ = syscall.Getrusage(syscall.RUSAGE_SELF, &self)
	_ = syscall.Getrusage(syscall.RUSAGE_CHILDREN, &children)
	d := func(t syscall.Timeval) time.Duration { return time.Duration(t.Nano()) }
	return d(self.Utime) + d(self.Stime) + d(children.Utime) + d(children.Stime)
}
