package llm

import (
	"bytes"
	"image"
	"image/png"
	"testing"
)

// OpenAI's own endpoint scales an image to fit 2048 x 2048 and then to 768 pixels on its
// short side; nothing larger is sent.
func TestOpenAIImagesFitHighDetail(t *testing.T) {
	var b bytes.Buffer
	png.Encode(&b, image.NewGray(image.Rect(0, 0, 900, 1200)))
	im, err := prepareImage(b.Bytes(), openAIDriver{}.imageLimits(openAIURL), DefaultMaxImagePixels)
	if err != nil {
		t.Fatal(err)
	}
	cfg, _, _ := image.DecodeConfig(bytes.NewReader(im.Data))
	if cfg.Width != 768 || cfg.Height != 1024 {
		t.Errorf("900 x 1200 went as %d x %d, want 768 x 1024", cfg.Width, cfg.Height)
	}
	// Another server gets it whole.
	im, _ = prepareImage(b.Bytes(), openAIDriver{}.imageLimits("http://localhost:8000/v1"), DefaultMaxImagePixels)
	if cfg, _, _ := image.DecodeConfig(bytes.NewReader(im.Data)); cfg.Width != 900 {
		t.Errorf("a local server got %d pixels wide, want 900", cfg.Width)
	}
}

// Whatever bytes come in, preparing them does not panic, and what comes out decodes.
func FuzzPrepareImage(f *testing.F) {
	var b bytes.Buffer
	png.Encode(&b, image.NewRGBA(image.Rect(0, 0, 3, 2)))
	f.Add(b.Bytes())
	f.Add([]byte("\xff\xd8\xff\xe1\x00\x04ab\xff\xda\x00\x02\xff\xd9"))
	f.Add([]byte("\x89PNG\r\n\x1a\n\x00\x00\x00\x00IEND"))
	f.Fuzz(func(t *testing.T, data []byte) {
		im, err := prepareImage(data, imageLimits{maxBytes: 1 << 20, fitLong: 64}, 1<<20)
		if err != nil {
			return
		}
		if _, _, err := image.Decode(bytes.NewReader(im.Data)); err != nil {
			t.Fatalf("prepared image does not decode: %v", err)
		}
	})
}

// The cost of preparing a noisy (hard to compress) 1080 x 2400 screenshot for Anthropic:
// decode, scale, encode.
func BenchmarkPrepareScreenshot(b *testing.B) {
	img := image.NewNRGBA(image.Rect(0, 0, 1080, 2400))
	for i := range img.Pix {
		img.Pix[i] = byte(i * 31 >> 5)
	}
	var buf bytes.Buffer
	png.Encode(&buf, img)
	lim := anthropicDriver{}.imageLimits("")
	for b.Loop() {
		if _, err := prepareImage(buf.Bytes(), lim, DefaultMaxImagePixels); err != nil {
			b.Fatal(err)
		}
	}
}
