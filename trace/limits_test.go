package trace

import (
	"bytes"
	"encoding/xml"
	"errors"
	"image/color"
	"strings"
	"testing"

	"github.com/autoeval/autoeval/internal/hostiletest"
)

func TestLimits(t *testing.T) {
	if err := CheckTask(strings.Repeat("a", MaxTaskBytes)); err != nil {
		t.Errorf("a task at the limit: %v", err)
	}
	err := CheckTask(strings.Repeat("a", MaxTaskBytes+1))
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "over the limit of 16 KiB") {
		t.Errorf("a task over the limit: %v", err)
	}
	err = CheckElements([]UIElement{{Text: "ok"}, {ContentDescription: strings.Repeat("é", MaxElementTextBytes)}})
	if !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "element 1: content_description is 128 KiB, over the limit of 64 KiB per element text") {
		t.Errorf("an element over the limit: %v", err)
	}
	at := strings.Repeat("a", MaxElementTextBytes)
	for _, c := range []struct {
		dump string
		ok   bool
	}{
		{`<hierarchy><node text="` + at + `"/></hierarchy>`, true},
		{`<hierarchy><node text="` + at + `a"/></hierarchy>`, false},
		{`<hierarchy><node text='` + at + `a'/></hierarchy>`, false},
		{`<hierarchy><node>` + at + `a</node></hierarchy>`, false},
		{`<hierarchy><node text="` + at + `a`, false}, // unterminated
		{`<hierarchy><node a="x>y" b='">'/>` + at + `</hierarchy>`, true},
	} {
		if err := checkDumpTexts([]byte(c.dump)); (err == nil) != c.ok {
			t.Errorf("dump of %d bytes: %v, want ok=%v", len(c.dump), err, c.ok)
		}
	}
}

func TestDecodeImageRefusesBeforeDecoding(t *testing.T) {
	if _, _, err := DecodeImage(hostiletest.File("huge-header.png")); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "1000000 x 1000000 pixels") {
		t.Fatalf("a PNG declaring 10^12 pixels: %v", err)
	}
	if _, _, err := (Limits{MaxPixels: 63}).DecodeImage(pngBytes(t, 8, 8, color.White)); !errors.Is(err, ErrTooLarge) || !strings.Contains(err.Error(), "8 x 8 pixels, over the limit of 63") {
		t.Fatalf("8x8 over a limit of 63: %v", err)
	}
	if _, _, err := (Limits{MaxPixels: 64}).DecodeImage(pngBytes(t, 8, 8, color.White)); err != nil {
		t.Fatalf("8x8 within a limit of 64: %v", err)
	}
}

// Whatever DecodeImage accepts is within the pixel limit; it never panics, and its errors
// are one line.
func FuzzDecodeImage(f *testing.F) {
	for _, seed := range hostiletest.Seeds(".png") {
		f.Add(seed)
	}
	f.Add(pngBytes(f, 3, 2, color.Black))
	f.Fuzz(func(t *testing.T, data []byte) {
		img, _, err := DecodeImage(data)
		if err != nil {
			if strings.Contains(err.Error(), "\n") {
				t.Fatalf("multi-line error %q", err)
			}
			return
		}
		if b := img.Bounds(); int64(b.Dx())*int64(b.Dy()) > DefaultMaxPixels {
			t.Fatalf("decoded %v, over the limit", b)
		}
	})
}

// A UI dump checkDumpTexts passes holds no attribute value or text longer than the limit,
// as encoding/xml reads it (entities only shorten text).
func FuzzDumpTexts(f *testing.F) {
	f.Add([]byte(`<hierarchy><node text="a&amp;b" content-desc='x'>t</node></hierarchy>`))
	f.Add([]byte(`<?xml version="1.0"?><!-- it's --><hierarchy/>`))
	f.Fuzz(func(t *testing.T, data []byte) {
		if checkDumpTexts(data) != nil {
			return
		}
		d := xml.NewDecoder(bytes.NewReader(data))
		for {
			tok, err := d.Token()
			if err != nil {
				return
			}
			switch x := tok.(type) {
			case xml.StartElement:
				for _, a := range x.Attr {
					if len(a.Value) > MaxElementTextBytes {
						t.Fatalf("attribute of %d bytes passed", len(a.Value))
					}
				}
			case xml.CharData:
				if len(x) > MaxElementTextBytes {
					t.Fatalf("text of %d bytes passed", len(x))
				}
			}
		}
	})
}
