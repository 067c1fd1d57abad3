package llm_test

import (
	"bytes"
	"context"
	"encoding/binary"
	"errors"
	"hash/crc32"
	"image"
	"image/gif"
	"image/jpeg"
	"image/png"
	"testing"
	"time"

	"github.com/autoeval/autoeval/internal/llmtest"
	"github.com/autoeval/autoeval/llm"
)

// screen draws a w x h screenshot-like image: bands of colour and some detail.
func screen(w, h int) image.Image {
	img := image.NewRGBA(image.Rect(0, 0, w, h))
	for y := range h {
		for x := range w {
			i := img.PixOffset(x, y)
			img.Pix[i], img.Pix[i+1], img.Pix[i+2], img.Pix[i+3] = uint8(x/7), uint8(y/9), uint8((x^y)&0x3f), 255
		}
	}
	return img
}

func encodePNG(t *testing.T, img image.Image) []byte {
	t.Helper()
	var b bytes.Buffer
	if err := png.Encode(&b, img); err != nil {
		t.Fatal(err)
	}
	return b.Bytes()
}

// exifPadded is a JPEG carrying n bytes of APP1 (EXIF) segments after its SOI, as a camera
// or an editor can write them.
func exifPadded(t *testing.T, img image.Image, n int) []byte {
	t.Helper()
	var j bytes.Buffer
	if err := jpeg.Encode(&j, img, &jpeg.Options{Quality: 90}); err != nil {
		t.Fatal(err)
	}
	out := []byte{0xFF, 0xD8}
	for n > 0 {
		size := min(n, 65000)
		seg := make([]byte, 4+size)
		seg[0], seg[1] = 0xFF, 0xE1
		binary.BigEndian.PutUint16(seg[2:], uint16(size+2))
		copy(seg[4:], "Exif\x00\x00")
		out = append(out, seg...)
		n -= size
	}
	return append(out, j.Bytes()[2:]...)
}

// Images are sent as what they show, not as the file: an EXIF-padded JPEG goes without its
// padding (losslessly: the same pixels), and a screenshot larger than Anthropic uses is
// scaled to its documented size.
func TestImagesSentPreparedForTheProvider(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", secret)
	padded := exifPadded(t, screen(300, 500), 1<<20)
	big := encodePNG(t, screen(400, 2000))
	srv := llmtest.NewAnthropic(t, llmtest.Reply("a"), llmtest.Reply("b"))
	// Decoding and scaling under -race is slow: the time limit is the request's, not its
	// preparation's, but the stand-in decodes the image too.
	m := open(t, "anthropic:claude-haiku-4-5", srv.URL, nil, func(c *llm.Config) { c.Timeout = time.Minute })
	for _, data := range [][]byte{padded, big} {
		if _, err := m.Generate(context.Background(), llm.Request{Prompt: "describe", Images: []llm.Image{{MIME: "image/jpeg", Data: data}}}); err != nil {
			t.Fatal(err)
		}
	}
	sent := srv.Requests()[0].Images[0]
	if len(sent.Data) > 200<<10 || bytes.Contains(sent.Data, []byte("Exif")) || sent.MIME != "image/jpeg" {
		t.Errorf("the %d-byte EXIF-padded JPEG went as %d bytes (%s)", len(padded), len(sent.Data), sent.MIME)
	}
	want, _ := jpeg.Decode(bytes.NewReader(padded))
	got, err := jpeg.Decode(bytes.NewReader(sent.Data))
	if err != nil || got.Bounds() != want.Bounds() || !samePixels(got, want) {
		t.Errorf("the stripped JPEG does not show the same pixels: %v", err)
	}
	sent = srv.Requests()[1].Images[0]
	cfg, _, err := image.DecodeConfig(bytes.NewReader(sent.Data))
	if err != nil || sent.MIME != "image/png" || max(cfg.Width, cfg.Height) > 1568 || cfg.Width*cfg.Height > 1_150_000 || cfg.Height < 1500 {
		t.Errorf("a 400 x 2000 screenshot went as %d x %d (%s, %v); Anthropic uses at most 1568 px and 1.15 MP", cfg.Width, cfg.Height, sent.MIME, err)
	}
}

func samePixels(a, b image.Image) bool {
	for y := a.Bounds().Min.Y; y < a.Bounds().Max.Y; y++ {
		for x := a.Bounds().Min.X; x < a.Bounds().Max.X; x++ {
			if a.At(x, y) != b.At(x, y) {
				return false
			}
		}
	}
	return true
}

// An image that does not decode (cut short, or claiming a billion pixels) is refused for
// its request alone, before anything is sent; the next request goes.
func TestBrokenImageRefusedBeforeSending(t *testing.T) {
	t.Setenv("OPENAI_API_KEY", secret)
	whole := encodePNG(t, screen(64, 64))
	srv := llmtest.NewOpenAI(t, llmtest.Reply("fine"))
	m := open(t, "openai:gpt-4o-mini", srv.URL, nil)
	for name, data := range map[string][]byte{
		"truncated":  whole[:len(whole)*2/3],
		"pixel bomb": pngHeader(100000, 100000),
		"not image":  []byte("GIF89a but not really"),
	} {
		_, err := m.Generate(context.Background(), llm.Request{Prompt: name, Images: []llm.Image{{MIME: "image/png", Data: data}}})
		var e *llm.Error
		if !errors.Is(err, llm.ErrBadImage) || !errors.As(err, &e) || e.Kind != llm.KindImage {
			t.Errorf("%s: %v, want ErrBadImage", name, err)
		}
	}
	if srv.Count() != 0 {
		t.Fatalf("%d requests sent with broken images", srv.Count())
	}
	if r, err := m.Generate(context.Background(), llm.Request{Prompt: "ok", Images: []llm.Image{{Data: whole}}}); err != nil || r.Text != "fine" {
		t.Fatal(r, err)
	}
}

// pngHeader is a PNG signature and an IHDR claiming w x h pixels, and nothing else.
func pngHeader(w, h uint32) []byte {
	ihdr := make([]byte, 13)
	binary.BigEndian.PutUint32(ihdr[0:], w)
	binary.BigEndian.PutUint32(ihdr[4:], h)
	ihdr[8], ihdr[9] = 8, 2 // 8-bit RGB
	chunk := append([]byte("IHDR"), ihdr...)
	out := []byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x0d")
	out = append(out, chunk...)
	return binary.BigEndian.AppendUint32(out, crc32.ChecksumIEEE(chunk))
}

// A GIF screenshot is re-encoded (as PNG) before it is sent, and labelled with the type of
// the bytes that go: Anthropic refuses an image whose media_type is not what its bytes are.
func TestReencodedImageLabelledAsSent(t *testing.T) {
	t.Setenv("ANTHROPIC_API_KEY", secret)
	var g bytes.Buffer
	if err := gif.Encode(&g, screen(64, 48), nil); err != nil {
		t.Fatal(err)
	}
	srv := llmtest.NewAnthropic(t, llmtest.Reply("a"))
	m := open(t, "anthropic:claude-haiku-4-5", srv.URL, nil)
	if _, err := m.Generate(context.Background(), llm.Request{Prompt: "describe", Images: []llm.Image{{MIME: "image/gif", Data: g.Bytes()}}}); err != nil {
		t.Fatal(err)
	}
	sent := srv.Requests()[0].Images[0]
	if _, format, err := image.DecodeConfig(bytes.NewReader(sent.Data)); err != nil || sent.MIME != "image/"+format {
		t.Errorf("a GIF went labelled %s as %s bytes (%v)", sent.MIME, format, err)
	}
}
