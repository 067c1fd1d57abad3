package llm

import (
	"bytes"
	"encoding/binary"
	"fmt"
	"image"
	_ "image/gif" // decodes GIF screenshots (the first frame), re-encoded as PNG
	"image/jpeg"
	"image/png"
	"math"

	"golang.org/x/image/draw"
	_ "golang.org/x/image/webp" // decodes WebP screenshots, which the providers accept
)

// imageLimits are what an endpoint accepts of one image, and the size it scales images to
// anyway (sending more pixels than that costs bytes and time and shows the model nothing).
type imageLimits struct {
	maxBytes  int // the encoded image's size accepted
	maxSide   int // the longest side accepted, in pixels
	fitLong   int // the longest side the provider scales to anyway; 0: none
	fitShort  int // the shortest side the provider scales to anyway; 0: none
	fitPixels int // the pixel count the provider scales to anyway; 0: none
}

// maxAcceptedSide is the largest side any provider documents accepting (Anthropic:
// 8000 x 8000); endpoints that document nothing are held to it too.
const maxAcceptedSide = 8000

// prepareImages makes every image of req what the endpoint accepts: decoded in full (a
// truncated or corrupt image is refused, for this request only, rather than sent), its
// metadata dropped (EXIF, comments, ICC profiles: a photo padded with 50 MB of EXIF is a
// few hundred KB of pixels), scaled down to the provider's limits, and labelled with the
// type its bytes are. The caller's slice is not changed.
func (c *client) prepareImages(req Request) (Request, error) {
	if len(req.Images) == 0 {
		return req, nil
	}
	out := make([]Image, len(req.Images))
	for i, im := range req.Images {
		p, err := prepareImage(im.Data, c.images, c.cfg.MaxImagePixels)
		if err != nil {
			return req, &Error{Kind: KindImage, Model: c.Name(), Endpoint: c.hostport,
				Message: fmt.Sprintf("image %d of the request (%s): %v; not sent", i+1, byteSize(len(im.Data)), err)}
		}
		out[i] = p
	}
	req.Images = out
	return req, nil
}

func byteSize(n int) string {
	switch {
	case n >= 1<<20:
		return fmt.Sprintf("%.1f MB", float64(n)/(1<<20))
	case n >= 1<<10:
		return fmt.Sprintf("%.1f KB", float64(n)/(1<<10))
	}
	return fmt.Sprintf("%d bytes", n)
}

// prepareImage decodes data and returns it within lim.
func prepareImage(data []byte, lim imageLimits, maxPixels int) (Image, error) {
	cfg, format, err := image.DecodeConfig(bytes.NewReader(data))
	if err != nil {
		return Image{}, fmt.Errorf("not a PNG, JPEG, GIF or WebP image (%v)", err)
	}
	if cfg.Width <= 0 || cfg.Height <= 0 || int64(cfg.Width)*int64(cfg.Height) > int64(maxPixels) {
		return Image{}, fmt.Errorf("%d x %d pixels, over the limit of %d pixels", cfg.Width, cfg.Height, maxPixels)
	}
	img, _, err := image.Decode(bytes.NewReader(data))
	if err != nil {
		return Image{}, fmt.Errorf("the %s does not decode: %v", format, err)
	}
	f := scaleFor(cfg.Width, cfg.Height, lim)
	var enc []byte
	if f >= 1 {
		enc = stripped(data, format)
	}
	if enc == nil {
		if f < 1 {
			img = resize(img, f)
		}
		if format != "jpeg" {
			format = "png" // what encode writes for every other source
		}
		enc, err = encode(img, format)
		if err != nil {
			return Image{}, err
		}
	}
	// Too many bytes for the provider still (a noisy screen as PNG): a JPEG, then fewer
	// pixels, until it fits.
	for step := 0; lim.maxBytes > 0 && len(enc) > lim.maxBytes; step++ {
		if step == 8 {
			return Image{}, fmt.Errorf("it cannot be brought under %s", byteSize(lim.maxBytes))
		}
		if step > 0 {
			img = resize(img, 0.75)
		}
		format = "jpeg"
		if enc, err = encode(img, format); err != nil {
			return Image{}, err
		}
	}
	return Image{MIME: "image/" + format, Data: enc}, nil
}

// scaleFor is the factor (at most 1) that brings w x h within lim.
func scaleFor(w, h int, lim imageLimits) float64 {
	long, short := float64(max(w, h)), float64(min(w, h))
	f := 1.0
	side := maxAcceptedSide
	if lim.maxSide > 0 {
		side = min(side, lim.maxSide)
	}
	f = min(f, float64(side)/long)
	if lim.fitLong > 0 {
		f = min(f, float64(lim.fitLong)/long)
	}
	if lim.fitShort > 0 {
		f = min(f, float64(lim.fitShort)/short)
	}
	if lim.fitPixels > 0 {
		f = min(f, math.Sqrt(float64(lim.fitPixels)/(long*short)))
	}
	return f
}

// resize scales img by f (< 1) with Catmull-Rom, which keeps small text legible.
func resize(img image.Image, f float64) image.Image {
	b := img.Bounds()
	w, h := max(1, int(math.Round(float64(b.Dx())*f))), max(1, int(math.Round(float64(b.Dy())*f)))
	dst := image.NewRGBA(image.Rect(0, 0, w, h))
	draw.CatmullRom.Scale(dst, dst.Bounds(), img, b, draw.Src, nil)
	return dst
}

// encode writes img as a JPEG (for a JPEG source: a photo) or as a PNG (screens: sharp
// text, flat colours), with no metadata.
func encode(img image.Image, format string) ([]byte, error) {
	var buf bytes.Buffer
	var err error
	if format == "jpeg" {
		err = jpeg.Encode(&buf, img, &jpeg.Options{Quality: 90})
	} else {
		// Fast compression: the bytes go once over the wire, the time is spent per frame.
		err = (&png.Encoder{CompressionLevel: png.BestSpeed}).Encode(&buf, img)
	}
	if err != nil {
		return nil, fmt.Errorf("re-encoding it: %v", err)
	}
	return buf.Bytes(), nil
}

// stripped returns data without its metadata and without anything after its end, losslessly
// (the compressed pixels are copied as they are); nil when it has to be re-encoded instead
// (another format, or a file this filter does not follow).
func stripped(data []byte, format string) []byte {
	var out []byte
	switch format {
	case "png":
		out = stripPNG(data)
	case "jpeg":
		out = stripJPEG(data)
	default: // GIF and WebP are re-encoded as PNG
		return nil
	}
	if out == nil {
		return nil
	}
	// The filter must not have broken what decoded.
	if _, _, err := image.Decode(bytes.NewReader(out)); err != nil {
		return nil
	}
	return out
}

var pngSignature = []byte("\x89PNG\r\n\x1a\n")

// pngKeep are the chunks that carry the pixels (IHDR, PLTE, tRNS, IDAT, IEND); the others
// (text, EXIF, ICC profiles, timestamps, private chunks) are dropped.
var pngKeep = map[string]bool{"IHDR": true, "PLTE": true, "tRNS": true, "IDAT": true, "IEND": true}

func stripPNG(b []byte) []byte {
	if !bytes.HasPrefix(b, pngSignature) {
		return nil
	}
	out := append([]byte(nil), pngSignature...)
	for i := len(pngSignature); i+12 <= len(b); {
		n := int(binary.BigEndian.Uint32(b[i:]))
		if n < 0 || n > len(b)-i-12 {
			return nil
		}
		typ := string(b[i+4 : i+8])
		end := i + 12 + n
		if pngKeep[typ] {
			out = append(out, b[i:end]...)
		}
		if typ == "IEND" {
			return out
		}
		i = end
	}
	return nil
}

// stripJPEG copies a JPEG's segments but APP1-APP13, APP15 (EXIF, XMP, ICC, Photoshop, ...)
// and comments; APP0 (JFIF) and APP14 (Adobe: how the colours are coded) stay.
func stripJPEG(b []byte) []byte {
	if len(b) < 4 || b[0] != 0xFF || b[1] != 0xD8 {
		return nil
	}
	out := []byte{0xFF, 0xD8}
	i := 2
	for {
		if i >= len(b) || b[i] != 0xFF {
			return nil
		}
		for i < len(b) && b[i] == 0xFF { // fill bytes
			i++
		}
		if i >= len(b) {
			return nil
		}
		m := b[i]
		i++
		switch {
		case m == 0xD9: // EOI: anything after it is dropped
			return append(out, 0xFF, 0xD9)
		case m >= 0xD0 && m <= 0xD7 || m == 0x01: // markers without a length
			out = append(out, 0xFF, m)
			continue
		}
		if i+2 > len(b) {
			return nil
		}
		n := int(b[i])<<8 | int(b[i+1])
		if n < 2 || i+n > len(b) {
			return nil
		}
		drop := m >= 0xE1 && m <= 0xEF && m != 0xEE || m == 0xFE
		if !drop {
			out = append(out, 0xFF, m)
			out = append(out, b[i:i+n]...)
		}
		i += n
		if m != 0xDA {
			continue
		}
		// SOS: entropy-coded data up to the next marker (0xFF 0x00 is a stuffed byte,
		// 0xFF 0xD0-D7 a restart marker inside the data).
		j := i
		for {
			if j+1 >= len(b) {
				return nil
			}
			if b[j] == 0xFF && b[j+1] != 0x00 && (b[j+1] < 0xD0 || b[j+1] > 0xD7) && b[j+1] != 0xFF {
				break
			}
			j++
		}
		out = append(out, b[i:j]...)
		i = j
	}
}
