package report

import (
	"bytes"
	"context"
	"encoding/csv"
	"encoding/json"
	"image"
	"image/color"
	"image/jpeg"
	"image/png"
	"os"
	"path/filepath"
	"regexp"
	"strings"
	"testing"
	"time"

	"github.com/autoeval/autoeval/eval"
	"github.com/autoeval/autoeval/internal/evaltest"
	"github.com/autoeval/autoeval/internal/testenv"
	"github.com/autoeval/autoeval/trace"
)

const evil = `<script>alert("x")</script><img src=x onerror=alert(1)>`

// fixture writes the standard cases with frames, then plants markup in every piece of
// trace text a report shows (screens can contain anything).
func fixture(t *testing.T) *eval.Dataset {
	t.Helper()
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases, true)
	dir := filepath.Join(root, "t1")
	tr, err := trace.ReadManifest(dir)
	if err != nil {
		t.Fatal(err)
	}
	tr.Task = "Add contact " + evil
	tr.GroundTruth.Details = evil
	tr.Frames[0].Action.Text = evil
	if err := tr.WriteManifest(); err != nil {
		t.Fatal(err)
	}
	jp := trace.JudgmentPath(dir)
	j, err := trace.ReadJudgment(jp)
	if err != nil {
		t.Fatal(err)
	}
	j.Substates[0].Content = "screen shows " + evil
	j.Substates[0].Analysis = evil
	j.Frames[0].Thought = evil
	j.Frames[0].CriticalInfo = evil
	j.Judge.Notice = evil
	if err := trace.WriteJudgment(jp, j); err != nil {
		t.Fatal(err)
	}
	d, err := eval.LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	return d
}

func build(t *testing.T, d *eval.Dataset) *Report {
	t.Helper()
	r, err := Build(context.Background(), d, Options{ThumbWidth: DefaultThumbWidth, Now: time.Date(2026, 1, 1, 0, 0, 0, 0, time.UTC), Eval: eval.Options{Seed: 1, Resamples: 200}})
	if err != nil {
		t.Fatal(err)
	}
	return r
}

func TestHTMLEscapesTraceText(t *testing.T) {
	r := build(t, fixture(t))
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	html := buf.String()
	if strings.Contains(strings.ToLower(html), "<script") {
		t.Error("a <script> tag survived into the HTML")
	}
	if strings.Contains(html, "onerror=alert") && !strings.Contains(html, "&lt;img src=x onerror=alert(1)&gt;") {
		t.Error("markup from a trace was not escaped")
	}
	if !strings.Contains(html, "&lt;script&gt;alert(&#34;x&#34;)&lt;/script&gt;") {
		t.Error("escaped markup is not shown as text")
	}
	for _, c := range evaltest.Cases {
		if !strings.Contains(html, `data-trace="`+c.Name+`"`) {
			t.Errorf("trace %s missing from the HTML", c.Name)
		}
	}
	// Self-contained: nothing fetched from anywhere.
	for _, bad := range []string{"http://", "https://", "<link rel=\"stylesheet\"", "src=\"0001.png\""} {
		if strings.Contains(html, bad) {
			t.Errorf("HTML refers outside itself: %q", bad)
		}
	}
	// Every in-page link (summary rows, disagreements) lands on a trace section.
	links := regexp.MustCompile(`href="#([^"]*)"`).FindAllStringSubmatch(html, -1)
	if len(links) < len(evaltest.Cases)+1 {
		t.Errorf("%d in-page links, want one per trace plus the disagreements", len(links))
	}
	for _, m := range links {
		if m[1] == "" || !strings.Contains(html, `id="`+m[1]+`"`) {
			t.Errorf("link #%s has no target", m[1])
		}
	}
	if n := strings.Count(html, `src="data:image/jpeg;base64,`); n != 18 {
		t.Errorf("%d inline frames, want 18 (6 traces x 3 frames)", n)
	}
}

func TestVerdictsAndAgreement(t *testing.T) {
	r := build(t, fixture(t))
	want := map[string]string{"t1": "agrees", "t2": "agrees", "t3": "false positive", "t4": "false negative", "t5": "agrees", "t6": "false negative"}
	for _, tv := range r.Traces {
		if len(tv.Judgments) != 1 {
			t.Fatalf("%s: %d judgments", tv.Name, len(tv.Judgments))
		}
		if got := tv.Judgments[0].Agreement; got != want[tv.Name] {
			t.Errorf("%s agreement %q, want %q", tv.Name, got, want[tv.Name])
		}
	}
	if r.Summary.Traces != 6 || r.Summary.Frames != 18 || r.Summary.TruthSuccess != 3 || r.Summary.Calls != 12 {
		t.Errorf("summary %+v", r.Summary)
	}
	// Substate 2 of t4 was reached at frame 2 and is shown on that frame of the filmstrip.
	for _, tv := range r.Traces {
		if tv.Name == "t4" && (len(tv.Frames[1].Reached) != 1 || tv.Frames[1].Reached[0] != 2 || tv.Frames[2].Reached != nil) {
			t.Errorf("t4 reached marks %+v", tv.Frames)
		}
	}
}

func TestMachineFormats(t *testing.T) {
	r := build(t, fixture(t))
	var js bytes.Buffer
	if err := r.WriteJSON(&js); err != nil {
		t.Fatal(err)
	}
	var back struct {
		Traces []struct {
			Name      string `json:"name"`
			Judgments []struct {
				Agreement string `json:"agreement"`
			} `json:"judgments"`
		} `json:"traces"`
	}
	if err := json.Unmarshal(js.Bytes(), &back); err != nil {
		t.Fatal(err)
	}
	if len(back.Traces) != 6 || back.Traces[2].Judgments[0].Agreement != "false positive" {
		t.Errorf("JSON traces %+v", back.Traces)
	}
	if strings.Contains(js.String(), "base64") {
		t.Error("JSON should not carry thumbnails")
	}
	var cs bytes.Buffer
	if err := r.WriteCSV(&cs); err != nil {
		t.Fatal(err)
	}
	recs, err := csv.NewReader(&cs).ReadAll()
	if err != nil {
		t.Fatal(err)
	}
	if len(recs) != 7 || len(recs[0]) != len(CSVHeader) || recs[4][0] != "t4" || recs[4][16] != "false negative" {
		t.Errorf("CSV %v", recs)
	}
}

func TestMissingAndCorruptFrames(t *testing.T) {
	root := evaltest.Write(t, t.TempDir(), evaltest.Cases[:1], true)
	os.Remove(filepath.Join(root, "t1", "0002.png"))
	os.WriteFile(filepath.Join(root, "t1", "0003.png"), []byte("\x89PNG\r\n\x1a\nbroken"), 0o644)
	d, err := eval.LoadRoots([]string{root}, "")
	if err != nil {
		t.Fatal(err)
	}
	r := build(t, d)
	p := r.Traces[0].Problems
	if len(p) != 2 || !strings.Contains(p[0], "frame 2") || !strings.Contains(p[0], "0002.png (frame 2): file is missing") || !strings.Contains(p[1], "frame 3") || !strings.Contains(p[1], "0003.png") {
		t.Errorf("problems %q", p)
	}
	var buf bytes.Buffer
	if err := r.WriteHTML(&buf); err != nil {
		t.Fatal(err)
	}
	if !strings.Contains(buf.String(), "Frames not shown") {
		t.Error("the HTML does not say frames are missing")
	}
}

func TestThumbnail(t *testing.T) {
	img := image.NewRGBA(image.Rect(0, 0, 1080, 2400))
	for y := 0; y < 2400; y++ {
		for x := 0; x < 1080; x++ {
			c := color.RGBA{0, 0, 0, 255}
			if x < 540 {
				c = color.RGBA{255, 255, 255, 255}
			}
			img.Set(x, y, c)
		}
	}
	var src bytes.Buffer
	jpeg.Encode(&src, img, nil)
	th, err := Thumbnail(src.Bytes(), 270, 80, trace.Limits{})
	if err != nil {
		t.Fatal(err)
	}
	out, err := jpeg.Decode(bytes.NewReader(th))
	if err != nil {
		t.Fatal(err)
	}
	if out.Bounds().Dx() != 270 || out.Bounds().Dy() != 600 {
		t.Errorf("thumbnail size %v", out.Bounds())
	}
	l, _, _, _ := out.At(10, 300).RGBA()
	rr, _, _, _ := out.At(260, 300).RGBA()
	if l>>8 < 200 || rr>>8 > 60 {
		t.Errorf("thumbnail lost the picture: left %d right %d", l>>8, rr>>8)
	}
	if _, err := Thumbnail([]byte("nope"), 270, 80, trace.Limits{}); err == nil {
		t.Error("garbage decoded")
	}
	// Small images are not scaled up.
	small, _ := Thumbnail(evaltest.PNG(t, 100, 50, color.White), 270, 80, trace.Limits{})
	if im, _ := jpeg.Decode(bytes.NewReader(small)); im.Bounds().Dx() != 100 {
		t.Errorf("small image resized to %v", im.Bounds())
	}
}

func BenchmarkThumbnail(b *testing.B) {
	img := image.NewRGBA(image.Rect(0, 0, 1080, 2400))
	for i := range img.Pix {
		img.Pix[i] = uint8(i * 7)
	}
	var src bytes.Buffer
	if err := png.Encode(&src, img); err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(src.Len()))
	b.ResetTimer()
	for i := 0; i < b.N; i++ {
		if _, err := Thumbnail(src.Bytes(), DefaultThumbWidth, 70, trace.Limits{}); err != nil {
			b.Fatal(err)
		}
	}
}

func TestScreenTextsStandInForMissingScreenshots(t *testing.T) {
	els := []trace.UIElement{{Text: "Contacts"}, {ContentDescription: "Create   contact"}, {Text: "Contacts"}, {}, {Text: strings.Repeat("x", 60)}}
	got := screenTexts(els, 14)
	if len(got) != 3 || got[0] != "Contacts" || got[1] != "Create contact" || len([]rune(got[2])) != 40 {
		t.Errorf("screen texts %q", got)
	}
	if n := len(screenTexts([]trace.UIElement{{Text: "a"}, {Text: "b"}, {Text: "c"}}, 2)); n != 2 {
		t.Errorf("limit ignored: %d", n)
	}
}

// BenchmarkThumbnailRealScreenshot measures one real 1080-px-wide screenshot (LlamaTouch
// trace_7, frame 1: a busy home screen) through decode, downscale and JPEG encode.
func BenchmarkThumbnailRealScreenshot(b *testing.B) {
	p := filepath.Join(testenv.SharedData(b, "traces/llamatouch/trace_7"), "1.png")
	data, err := os.ReadFile(p)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(int64(len(data)))
	b.ResetTimer()
	var size int
	for i := 0; i < b.N; i++ {
		th, err := Thumbnail(data, DefaultThumbWidth, 70, trace.Limits{})
		if err != nil {
			b.Fatal(err)
		}
		size = len(th)
	}
	b.ReportMetric(float64(size), "thumb-bytes")
}

func TestBuildStopsWhenCancelled(t *testing.T) {
	d := fixture(t)
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if _, err := Build(ctx, d, Options{}); err == nil {
		t.Error("a cancelled build returned a report")
	}
}

// An unknown price is shown as unknown (HTML, JSON, CSV), never as $0; an undetermined
// judgment is labelled so, not as a failure that disagrees with ground truth.
func TestUnknownPriceAndUndetermined(t *testing.T) {
	cases := append([]evaltest.Case{}, evaltest.Cases[:2]...)
	cases[0].PriceUnknown = true
	cases[1].Undetermined = true
	d, err := eval.LoadRoots([]string{evaltest.Write(t, t.TempDir(), cases, false)}, "")
	if err != nil {
		t.Fatal(err)
	}
	r := build(t, d)
	if r.Summary.CostUSD != nil || r.Summary.Undetermined != 1 || r.Summary.CannotTell != 1 {
		t.Fatalf("summary %+v", r.Summary)
	}
	var html, js, cs bytes.Buffer
	if err := r.WriteHTML(&html); err != nil {
		t.Fatal(err)
	}
	r.WriteJSON(&js)
	r.WriteCSV(&cs)
	page := html.String()
	if !strings.Contains(page, "tokens, unknown paid") || !strings.Contains(page, "cost unknown (a model has no price)") ||
		!strings.Contains(page, `data-verdict="cannot tell"`) || !strings.Contains(page, "could not judge this trace") || !strings.Contains(page, `class="badge cannot-tell"`) {
		t.Fatalf("HTML does not show the unknown price or the undetermined judgment")
	}
	if !strings.Contains(js.String(), `"cost_usd": null`) || !strings.Contains(js.String(), `"agreement": "cannot tell"`) ||
		!strings.Contains(js.String(), `"verdict_reason": "the judge could not judge the trace: the model gave no usable answer on any frame"`) {
		t.Fatalf("JSON: %s", js.String())
	}
	recs, _ := csv.NewReader(&cs).ReadAll()
	cost := len(CSVHeader) - 3 // cost_usd, then verdict and verdict_reason
	if CSVHeader[cost] != "cost_usd" || recs[1][cost] != "" || recs[2][len(CSVHeader)-2] != "cannot tell" {
		t.Fatalf("CSV row %q: want no cost for the unpriced judgment, and t2's verdict cannot tell (%q)", recs[1], recs[2])
	}
}
